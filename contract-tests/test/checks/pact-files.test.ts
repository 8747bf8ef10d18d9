import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergePactParts } from '../../src/pact-files.ts';

// The merge behind parallel-safe, deterministic pact files: each test file writes its own part,
// and the parts are merged in a fixed order whatever order the workers finished in.

const root = mkdtempSync(join(tmpdir(), 'specbound-pact-parts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const interaction = (description: string, status = 200) => ({
  description,
  providerStates: [{ name: 'a project exists', params: { projectId: 'p-1' } }],
  request: { method: 'GET', path: `/${description}` },
  response: { status },
  type: 'Synchronous/HTTP',
});

function part(dir: string, folder: string, interactions: unknown[]): void {
  mkdirSync(join(dir, folder), { recursive: true });
  const pact = {
    consumer: { name: 'specbound' },
    provider: { name: 'bugsmash-api' },
    interactions,
    metadata: {},
  };
  writeFileSync(join(dir, folder, 'specbound-bugsmash-api.json'), JSON.stringify(pact));
}

describe('mergePactParts', () => {
  it('writes the same bytes however the parts are named or ordered, and removes the parts', () => {
    const outputs: string[] = [];
    for (const [index, folders] of [
      ['a.pact.test', 'b.pact.test'],
      ['z.pact.test', 'm.pact.test'],
    ].entries()) {
      const parts = join(root, `parts-${index}`);
      const out = join(root, `out-${index}`);
      part(parts, folders[0] ?? '', [interaction('zeta'), interaction('alpha')]);
      part(parts, folders[1] ?? '', [interaction('mid'), interaction('alpha')]);
      const [file] = mergePactParts(parts, out);
      outputs.push(readFileSync(file ?? '', 'utf8'));
      expect(() => readFileSync(join(parts, folders[0] ?? '', 'specbound-bugsmash-api.json'))).toThrow();
    }
    expect(outputs[0]).toBe(outputs[1]);
    const merged = JSON.parse(outputs[0] ?? '') as { interactions: { description: string }[] };
    expect(merged.interactions.map((i) => i.description)).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('refuses two test files that define the same interaction differently', () => {
    const parts = join(root, 'conflict');
    part(parts, 'a.pact.test', [interaction('alpha', 200)]);
    part(parts, 'b.pact.test', [interaction('alpha', 404)]);
    expect(() => mergePactParts(parts, join(root, 'conflict-out'))).toThrow(
      /different interactions named "alpha"/,
    );
  });
});
