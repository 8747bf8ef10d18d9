import { ValidationError } from '@specbound/http';
import { assertId, type CallOptions, type Context } from './context.js';
import { requireText } from './projects.js';
import type { JsonBodyOf, SuccessBody } from './types.js';

export function foldersApi(ctx: Context) {
  return {
    async list(options?: CallOptions): Promise<SuccessBody<'listFolders'>['data']> {
      const result = await ctx.client.GET('/folders', { ...ctx.init(options) });
      return ctx.payload(result);
    },

    /** The folder with its projects and users (under keys that are unconfirmed). */
    async get(folderId: string, options?: CallOptions): Promise<SuccessBody<'getFolder'>['data']> {
      assertId('folderId', folderId);
      const result = await ctx.client.GET('/folder/{folderId}', {
        params: { path: { folderId } },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /** Creates a folder. The answer's payload is unconfirmed: returned as is. */
    async create(body: JsonBodyOf<'createFolder'>, options?: CallOptions): Promise<unknown> {
      requireText('name', body.name);
      const result = await ctx.client.POST('/folder', { body, ...ctx.init(options) });
      return ctx.unconfirmed(result);
    },

    /** Renames, changes access or moves projects; at least one field. Returns the folder. */
    async update(
      folderId: string,
      body: JsonBodyOf<'updateFolder'>,
      options?: CallOptions,
    ): Promise<SuccessBody<'updateFolder'>['data']> {
      assertId('folderId', folderId);
      if (Object.values(body).every((value) => value === undefined)) {
        throw new ValidationError(
          'body',
          'Nothing to update: pass name, access, addProjectIds or removeProjectIds.',
        );
      }
      const result = await ctx.client.PATCH('/folder/{folderId}', {
        params: { path: { folderId } },
        body,
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    async delete(folderId: string, options?: CallOptions): Promise<unknown> {
      assertId('folderId', folderId);
      const result = await ctx.client.DELETE('/folder/{folderId}', {
        params: { path: { folderId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },
  };
}
