import { method, requireText, ValidationError } from '@specbound/http';
import { type Context, eachOf, op } from './context.js';
import { multipart } from './projects.js';
import type { JsonBodyOf, MultipartBodyOf } from './types.js';
import { type PathReader, resolveUpload, type UploadInput } from './uploads.js';

/** A new website version by URL: the JSON body of `POST /version`. */
export type CreateWebsiteVersionInput = JsonBodyOf<'createVersion'>;

/** A new file version: `projectId` plus one file (sent as multipart, field names unconfirmed). */
export type CreateFileVersionInput = Omit<MultipartBodyOf<'createVersion'>, 'file'> & { file: UploadInput };

export type CreateVersionParams = CreateWebsiteVersionInput | CreateFileVersionInput;

export function versionsApi(ctx: Context, readPath: PathReader | undefined) {
  const list = op<'listVersions'>(ctx, 'GET', '/versions', { required: ['projectId'] });
  const { raw } = ctx.caller;
  return {
    /** The project's versions (no pagination is known). */
    list,
    iterate: eachOf(list),
    get: op<'getVersion'>(ctx, 'GET', '/version/{versionId}'),
    /**
     * Adds a version: `{ projectId, websiteUrl }` as JSON, or `{ projectId, file }` as a multipart
     * upload. The answer's payload is unconfirmed: returned as is.
     */
    create: method<CreateVersionParams, unknown>(
      ctx.caller,
      async (params, init) => {
        requireText('projectId', params.projectId);
        if ('websiteUrl' in params) {
          if ('file' in params)
            throw new ValidationError('file', 'Pass either `websiteUrl` or `file`, not both.');
          requireText('websiteUrl', params.websiteUrl);
          return raw.request('POST', '/version', { body: params, ...init });
        }
        if (!('file' in params)) {
          throw new ValidationError('file', 'Pass `websiteUrl` (websites) or `file` (file projects).');
        }
        const part = await resolveUpload(params.file, 'file', readPath);
        const form = new FormData();
        form.append('projectId', params.projectId);
        form.append('file', part.blob, part.filename);
        return raw.request('POST', '/version', multipart(form, init));
      },
      { decode: ctx.read.unconfirmed },
    ),
    /** Deletes the version with its files and comments. */
    delete: op<'deleteVersion', unknown>(ctx, 'DELETE', '/version/{versionId}', {
      decode: ctx.read.unconfirmed,
    }),
  };
}
