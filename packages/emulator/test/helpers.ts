import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
import { Changes } from '../src/core/changes.ts';
import { StateFile } from '../src/core/persist.ts';
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

/** What a state file (snapshot and journal) holds on disk right now, as the emulator would load it. */
export async function readStateFiles(path: string): Promise<Record<string, unknown> | undefined> {
  return (await StateFile.open(path, new Changes())).document;
}
