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
