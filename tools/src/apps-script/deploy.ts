// Versions and deployments: create and list versions, deploy (updating the existing deployment so its
// id and web-app URL stay), list and delete deployments.
import type { AppsScriptClient, Deployment, Version } from '@specbound/apps-script';
import { ToolsError, UsageError } from '../errors.js';
import { type CapWarning, deploymentCapWarning, versionCapWarning } from './caps.js';
import { loadProject, writeState } from './config.js';
import { patchWebApp, type WebAppPatch, type WebAppSettings } from './webapp-access.js';

/** Creates an immutable version of the project's current content. */
export async function createVersion(
  client: AppsScriptClient,
  options: { scriptId: string; description?: string | undefined },
): Promise<Version> {
  return client.projects.versions.create({
    scriptId: options.scriptId,
    ...(options.description === undefined ? {} : { description: options.description }),
  });
}

/** Every version of the project, newest first. */
export async function listVersions(
  client: AppsScriptClient,
  options: { scriptId: string },
): Promise<Version[]> {
  const versions = await client.projects.versions.iterate({ scriptId: options.scriptId }).all();
  return versions.sort((a, b) => (b.versionNumber ?? 0) - (a.versionNumber ?? 0));
}

/** Every deployment of the project (the HEAD deployment included), as the service lists them. */
export async function listDeployments(
  client: AppsScriptClient,
  options: { scriptId: string },
): Promise<Deployment[]> {
  return client.projects.deployments.iterate({ scriptId: options.scriptId }).all();
}

/** The HEAD (development) deployment has no version: it always serves the latest saved code. */
export function isHeadDeployment(deployment: Deployment): boolean {
  return deployment.deploymentConfig?.versionNumber === undefined;
}

export interface DeployOptions {
  scriptId: string;
  /** Update this deployment (it must exist: checked before a version is created). */
  deploymentId?: string | undefined;
  /** Create a new deployment even when one exists (a staging next to production). */
  newDeployment?: boolean | undefined;
  /** Deploy this version; by default a new version is created from the current content. */
  versionNumber?: number | undefined;
  description?: string | undefined;
  /**
   * A project directory: its recorded deployment (state file, or `deploymentId` in `.clasp.json`) is
   * updated when no `deploymentId` is given, and the deployment used is recorded for next time (a new
   * deployment made with `newDeployment` only when none was recorded, so it never replaces production).
   */
  dir?: string | undefined;
  /**
   * Web-app access and "execute as": the manifest's `webapp` block is patched on the service (see
   * `patchWebApp`) before the version is created, so it needs a new version (not `versionNumber`).
   */
  webApp?: WebAppSettings | undefined;
}

export interface DeployResult {
  deployment: Deployment;
  deploymentId: string;
  versionNumber: number;
  /** True when this deploy created the version. */
  versionCreated: boolean;
  /** `updated`: an existing deployment now serves the version (same id, same URL); `created`: a new one. */
  action: 'updated' | 'created';
  /** Web-app URL, when the manifest makes it a web app. */
  webAppUrl: string | undefined;
  /** What `webApp` changed in the manifest (undefined when it was not asked). */
  webAppPatch: WebAppPatch | undefined;
  /** The project is near Google's cap of versions or of deployments (the deploy itself succeeded). */
  warnings: CapWarning[];
}

/**
 * Deploys a version. The deployment updated is, in order: `deploymentId`; the one recorded for the
 * project directory; the project's only versioned deployment. A deployment is created only when
 * there is none or `newDeployment` asks for one; with several and none named or recorded, it asks
 * which (a `UsageError`).
 */
export async function deploy(client: AppsScriptClient, options: DeployOptions): Promise<DeployResult> {
  const project = options.dir === undefined ? undefined : await loadProject(options.dir);
  if (project !== undefined && project.scriptId !== options.scriptId) {
    throw new UsageError(`The project directory belongs to ${project.scriptId}, not ${options.scriptId}.`);
  }
  const webApp = options.webApp ?? {};
  const patchAsked = webApp.access !== undefined || webApp.executeAs !== undefined;
  if (patchAsked && options.versionNumber !== undefined) {
    throw new UsageError('Web-app access is set in the manifest of a new version, not of an existing one.', {
      code: 'deploy-access-with-version',
      details: { versionNumber: String(options.versionNumber) },
    });
  }
  const recorded = project?.state.deploymentId ?? project?.config.deploymentId;
  const target = await deploymentToUpdate(client, options, recorded);
  const webAppPatch = patchAsked
    ? await patchWebApp(client, { scriptId: options.scriptId, settings: webApp, dir: options.dir })
    : undefined;
  const { versionNumber, versionCreated } = await versionToDeploy(client, options);
  const deploymentConfig = {
    scriptId: options.scriptId,
    versionNumber,
    manifestFileName: 'appsscript',
    ...(options.description === undefined ? {} : { description: options.description }),
  };

  let deployment: Deployment | undefined;
  let action: DeployResult['action'] = 'updated';
  if (target !== undefined) {
    try {
      deployment = await client.projects.deployments.update({
        scriptId: options.scriptId,
        deploymentId: target,
        deploymentConfig,
      });
    } catch (error) {
      // A recorded deployment that was deleted since: make a new one. A named one must exist.
      if (!isNotFound(error) || options.deploymentId !== undefined) throw error;
    }
  }
  if (deployment === undefined) {
    deployment = await client.projects.deployments.create(deploymentConfig);
    action = 'created';
  }
  const deploymentId = deployment.deploymentId;
  if (deploymentId === undefined) {
    throw new ToolsError('The service answered the deployment without its id.', {
      code: 'deployment-without-id',
      details: { scriptId: options.scriptId },
    });
  }
  const record = options.newDeployment !== true || project?.state.deploymentId === undefined;
  if (project !== undefined && record && project.state.deploymentId !== deploymentId) {
    // Read again: patching the web app settings may have updated the sync record meanwhile.
    const { state } = await loadProject(project.root);
    await writeState(project.root, { ...state, deploymentId });
  }
  const warnings = [
    versionCreated ? await versionCapWarning(client, options.scriptId, versionNumber) : undefined,
    action === 'created' ? await deploymentCapWarning(client, options.scriptId) : undefined,
  ].filter((w) => w !== undefined);
  return {
    deployment,
    deploymentId,
    versionNumber,
    versionCreated,
    action,
    webAppUrl: deployment.entryPoints?.find((e) => e.entryPointType === 'WEB_APP')?.webApp?.url,
    webAppPatch,
    warnings,
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'status' in error && error.status === 404;
}

/** The deployment a deploy updates (undefined: create one); a named one is checked to exist first. */
async function deploymentToUpdate(
  client: AppsScriptClient,
  options: DeployOptions,
  recorded: string | undefined,
): Promise<string | undefined> {
  if (options.deploymentId !== undefined && options.newDeployment === true) {
    throw new UsageError('A new deployment cannot also update an existing one.', {
      code: 'deployment-new-and-named',
      details: { deploymentId: options.deploymentId },
    });
  }
  if (options.newDeployment === true) return undefined;
  if (options.deploymentId !== undefined) {
    await requireDeployment(client, options.scriptId, options.deploymentId);
    return options.deploymentId;
  }
  if (recorded !== undefined) return recorded;
  const versioned = (await listDeployments(client, { scriptId: options.scriptId })).filter(
    (d) => !isHeadDeployment(d),
  );
  if (versioned.length > 1) {
    throw new UsageError(
      `The project has ${versioned.length} deployments and none is recorded for this directory: ${versioned
        .map((d) => d.deploymentId)
        .join(', ')}.`,
      { code: 'deployment-ambiguous', details: { scriptId: options.scriptId } },
    );
  }
  return versioned[0]?.deploymentId;
}

/** Throws `deployment-not-found` (naming it) when the project has no such deployment. */
async function requireDeployment(client: AppsScriptClient, scriptId: string, deploymentId: string) {
  try {
    await client.projects.deployments.get({ scriptId, deploymentId });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new ToolsError(`Deployment ${deploymentId} does not exist in script ${scriptId}.`, {
      code: 'deployment-not-found',
      details: { scriptId, deploymentId },
      cause: error,
    });
  }
}

async function versionToDeploy(
  client: AppsScriptClient,
  options: DeployOptions,
): Promise<{ versionNumber: number; versionCreated: boolean }> {
  if (options.versionNumber !== undefined)
    return { versionNumber: options.versionNumber, versionCreated: false };
  const version = await createVersion(client, {
    scriptId: options.scriptId,
    description: options.description,
  });
  if (version.versionNumber === undefined) {
    throw new ToolsError('The service created a version but did not return its number.', {
      code: 'version-without-number',
      details: { scriptId: options.scriptId },
    });
  }
  return { versionNumber: version.versionNumber, versionCreated: true };
}

/** Deletes a deployment; when it is the one recorded for `dir`, the record is cleared. */
export async function undeploy(
  client: AppsScriptClient,
  options: { scriptId: string; deploymentId: string; dir?: string | undefined },
): Promise<{ deploymentId: string }> {
  await client.projects.deployments.delete({
    scriptId: options.scriptId,
    deploymentId: options.deploymentId,
  });
  if (options.dir !== undefined) {
    const project = await loadProject(options.dir);
    if (project.state.deploymentId === options.deploymentId) {
      const { deploymentId: _removed, ...rest } = project.state;
      await writeState(project.root, rest);
    }
  }
  return { deploymentId: options.deploymentId };
}

export interface UndeployAllResult {
  /** Deleted, in the order tried. */
  deleted: string[];
  /** Not deleted, with what the service said; the others were still tried. */
  failed: { deploymentId: string; message: string }[];
}

/**
 * Deletes every versioned deployment (HEAD, the development deployment, cannot be deleted). Goes on
 * past a failure and reports each one; the record of `dir` is cleared when its deployment went.
 */
export async function undeployAll(
  client: AppsScriptClient,
  options: { scriptId: string; dir?: string | undefined },
): Promise<UndeployAllResult> {
  const ids = (await listDeployments(client, { scriptId: options.scriptId }))
    .filter((d) => !isHeadDeployment(d))
    .flatMap((d) => (d.deploymentId === undefined ? [] : [d.deploymentId]));
  const result: UndeployAllResult = { deleted: [], failed: [] };
  for (const deploymentId of ids) {
    try {
      await undeploy(client, { scriptId: options.scriptId, deploymentId, dir: options.dir });
      result.deleted.push(deploymentId);
    } catch (error) {
      result.failed.push({ deploymentId, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
