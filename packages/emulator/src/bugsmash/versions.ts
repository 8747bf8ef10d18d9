// Versions: the content revisions of a project (`V1`, `V2`, ...). Uploaded bytes are checked (type;
// size is checked while they stream in), stored content-addressed, and only then does the state change.
import { randomUUID } from 'node:crypto';
import { isUploadedFile } from '../core/body.ts';
import type { UploadedFile } from '../core/types.ts';
import type { BugsmashBackend } from './backend.ts';
import type { BugsmashHandlers } from './handlers.ts';
import { versionJson, versionSummary } from './json.ts';
import type { BsFile, BsProject, BsVersion } from './model.ts';
import { done, envelope, laravelTime, shortCode, unprocessable } from './text.ts';

/** Which uploads each file project type takes (by MIME type prefix or exact type). */
const ACCEPTS: Record<string, (f: UploadedFile) => boolean> = {
  pdf: (f) => f.contentType === 'application/pdf' || f.filename.toLowerCase().endsWith('.pdf'),
  image: (f) => f.contentType.startsWith('image/'),
  video: (f) => f.contentType.startsWith('video/'),
  audio: (f) => f.contentType.startsWith('audio/'),
};

/** An upload once its bytes are in the blob store. */
export interface StoredUpload {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Refuses uploads the project type does not take, or past the per-file limit, before anything is stored. */
export function checkUploads(b: BugsmashBackend, projectType: string, files: readonly UploadedFile[]): void {
  for (const f of files) {
    if (f.data.length > b.options.maxUploadBytes) {
      throw unprocessable(
        'file',
        `The file must not be greater than ${Math.floor(b.options.maxUploadBytes / 1024)} kilobytes.`,
      );
    }
    const accepts = ACCEPTS[projectType];
    if (accepts !== undefined && !accepts(f))
      throw unprocessable('file', `The file must be a file of type: ${projectType}.`);
  }
}

/**
 * Stores uploaded bytes (content-addressed) for a new version. Synchronous on purpose: the bytes and
 * the version naming them are noted in one run, so no save can come between them.
 */
export function storeUploadsSync(b: BugsmashBackend, files: readonly UploadedFile[]): StoredUpload[] {
  return files.map((f) => ({
    filename: f.filename,
    contentType: f.contentType,
    size: f.data.length,
    sha256: b.blobs.putSync(f.data),
  }));
}

export function newVersion(
  b: BugsmashBackend,
  project: BsProject,
  websiteUrl: string | null,
  files: readonly StoredUpload[],
): BsVersion {
  const time = laravelTime();
  const number = (b.versionsOf(project.id).at(-1)?.version_no ?? 0) + 1;
  const stored: BsFile[] = files.map((f) => ({
    project_file_id: randomUUID(),
    filename: f.filename,
    extension: /\.[^.]+$/.exec(f.filename)?.[0]?.toLowerCase() ?? '',
    content_type: f.contentType,
    file_size: f.size,
    link: null,
    sha256: f.sha256,
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
  b.versions.set(version.id, version);
  b.touch('bs.versions', version.id);
  project.updated_at = time;
  b.touch('bs.projects', project.id);
  return version;
}

/** Checks a new version's input against its project; throws the service's 422. */
function checkNewVersion(project: BsProject, websiteUrl: string | undefined, file: boolean): void {
  if (websiteUrl !== undefined && project.type !== 'website')
    throw unprocessable('websiteUrl', 'The websiteUrl field is only for website projects.');
  if (file && project.type === 'website')
    throw unprocessable('file', 'The file field is only for file projects.');
}

export function versionHandlers(
  b: BugsmashBackend,
): BugsmashHandlers<'getVersion' | 'listVersions' | 'createVersion' | 'deleteVersion'> {
  return {
    getVersion: (ctx) => envelope('Version details', versionJson(b, b.version(ctx.params.path.versionId))),
    listVersions: (ctx) => {
      const project = b.project(ctx.params.query.projectId);
      const versions = b.versionsOf(project.id);
      return envelope(
        'Versions',
        versions.map((v, i) => versionSummary(v, i === versions.length - 1)),
      );
    },
    createVersion: async (ctx) => {
      const body = ctx.body;
      const projectId = String(body.projectId);
      const websiteUrl =
        'websiteUrl' in body && typeof body.websiteUrl === 'string' ? body.websiteUrl : undefined;
      const file = 'file' in body && isUploadedFile(body.file) ? body.file : undefined;
      const project = b.project(projectId);
      checkNewVersion(project, websiteUrl, file !== undefined);
      if (file !== undefined) checkUploads(b, project.type, [file]);
      const stored = storeUploadsSync(b, file === undefined ? [] : [file]);
      const version = newVersion(b, project, websiteUrl ?? null, stored);
      return envelope('Version added', versionJson(b, version));
    },
    deleteVersion: (ctx) => {
      const v = b.version(ctx.params.path.versionId);
      b.versions.delete(v.id);
      b.touch('bs.versions', v.id);
      for (const c of b.comments.values())
        if (c.version_id === v.id) {
          b.comments.delete(c.comment_id);
          b.touch('bs.comments', c.comment_id);
        }
      return done('Version deleted');
    },
  };
}
