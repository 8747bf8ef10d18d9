// The BugSmash REST API v2 on the emulator: `X-API-Key`, the `{status,message,data}` envelope,
// Laravel-style 422s, and one handler per operationId of specs/bugsmash.
import { timingSafeEqual } from 'node:crypto';
import { isUploadedFile } from '../core/body.ts';
import type { Handler, Reply, RequestContext, Service, UploadedFile } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import type { BugsmashBackend } from './backend.ts';

type Json = Record<string, unknown>;
type Ctx = RequestContext<'workspace'>;

const ok = (message: string, data?: unknown, extra?: Json): Reply => ({
  status: 200,
  body: data === undefined ? { status: true, message, ...extra } : { status: true, message, data, ...extra },
});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown) => v === true || v === 'true';

function handlers(backend: BugsmashBackend): Record<string, Handler<'workspace'>> {
  const path = (ctx: Ctx, name: string) => String(ctx.params.path[name]);
  const body = (ctx: Ctx) => (ctx.body ?? {}) as Json;
  const query = (ctx: Ctx) => ctx.params.query;
  return {
    generateReviewLink: (ctx) => {
      const b = body(ctx);
      const files: UploadedFile[] = [];
      if (isUploadedFile(b.file)) files.push(b.file);
      if (Array.isArray(b['files[]'])) for (const f of b['files[]']) if (isUploadedFile(f)) files.push(f);
      const input = {
        name: String(b.projectName),
        type: String(b.projectType),
        files,
        anonymousComments: bool(b.anonymousComments),
        privateComments: bool(b.privateComments),
      };
      const websiteUrl = str(b.websiteUrl);
      const project = backend.createProject(websiteUrl === undefined ? input : { ...input, websiteUrl });
      // The one answer that carries its payload in `project`, not `data`.
      return { status: 200, body: { status: true, message: 'Success', project } };
    },
    listProjects: (ctx) => {
      const q = query(ctx);
      const page = typeof q.page === 'number' ? q.page : 1;
      const limit = typeof q.limit === 'number' ? q.limit : 10;
      const types = Array.isArray(q['types[]']) ? q['types[]'].map(String) : undefined;
      return { status: 200, body: backend.listProjects(page, limit, str(q.folderId), types) };
    },
    getProject: (ctx) =>
      ok('Project Details', backend.projectDetails(backend.project(path(ctx, 'projectId')))),
    updateProject: (ctx) => ok('Project updated', backend.updateProject(path(ctx, 'projectId'), body(ctx))),
    deleteProject: (ctx) => {
      backend.deleteProject(path(ctx, 'projectId'));
      return ok('Project deleted');
    },
    getVersion: (ctx) => ok('Version details', backend.versionJson(backend.version(path(ctx, 'versionId')))),
    listVersions: (ctx) => {
      const project = backend.project(String(query(ctx).projectId));
      const versions = backend.versionsOf(project.id);
      return ok(
        'Versions',
        versions.map((v, i) => backend.versionSummary(v, i === versions.length - 1)),
      );
    },
    createVersion: (ctx) => {
      const b = body(ctx);
      const file = isUploadedFile(b.file) ? b.file : undefined;
      return ok('Version added', backend.addVersion(String(b.projectId), str(b.websiteUrl), file));
    },
    deleteVersion: (ctx) => {
      backend.deleteVersion(path(ctx, 'versionId'));
      return ok('Version deleted');
    },
    listFolders: () =>
      ok(
        'Folders',
        [...backend.folders.values()].map((f) => backend.folderJson(f)),
      ),
    getFolder: (ctx) => ok('Folder details', backend.folderDetails(path(ctx, 'folderId'))),
    createFolder: (ctx) => ok('Folder created', backend.createFolder(body(ctx))),
    updateFolder: (ctx) => ok('Folder updated', backend.updateFolder(path(ctx, 'folderId'), body(ctx))),
    deleteFolder: (ctx) => {
      backend.deleteFolder(path(ctx, 'folderId'));
      return ok('Folder deleted');
    },
    listComments: (ctx) => {
      const q = query(ctx);
      const result = backend.listComments(
        String(q.projectId),
        str(q.status),
        q.plainText === true,
        q.locationMetadata === true,
      );
      return { status: 200, body: result };
    },
    getComment: (ctx) => {
      const q = query(ctx);
      const c = backend.comment(path(ctx, 'commentId'));
      return ok(
        'Comment details',
        backend.commentJson(c, {
          plainText: q.plainText === true,
          locationMetadata: q.locationMetadata === true,
          replies: true,
        }),
      );
    },
    updateComment: (ctx) => ok('Comment updated', backend.updateComment(path(ctx, 'commentId'), body(ctx))),
    deleteComment: (ctx) => {
      backend.deleteComment(path(ctx, 'commentId'));
      return ok('Comment deleted');
    },
    listReplies: (ctx) => {
      const c = backend.comment(path(ctx, 'commentId'));
      const plain = query(ctx).plain_text === true;
      return ok(
        'Replies',
        c.replies.map((r) => backend.replyJson(r, plain)),
      );
    },
    createReply: (ctx) => {
      const b = body(ctx);
      return ok('Reply added', backend.addReply(String(b.commentId), String(b.text), b.isPrivate === true));
    },
    deleteReply: (ctx) => {
      backend.deleteReply(path(ctx, 'replyId'));
      return ok('Reply deleted');
    },
    listWebhooks: () =>
      ok(
        'Webhooks',
        [...backend.webhooks.values()].map((w) => backend.webhookJson(w, false)),
      ),
    createWebhook: (ctx) => {
      const b = body(ctx);
      return ok('Webhook created', backend.createWebhook(String(b.webhookUrl), (b.events as string[]) ?? []));
    },
    updateWebhook: (ctx) => {
      const b = body(ctx);
      return ok(
        'Webhook updated',
        backend.updateWebhook(path(ctx, 'webhookId'), String(b.webhookUrl), (b.events as string[]) ?? []),
      );
    },
    deleteWebhook: (ctx) => {
      backend.deleteWebhook(path(ctx, 'webhookId'));
      return ok('Webhook deleted');
    },
    testWebhook: (ctx) => {
      const sent = backend.testWebhook(String(body(ctx).event));
      // With no subscriber there is nothing to test. BugSmash's answer to that is not public; the
      // emulator refuses in the envelope's own failure form, `status: false` on HTTP 200, which
      // clients must treat as an error whatever the HTTP code.
      if (sent === 0)
        return { status: 200, body: { status: false, message: 'No webhook is subscribed to this event.' } };
      return ok('Test event sent', { deliveries: sent });
    },
  };
}

/** Laravel's wording for the first broken rule, naming the field. */
function laravelMessage(field: string, keyword: string, message: string): string {
  const name = field === '' ? 'body' : field;
  if (keyword === 'required') return `The ${name} field is required.`;
  if (keyword === 'format' || keyword === 'enum' || keyword === 'const' || keyword === 'oneOf')
    return `The ${name} field is invalid. (${message})`;
  if (keyword === 'contentType' || keyword === 'json' || keyword === 'multipart') return message;
  return `The ${name} field is invalid: ${message}.`;
}

export function bugsmashService(
  spec: CompiledSpec,
  backend: BugsmashBackend,
  apiKey: string,
): Service<'workspace'> {
  const expected = Buffer.from(apiKey);
  return {
    name: 'bugsmash',
    prefix: '/api/v2',
    spec,
    handlers: handlers(backend),
    // Uploads: up to 25 images per request; the per-file limit is checked by the backend.
    maxBodyBytes: 512 * 1024 * 1024,
    authenticate(_operation, headers) {
      const given = headers['x-api-key'];
      const key = Buffer.from(typeof given === 'string' ? given : '');
      if (key.length !== expected.length || !timingSafeEqual(key, expected)) {
        return { reply: { status: 401, body: { status: false, message: 'Invalid X-API-Key' } } };
      }
      return { principal: 'workspace' };
    },
    invalidRequest(problems) {
      const errors: Record<string, string[]> = {};
      for (const p of problems) {
        const key = p.field || 'body';
        errors[key] = [...(errors[key] ?? []), laravelMessage(p.field, p.keyword, p.message)];
      }
      const first = problems[0];
      const message =
        first === undefined
          ? 'The given data was invalid.'
          : laravelMessage(first.field, first.keyword, first.message);
      return { status: 422, body: { status: false, message, errors } };
    },
    unknownQuery() {
      return undefined; // Laravel ignores query parameters it does not read.
    },
    notFound(method, path, methodNotAllowed) {
      return methodNotAllowed
        ? {
            status: 405,
            body: {
              status: false,
              message: `The ${method} method is not supported for route ${path.slice(1)}.`,
            },
          }
        : { status: 404, body: { status: false, message: `The route ${path.slice(1)} could not be found.` } };
    },
    internalError(message) {
      return { status: 500, body: { status: false, message } };
    },
  };
}
