// Deployments: a version plus config; the first is the read-only HEAD deployment.
import type { components } from '@specbound/apps-script/schema';
import type { AppsScriptBackend } from './backend.ts';
import { newDeploymentId, nowIso, page } from './backend.ts';
import { MANIFEST } from './content.ts';
import { failedPrecondition, invalidArgument, MAX_VERSIONED_DEPLOYMENTS } from './errors.ts';
import { type AppsScriptHandlers, ok } from './handlers.ts';
import { deploymentJson } from './json.ts';
import type { AsDeployment, AsProject } from './model.ts';

type Config = components['schemas']['DeploymentConfig'];

function checkConfig(
  project: AsProject,
  config: Config | undefined,
): { versionNumber: number; manifestFileName: string } {
  if (config === undefined) throw invalidArgument('Deployment config must be set.', 'deploymentConfig');
  if (config.scriptId !== undefined && config.scriptId !== project.scriptId)
    throw invalidArgument(`Script ID ${config.scriptId} does not match ${project.scriptId}.`, 'scriptId');
  const versionNumber = config.versionNumber;
  if (versionNumber === undefined) throw invalidArgument('Version number must be set.', 'versionNumber');
  if (!project.versions.some((v) => v.versionNumber === versionNumber))
    throw invalidArgument(`Version ${versionNumber} does not exist.`, 'versionNumber');
  const manifestFileName = config.manifestFileName ?? MANIFEST;
  if (manifestFileName !== MANIFEST)
    throw invalidArgument(`Manifest file ${manifestFileName} does not exist.`, 'manifestFileName');
  return { versionNumber, manifestFileName };
}

function createDeployment(b: AppsScriptBackend, scriptId: string, config: Config): AsDeployment {
  const project = b.project(scriptId);
  const { versionNumber, manifestFileName } = checkConfig(project, config);
  // Google's body, as observed: 400 FAILED_PRECONDITION; the HEAD deployment is not counted.
  if (project.deployments.filter((x) => x.versionNumber !== undefined).length >= MAX_VERSIONED_DEPLOYMENTS)
    throw failedPrecondition(
      `Scripts may only have up to ${MAX_VERSIONED_DEPLOYMENTS} versioned deployments at a time.`,
    );
  const d: AsDeployment = {
    deploymentId: newDeploymentId(),
    versionNumber,
    manifestFileName,
    updateTime: nowIso(),
  };
  if (config.description !== undefined) d.description = config.description;
  project.deployments.push(d);
  b.touch('as.projects', scriptId);
  return d;
}

export function deploymentHandlers(
  b: AppsScriptBackend,
): AppsScriptHandlers<
  'createDeployment' | 'getDeployment' | 'listDeployments' | 'updateDeployment' | 'deleteDeployment'
> {
  return {
    createDeployment: (ctx) => {
      const scriptId = ctx.params.path.scriptId;
      const d = createDeployment(b, scriptId, ctx.body);
      return ok(deploymentJson(b, b.project(scriptId), d));
    },
    getDeployment: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      return ok(deploymentJson(b, project, b.deployment(project, ctx.params.path.deploymentId)));
    },
    listDeployments: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      const { items, next } = page(
        project.deployments,
        ctx.params.query.pageSize,
        ctx.params.query.pageToken,
      );
      const out: components['schemas']['ListDeploymentsResponse'] = {};
      if (items.length > 0) out.deployments = items.map((d) => deploymentJson(b, project, d));
      if (next !== undefined) out.nextPageToken = next;
      return ok(out);
    },
    updateDeployment: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      const d = b.deployment(project, ctx.params.path.deploymentId);
      if (d.versionNumber === undefined) throw invalidArgument('Read-only deployments may not be modified.');
      const config = ctx.body.deploymentConfig;
      const { versionNumber, manifestFileName } = checkConfig(project, config);
      d.versionNumber = versionNumber;
      d.manifestFileName = manifestFileName;
      if (config?.description !== undefined) d.description = config.description;
      d.updateTime = nowIso();
      b.touch('as.projects', project.scriptId);
      return ok(deploymentJson(b, project, d));
    },
    deleteDeployment: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      const d = b.deployment(project, ctx.params.path.deploymentId);
      if (d.versionNumber === undefined) throw invalidArgument('Read-only deployments may not be modified.');
      project.deployments = project.deployments.filter((x) => x !== d);
      b.touch('as.projects', project.scriptId);
      return ok({});
    },
  };
}
