import { tokenIterate } from '@specbound/http';
import { type Context, driveOperation, STANDARD_PARAMS } from './core.js';
import type { DriveFile, Params, ResponseData } from './types.js';

export type ListFilesParams = Params<'listFiles'>;
export type IterateFilesParams = Omit<ListFilesParams, 'pageToken'>;
export type GetFileParams = Params<'getFile'>;
export type CreateFileParams = Params<'createFile'>;
export type DeleteFileParams = Params<'deleteFile'>;

// Each operation is an operation function (`getFile(core, params)`) and, through the table at the
// end, a method of the client (`client.files.get(params)`). Each definition is marked `@__PURE__`
// with literal arguments, so that a bundle keeps only the operations it calls.

/** `files.list` as an operation function: one page. */
export const listFiles = /* @__PURE__ */ driveOperation<ListFilesParams, ResponseData<'listFiles'>>(
  'GET',
  '/drive/v3/files',
);
/** `files.list`, every file page after page, as an operation function. */
export const iterateFiles = /* @__PURE__ */ tokenIterate<Context, IterateFilesParams, DriveFile>(
  listFiles,
  'files',
);
/** `files.get` as an operation function. */
export const getFile = /* @__PURE__ */ driveOperation<GetFileParams, ResponseData<'getFile'>>(
  'GET',
  '/drive/v3/files/{fileId}',
);
// `files.create` sends its body's fields in the body and these in the query. Pure, so that a
// bundle without `createFile` leaves the set out.
const CREATE_QUERY: ReadonlySet<string> = /* @__PURE__ */ new Set([
  ...STANDARD_PARAMS,
  'supportsAllDrives',
  'ignoreDefaultVisibility',
  'keepRevisionForever',
]);
/** `files.create` (metadata only) as an operation function. */
export const createFile = /* @__PURE__ */ driveOperation<CreateFileParams, ResponseData<'createFile'>>(
  'POST',
  '/drive/v3/files',
  { query: CREATE_QUERY },
);
/** `files.delete` as an operation function: resolves to `undefined` (Drive answers 204). */
export const deleteFile = /* @__PURE__ */ driveOperation<DeleteFileParams, undefined>(
  'DELETE',
  '/drive/v3/files/{fileId}',
);

/** `files.*`: the files of the user's Drive, Apps Script projects and their containers among them. */
export const files = {
  /** One page of files: `{ q?, fields?, pageSize?, pageToken?, orderBy?, spaces?, … }`. */
  list: listFiles,
  /** Every file, page after page: `for await (const f of iterate({ q }))` or `.all({ limit })`. */
  iterate: iterateFiles,
  /** A file's metadata: `{ fileId, fields? }`. */
  get: getFile,
  /** Creates a file from metadata: `{ name, mimeType, parents? }` (an empty Sheets file, say). */
  create: createFile,
  /** Deletes a file for good (no trash): `{ fileId }`. Bound scripts of a container go with it. */
  delete: deleteFile,
};
