import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('specbound emulator --print-env', () => {
  it('prints the two lines that send clasp and googleapis to the emulator on --port', async () => {
    const result = await h.run(['emulator', '--print-env', '--port', '8799']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const preload = /^export NODE_OPTIONS='--import (file:\/\/\S+\/redirect\.js)'$/.exec(lines[0] ?? '')?.[1];
    expect(preload).toBeDefined();
    expect(existsSync(fileURLToPath(preload ?? ''))).toBe(true);
    expect(lines[1]).toBe('export SPECBOUND_EMULATOR_URL=http://127.0.0.1:8799');
    expect(result.stderr).toBe('');
  });

  it("assumes specbound-emulator's port 8787 without --port and says so; --json gives the variables", async () => {
    const result = await h.run(['emulator', '--print-env', '--json']);
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      NODE_OPTIONS: expect.stringMatching(/^--import file:\/\/\S+\/redirect\.js$/),
      SPECBOUND_EMULATOR_URL: 'http://127.0.0.1:8787',
    });
    expect(result.stderr).toContain('port 8787');
  });
});
