// What needs Drive: every script project of the user (`list`), deleting one (`delete`), and the
// container a bound script lives in (`open-container`). A script project is a Drive file of the
// script MIME type whose id is the script id; a bound project's container is the Drive file its
// `parentId` names.
import type { AppsScriptClient } from '@specbound/apps-script';
import { type DriveClient, SCRIPT_MIME_TYPE } from '@specbound/drive';
import { UsageError } from '../errors.js';

export interface ScriptEntry {
  id: string;
  name: string;
}

/** Every script project the user can see and has not trashed, as clasp's `list` finds them. */
export async function listScripts(drive: DriveClient): Promise<ScriptEntry[]> {
  const files = drive.files.iterate({
    q: `mimeType = '${SCRIPT_MIME_TYPE}' and trashed = false`,
    fields: 'nextPageToken,files(id,name)',
    pageSize: 1000,
  });
  const scripts: ScriptEntry[] = [];
  for await (const file of files) scripts.push({ id: file.id ?? '', name: file.name ?? '' });
  return scripts;
}

/** Deletes a script project for good (its Drive file; Drive takes the project with it). */
export async function deleteScript(drive: DriveClient, scriptId: string): Promise<{ scriptId: string }> {
  await drive.files.delete({ fileId: scriptId });
  return { scriptId };
}

export interface Container {
  scriptId: string;
  parentId: string;
  name: string;
  mimeType: string;
  url: string;
}

/**
 * The container of a bound project, read from the project itself (`parentId`), not from
 * .clasp.json, which may be stale. A standalone project has none: a UsageError saying so.
 */
export async function findContainer(
  clients: { appsScript: AppsScriptClient; drive: DriveClient },
  scriptId: string,
): Promise<Container> {
  const project = await clients.appsScript.projects.get({ scriptId, fields: 'scriptId,parentId' });
  const parentId = project.parentId;
  if (parentId === undefined || parentId === '') {
    throw new UsageError(`The project ${scriptId} is standalone: it has no container.`, {
      code: 'project-standalone',
      details: { scriptId },
    });
  }
  const file = await clients.drive.files.get({ fileId: parentId, fields: 'id,name,mimeType,webViewLink' });
  return {
    scriptId,
    parentId,
    name: file.name ?? '',
    mimeType: file.mimeType ?? '',
    url: file.webViewLink ?? driveFileUrl(parentId),
  };
}

/** clasp's URL of a Drive file, for when Drive gives no link of its editor. */
export function driveFileUrl(id: string): string {
  return `https://drive.google.com/open?id=${encodeURIComponent(id)}`;
}
