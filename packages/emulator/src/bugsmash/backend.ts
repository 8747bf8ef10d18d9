// The BugSmash state (one map per resource) and what every resource module shares: lookups, change
// tracking for the state file, the blob store for uploaded bytes, and webhook events. The behaviour
// of each resource lives in its own module (projects, versions, folders, comments, webhook
// subscriptions), next to its handlers.
import { randomUUID } from 'node:crypto';
import { BlobStore } from '../core/blobs.ts';
import { Changes, type Collection } from '../core/changes.ts';
import { commentJson } from './json.ts';
import type { BsComment, BsFile, BsFolder, BsProject, BsVersion, BsWebhook, BugsmashState } from './model.ts';
import { notFound, reviewLink } from './text.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface BugsmashOptions {
  webhooks: WebhookDispatcher;
  /** Largest accepted upload per file, in bytes. */
  maxUploadBytes: number;
  /** Largest whole upload request (every file and field), in bytes. */
  maxUploadRequestBytes: number;
  /** Base URL file downloads are served under (`<origin>/__emulator/files`). */
  filesBaseUrl: () => string;
  /** Where entity changes are noted for the state file (default: a tracker nobody saves). */
  changes?: Changes;
  /** Where uploaded bytes go (default: memory). */
  blobs?: BlobStore;
  /** Webhook URLs on the emulator's own origin are refused (a webhook must not drive the emulator). */
  ownOrigin?: () => string;
}

export class BugsmashBackend {
  workspace: BugsmashState['workspace'] = {
    id: randomUUID(),
    owner_name: 'Workspace Owner',
    owner_email: 'owner@example.com',
  };
  readonly projects = new Map<string, BsProject>();
  readonly versions = new Map<string, BsVersion>();
  readonly comments = new Map<string, BsComment>();
  readonly folders = new Map<string, BsFolder>();
  readonly webhooks = new Map<string, BsWebhook>();
  readonly options: BugsmashOptions;
  readonly changes: Changes;
  readonly blobs: BlobStore;

  constructor(options: BugsmashOptions) {
    this.options = options;
    this.changes = options.changes ?? new Changes();
    this.blobs = options.blobs ?? new BlobStore();
  }

  load(state: BugsmashState): void {
    this.workspace = { ...state.workspace };
    for (const map of [this.projects, this.versions, this.comments, this.folders, this.webhooks]) map.clear();
    for (const p of state.projects) this.projects.set(p.id, structuredClone(p));
    for (const v of state.versions) {
      const version = structuredClone(v);
      // Inline bytes of a state document move to the blob store; the state keeps their hash.
      for (const f of version.files) {
        if (f.data_base64 !== undefined) {
          f.sha256 = this.blobs.putSync(Buffer.from(f.data_base64, 'base64'));
          delete f.data_base64;
        }
      }
      this.versions.set(v.id, version);
    }
    for (const c of state.comments) this.comments.set(c.comment_id, structuredClone(c));
    for (const f of state.folders) this.folders.set(f.id, structuredClone(f));
    for (const w of state.webhooks) this.webhooks.set(w.id, structuredClone(w));
  }

  export(): BugsmashState {
    return {
      workspace: { ...this.workspace },
      projects: [...this.projects.values()],
      versions: [...this.versions.values()],
      comments: [...this.comments.values()],
      folders: [...this.folders.values()],
      webhooks: [...this.webhooks.values()],
    };
  }

  /** The current value of one entity, for the state database's row of it. */
  lookup(collection: Collection, key: string): unknown {
    switch (collection) {
      case 'bs.workspace':
        return this.workspace;
      case 'bs.projects':
        return this.projects.get(key);
      case 'bs.versions':
        return this.versions.get(key);
      case 'bs.comments':
        return this.comments.get(key);
      case 'bs.folders':
        return this.folders.get(key);
      case 'bs.webhooks':
        return this.webhooks.get(key);
      default:
        return undefined;
    }
  }

  touch(collection: Collection, key: string): void {
    this.changes.touch(collection, key);
  }

  // ---------------------------------------------------------------- lookups

  project(id: string): BsProject {
    const p = this.projects.get(id);
    if (p === undefined) throw notFound('Project');
    return p;
  }

  version(id: string): BsVersion {
    const v = this.versions.get(id);
    if (v === undefined) throw notFound('Version');
    return v;
  }

  comment(id: string): BsComment {
    const c = this.comments.get(id);
    if (c === undefined) throw notFound('Comment');
    return c;
  }

  folder(id: string): BsFolder {
    const f = this.folders.get(id);
    if (f === undefined) throw notFound('Folder');
    return f;
  }

  webhook(id: string): BsWebhook {
    const w = this.webhooks.get(id);
    if (w === undefined) throw notFound('Webhook');
    return w;
  }

  versionsOf(projectId: string): BsVersion[] {
    return [...this.versions.values()]
      .filter((v) => v.project_id === projectId)
      .sort((a, b) => a.version_no - b.version_no);
  }

  commentsOf(projectId: string): BsComment[] {
    return [...this.comments.values()]
      .filter((c) => c.project_id === projectId)
      .sort((a, b) => a.comment_number - b.comment_number);
  }

  findFile(fileId: string): BsFile | undefined {
    for (const v of this.versions.values()) {
      const file = v.files.find((f) => f.project_file_id === fileId);
      if (file !== undefined) return file;
    }
    return undefined;
  }

  /** Raises a webhook event about a comment to every subscribed webhook. */
  event(event: string, comment: BsComment, extra: Record<string, unknown> = {}): void {
    const project = this.projects.get(comment.project_id);
    this.options.webhooks.dispatch([...this.webhooks.values()], event, {
      project:
        project === undefined
          ? null
          : { id: project.id, name: project.name, url: reviewLink(project.short_code) },
      comment: commentJson(this, comment, { plainText: false, locationMetadata: true, replies: false }),
      ...extra,
    });
  }
}
