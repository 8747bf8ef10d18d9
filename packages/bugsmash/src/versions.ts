import { ValidationError } from '@specbound/http';
import { assertId, type CallOptions, type Context } from './context.js';
import { requireText } from './projects.js';
import type { JsonBodyOf, MultipartBodyOf, SuccessBody } from './types.js';
import { type PathReader, resolveUpload, type UploadInput } from './uploads.js';

/** A new website version by URL: the JSON body of `POST /version`. */
export type CreateWebsiteVersionInput = JsonBodyOf<'createVersion'>;

/** A new file version: `projectId` plus one file (sent as multipart, field names unconfirmed). */
export type CreateFileVersionInput = Omit<MultipartBodyOf<'createVersion'>, 'file'> & { file: UploadInput };

export type UploadVersionInput = CreateWebsiteVersionInput | CreateFileVersionInput;

export function versionsApi(ctx: Context, readPath: PathReader | undefined) {
  return {
    async get(versionId: string, options?: CallOptions): Promise<SuccessBody<'getVersion'>['data']> {
      assertId('versionId', versionId);
      const result = await ctx.client.GET('/version/{versionId}', {
        params: { path: { versionId } },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /** The project's versions (no pagination is known). */
    async list(projectId: string, options?: CallOptions): Promise<SuccessBody<'listVersions'>['data']> {
      requireText('projectId', projectId);
      const result = await ctx.client.GET('/versions', {
        params: { query: { projectId } },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /**
     * Adds a version: `{ projectId, websiteUrl }` as JSON, or `{ projectId, file }` as a multipart
     * upload. The answer's payload is unconfirmed: returned as is.
     */
    async upload(input: UploadVersionInput, options?: CallOptions): Promise<unknown> {
      requireText('projectId', input.projectId);
      const init = ctx.init(options);
      if ('websiteUrl' in input) {
        if ('file' in input)
          throw new ValidationError('file', 'Pass either `websiteUrl` or `file`, not both.');
        requireText('websiteUrl', input.websiteUrl);
        const result = await ctx.client.POST('/version', { body: input, ...init });
        return ctx.unconfirmed(result);
      }
      if (!('file' in input))
        throw new ValidationError('file', 'Pass `websiteUrl` (websites) or `file` (file projects).');
      const part = await resolveUpload(input.file, 'file', readPath);
      const form = new FormData();
      form.append('projectId', input.projectId);
      form.append('file', part.blob, part.filename);
      const result = await ctx.client.POST('/version', {
        // openapi-typescript types binary parts as strings; the real body is the FormData built above.
        body: form as unknown as MultipartBodyOf<'createVersion'>,
        bodySerializer: (body) => body,
        ...init,
      });
      return ctx.unconfirmed(result);
    },

    /** Deletes the version with its files and comments. */
    async delete(versionId: string, options?: CallOptions): Promise<unknown> {
      assertId('versionId', versionId);
      const result = await ctx.client.DELETE('/version/{versionId}', {
        params: { path: { versionId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },
  };
}
