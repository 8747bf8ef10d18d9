import { assertPathParam } from '@specbound/http';
import { type Context, conditional, read, splitBody, write } from './core.js';
import { createDeployments } from './deployments.js';
import { assertValidContent } from './manifest.js';
import type { CallOptions, ReadMethod, ReadParams, ResponseData, WriteParams } from './types.js';
import { createVersions } from './versions.js';

export type CreateProjectParams = WriteParams<'createProject'>;
export type GetProjectParams = ReadParams<'getProject'>;
export type GetProjectContentParams = ReadParams<'getProjectContent'>;
export type UpdateProjectContentParams = WriteParams<'updateProjectContent'>;
export type GetProjectMetricsParams = ReadParams<'getProjectMetrics'>;

/** `projects.*`: script projects, their content and metrics; `deployments` and `versions` below them. */
export function createProjects(context: Context) {
  const { raw } = context;

  const get = async (params: GetProjectParams, options?: CallOptions) => {
    const { scriptId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}', {
        params: { path: { scriptId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const getContent = async (params: GetProjectContentParams, options?: CallOptions) => {
    const { scriptId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/content', {
        params: { path: { scriptId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  const getMetrics = async (params: GetProjectMetricsParams, options?: CallOptions) => {
    const { scriptId, ifNoneMatch, ...query } = params;
    assertPathParam('scriptId', scriptId);
    return read(context, options, (init) =>
      raw.GET('/v1/projects/{scriptId}/metrics', {
        params: { path: { scriptId }, query, ...conditional(ifNoneMatch) },
        ...init,
      }),
    );
  };

  return {
    /** Creates a script project: `{ title, parentId }` (bound to a Drive file when `parentId` is set). */
    create: async (
      params: CreateProjectParams,
      options?: CallOptions,
    ): Promise<ResponseData<'createProject'>> => {
      const { query, body } = splitBody(params);
      return write(context, options, (init) =>
        raw.POST('/v1/projects', { params: { query }, body, ...init }),
      );
    },
    /** Gets a project's metadata: `{ scriptId, fields?, ifNoneMatch? }`. */
    get: get as ReadMethod<GetProjectParams, ResponseData<'getProject'>>,
    /** Gets a project's files: `{ scriptId, versionNumber?, fields?, ifNoneMatch? }`. */
    getContent: getContent as ReadMethod<GetProjectContentParams, ResponseData<'getProjectContent'>>,
    /**
     * Replaces every file of a project: `{ scriptId, files }`. The files are checked first
     * (exactly one `appsscript` JSON manifest, unique names, valid types); a bad set throws
     * `ContentValidationError` and nothing is sent.
     */
    updateContent: async (
      params: UpdateProjectContentParams,
      options?: CallOptions,
    ): Promise<ResponseData<'updateProjectContent'>> => {
      const { scriptId, ...rest } = params;
      assertPathParam('scriptId', scriptId);
      assertValidContent(rest.files);
      const { query, body } = splitBody(rest);
      return write(context, options, (init) =>
        raw.PUT('/v1/projects/{scriptId}/content', { params: { path: { scriptId }, query }, body, ...init }),
      );
    },
    /** Gets usage metrics: `{ scriptId, metricsGranularity?, 'metricsFilter.deploymentId'?, ifNoneMatch? }`. */
    getMetrics: getMetrics as ReadMethod<GetProjectMetricsParams, ResponseData<'getProjectMetrics'>>,
    deployments: createDeployments(context),
    versions: createVersions(context),
  };
}
