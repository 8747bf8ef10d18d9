import { assertPathParam, paginate } from '@specbound/http';
import { type Context, conditional, read, splitBody, write } from './core.js';
import type { CallOptions, ItemOf, ReadMethod, ReadParams, ResponseData, WriteParams } from './types.js';

export type CreateDeploymentParams = WriteParams<'createDeployment'>;
export type GetDeploymentParams = ReadParams<'getDeployment'>;
export type ListDeploymentsParams = ReadParams<'listDeployments'>;
export type IterateDeploymentsParams = Omit<ListDeploymentsParams, 'ifNoneMatch'>;
export type UpdateDeploymentParams = WriteParams<'updateDeployment'>;
export type DeleteDeploymentParams = WriteParams<'deleteDeployment'>;
type DeploymentList = ResponseData<'listDeployments'>;

/** `projects.deployments.*`. */
export function createDeployments(context: Context) {
  const { raw } = context;

  const get = async (params: GetDeploymentParams, options?: CallOptions) => {
    const { scriptId, deploymentId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    assertPathParam('deploymentId', deploymentId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/deployments/{deploymentId}', {
        params: { path: { scriptId, deploymentId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const list = async (params: ListDeploymentsParams, options?: CallOptions) => {
    const { scriptId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/deployments', {
        params: { path: { scriptId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const typedList = list as ReadMethod<ListDeploymentsParams, DeploymentList>;

  return {
    /** Creates a deployment from a version: `{ scriptId, versionNumber, manifestFileName?, description? }`. */
    create: async (
      params: CreateDeploymentParams,
      options?: CallOptions,
    ): Promise<ResponseData<'createDeployment'>> => {
      const { scriptId, ...rest } = params;
      assertPathParam('scriptId', scriptId);
      const { query, body } = splitBody(rest);
      return write(context, options, (init) =>
        raw.POST('/v1/projects/{scriptId}/deployments', {
          params: { path: { scriptId }, query },
          body,
          ...init,
        }),
      );
    },
    /** Gets a deployment: `{ scriptId, deploymentId, fields?, ifNoneMatch? }`. */
    get: get as ReadMethod<GetDeploymentParams, ResponseData<'getDeployment'>>,
    /** One page of deployments: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
    list: typedList,
    /** Every deployment, page after page: `for await (const d of iterate({ scriptId }))` or `.all({ limit })`. */
    iterate: (params: IterateDeploymentsParams, options?: CallOptions) =>
      paginate<ItemOf<DeploymentList, 'deployments'>, string>(async (cursor) => {
        const page = await typedList(
          cursor === undefined ? params : { ...params, pageToken: cursor },
          options,
        );
        return { items: page.deployments ?? [], next: page.nextPageToken || undefined };
      }),
    /** Points a deployment at another configuration: `{ scriptId, deploymentId, deploymentConfig }`. */
    update: async (
      params: UpdateDeploymentParams,
      options?: CallOptions,
    ): Promise<ResponseData<'updateDeployment'>> => {
      const { scriptId, deploymentId, ...rest } = params;
      assertPathParam('scriptId', scriptId);
      assertPathParam('deploymentId', deploymentId);
      const { query, body } = splitBody(rest);
      return write(context, options, (init) =>
        raw.PUT('/v1/projects/{scriptId}/deployments/{deploymentId}', {
          params: { path: { scriptId, deploymentId }, query },
          body,
          ...init,
        }),
      );
    },
    /** Deletes (undeploys) a deployment: `{ scriptId, deploymentId }`. Resolves to `{}`. */
    delete: async (
      params: DeleteDeploymentParams,
      options?: CallOptions,
    ): Promise<ResponseData<'deleteDeployment'>> => {
      const { scriptId, deploymentId, ...query } = params;
      assertPathParam('scriptId', scriptId);
      assertPathParam('deploymentId', deploymentId);
      return write(context, options, (init) =>
        raw.DELETE('/v1/projects/{scriptId}/deployments/{deploymentId}', {
          params: { path: { scriptId, deploymentId }, query },
          ...init,
        }),
      );
    },
  };
}
