// `specbound bs … --validate report`: a response the spec does not expect (served on purpose by the
// emulator, a fault registered with `checked: false`) is printed on stderr as Markdown; the command
// still succeeds with what the service sent.
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
const bs = (args: string[]) =>
  h.run(['bs', ...args], { env: { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY } });

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await seed(h);
});

const offSpecList = () =>
  control(h, 'POST', '/faults', {
    service: 'bugsmash',
    operationId: 'listProjects',
    status: 200,
    body: {
      status: true,
      message: 'OK',
      data: [],
      current_page: '1',
      last_page: 1,
      total: 0,
      per_page: 20,
      secret_hint: 'x',
    },
    checked: false,
  });

describe('bs --validate report', () => {
  it('prints what the service returned that the spec did not expect, as Markdown for an issue', async () => {
    await offSpecList();
    const result = await bs(['--validate', 'report', 'projects', 'ls']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('**GET /api/v2/projects** (listProjects) answered **200**');
    expect(result.stderr).toContain('| `/current_page` | integer | `"1"` |');
    expect(result.stderr).not.toContain(DEFAULT_BUGSMASH_API_KEY);
  });

  it('prints nothing without the flag, or when the answer fits the spec', async () => {
    await offSpecList();
    const quiet = await bs(['projects', 'ls']);
    expect(quiet.stderr).not.toContain('answered');
    const fitting = await bs(['--validate', 'report', 'projects', 'ls']);
    expect(fitting.code).toBe(0);
    expect(fitting.stderr).not.toContain('answered');
  });

  it('refuses a mode it does not know', async () => {
    const result = await bs(['--validate', 'loud', 'projects', 'ls']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--validate: "loud" is not one of off, report.');
  });
});
