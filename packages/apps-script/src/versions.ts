import { assertPathParam, paginate } from '@specbound/http';
import { assertInt32, type Context, conditional, read, splitBody, write } from './core.js';
import type { CallOptions, ItemOf, ReadMethod, ReadParams, ResponseData, WriteParams } from './types.js';

export type CreateVersionParams = WriteParams<'createVersion'>;
export type GetVersionParams = ReadParams<'getVersion'>;
export type ListVersionsParams = ReadParams<'listVersions'>;
export type IterateVersionsParams = Omit<ListVersionsParams, 'ifNoneMatch'>;
type VersionList = ResponseData<'listVersions'>;

/** `projects.versions.*`. */
export function createVersions(context: Context) {
  const { raw } = context;

  const get = async (params: GetVersionParams, options?: CallOptions) => {
    const { scriptId, versionNumber, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    assertInt32('versionNumber', versionNumber);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/versions/{versionNumber}', {
        params: { path: { scriptId, versionNumber }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const list = async (params: ListVersionsParams, options?: CallOptions) => {
    const { scriptId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/versions', {
        params: { path: { scriptId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const typedList = list as ReadMethod<ListVersionsParams, VersionList>;

  return {
    /** Snapshots the current code as a new version: `{ scriptId, description? }`. */
    create: async (
      params: CreateVersionParams,
      options?: CallOptions,
    ): Promise<ResponseData<'createVersion'>> => {
      const { scriptId, ...rest } = params;
      assertPathParam('scriptId', scriptId);
      const { query, body } = splitBody(rest);
      return write(context, options, (init) =>
        raw.POST('/v1/projects/{scriptId}/versions', {
          params: { path: { scriptId }, query },
          body,
          ...init,
        }),
      );
    },
    /** Gets a version: `{ scriptId, versionNumber, fields?, ifNoneMatch? }`. */
    get: get as ReadMethod<GetVersionParams, ResponseData<'getVersion'>>,
    /** One page of versions: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
    list: typedList,
    /** Every version, page after page: `for await (const v of iterate({ scriptId }))` or `.all({ limit })`. */
    iterate: (params: IterateVersionsParams, options?: CallOptions) =>
      paginate<ItemOf<VersionList, 'versions'>, string>(async (cursor) => {
        const page = await typedList(
          cursor === undefined ? params : { ...params, pageToken: cursor },
          options,
        );
        return { items: page.versions ?? [], next: page.nextPageToken || undefined };
      }),
  };
}
