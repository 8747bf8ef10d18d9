// Matching a run to its log lines as against Google: the processes API (the caller's processes of
// the function since the call) and Cloud Logging entries grouped by process id, over fake fetches.
import { createLoggingClient } from '@specbound/logging';
import { describe, expect, it } from 'vitest';
import { runLogs } from '../../src/apps-script/run-logs.js';
import { fakeAppsScript } from './fake.js';

const START = Date.parse('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();
const entry = (processId: string, ms: number, text: string) => ({
  timestamp: at(ms),
  severity: 'INFO',
  insertId: `${processId}-${ms}`,
  resource: { type: 'app_script_function', labels: { function_name: 'main' } },
  labels: { 'script.googleapis.com/process_id': processId },
  textPayload: text,
});
const proc = (ms: number, duration = '1.5s') => ({ functionName: 'main', startTime: at(ms), duration });

function world(processes: unknown[], entries: unknown[]) {
  const apps = fakeAppsScript({ 'GET /v1/processes': () => ({ processes }) });
  const bodies: unknown[] = [];
  const logging = createLoggingClient({
    auth: 'unit-token',
    retry: false,
    fetch: async (request: Request) => {
      bodies.push(await request.json());
      return Response.json({ entries });
    },
  });
  return { apps, logging, bodies };
}

const options = {
  scriptId: 'script-1',
  functionName: 'main',
  projectId: 'my-project',
  startedAt: new Date(START),
};

describe('runLogs', () => {
  it('is exact with one process and one group in its window, and asks for that function since its start', async () => {
    const { apps, logging, bodies } = world(
      [proc(300)],
      [entry('p1', 400, 'one'), entry('p1', 900, 'two'), entry('p0', 9_000, 'later run')],
    );
    const found = await runLogs(apps.client, logging, options);
    expect(found).toMatchObject({ exact: true, processId: 'p1', note: undefined });
    expect(found.lines.map((l) => l.message)).toEqual(['one', 'two']);
    expect(apps.sent[0]?.query.get('userProcessFilter.functionName')).toBe('main');
    expect(apps.sent[0]?.query.get('userProcessFilter.scriptId')).toBe('script-1');
    expect(bodies[0]).toMatchObject({
      resourceNames: ['projects/my-project'],
      filter: `resource.type="app_script_function" AND resource.labels.function_name="main" AND timestamp>="${at(300)}"`,
      orderBy: 'timestamp asc',
    });
  });

  it('says it is a best guess when two runs started since the call, and takes the first', async () => {
    const { apps, logging } = world(
      [proc(1_000), proc(200)],
      [entry('p1', 400, 'mine'), entry('p2', 1_100, 'theirs')],
    );
    const found = await runLogs(apps.client, logging, options);
    expect(found.exact).toBe(false);
    expect(found.note).toMatch(/^best guess: 2 runs of main started since the call/);
    expect(found.lines.map((l) => l.message)).toEqual(['mine']);
  });

  it('says it is a best guess when two executions logged in the window', async () => {
    const { apps, logging } = world([proc(0, '3s')], [entry('p1', 100, 'a'), entry('p9', 200, 'b')]);
    const found = await runLogs(apps.client, logging, options);
    expect(found.note).toMatch(/^best guess: 2 executions of main logged in this run's time window/);
    expect(found.processId).toBe('p1');
  });

  it('says it is a best guess when the processes API has not listed the run', async () => {
    const { apps, logging } = world([], [entry('p1', 100, 'a')]);
    const found = await runLogs(apps.client, logging, options);
    expect(found.note).toMatch(/^best guess: no process of main started since the call was listed/);
    expect(found.lines).toHaveLength(1);
  });

  it('asks again while no line has arrived, up to waitMs', async () => {
    const { apps, logging, bodies } = world([proc(0)], []);
    const found = await runLogs(apps.client, logging, { ...options, waitMs: 30, pollMs: 10 });
    expect(found.lines).toEqual([]);
    expect(bodies.length).toBeGreaterThan(1);
  });
});
