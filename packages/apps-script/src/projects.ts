import { type CallOptions, type Paginator, tokenPages } from '@specbound/http';
import { assertInt32, type Context, reader, writer } from './core.js';
import { assertValidContent } from './manifest.js';
import type { Deployment, ReadParams, Version, WriteParams } from './types.js';

export type CreateProjectParams = WriteParams<'createProject'>;
export type GetProjectParams = ReadParams<'getProject'>;
export type GetProjectContentParams = ReadParams<'getProjectContent'>;
export type UpdateProjectContentParams = WriteParams<'updateProjectContent'>;
export type GetProjectMetricsParams = ReadParams<'getProjectMetrics'>;
export type CreateDeploymentParams = WriteParams<'createDeployment'>;
export type GetDeploymentParams = ReadParams<'getDeployment'>;
export type ListDeploymentsParams = ReadParams<'listDeployments'>;
export type IterateDeploymentsParams = Omit<ListDeploymentsParams, 'ifNoneMatch' | 'pageToken'>;
export type UpdateDeploymentParams = WriteParams<'updateDeployment'>;
export type DeleteDeploymentParams = WriteParams<'deleteDeployment'>;
export type CreateVersionParams = WriteParams<'createVersion'>;
export type GetVersionParams = ReadParams<'getVersion'>;
export type ListVersionsParams = ReadParams<'listVersions'>;
export type IterateVersionsParams = Omit<ListVersionsParams, 'ifNoneMatch' | 'pageToken'>;

const PROJECT = '/v1/projects/{scriptId}';
const DEPLOYMENT = `${PROJECT}/deployments/{deploymentId}`;
const VERSION = `${PROJECT}/versions/{versionNumber}`;

/** `projects.*`: script projects, their content and metrics; `deployments` and `versions` below them. */
export function createProjects(ctx: Context) {
  const listDeployments = reader<'listDeployments'>(ctx, `${PROJECT}/deployments`);
  const listVersions = reader<'listVersions'>(ctx, `${PROJECT}/versions`);
  return {
    /** Creates a script project: `{ title, parentId }` (bound to a Drive file when `parentId` is set). */
    create: writer<'createProject'>(ctx, 'POST', '/v1/projects'),
    /** Gets a project's metadata: `{ scriptId, fields?, ifNoneMatch? }`. */
    get: reader<'getProject'>(ctx, PROJECT),
    /** Gets a project's files: `{ scriptId, versionNumber?, fields?, ifNoneMatch? }`. */
    getContent: reader<'getProjectContent'>(ctx, `${PROJECT}/content`),
    /**
     * Replaces every file of a project: `{ scriptId, files }`. The files are checked first
     * (exactly one `appsscript` JSON manifest, unique names, valid types); a bad set throws
     * `ContentValidationError` and nothing is sent.
     */
    updateContent: writer<'updateProjectContent'>(ctx, 'PUT', `${PROJECT}/content`, {
      check: (params) => assertValidContent(params.files),
    }),
    /** Gets usage metrics: `{ scriptId, metricsGranularity?, 'metricsFilter.deploymentId'?, ifNoneMatch? }`. */
    getMetrics: reader<'getProjectMetrics'>(ctx, `${PROJECT}/metrics`),
    deployments: {
      /** Creates a deployment from a version: `{ scriptId, versionNumber, manifestFileName?, description? }`. */
      create: writer<'createDeployment'>(ctx, 'POST', `${PROJECT}/deployments`),
      /** Gets a deployment: `{ scriptId, deploymentId, fields?, ifNoneMatch? }`. */
      get: reader<'getDeployment'>(ctx, DEPLOYMENT),
      /** One page of deployments: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
      list: listDeployments,
      /** Every deployment, page after page: `for await (const d of iterate({ scriptId }))` or `.all({ limit })`. */
      iterate: (params: IterateDeploymentsParams, options?: CallOptions): Paginator<Deployment> =>
        tokenPages(listDeployments, 'deployments', params, options),
      /** Points a deployment at another configuration: `{ scriptId, deploymentId, deploymentConfig }`. */
      update: writer<'updateDeployment'>(ctx, 'PUT', DEPLOYMENT),
      /** Deletes (undeploys) a deployment: `{ scriptId, deploymentId }`. Resolves to `{}`. */
      delete: writer<'deleteDeployment'>(ctx, 'DELETE', DEPLOYMENT),
    },
    versions: {
      /** Snapshots the current code as a new version: `{ scriptId, description? }`. */
      create: writer<'createVersion'>(ctx, 'POST', `${PROJECT}/versions`),
      /** Gets a version: `{ scriptId, versionNumber, fields?, ifNoneMatch? }`. */
      get: reader<'getVersion'>(ctx, VERSION, {
        check: (params) => assertInt32('versionNumber', params.versionNumber),
      }),
      /** One page of versions: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
      list: listVersions,
      /** Every version, page after page: `for await (const v of iterate({ scriptId }))` or `.all({ limit })`. */
      iterate: (params: IterateVersionsParams, options?: CallOptions): Paginator<Version> =>
        tokenPages(listVersions, 'versions', params, options),
    },
  };
}
