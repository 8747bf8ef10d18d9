// BugSmash resources on the wire, typed by the spec's schemas (`@specbound/bugsmash/schema`, the client's generated types).
import type { components } from '@specbound/bugsmash/schema';
import type { BugsmashBackend } from './backend.ts';
import type { BsComment, BsFile, BsFolder, BsProject, BsReply, BsVersion, BsWebhook } from './model.ts';
import { reviewLink, toPlainText } from './text.ts';

type Schemas = components['schemas'];

export function projectListItem(p: BsProject): Schemas['ProjectListItem'] {
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

export function versionSummary(v: BsVersion, isLatest: boolean): Schemas['VersionSummary'] {
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

export function projectDetails(b: BugsmashBackend, p: BsProject): Schemas['Project'] {
  const versions = b.versionsOf(p.id);
  return {
    id: p.id,
    name: p.name,
    frontend_url: 'https://app.bugsmash.io',
    project_versions: versions.map((v, i) => versionSummary(v, i === versions.length - 1)),
    project_users: p.users,
  };
}

function fileJson(b: BugsmashBackend, f: BsFile): Schemas['ProjectFile'] {
  return {
    file_url: `${b.options.filesBaseUrl()}/${f.project_file_id}/${encodeURIComponent(f.filename)}`,
    extension: f.extension,
    file_size: f.file_size,
    project_file_id: f.project_file_id,
    link: f.link,
  };
}

export function versionJson(b: BugsmashBackend, v: BsVersion): Schemas['Version'] {
  const project = b.projects.get(v.project_id);
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
    project_files: v.files.map((f) => fileJson(b, f)),
    short_url: reviewLink(v.short_code),
  };
}

export interface CommentView {
  plainText: boolean;
  locationMetadata: boolean;
}

export function commentJson(
  b: BugsmashBackend,
  c: BsComment,
  opts: CommentView & { replies: true },
): Schemas['CommentWithReplies'];
export function commentJson(
  b: BugsmashBackend,
  c: BsComment,
  opts: CommentView & { replies: boolean },
): Schemas['Comment'];
export function commentJson(
  b: BugsmashBackend,
  c: BsComment,
  opts: CommentView & { replies: boolean },
): Schemas['Comment'] | Schemas['CommentWithReplies'] {
  const out: Schemas['Comment'] = {
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
    project_type: b.projects.get(c.project_id)?.type ?? 'website',
    attachment_file_url: c.attachment_file_url,
    audio_file_url: c.audio_file_url,
    comment_screenshot_file_url: c.comment_screenshot_file_url,
    tags: c.tags,
  };
  if (opts.locationMetadata) {
    out.comment_metadata = c.comment_metadata ?? null;
    out.location_metadata = c.location_metadata ?? null;
  }
  if (opts.replies) return { ...out, replies: c.replies.map((r) => replyJson(r, opts.plainText)) };
  return out;
}

export function replyJson(r: BsReply, plainText: boolean): Schemas['Reply'] {
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

export function folderJson(b: BugsmashBackend, f: BsFolder): Schemas['Folder'] {
  return {
    id: f.id,
    parent_id: f.parent_id,
    owner: b.workspace.owner_email,
    workspace_id: b.workspace.id,
    name: f.name,
    share_access: f.share_access,
    created_at: f.created_at,
    updated_at: f.updated_at,
    deleted_at: null,
    created_by: b.workspace.owner_email,
    updated_by: b.workspace.owner_email,
    deleted_by: null,
  };
}

/**
 * A webhook on the wire: exactly the fields the spec's `Webhook` declares (the real list shape is
 * unconfirmed, so the emulator invents nothing beyond them), plus the secret when one is shown.
 */
export function webhookJson(w: BsWebhook, withSecret: boolean): Schemas['Webhook'] {
  const out: Schemas['Webhook'] = { id: w.id, webhookUrl: w.webhook_url, events: [...w.events] };
  if (withSecret) out.secret = w.secret;
  return out;
}
