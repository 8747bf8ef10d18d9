import { eachOf, op, someOf } from './context.js';

/** `folders.list` as an operation function. */
export const listFolders = /* @__PURE__ */ op<'listFolders'>('GET', '/folders');
/** `folders.iterate` as an operation function. */
export const iterateFolders = /* @__PURE__ */ eachOf(listFolders);
/** `folders.get` as an operation function. */
export const getFolder = /* @__PURE__ */ op<'getFolder'>('GET', '/folder/{folderId}');
/** `folders.create` as an operation function. */
export const createFolder = /* @__PURE__ */ op<'createFolder', unknown>('POST', '/folder', {
  required: ['name'],
  read: 'unconfirmed',
});
/** `folders.update` as an operation function. */
export const updateFolder = /* @__PURE__ */ op<'updateFolder'>('PATCH', '/folder/{folderId}', {
  check: /* @__PURE__ */ someOf('folderId', 'name, access, addProjectIds or removeProjectIds'),
});
/** `folders.delete` as an operation function. */
export const deleteFolder = /* @__PURE__ */ op<'deleteFolder', unknown>('DELETE', '/folder/{folderId}', {
  read: 'unconfirmed',
});

/** `folders.*`. */
export const folders = {
  list: listFolders,
  iterate: iterateFolders,
  /** The folder with its projects and users (under keys that are unconfirmed). */
  get: getFolder,
  /** Creates a folder. The answer's payload is unconfirmed: returned as is. */
  create: createFolder,
  /** Renames, changes access or moves projects; at least one field. Returns the folder. */
  update: updateFolder,
  delete: deleteFolder,
};
