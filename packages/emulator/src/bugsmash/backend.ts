// The BugSmash service's state and behaviour, independent of HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import type { UploadedFile } from '../core/types.ts';
import { ServiceError } from '../core/types.ts';
import type {
  BsComment,
  BsFile,
  BsFolder,
  BsProject,
  BsReply,
  BsVersion,
  BsWebhook,
  BugsmashState,
} from './model.ts';
import type { WebhookDispatcher } from './webhooks.ts';

type Json = Record<string, unknown>;

/** Laravel's timestamps: microseconds and `Z`. */
export const laravelTime = (date = new Date()) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const shortCode = () => [...randomBytes(5)].map((b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
export const reviewLink = (code: string) => `https://app.bugsmash.io/review/${code}`;

export function envelopeError(status: number, message: string, extra?: Json): ServiceError {
  return new ServiceError({ status, body: { status: false, message, ...extra } });
}

export const notFound = (what: string) => envelopeError(404, `${what} not found`, { data: [] });
export const unprocessable = (field: string, message: string) =>
  envelopeError(422, message, { errors: { [field]: [message] } });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
export const toHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;
export const toPlainText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

export interface BugsmashOptions {
  webhooks: WebhookDispatcher;
  /** Largest accepted upload per file, in bytes. */
  maxUploadBytes: number;
  /** Base URL file downloads are served under (`<origin>/__emulator/files`). */
  filesBaseUrl: () => string;
  onChange: () => void;
}

/** Which uploads each file project type takes (by MIME type prefix or exact type). */
const ACCEPTS: Record<string, (f: UploadedFile) => boolean> = {
  pdf: (f) => f.contentType === 'application/pdf' || f.filename.toLowerCase().endsWith('.pdf'),
  image: (f) => f.contentType.startsWith('image/'),
  video: (f) => f.contentType.startsWith('video/'),
  audio: (f) => f.contentType.startsWith('audio/'),
};

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
  readonly #options: BugsmashOptions;

  constructor(options: BugsmashOptions) {
    this.#options = options;
  }

  load(state: BugsmashState): void {
    this.workspace = { ...state.workspace };
    for (const map of [this.projects, this.versions, this.comments, this.folders, this.webhooks]) map.clear();
    for (const p of state.projects) this.projects.set(p.id, structuredClone(p));
    for (const v of state.versions) this.versions.set(v.id, structuredClone(v));
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

  #changed(): void {
    this.#options.onChange();
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

  // ---------------------------------------------------------------- JSON shapes

  projectListItem(p: BsProject): Json {
    return {
      id: p.id,
      name: p.name,
      type: p.type,
      share_access: p.share_access,
      short_url: reviewLink(p.short_code),
      banner: p.banner,
      created_at: p.created_at,
      updated_at: p.updated_at,
    };
  }

  projectDetails(p: BsProject): Json {
    const versions = this.versionsOf(p.id);
    return {
      id: p.id,
      name: p.name,
      frontend_url: 'https://app.bugsmash.io',
      project_versions: versions.map((v, i) => this.versionSummary(v, i === versions.length - 1)),
      project_users: p.users,
    };
  }

  versionSummary(v: BsVersion, isLatest: boolean): Json {
    return {
      id: v.id,
      version_name: v.version_name,
      version_no: v.version_no,
      status: v.status,
      upload_status: v.upload_status,
      is_latest: isLatest,
      short_url: reviewLink(v.short_code),
      updated_at: v.updated_at,
    };
  }

  fileJson(f: BsFile): Json {
    return {
      file_url: `${this.#options.filesBaseUrl()}/${f.project_file_id}/${encodeURIComponent(f.filename)}`,
      extension: f.extension,
      file_size: f.file_size,
      project_file_id: f.project_file_id,
      link: f.link,
    };
  }

  versionJson(v: BsVersion): Json {
    const project = this.projects.get(v.project_id);
    return {
      id: v.id,
      project_id: v.project_id,
      ext_link: v.ext_link,
      version_name: v.version_name,
      version_no: v.version_no,
      email_slug: null,
      updated_at: v.updated_at,
      status: v.status,
      pause_comment: 0,
      upload_status: v.upload_status,
      approved_by: v.approved_by,
      approved_by_email: v.approved_by_email,
      project_type: project?.type ?? 'website',
      project_files: v.files.map((f) => this.fileJson(f)),
      short_url: reviewLink(v.short_code),
    };
  }

  commentJson(c: BsComment, opts: { plainText: boolean; locationMetadata: boolean; replies: boolean }): Json {
    const out: Json = {
      comment_id: c.comment_id,
      comment: opts.plainText ? toPlainText(c.comment) : c.comment,
      comment_number: c.comment_number,
      status: c.status,
      priority: c.priority,
      created_at: c.created_at,
      updated_at: c.updated_at,
      is_private: c.is_private,
      comment_by_name: c.comment_by_name,
      comment_by_email: c.comment_by_email,
      assigned_to_name: c.assigned_to_name,
      assigned_to_email: c.assigned_to_email,
      project_type: this.projects.get(c.project_id)?.type ?? 'website',
      attachment_file_url: c.attachment_file_url,
      audio_file_url: c.audio_file_url,
      comment_screenshot_file_url: c.comment_screenshot_file_url,
      tags: c.tags,
    };
    if (opts.locationMetadata) {
      out.comment_metadata = c.comment_metadata ?? null;
      out.location_metadata = c.location_metadata ?? null;
    }
    if (opts.replies) out.replies = c.replies.map((r) => this.replyJson(r, opts.plainText));
    return out;
  }

  replyJson(r: BsReply, plainText: boolean): Json {
    return {
      comment_id: r.id,
      comment: plainText ? toPlainText(r.comment) : r.comment,
      is_private: r.is_private,
      comment_by_name: r.comment_by_name,
      comment_by_email: r.comment_by_email,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  }

  folderJson(f: BsFolder): Json {
    return {
      id: f.id,
      parent_id: f.parent_id,
      owner: this.workspace.owner_email,
      workspace_id: this.workspace.id,
      name: f.name,
      share_access: f.share_access,
      created_at: f.created_at,
      updated_at: f.updated_at,
      deleted_at: null,
      created_by: this.workspace.owner_email,
      updated_by: this.workspace.owner_email,
      deleted_by: null,
    };
  }

  /**
   * A webhook on the wire: exactly the fields the spec's `Webhook` declares (the real list shape is
   * unconfirmed, so the emulator invents nothing beyond them), plus the secret when one is shown.
   */
  webhookJson(w: BsWebhook, withSecret: boolean): Json {
    const out: Json = { id: w.id, webhookUrl: w.webhook_url, events: [...w.events] };
    if (withSecret) out.secret = w.secret;
    return out;
  }

  // ---------------------------------------------------------------- projects and versions

  #newVersion(project: BsProject, websiteUrl: string | null, files: UploadedFile[]): BsVersion {
    const time = laravelTime();
    const existing = this.versionsOf(project.id);
    const number = (existing.at(-1)?.version_no ?? 0) + 1;
    for (const f of files) {
      if (f.data.length > this.#options.maxUploadBytes) {
        throw unprocessable(
          'file',
          `The file must not be greater than ${Math.floor(this.#options.maxUploadBytes / 1024)} kilobytes.`,
        );
      }
      const accepts = ACCEPTS[project.type];
      if (accepts !== undefined && !accepts(f))
        throw unprocessable('file', `The file must be a file of type: ${project.type}.`);
    }
    const stored: BsFile[] = files.map((f) => ({
      project_file_id: randomUUID(),
      filename: f.filename,
      extension: /\.[^.]+$/.exec(f.filename)?.[0]?.toLowerCase() ?? '',
      content_type: f.contentType,
      file_size: f.data.length,
      link: null,
      data_base64: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength).toString('base64'),
    }));
    if (websiteUrl !== null) {
      // The real service screenshots the site; the emulator records the entry without bytes.
      stored.push({
        project_file_id: randomUUID(),
        filename: 'screenshot.png',
        extension: '.png',
        content_type: 'image/png',
        file_size: 0,
        link: websiteUrl,
      });
    }
    const version: BsVersion = {
      id: randomUUID(),
      project_id: project.id,
      version_no: number,
      version_name: `V${number}`,
      ext_link: websiteUrl,
      status: 'To Review',
      upload_status: 'completed',
      approved_by: null,
      approved_by_email: null,
      short_code: shortCode(),
      created_at: time,
      updated_at: time,
      files: stored,
    };
    this.versions.set(version.id, version);
    project.updated_at = time;
    return version;
  }

  createProject(input: {
    name: string;
    type: string;
    websiteUrl?: string;
    files: UploadedFile[];
    anonymousComments: boolean;
    privateComments: boolean;
  }): Json {
    const time = laravelTime();
    const project: BsProject = {
      id: randomUUID(),
      name: input.name,
      // Several images make one image project.
      type: input.type === 'multi_images' ? 'image' : input.type,
      share_access: 'private',
      anonymous_comments: input.anonymousComments,
      private_comments: input.privateComments,
      review_language: 'en',
      folder_id: null,
      short_code: shortCode(),
      banner: null,
      created_at: time,
      updated_at: time,
      users: [{ name: this.workspace.owner_name, email: this.workspace.owner_email, role: 'owner' }],
      next_comment_number: 1,
    };
    this.projects.set(project.id, project);
    try {
      this.#newVersion(project, input.websiteUrl ?? null, input.files);
    } catch (error) {
      this.projects.delete(project.id);
      throw error;
    }
    this.#changed();
    return { id: project.id, name: project.name, review_link: reviewLink(project.short_code) };
  }

  listProjects(page: number, limit: number, folderId: string | undefined, types: string[] | undefined): Json {
    let all = [...this.projects.values()];
    if (folderId !== undefined)
      all = all.filter((p) => (folderId === 'null' ? p.folder_id === null : p.folder_id === folderId));
    if (types !== undefined && types.length > 0) all = all.filter((p) => types.includes(p.type));
    all.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.name.localeCompare(b.name));
    const lastPage = Math.max(1, Math.ceil(all.length / limit));
    return {
      status: true,
      message: 'All Projects',
      data: all.slice((page - 1) * limit, page * limit).map((p) => this.projectListItem(p)),
      current_page: page,
      last_page: lastPage,
      per_page: limit,
      total: all.length,
    };
  }

  updateProject(id: string, body: Json): Json {
    const p = this.project(id);
    if (typeof body.name === 'string') p.name = body.name;
    if (body.share_access === 'public' || body.share_access === 'private') p.share_access = body.share_access;
    if (typeof body.anonymous_comments === 'boolean') p.anonymous_comments = body.anonymous_comments;
    if (typeof body.review_language === 'string') p.review_language = body.review_language;
    p.updated_at = laravelTime();
    this.#changed();
    return this.projectDetails(p);
  }

  deleteProject(id: string): void {
    this.project(id);
    this.projects.delete(id);
    for (const v of this.versionsOf(id)) this.versions.delete(v.id);
    for (const c of this.commentsOf(id)) this.comments.delete(c.comment_id);
    this.#changed();
  }

  addVersion(projectId: string, websiteUrl: string | undefined, file: UploadedFile | undefined): Json {
    const project = this.project(projectId);
    if (websiteUrl !== undefined && project.type !== 'website') {
      throw unprocessable('websiteUrl', 'The websiteUrl field is only for website projects.');
    }
    if (file !== undefined && project.type === 'website')
      throw unprocessable('file', 'The file field is only for file projects.');
    const version = this.#newVersion(project, websiteUrl ?? null, file === undefined ? [] : [file]);
    this.#changed();
    return this.versionJson(version);
  }

  deleteVersion(id: string): void {
    const v = this.version(id);
    this.versions.delete(id);
    for (const c of this.comments.values()) if (c.version_id === v.id) this.comments.delete(c.comment_id);
    this.#changed();
  }

  // ---------------------------------------------------------------- folders

  #checkProjects(field: string, ids: unknown): string[] {
    const list = Array.isArray(ids) ? ids.map(String) : [];
    list.forEach((id, i) => {
      if (!this.projects.has(id))
        throw unprocessable(`${field}.${i}`, `The selected ${field}.${i} is invalid.`);
    });
    return list;
  }

  createFolder(body: Json): Json {
    const parentId = typeof body.parentId === 'string' ? body.parentId : null;
    if (parentId !== null && !this.folders.has(parentId))
      throw unprocessable('parentId', 'The selected parent id is invalid.');
    const projectIds = this.#checkProjects('projectIds', body.projectIds);
    const time = laravelTime();
    const folder: BsFolder = {
      id: randomUUID(),
      parent_id: parentId,
      name: String(body.name),
      share_access: 'private',
      created_at: time,
      updated_at: time,
    };
    this.folders.set(folder.id, folder);
    for (const id of projectIds) {
      const p = this.projects.get(id);
      if (p) p.folder_id = folder.id;
    }
    this.#changed();
    return this.folderJson(folder);
  }

  folderDetails(id: string): Json {
    const f = this.folder(id);
    return {
      ...this.folderJson(f),
      projects: [...this.projects.values()]
        .filter((p) => p.folder_id === f.id)
        .map((p) => this.projectListItem(p)),
      folders: [...this.folders.values()].filter((c) => c.parent_id === f.id).map((c) => this.folderJson(c)),
      users: [{ name: this.workspace.owner_name, email: this.workspace.owner_email, role: 'owner' }],
    };
  }

  updateFolder(id: string, body: Json): Json {
    const f = this.folder(id);
    const add = this.#checkProjects('addProjectIds', body.addProjectIds);
    const remove = this.#checkProjects('removeProjectIds', body.removeProjectIds);
    if (typeof body.name === 'string') f.name = body.name;
    if (body.access === 'public' || body.access === 'private') f.share_access = body.access;
    for (const pid of add) {
      const p = this.projects.get(pid);
      if (p) p.folder_id = f.id;
    }
    for (const pid of remove) {
      const p = this.projects.get(pid);
      if (p?.folder_id === f.id) p.folder_id = null;
    }
    f.updated_at = laravelTime();
    this.#changed();
    return this.folderJson(f);
  }

  /** Deletes the folder; its projects and sub-folders move up to its parent (nothing else is deleted). */
  deleteFolder(id: string): void {
    const f = this.folder(id);
    for (const p of this.projects.values()) if (p.folder_id === f.id) p.folder_id = f.parent_id;
    for (const c of this.folders.values()) if (c.parent_id === f.id) c.parent_id = f.parent_id;
    this.folders.delete(id);
    this.#changed();
  }

  // ---------------------------------------------------------------- comments and replies

  #event(event: string, comment: BsComment, extra: Json = {}): void {
    const project = this.projects.get(comment.project_id);
    this.#options.webhooks.dispatch([...this.webhooks.values()], event, {
      project:
        project === undefined
          ? null
          : { id: project.id, name: project.name, url: reviewLink(project.short_code) },
      comment: this.commentJson(comment, { plainText: false, locationMetadata: true, replies: false }),
      ...extra,
    });
  }

  /** Comments have no public REST create; they arrive through seeding or the state API. */
  addComment(input: {
    projectId: string;
    versionId?: string;
    text: string;
    byName?: string;
    byEmail?: string;
    priority?: BsComment['priority'];
    status?: BsComment['status'];
    isPrivate?: boolean;
    tags?: string[];
    locationMetadata?: Record<string, unknown> | null;
    commentMetadata?: Record<string, unknown> | null;
  }): BsComment {
    const project = this.project(input.projectId);
    const versions = this.versionsOf(project.id);
    const versionId = input.versionId ?? versions.at(-1)?.id ?? null;
    if (versionId !== null && this.versions.get(versionId)?.project_id !== project.id)
      throw notFound('Version');
    const time = laravelTime();
    const comment: BsComment = {
      comment_id: randomUUID(),
      project_id: project.id,
      version_id: versionId,
      comment_number: project.next_comment_number++,
      comment: /^\s*</.test(input.text) ? input.text : toHtml(input.text),
      status: input.status ?? 'Active',
      priority: input.priority ?? 'Unset',
      is_private: input.isPrivate ?? false,
      comment_by_name: input.byName ?? 'Guest Reviewer',
      comment_by_email: input.byEmail ?? 'reviewer@example.com',
      assigned_to_name: null,
      assigned_to_email: null,
      attachment_file_url: null,
      audio_file_url: null,
      comment_screenshot_file_url: null,
      tags: (input.tags ?? []).map((name) => ({ id: randomUUID(), name })),
      comment_metadata: input.commentMetadata ?? null,
      location_metadata: input.locationMetadata ?? null,
      created_at: time,
      updated_at: time,
      replies: [],
    };
    this.comments.set(comment.comment_id, comment);
    this.#changed();
    this.#event('new_comment', comment);
    return comment;
  }

  listComments(
    projectId: string,
    status: string | undefined,
    plainText: boolean,
    locationMetadata: boolean,
  ): Json {
    this.project(projectId);
    const all = this.commentsOf(projectId);
    const wanted = status?.toLowerCase();
    const shown =
      wanted === 'active' || wanted === 'resolved'
        ? all.filter((c) => c.status.toLowerCase() === wanted)
        : all;
    return {
      status: true,
      message: 'Comment data',
      active: all.filter((c) => c.status === 'Active').length,
      resolved: all.filter((c) => c.status === 'Resolved').length,
      data: shown.map((c) => this.commentJson(c, { plainText, locationMetadata, replies: false })),
    };
  }

  updateComment(id: string, body: Json): Json {
    const c = this.comment(id);
    const before = c.status;
    let edited = false;
    if (typeof body.text === 'string') {
      c.comment = toHtml(body.text);
      edited = true;
    }
    if (
      body.priority === 'Unset' ||
      body.priority === 'P1' ||
      body.priority === 'P2' ||
      body.priority === 'P3' ||
      body.priority === 'P4'
    ) {
      edited ||= c.priority !== body.priority;
      c.priority = body.priority;
    }
    if (typeof body.isPrivate === 'boolean') {
      edited ||= c.is_private !== body.isPrivate;
      c.is_private = body.isPrivate;
    }
    if (body.status === 'Active' || body.status === 'Resolved') c.status = body.status;
    c.updated_at = laravelTime();
    this.#changed();
    if (c.status !== before) this.#event('status_changed', c, { previous_status: before });
    if (edited) this.#event('comment_updated', c);
    return this.commentJson(c, { plainText: false, locationMetadata: false, replies: false });
  }

  deleteComment(id: string): void {
    this.comment(id);
    this.comments.delete(id);
    this.#changed();
  }

  addReply(commentId: string, text: string, isPrivate: boolean): Json {
    const c = this.comment(commentId);
    const time = laravelTime();
    const reply: BsReply = {
      id: randomUUID(),
      comment: toHtml(text),
      is_private: isPrivate,
      comment_by_name: this.workspace.owner_name,
      comment_by_email: this.workspace.owner_email,
      created_at: time,
      updated_at: time,
    };
    c.replies.push(reply);
    this.#changed();
    this.#event('comment_replied', c, { reply: this.replyJson(reply, false) });
    return this.replyJson(reply, false);
  }

  deleteReply(replyId: string): void {
    for (const c of this.comments.values()) {
      const i = c.replies.findIndex((r) => r.id === replyId);
      if (i >= 0) {
        c.replies.splice(i, 1);
        this.#changed();
        return;
      }
    }
    throw notFound('Reply');
  }

  // ---------------------------------------------------------------- webhooks

  createWebhook(url: string, events: string[]): Json {
    const time = laravelTime();
    const hook: BsWebhook = {
      id: randomUUID(),
      webhook_url: url,
      events: [...events],
      secret: `whsec_${randomBytes(24).toString('hex')}`,
      created_at: time,
      updated_at: time,
    };
    this.webhooks.set(hook.id, hook);
    this.#changed();
    return this.webhookJson(hook, true);
  }

  updateWebhook(id: string, url: string, events: string[]): Json {
    const hook = this.webhook(id);
    hook.webhook_url = url;
    hook.events = [...events];
    hook.updated_at = laravelTime();
    this.#changed();
    return this.webhookJson(hook, false);
  }

  deleteWebhook(id: string): void {
    this.webhook(id);
    this.webhooks.delete(id);
    this.#changed();
  }

  /** Sends a sample delivery of `event` to every webhook subscribed to it. */
  testWebhook(event: string): number {
    const time = laravelTime();
    const sample: Json = {
      test: true,
      project: { id: randomUUID(), name: 'Test project', url: reviewLink('TeSt1') },
      comment: {
        comment_id: randomUUID(),
        comment: '<p>This is a test event from BugSmash.</p>',
        comment_number: 1,
        status: 'Active',
        priority: 'Unset',
        comment_by_name: 'BugSmash',
        comment_by_email: 'no-reply@bugsmash.io',
        created_at: time,
        updated_at: time,
      },
    };
    return this.#options.webhooks.dispatch([...this.webhooks.values()], event, sample);
  }
}
