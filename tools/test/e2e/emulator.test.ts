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

  it("takes specbound-emulator's default port 8787 without --port; --json gives the variables", async () => {
    const result = await h.run(['emulator', '--print-env', '--json']);
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      NODE_OPTIONS: expect.stringMatching(/^--import file:\/\/\S+\/redirect\.js$/),
      SPECBOUND_EMULATOR_URL: 'http://127.0.0.1:8787',
    });
  });

  it('refuses --port 0 (no emulator can be told apart on a port picked later)', async () => {
    const result = await h.run(['emulator', '--print-env', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('specbound emulator takes the options of specbound-emulator', () => {
  it("--help is the emulator's own usage, named as typed, with every option of the bin", async () => {
    const result = await h.run(['emulator', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: specbound emulator \[seed\] \[options\]/);
    for (const option of [
      '--host',
      '--run-timeout',
      '--strict',
      '--quiet',
      '--bugsmash-api-key',
      '--allow-host',
    ]) {
      expect(result.stdout).toContain(option);
    }
  });
});
