import { define, method, requireText, ValidationError } from '@specbound/http';
import { type Context, eachOf, op } from './context.js';
import type { JsonBodyOf, MultipartBodyOf } from './types.js';
import { resolveUpload, type UploadInput } from './uploads.js';

/** A new website version by URL: the JSON body of `POST /version`. */
export type CreateWebsiteVersionInput = JsonBodyOf<'createVersion'>;

/** A new file version: `projectId` plus one file (sent as multipart, field names unconfirmed). */
export type CreateFileVersionInput = Omit<MultipartBodyOf<'createVersion'>, 'file'> & { file: UploadInput };

export type CreateVersionParams = CreateWebsiteVersionInput | CreateFileVersionInput;

/** `versions.list` as an operation function. */
export const listVersions = /* @__PURE__ */ op<'listVersions'>('GET', '/versions', {
  required: ['projectId'],
});
/** `versions.iterate` as an operation function. */
export const iterateVersions = /* @__PURE__ */ eachOf(listVersions);
/** `versions.get` as an operation function. */
export const getVersion = /* @__PURE__ */ op<'getVersion'>('GET', '/version/{versionId}');
/** `versions.create` as an operation function: a website version by URL, or a file version (multipart). */
export const createVersion = /* @__PURE__ */ define((ctx: Context) =>
  method<CreateVersionParams, unknown>(
    ctx.caller,
    async (params, init) => {
      requireText('projectId', params.projectId);
      if ('websiteUrl' in params) {
        if ('file' in params)
          throw new ValidationError('file', 'Pass either `websiteUrl` or `file`, not both.');
        requireText('websiteUrl', params.websiteUrl);
        return ctx.caller.raw.request('POST', '/version', { body: params, ...init });
      }
      if (!('file' in params)) {
        throw new ValidationError('file', 'Pass `websiteUrl` (websites) or `file` (file projects).');
      }
      const part = await resolveUpload(params.file, 'file', ctx.readPath);
      const form = new FormData();
      form.append('projectId', params.projectId);
      form.append('file', part.blob, part.filename);
      // openapi-fetch sends a FormData body as it is (multipart, with the platform's boundary).
      return ctx.caller.raw.request('POST', '/version', { body: form, ...init });
    },
    { decode: ctx.read.unconfirmed },
  ),
);
/** `versions.delete` as an operation function. */
export const deleteVersion = /* @__PURE__ */ op<'deleteVersion', unknown>('DELETE', '/version/{versionId}', {
  read: 'unconfirmed',
});

/** `versions.*`. */
export const versions = {
  /** The project's versions (no pagination is known). */
  list: listVersions,
  iterate: iterateVersions,
  get: getVersion,
  /**
   * Adds a version: `{ projectId, websiteUrl }` as JSON, or `{ projectId, file }` as a multipart
   * upload. The answer's payload is unconfirmed: returned as is.
   */
  create: createVersion,
  /** Deletes the version with its files and comments. */
  delete: deleteVersion,
};
