// Google's caps on a project: 200 versions and 20 versioned deployments (the HEAD deployment is not
// counted). Past them, `version` and `deploy` fail and a release is blocked (clasp #1015, #147); these
// checks report early enough to delete old ones first.
import type { AppsScriptClient } from '@specbound/apps-script';
import { editorUrl } from './open.js';

const VERSION_CAP = 200;
const DEPLOYMENT_CAP = 20;
const VERSION_WARN_AT = 180;
const DEPLOYMENT_WARN_AT = 16;

/** A project near one of Google's caps: how many it holds, the cap, and where to delete old ones. */
export interface CapWarning {
  what: 'versions' | 'deployments';
  count: number;
  cap: number;
  /** The script editor (Project history for versions, Deploy → Manage deployments for deployments). */
  url: string;
}

/**
 * A warning once the project holds 180 versions or more. Version numbers only grow, so a project whose
 * newest version is below 180 cannot hold 180: then nothing is listed.
 */
export async function versionCapWarning(
  client: AppsScriptClient,
  scriptId: string,
  newestVersionNumber: number,
): Promise<CapWarning | undefined> {
  if (newestVersionNumber < VERSION_WARN_AT) return undefined;
  const count = (await client.projects.versions.iterate({ scriptId }).all()).length;
  if (count < VERSION_WARN_AT) return undefined;
  return { what: 'versions', count, cap: VERSION_CAP, url: editorUrl(scriptId) };
}

/** A warning once the project holds 16 versioned deployments or more. */
export async function deploymentCapWarning(
  client: AppsScriptClient,
  scriptId: string,
): Promise<CapWarning | undefined> {
  const all = await client.projects.deployments.iterate({ scriptId }).all();
  // The HEAD deployment has no version number and does not count.
  const count = all.filter((d) => d.deploymentConfig?.versionNumber !== undefined).length;
  if (count < DEPLOYMENT_WARN_AT) return undefined;
  return { what: 'deployments', count, cap: DEPLOYMENT_CAP, url: editorUrl(scriptId) };
}
