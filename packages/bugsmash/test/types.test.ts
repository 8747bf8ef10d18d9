import { describe, expectTypeOf, it } from 'vitest';
import type {
  BugSmashClient,
  Comment,
  CommentList,
  components,
  Folder,
  Project,
  ProjectListItem,
  ProjectPage,
  ReviewLinkProject,
  Version,
  WebhookEventName,
} from '../src/index.js';
import { createBugSmashClient } from '../src/index.js';

// Checked by `tsc --noEmit` (the `typecheck` script covers test/); the runtime part only builds a client.
const client: BugSmashClient = createBugSmashClient({ apiKey: 'k', fetch: async () => new Response('{}') });

describe('types derived from the spec', () => {
  it('methods return the unwrapped payloads', () => {
    expectTypeOf(client.projects.get).returns.resolves.toEqualTypeOf<Project>();
    expectTypeOf(client.projects.create).returns.resolves.toEqualTypeOf<ReviewLinkProject>();
    expectTypeOf(client.projects.list).returns.resolves.toEqualTypeOf<ProjectPage>();
    expectTypeOf<ProjectPage['data']>().toEqualTypeOf<ProjectListItem[]>();
    expectTypeOf<ProjectPage['last_page']>().toEqualTypeOf<number>();
    expectTypeOf(client.versions.get).returns.resolves.toEqualTypeOf<Version>();
    expectTypeOf(client.folders.list).returns.resolves.toEqualTypeOf<Folder[]>();
    expectTypeOf(client.comments.list).returns.resolves.toEqualTypeOf<CommentList>();
    expectTypeOf<CommentList['data']>().toEqualTypeOf<Comment[]>();
    expectTypeOf<CommentList['active']>().toEqualTypeOf<number>();
    // Payloads the service does not document stay `unknown`.
    expectTypeOf(client.projects.delete).returns.resolves.toBeUnknown();
    expectTypeOf(client.webhooks.create).returns.resolves.toBeUnknown();
  });

  it('keeps nullable fields nullable and known enums narrow', () => {
    expectTypeOf<Version['ext_link']>().toEqualTypeOf<string | null>();
    expectTypeOf<Version['status']>().toEqualTypeOf<string>();
    expectTypeOf<Comment['status']>().toEqualTypeOf<'Active' | 'Resolved'>();
    expectTypeOf<Comment['priority']>().toEqualTypeOf<'Unset' | 'P1' | 'P2' | 'P3' | 'P4'>();
    expectTypeOf<components['schemas']['DeviceCode']>().toEqualTypeOf<'L' | 'M' | 'S' | 'I'>();
    expectTypeOf<WebhookEventName>().toEqualTypeOf<
      'new_comment' | 'comment_replied' | 'status_changed' | 'comment_updated'
    >();
  });

  it('refuses wrong input at compile time', () => {
    const refused = () => {
      // @ts-expect-error status is `Active` or `Resolved`, not lower case
      void client.comments.update({ commentId: 'c', status: 'resolved' });
      // @ts-expect-error PATCH /project takes snake_case `share_access`
      void client.projects.update({ projectId: 'p', shareAccess: 'public' });
      // @ts-expect-error the replies endpoint spells it `plain_text`
      void client.replies.list({ commentId: 'c', plainText: true });
      // @ts-expect-error `types` takes the filter vocabulary, where websites are `website`
      void client.projects.list({ types: ['web'] });
      // @ts-expect-error params is one object, never a positional id
      void client.comments.get('c');
      // @ts-expect-error an operation without parameters takes no string either
      void client.folders.list('all');
      // @ts-expect-error a reply needs its text
      void client.replies.create({ commentId: 'c' });
    };
    expectTypeOf(refused).toBeFunction();
  });
});
