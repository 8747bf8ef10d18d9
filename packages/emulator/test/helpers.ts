import { DatabaseSync } from 'node:sqlite';
import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { type Row, rowsToDocument } from '../src/core/rows.ts';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../src/index.ts';

export const API_KEY = 'test-api-key';

/** An emulator in strict mode: any response breaking the spec becomes a 500 and fails the test. */
export async function strictEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ strict: true, bugsmashApiKey: API_KEY, webhookBackoffMs: 20, ...options });
}

export function appsScript(emulator: RunningEmulator, token = 'ada-token') {
  return createAppsScriptClient({ auth: token, baseUrl: emulator.appsScriptUrl, retry: false });
}

type AppsScriptClient = ReturnType<typeof createAppsScriptClient>;
type ScriptFiles = NonNullable<Parameters<AppsScriptClient['projects']['updateContent']>[0]['files']>;

/** What a deployed script is made of; `manifest` defaults to an API executable anyone may run. */
interface ScriptSource {
  title: string;
  /** The `Code` file's source; leave it out when `files` brings the code. */
  code?: string;
  manifest?: string;
  /** Files after the manifest and `Code` (HTML pages, files named otherwise). */
  files?: ScriptFiles;
  /** The container a bound script belongs to. */
  parentId?: string;
}

/**
 * Creates a project holding `source` through `client` (over HTTP or in process), makes version 1 and
 * deploys it, so `scripts.run` (or the web app URLs) can call it.
 */
export async function deployScript(
  client: AppsScriptClient,
  { title, code, manifest = '{"executionApi":{"access":"ANYONE"}}', files = [], parentId }: ScriptSource,
): Promise<{ deploymentId: string; scriptId: string }> {
  const created = await client.projects.create({ title, ...(parentId === undefined ? {} : { parentId }) });
  const scriptId = String(created.scriptId);
  await client.projects.updateContent({
    scriptId,
    files: [
      { name: 'appsscript', type: 'JSON', source: manifest },
      ...(code === undefined ? [] : [{ name: 'Code', type: 'SERVER_JS' as const, source: code }]),
      ...files,
    ],
  });
  await client.projects.versions.create({ scriptId });
  const deployment = await client.projects.deployments.create({ scriptId, versionNumber: 1 });
  return { deploymentId: String(deployment.deploymentId), scriptId };
}

export function bugsmash(emulator: RunningEmulator, apiKey = API_KEY) {
  return createBugSmashClient({ apiKey, baseUrl: emulator.bugsmashUrl, retry: false });
}

/** What a state database holds on disk right now (committed), read through a connection of its own. */
export function readStateDatabase(path: string): Record<string, unknown> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare('SELECT collection, key, value FROM entities ORDER BY id').all();
    return rowsToDocument(
      rows.map((r) => ({ collection: r.collection, key: r.key, value: JSON.parse(String(r.value)) }) as Row),
    );
  } finally {
    db.close();
  }
}
