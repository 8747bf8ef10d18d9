import { describe, expect, it } from 'vitest';
import { AppsScriptBackend } from '../src/apps-script/backend.ts';
import { applyFieldMask, parseFieldMask } from '../src/apps-script/fields.ts';
import { ProcessStore } from '../src/apps-script/processes.ts';
import { appsScriptService } from '../src/apps-script/service.ts';
import { BugsmashBackend } from '../src/bugsmash/backend.ts';
import { bugsmashService } from '../src/bugsmash/service.ts';
import { WebhookDispatcher } from '../src/bugsmash/webhooks.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import { DEFAULT_SPEC_PATHS, loadSpec } from '../src/spec/load.ts';
import { CompiledSpec } from '../src/spec/operations.ts';

const apps = new CompiledSpec(
  await loadSpec(DEFAULT_SPEC_PATHS.appsScript),
  'https://specbound.local/a.json',
);
const bugs = new CompiledSpec(await loadSpec(DEFAULT_SPEC_PATHS.bugsmash), 'https://specbound.local/b.json');

describe('routes come from the specs', () => {
  it('every operation of both specs has a handler, and no handler is outside the specs', () => {
    const pool = new SandboxPool(1);
    const appsHandlers = appsScriptService(
      apps,
      new AppsScriptBackend({ pool, runTimeoutMs: 1, runMemoryBytes: 1 }),
    ).handlers;
    const dispatcher = new WebhookDispatcher({
      retries: 0,
      backoffMs: 0,
      timeoutMs: 1,
      validate: () => [],
      onViolation: () => {},
    });
    const bugsHandlers = bugsmashService(
      bugs,
      new BugsmashBackend({
        webhooks: dispatcher,
        maxUploadBytes: 1,
        maxUploadRequestBytes: 1,
        filesBaseUrl: () => '',
      }),
      'k',
    ).handlers;
    expect(Object.keys(appsHandlers).sort()).toEqual(apps.operations.map((o) => o.operationId).sort());
    expect(Object.keys(bugsHandlers).sort()).toEqual(bugs.operations.map((o) => o.operationId).sort());
    expect(apps.operations).toHaveLength(16);
    void pool.close();
  });

  it('routes custom verbs and picks the most literal template', () => {
    const match = (method: string, path: string) => {
      const m = apps.match(method, path);
      return m.kind === 'found' ? [m.operation.operationId, m.pathParams] : m.kind;
    };
    expect(match('POST', '/v1/scripts/AKfycb-x_y:run')).toEqual([
      'runScriptFunction',
      { scriptId: 'AKfycb-x_y' },
    ]);
    expect(match('GET', '/v1/processes:listScriptProcesses')).toEqual(['listScriptProcesses', {}]);
    expect(match('GET', '/v1/processes')).toEqual(['listUserProcesses', {}]);
    expect(match('GET', '/v1/projects/a%2Fb/versions/3')).toEqual([
      'getVersion',
      { scriptId: 'a/b', versionNumber: '3' },
    ]);
    expect(match('DELETE', '/v1/projects/x')).toBe('method-not-allowed');
    expect(match('GET', '/v2/projects')).toBe('not-found');
  });

  it('coerces and validates parameters, naming the field', () => {
    const m = apps.match('GET', '/v1/processes');
    if (m.kind !== 'found') throw new Error('route');
    const values = {
      path: {},
      query: { pageSize: '7', 'userProcessFilter.types': 'TRIGGER' } as Record<string, unknown>,
      header: {},
    };
    expect(apps.validateParams(m.operation, values)).toEqual([]);
    expect(values.query).toEqual({ pageSize: 7, 'userProcessFilter.types': ['TRIGGER'] });
    const bad = { path: {}, query: { 'userProcessFilter.statuses': ['DONE'] }, header: {} };
    expect(apps.validateParams(m.operation, bad)[0]).toMatchObject({
      field: 'userProcessFilter.statuses[0]',
      keyword: 'enum',
    });
  });

  it('catches responses that break the spec', () => {
    const m = apps.match('GET', '/v1/processes');
    if (m.kind !== 'found') throw new Error('route');
    expect(apps.validateResponse(m.operation, 200, { processes: [{ duration: '12 seconds' }] })[0]).toContain(
      'processes[0].duration',
    );
    expect(apps.validateResponse(m.operation, 200, { processes: [{ duration: '12.5s' }] })).toEqual([]);
    const b = bugs.match('GET', '/projects');
    if (b.kind !== 'found') throw new Error('route');
    expect(bugs.validateResponse(b.operation, 200, { status: true, message: 'x', data: [] })[0]).toContain(
      'current_page is required',
    );
    expect(bugs.validateResponse(b.operation, 418, {})[0]).toContain('not declared');
    expect(bugs.validateWebhook('new_comment', { event: 'new_comment' })).toEqual([]);
    expect(bugs.validateWebhook('new_comment', { event: 'status_changed' })).not.toEqual([]);
  });
});

describe('fields partial responses', () => {
  it('parses nested selections and applies them to arrays', () => {
    const mask = parseFieldMask('processes(functionName,processStatus),nextPageToken,a/b');
    const body = {
      processes: [{ functionName: 'f', processStatus: 'RUNNING', duration: '1s' }],
      nextPageToken: 't',
      other: 1,
      a: { b: 1, c: 2 },
    };
    expect(applyFieldMask(body, mask)).toEqual({
      processes: [{ functionName: 'f', processStatus: 'RUNNING' }],
      nextPageToken: 't',
      a: { b: 1 },
    });
    expect(() => parseFieldMask('a(b')).toThrow();
    expect(() => parseFieldMask('a,,b')).toThrow();
  });
});

describe('process store', () => {
  it('pages newest first with a cursor, filters on the columns and ends without a token', () => {
    const store = new ProcessStore();
    for (let i = 0; i < 5_000; i++) {
      store.append({
        scriptId: i % 2 === 0 ? 'even' : 'odd',
        projectName: 'P',
        functionName: `fn${i % 3}`,
        processType: 'EXECUTION_API',
        processStatus: i % 10 === 0 ? 'FAILED' : 'COMPLETED',
        userAccessLevel: 'OWNER',
        user: 'u@example.com',
        startTime: new Date(1_700_000_000_000 + i * 1000).toISOString(),
        durationMs: 10,
        runtimeVersion: 'V8',
      });
    }
    let cursor: number | undefined = store.size;
    let seen = 0;
    let last = Number.POSITIVE_INFINITY;
    while (cursor !== undefined) {
      const { indexes, next }: { indexes: number[]; next: number | undefined } = store.scan(
        { scriptId: 'even', statuses: ['FAILED'] },
        cursor,
        100,
      );
      for (const i of indexes) {
        const p = store.get(i);
        expect(p).toMatchObject({ scriptId: 'even', processStatus: 'FAILED' });
        expect(Date.parse(p.startTime)).toBeLessThan(last);
        last = Date.parse(p.startTime);
      }
      seen += indexes.length;
      cursor = next;
    }
    expect(seen).toBe(500);
    expect(store.scan({ scriptId: 'unknown' }, store.size, 10)).toEqual({ indexes: [], next: undefined });
  });
});
