import { type Context, eachOf, op, someOf } from './context.js';

export function foldersApi(ctx: Context) {
  const list = op<'listFolders'>(ctx, 'GET', '/folders');
  return {
    list,
    iterate: eachOf(list),
    /** The folder with its projects and users (under keys that are unconfirmed). */
    get: op<'getFolder'>(ctx, 'GET', '/folder/{folderId}'),
    /** Creates a folder. The answer's payload is unconfirmed: returned as is. */
    create: op<'createFolder', unknown>(ctx, 'POST', '/folder', {
      required: ['name'],
      decode: ctx.read.unconfirmed,
    }),
    /** Renames, changes access or moves projects; at least one field. Returns the folder. */
    update: op<'updateFolder'>(ctx, 'PATCH', '/folder/{folderId}', {
      check: someOf('folderId', 'name, access, addProjectIds or removeProjectIds'),
    }),
    delete: op<'deleteFolder', unknown>(ctx, 'DELETE', '/folder/{folderId}', {
      decode: ctx.read.unconfirmed,
    }),
  };
}
