// Drive's view of the emulator's state: every Apps Script project is a Drive file of the script
// MIME type (its id the script id, derived from `projects`, never stored twice), and containers
// (spreadsheets, documents, forms, presentations) are the `driveFiles` collection. Deleting
// follows Drive: a script's file takes its project with it, a container its bound scripts.
import { randomBytes } from 'node:crypto';
import type { components } from '@specbound/drive/schema';
import { type AppsScriptBackend, nowIso } from '../apps-script/backend.ts';
import type { AsProject, DriveFileRecord } from '../apps-script/model.ts';

export type DriveFileJson = components['schemas']['File'];

const SCRIPT_MIME_TYPE = 'application/vnd.google-apps.script';

/** Where each Google editor opens a file (`webViewLink`), by MIME type. */
const EDITOR_PATHS: Readonly<Record<string, string>> = {
  'application/vnd.google-apps.spreadsheet': 'https://docs.google.com/spreadsheets/d/',
  'application/vnd.google-apps.document': 'https://docs.google.com/document/d/',
  'application/vnd.google-apps.form': 'https://docs.google.com/forms/d/',
  'application/vnd.google-apps.presentation': 'https://docs.google.com/presentation/d/',
  [SCRIPT_MIME_TYPE]: 'https://script.google.com/d/',
};

function webViewLink(id: string, mimeType: string): string {
  const editor = EDITOR_PATHS[mimeType];
  return editor === undefined
    ? `https://drive.google.com/file/d/${id}/view?usp=drivesdk`
    : `${editor}${id}/edit?usp=drivesdk`;
}

function ownerJson(b: AppsScriptBackend, email: string, me: string): components['schemas']['User'] {
  const user = b.users.get(email);
  return {
    kind: 'drive#user',
    displayName: user?.name ?? email,
    emailAddress: email,
    me: email === me,
  };
}

/** A stored file or a script project as Drive's full `File` (before a `fields` selection). */
export function fileJson(b: AppsScriptBackend, file: DriveFileRecord, me: string): DriveFileJson {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents ?? [],
    starred: false,
    trashed: false,
    createdTime: file.createdTime,
    modifiedTime: file.modifiedTime,
    webViewLink: webViewLink(file.id, file.mimeType),
    owners: [ownerJson(b, file.owner, me)],
    ownedByMe: file.owner === me,
  };
}

/** A script project as the Drive file it is. */
function projectFile(project: AsProject): DriveFileRecord {
  return {
    id: project.scriptId,
    name: project.title,
    mimeType: SCRIPT_MIME_TYPE,
    // A bound script lives in its container; a standalone one in My Drive's root.
    ...(project.parentId === undefined ? {} : { parents: [project.parentId] }),
    createdTime: project.createTime,
    modifiedTime: project.updateTime,
    owner: project.creator,
  };
}

/** Every Drive file: containers first (by creation), then script projects. */
export function allFiles(b: AppsScriptBackend): DriveFileRecord[] {
  return [...b.driveFiles.values(), ...[...b.projects.values()].map(projectFile)];
}

export function findFile(b: AppsScriptBackend, id: string): DriveFileRecord | undefined {
  const project = b.projects.get(id);
  return project === undefined ? b.driveFiles.get(id) : projectFile(project);
}

/** Drive ids: 44 characters of base64url starting with `1`, like the script ids the emulator makes. */
export const newFileId = () => `1${randomBytes(32).toString('base64url').slice(0, 43)}`;

/**
 * Adds a container file (a spreadsheet the Sheets routes created, say) to Drive, so that `files.list`
 * and `files.get` show it and scripts can be bound to it. Its id is kept: the caller made it.
 */
export function registerContainer(
  b: AppsScriptBackend,
  container: { id: string; name: string; mimeType: string; owner?: string; parents?: string[] },
): DriveFileRecord {
  const time = nowIso();
  const file: DriveFileRecord = {
    id: container.id,
    name: container.name,
    mimeType: container.mimeType,
    // Always a list, as a reload of the state reads it: a saved record is what the answer showed.
    parents: container.parents ?? [],
    createdTime: time,
    modifiedTime: time,
    owner: container.owner ?? b.users.keys().next().value ?? 'owner@example.com',
  };
  b.driveFiles.set(file.id, file);
  b.touch('as.driveFiles', file.id);
  return file;
}

/** Deletes a file as Drive does: a script's project with it, a container's bound scripts with it. */
export function deleteFile(b: AppsScriptBackend, id: string): boolean {
  if (b.projects.delete(id)) {
    b.touch('as.projects', id);
    return true;
  }
  if (!b.driveFiles.delete(id)) return false;
  b.touch('as.driveFiles', id);
  // A spreadsheet's cells go with its file.
  b.spreadsheets.delete(id);
  for (const project of [...b.projects.values()]) {
    if (project.parentId !== id) continue;
    b.projects.delete(project.scriptId);
    b.touch('as.projects', project.scriptId);
  }
  return true;
}
