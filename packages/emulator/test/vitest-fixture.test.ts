import { createAppsScriptClient } from '@specbound/apps-script';
import { describe, expect } from 'vitest';
import { DEMO_USERS } from '../src/index.ts';
import { createEmulatorTest, emulatorDiagnostics } from '../src/vitest.ts';

const test = createEmulatorTest();
const seededForFile = createEmulatorTest({ fresh: 'file', seed: true });

const apps = (fetch: typeof globalThis.fetch, token = 'ada-token') =>
  createAppsScriptClient({ auth: token, fetch, retry: false });

describe('createEmulatorTest, a fresh state per test', () => {
  test('a test changes the state', async ({ emulator }) => {
    await apps(emulator.fetch).projects.create({ title: 'only here' });
    expect(emulator.emulator.state().appsScript.projects).toHaveLength(1);
  });

  test('the next test starts empty again', ({ emulator }) => {
    expect(emulator.emulator.state().appsScript.projects).toEqual([]);
  });
});

describe('createEmulatorTest({ fresh: "file", seed: true })', () => {
  seededForFile('starts from the demo data set', async ({ emulator }) => {
    const [first] = emulator.emulator.state().appsScript.projects;
    const client = apps(emulator.fetch, DEMO_USERS[0].token);
    await client.projects.create({ title: 'kept for the next test' });
    expect(first).toBeDefined();
  });

  seededForFile('keeps the state across the file', ({ emulator }) => {
    expect(emulator.emulator.state().appsScript.projects.map((p) => p.title)).toContain(
      'kept for the next test',
    );
  });
});

describe('emulatorDiagnostics, added to a failed test’s error', () => {
  test('names each violation and script log line', () => {
    const text = emulatorDiagnostics({
      violations: () => [
        {
          at: '2026-01-31T08:00:00.000Z',
          service: 'apps-script',
          operationId: 'getProject',
          method: 'GET',
          path: '/v1/projects/1abc',
          status: 200,
          problems: ['/title must be string'],
        },
      ],
      scriptLogs: () => [
        { at: '2026-01-31T08:00:01.000Z', scriptId: '1abc', functionName: 'main', line: 'hello' },
      ],
    });
    expect(text).toBe(
      [
        'The emulator recorded 1 spec violation(s):',
        '  GET /v1/projects/1abc → 200 (getProject): /title must be string',
        'Script logs (1):',
        '  2026-01-31T08:00:01.000Z 1abc main: hello',
      ].join('\n'),
    );
    expect(emulatorDiagnostics({ violations: () => [], scriptLogs: () => [] })).toBe('');
  });
});
