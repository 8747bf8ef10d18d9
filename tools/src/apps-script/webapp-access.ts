// Web-app access set at deploy time (clasp #1115): a deployment's access and "execute as" come from
// the manifest of the version it serves, so `deploy --access … --execute-as …` patches the `webapp`
// block of appsscript.json on the service (and, in a project directory, the local copy) before the
// version is created. The local and remote manifests go through the same three-way compare as a push,
// so the patch never overwrites a manifest edit that was not pulled or pushed.
import { join } from 'node:path';
import type { AppsScriptClient, ScriptFile } from '@specbound/apps-script';
import { writeFileAtomic } from '../atomic-file.js';
import { ToolsError } from '../errors.js';
import {
  type ContentFile,
  fileHash,
  type LocalProject,
  loadProject,
  recordOf,
  writeState,
} from './config.js';
import { scanLocalFiles } from './files.js';
import { checkManifest, ManifestError, WEB_APP_ACCESS, WEB_APP_EXECUTE_AS } from './manifest.js';
import { parseEnumList } from './processes.js';
import { contentFiles } from './pull.js';
import { threeWay } from './three-way.js';

export interface WebAppSettings {
  access?: (typeof WEB_APP_ACCESS)[number] | undefined;
  executeAs?: (typeof WEB_APP_EXECUTE_AS)[number] | undefined;
}

/** Checks `--access`/`--execute-as` (case-insensitive); an unknown value is a UsageError listing the allowed ones. */
export function parseWebAppSettings(flags: { access?: string | undefined; executeAs?: string | undefined }) {
  const settings: WebAppSettings = {};
  if (flags.access !== undefined)
    [settings.access] = parseEnumList('--access', [flags.access], WEB_APP_ACCESS);
  if (flags.executeAs !== undefined)
    [settings.executeAs] = parseEnumList('--execute-as', [flags.executeAs], WEB_APP_EXECUTE_AS);
  return settings;
}

export interface WebAppPatch {
  /** The `webapp` block before (undefined: the project had none and got one). */
  before: { access?: string; executeAs?: string } | undefined;
  after: { access: string; executeAs: string };
  /** False when the manifest already said so: nothing was sent. */
  changed: boolean;
  /** True when the local appsscript.json was patched the same way (it was in sync with the remote one). */
  localUpdated: boolean;
}

const MANIFEST = 'appsscript';
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseManifest(source: string): Record<string, unknown> {
  checkManifest(source, 'appsscript.json');
  const value = JSON.parse(source) as unknown;
  if (!isObject(value)) throw new ManifestError('appsscript.json', ['it must be a JSON object']);
  return value;
}

/** The manifest's text with `webapp` set; Google's defaults fill what neither the flags nor it say. */
function patched(manifest: Record<string, unknown>, settings: WebAppSettings) {
  const old = isObject(manifest.webapp) ? manifest.webapp : undefined;
  const after = {
    executeAs: settings.executeAs ?? String(old?.executeAs ?? 'USER_DEPLOYING'),
    access: settings.access ?? String(old?.access ?? 'MYSELF'),
  };
  const before = old === undefined ? undefined : (old as WebAppPatch['before']);
  const changed = old === undefined || old.access !== after.access || old.executeAs !== after.executeAs;
  const source = `${JSON.stringify({ ...manifest, webapp: { ...old, ...after } }, null, 2)}\n`;
  checkManifest(source, 'appsscript.json');
  return { before, after, changed, source };
}

/** Refuses (nothing sent) when the local manifest has edits the remote one does not. */
function guard(project: LocalProject, local: ContentFile | undefined, remote: ContentFile | undefined) {
  // The record holds every file: only the manifest's sides matter here.
  const sides = threeWay(
    local === undefined ? [] : [local],
    remote === undefined ? [] : [remote],
    project.state.lastSync,
  ).find((s) => s.name === MANIFEST);
  if (
    sides === undefined ||
    !sides.localChanged ||
    (local !== undefined && remote !== undefined && fileHash(local) === fileHash(remote))
  )
    return;
  throw new ToolsError(
    `Deploy refused, nothing was sent: appsscript.json ${sides.conflict ? 'changed both locally and remotely' : 'has local changes not pushed'}, and --access/--execute-as patch the manifest.`,
    { code: 'deploy-manifest-unsynced', details: { files: 'appsscript.json', scriptId: project.scriptId } },
  );
}

/**
 * Sets the `webapp` block of the project's manifest on the service (read content, patch, updateContent),
 * before a version is created from it. With `dir`, a local manifest with unpushed edits refuses the patch
 * (`deploy-manifest-unsynced`); one without local edits is replaced by the patched remote one (so it also
 * takes a remote edit it had not pulled, as a pull would), and its record updated.
 */
export async function patchWebApp(
  client: AppsScriptClient,
  options: { scriptId: string; settings: WebAppSettings; dir?: string | undefined },
): Promise<WebAppPatch> {
  const project = options.dir === undefined ? undefined : await loadProject(options.dir);
  const remote = contentFiles((await client.projects.getContent({ scriptId: options.scriptId })).files);
  const remoteManifest = remote.find((f) => f.name === MANIFEST && f.type === 'JSON');
  const { before, after, changed, source } = patched(
    parseManifest(remoteManifest?.source ?? '{}'),
    options.settings,
  );
  const scan = project === undefined ? undefined : await scanLocalFiles(project);
  const localFile = scan?.files.find((f) => f.name === MANIFEST && f.type === 'JSON');
  if (project !== undefined) guard(project, localFile, remoteManifest);
  if (!changed) return { before, after, changed, localUpdated: false };

  const manifest: ContentFile = { name: MANIFEST, type: 'JSON', source };
  const files =
    remoteManifest === undefined
      ? [manifest, ...remote]
      : remote.map((f) => (f === remoteManifest ? manifest : f));
  // The API replaces every file: the others go back exactly as they were read.
  await client.projects.updateContent({ scriptId: options.scriptId, files: files as ScriptFile[] });
  if (project === undefined || localFile === undefined || remoteManifest === undefined) {
    return { before, after, changed, localUpdated: false };
  }
  await writeFileAtomic(join(project.root, localFile.path), source);
  const record = project.state.lastSync;
  if (record !== undefined) {
    const lastSync = recordOf({ ...record.files, [MANIFEST]: fileHash(manifest) }, record.versionNumber);
    await writeState(project.root, { ...project.state, lastSync });
  }
  return { before, after, changed, localUpdated: true };
}
