import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunningEmulator, startEmulator } from '@specbound/emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../src/paths.ts';

// The BugSmash quick start expects NotFoundError (a 404) for an unknown version id. The real
// service answers 404 for an ID that does not exist (reference: "404 wrong ID"), and IDs are UUIDs;
// the emulator must agree for the id the sample uses, or the sample teaches the wrong error.

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator?.close());

it('the unknown version id of the BugSmash quick start gets a 404 from the emulator', async () => {
  const source = await readFile(join(SAMPLES_DIR, 'quick-start', 'bugsmash.ts'), 'utf8');
  expect(source).toContain('NotFoundError');
  const id = /versions\s*\.get\(\s*(?:\{\s*versionId:\s*)?'([^']+)'/.exec(source)?.[1];
  expect(id, 'the quick start calls versions.get with a literal id').toBeTypeOf('string');
  const response = await fetch(`${emulator.bugsmashUrl}/version/${id}`, {
    headers: { 'x-api-key': 'local-emulator-key' },
  });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ status: false });
});
