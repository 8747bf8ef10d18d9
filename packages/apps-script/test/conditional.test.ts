import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAppsScriptClient, isNotModified, type NotModified, type Project } from '../src/index.js';
import { fakeFetch, json, only, SCRIPT_ID } from './fake-fetch.js';

const notModified = () => new Response(null, { status: 304, headers: { ETag: '"abc"' } });

describe('conditional reads', () => {
  it('sends If-None-Match and returns { notModified: true } on 304', async () => {
    const fake = fakeFetch(notModified);
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const result = await client.projects.get({ scriptId: SCRIPT_ID, ifNoneMatch: '"abc"' });
    expectTypeOf(result).toEqualTypeOf<Project | NotModified>();
    expect(result).toEqual({ notModified: true, etag: '"abc"' });
    expect(isNotModified(result)).toBe(true);
    expect(only(fake.calls).headers.get('if-none-match')).toBe('"abc"');
  });

  it('returns the data (not notModified) when the tag no longer matches', async () => {
    const client = createAppsScriptClient({
      fetch: fakeFetch(() => json(200, { scriptId: SCRIPT_ID }, { ETag: '"new"' })).fetch,
    });
    const result = await client.projects.get({ scriptId: SCRIPT_ID, ifNoneMatch: '"old"' });
    expect(isNotModified(result)).toBe(false);
    if (!isNotModified(result)) expect(result.scriptId).toBe(SCRIPT_ID);
  });

  it.each([
    [
      'getContent',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.getContent({ scriptId: SCRIPT_ID, ifNoneMatch: '"e"' }),
    ],
    [
      'getMetrics',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.getMetrics({ scriptId: SCRIPT_ID, ifNoneMatch: '"e"' }),
    ],
    [
      'deployments.get',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.deployments.get({ scriptId: SCRIPT_ID, deploymentId: 'd', ifNoneMatch: '"e"' }),
    ],
    [
      'deployments.list',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.deployments.list({ scriptId: SCRIPT_ID, ifNoneMatch: '"e"' }),
    ],
    [
      'versions.get',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.versions.get({ scriptId: SCRIPT_ID, versionNumber: 1, ifNoneMatch: '"e"' }),
    ],
    [
      'versions.list',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.projects.versions.list({ scriptId: SCRIPT_ID, ifNoneMatch: '"e"' }),
    ],
    [
      'processes.list',
      (c: ReturnType<typeof createAppsScriptClient>) => c.processes.list({ ifNoneMatch: '"e"' }),
    ],
    [
      'processes.listScriptProcesses',
      (c: ReturnType<typeof createAppsScriptClient>) =>
        c.processes.listScriptProcesses({ scriptId: SCRIPT_ID, ifNoneMatch: '"e"' }),
    ],
  ])('%s supports ifNoneMatch', async (_name, call) => {
    const fake = fakeFetch(notModified);
    const result = await call(createAppsScriptClient({ fetch: fake.fetch }));
    expect(result).toEqual({ notModified: true, etag: '"abc"' });
    expect(only(fake.calls).headers.get('if-none-match')).toBe('"e"');
  });

  it('passes fields through for a partial response', async () => {
    const fake = fakeFetch(() => json(200, { processes: [{ functionName: 'f' }] }));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const page = await client.processes.list({ fields: 'processes(functionName),nextPageToken' });
    expect(only(fake.calls).url.searchParams.get('fields')).toBe('processes(functionName),nextPageToken');
    expect(page).toEqual({ processes: [{ functionName: 'f' }] });
  });
});
