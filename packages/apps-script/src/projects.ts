import { assertInt32, readOperation, tokenIterate, writeOperation } from './core.js';
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

// Each operation is an operation function (`getProject(core, params)`) and, through the table at
// the end, a method of the client (`client.projects.get(params)`). Each definition is marked
// `@__PURE__` and its arguments are literals (a template literal with `${}` counts as a side
// effect for bundlers), so that a bundle keeps only the operations it calls.

/** `projects.create` as an operation function. */
export const createProject = /* @__PURE__ */ writeOperation<'createProject'>('POST', '/v1/projects');
/** `projects.get` as an operation function. */
export const getProject = /* @__PURE__ */ readOperation<'getProject'>('/v1/projects/{scriptId}');
/** `projects.getContent` as an operation function. */
export const getProjectContent = /* @__PURE__ */ readOperation<'getProjectContent'>(
  '/v1/projects/{scriptId}/content',
);
/** `projects.updateContent` as an operation function (the files are checked before sending). */
export const updateProjectContent = /* @__PURE__ */ writeOperation<'updateProjectContent'>(
  'PUT',
  '/v1/projects/{scriptId}/content',
  { check: (params) => assertValidContent(params.files) },
);
/** `projects.getMetrics` as an operation function. */
export const getProjectMetrics = /* @__PURE__ */ readOperation<'getProjectMetrics'>(
  '/v1/projects/{scriptId}/metrics',
);
/** `projects.deployments.create` as an operation function. */
export const createDeployment = /* @__PURE__ */ writeOperation<'createDeployment'>(
  'POST',
  '/v1/projects/{scriptId}/deployments',
);
/** `projects.deployments.get` as an operation function. */
export const getDeployment = /* @__PURE__ */ readOperation<'getDeployment'>(
  '/v1/projects/{scriptId}/deployments/{deploymentId}',
);
/** `projects.deployments.list` as an operation function. */
export const listDeployments = /* @__PURE__ */ readOperation<'listDeployments'>(
  '/v1/projects/{scriptId}/deployments',
);
/** `projects.deployments.iterate` as an operation function. */
export const iterateDeployments = /* @__PURE__ */ tokenIterate<IterateDeploymentsParams, Deployment>(
  listDeployments,
  'deployments',
);
/** `projects.deployments.update` as an operation function. */
export const updateDeployment = /* @__PURE__ */ writeOperation<'updateDeployment'>(
  'PUT',
  '/v1/projects/{scriptId}/deployments/{deploymentId}',
);
/** `projects.deployments.delete` as an operation function. */
export const deleteDeployment = /* @__PURE__ */ writeOperation<'deleteDeployment'>(
  'DELETE',
  '/v1/projects/{scriptId}/deployments/{deploymentId}',
);
/** `projects.versions.create` as an operation function. */
export const createVersion = /* @__PURE__ */ writeOperation<'createVersion'>(
  'POST',
  '/v1/projects/{scriptId}/versions',
);
/** `projects.versions.get` as an operation function (`versionNumber` must be an int32). */
export const getVersion = /* @__PURE__ */ readOperation<'getVersion'>(
  '/v1/projects/{scriptId}/versions/{versionNumber}',
  {
    check: (params) => assertInt32('versionNumber', params.versionNumber),
  },
);
/** `projects.versions.list` as an operation function. */
export const listVersions = /* @__PURE__ */ readOperation<'listVersions'>('/v1/projects/{scriptId}/versions');
/** `projects.versions.iterate` as an operation function. */
export const iterateVersions = /* @__PURE__ */ tokenIterate<IterateVersionsParams, Version>(
  listVersions,
  'versions',
);

/** `projects.*`: script projects, their content and metrics; `deployments` and `versions` below them. */
export const projects = {
  /** Creates a script project: `{ title, parentId }` (bound to a Drive file when `parentId` is set). */
  create: createProject,
  /** Gets a project's metadata: `{ scriptId, fields?, ifNoneMatch? }`. */
  get: getProject,
  /** Gets a project's files: `{ scriptId, versionNumber?, fields?, ifNoneMatch? }`. */
  getContent: getProjectContent,
  /**
   * Replaces every file of a project: `{ scriptId, files }`. The files are checked first
   * (exactly one `appsscript` JSON manifest, unique names, valid types); a bad set throws
   * `ContentValidationError` and nothing is sent.
   */
  updateContent: updateProjectContent,
  /** Gets usage metrics: `{ scriptId, metricsGranularity?, 'metricsFilter.deploymentId'?, ifNoneMatch? }`. */
  getMetrics: getProjectMetrics,
  deployments: {
    /** Creates a deployment from a version: `{ scriptId, versionNumber, manifestFileName?, description? }`. */
    create: createDeployment,
    /** Gets a deployment: `{ scriptId, deploymentId, fields?, ifNoneMatch? }`. */
    get: getDeployment,
    /** One page of deployments: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
    list: listDeployments,
    /** Every deployment, page after page: `for await (const d of iterate({ scriptId }))` or `.all({ limit })`. */
    iterate: iterateDeployments,
    /** Points a deployment at another configuration: `{ scriptId, deploymentId, deploymentConfig }`. */
    update: updateDeployment,
    /** Deletes (undeploys) a deployment: `{ scriptId, deploymentId }`. Resolves to `{}`. */
    delete: deleteDeployment,
  },
  versions: {
    /** Snapshots the current code as a new version: `{ scriptId, description? }`. */
    create: createVersion,
    /** Gets a version: `{ scriptId, versionNumber, fields?, ifNoneMatch? }`. */
    get: getVersion,
    /** One page of versions: `{ scriptId, pageSize?, pageToken?, ifNoneMatch? }`. */
    list: listVersions,
    /** Every version, page after page: `for await (const v of iterate({ scriptId }))` or `.all({ limit })`. */
    iterate: iterateVersions,
  },
};
