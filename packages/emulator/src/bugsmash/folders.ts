// Folders group projects. Deleting one moves its projects and sub-folders up to its parent.
import { randomUUID } from 'node:crypto';
import type { components } from '@specbound/bugsmash/schema';
import type { BugsmashBackend } from './backend.ts';
import type { BugsmashHandlers } from './handlers.ts';
import { folderJson, projectListItem } from './json.ts';
import type { BsFolder } from './model.ts';
import { done, envelope, laravelTime, unprocessable } from './text.ts';

function checkProjects(b: BugsmashBackend, field: string, ids: readonly string[] | undefined): string[] {
  const list = ids === undefined ? [] : [...ids];
  list.forEach((id, i) => {
    if (!b.projects.has(id)) throw unprocessable(`${field}.${i}`, `The selected ${field}.${i} is invalid.`);
  });
  return list;
}

function moveProject(b: BugsmashBackend, projectId: string, folderId: string | null): void {
  const p = b.projects.get(projectId);
  if (p === undefined) return;
  p.folder_id = folderId;
  b.touch('bs.projects', p.id);
}

export function createFolder(
  b: BugsmashBackend,
  body: components['schemas']['CreateFolderRequest'],
): components['schemas']['Folder'] {
  const parentId = body.parentId ?? null;
  if (parentId !== null && !b.folders.has(parentId))
    throw unprocessable('parentId', 'The selected parent id is invalid.');
  const projectIds = checkProjects(b, 'projectIds', body.projectIds);
  const time = laravelTime();
  const folder: BsFolder = {
    id: randomUUID(),
    parent_id: parentId,
    name: body.name,
    share_access: 'private',
    created_at: time,
    updated_at: time,
  };
  b.folders.set(folder.id, folder);
  b.touch('bs.folders', folder.id);
  for (const id of projectIds) moveProject(b, id, folder.id);
  return folderJson(b, folder);
}

export function folderHandlers(
  b: BugsmashBackend,
): BugsmashHandlers<'listFolders' | 'getFolder' | 'createFolder' | 'updateFolder' | 'deleteFolder'> {
  return {
    listFolders: () =>
      envelope(
        'Folders',
        [...b.folders.values()].map((f) => folderJson(b, f)),
      ),
    getFolder: (ctx) => {
      const f = b.folder(ctx.params.path.folderId);
      return envelope('Folder details', {
        ...folderJson(b, f),
        projects: [...b.projects.values()].filter((p) => p.folder_id === f.id).map(projectListItem),
        folders: [...b.folders.values()].filter((c) => c.parent_id === f.id).map((c) => folderJson(b, c)),
        users: [{ name: b.workspace.owner_name, email: b.workspace.owner_email, role: 'owner' }],
      });
    },
    createFolder: (ctx) => envelope('Folder created', createFolder(b, ctx.body)),
    updateFolder: (ctx) => {
      const f = b.folder(ctx.params.path.folderId);
      const body = ctx.body;
      const add = checkProjects(b, 'addProjectIds', body.addProjectIds);
      const remove = checkProjects(b, 'removeProjectIds', body.removeProjectIds);
      if (body.name !== undefined) f.name = body.name;
      if (body.access !== undefined) f.share_access = body.access;
      for (const id of add) moveProject(b, id, f.id);
      for (const id of remove) if (b.projects.get(id)?.folder_id === f.id) moveProject(b, id, null);
      f.updated_at = laravelTime();
      b.touch('bs.folders', f.id);
      return envelope('Folder updated', folderJson(b, f));
    },
    deleteFolder: (ctx) => {
      const f = b.folder(ctx.params.path.folderId);
      for (const p of b.projects.values()) if (p.folder_id === f.id) moveProject(b, p.id, f.parent_id);
      for (const c of b.folders.values())
        if (c.parent_id === f.id) {
          c.parent_id = f.parent_id;
          b.touch('bs.folders', c.id);
        }
      b.folders.delete(f.id);
      b.touch('bs.folders', f.id);
      return done('Folder deleted');
    },
  };
}
