import { describe, expect, it } from 'vitest';
import { createAppsScriptClient } from '../src/index.js';
import { fakeFetch, json, SCRIPT_ID } from './fake-fetch.js';

const proc = (n: number) => ({ functionName: `f${n}`, processStatus: 'COMPLETED' as const });

/** Three pages of processes: [1,2] → token p2 → [3,4] → token p3 → [5] with an empty token. */
function threePages(itemsKey = 'processes', lastToken: '' | undefined = '') {
  return fakeFetch((request) => {
    const token = new URL(request.url).searchParams.get('pageToken');
    if (token === null) return json(200, { [itemsKey]: [proc(1), proc(2)], nextPageToken: 'p2' });
    if (token === 'p2') return json(200, { [itemsKey]: [proc(3), proc(4)], nextPageToken: 'p3' });
    return json(
      200,
      lastToken === undefined
        ? { [itemsKey]: [proc(5)] }
        : { [itemsKey]: [proc(5)], nextPageToken: lastToken },
    );
  });
}

describe('pagination', () => {
  it('follows nextPageToken across three pages until it is empty, keeping the filters', async () => {
    const fake = threePages();
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const names: string[] = [];
    for await (const process of client.processes.iterate({ statuses: ['COMPLETED'], pageSize: 2 })) {
      names.push(process.functionName ?? '');
    }
    expect(names).toEqual(['f1', 'f2', 'f3', 'f4', 'f5']);
    expect(fake.calls.map((call) => call.url.search)).toEqual([
      '?userProcessFilter.statuses=COMPLETED&pageSize=2',
      '?userProcessFilter.statuses=COMPLETED&pageSize=2&pageToken=p2',
      '?userProcessFilter.statuses=COMPLETED&pageSize=2&pageToken=p3',
    ]);
  });

  it('stops when nextPageToken is absent (versions)', async () => {
    const fake = threePages('versions', undefined);
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const all = await client.projects.versions.iterate({ scriptId: SCRIPT_ID }).all();
    expect(all).toHaveLength(5);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls.every((call) => call.url.pathname === `/v1/projects/${SCRIPT_ID}/versions`)).toBe(true);
  });

  it('fetches no further page after an early exit', async () => {
    const fake = threePages('deployments');
    const client = createAppsScriptClient({ fetch: fake.fetch });
    for await (const deployment of client.projects.deployments.iterate({ scriptId: SCRIPT_ID })) {
      if ((deployment as { functionName?: string }).functionName === 'f1') break;
    }
    expect(fake.calls).toHaveLength(1);
  });

  it('all({ limit }) fetches only the pages it needs', async () => {
    const fake = threePages();
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const first3 = await client.processes
      .iterateScriptProcesses({ scriptId: SCRIPT_ID, types: ['TRIGGER'] })
      .all({ limit: 3 });
    expect(first3.map((p) => p.functionName)).toEqual(['f1', 'f2', 'f3']);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]?.url.search).toBe(
      `?scriptId=${SCRIPT_ID}&scriptProcessFilter.types=TRIGGER&pageToken=p2`,
    );
  });

  it('treats a page without items as empty', async () => {
    const client = createAppsScriptClient({ fetch: fakeFetch(() => json(200, {})).fetch });
    expect(await client.processes.iterate().all()).toEqual([]);
  });
});
