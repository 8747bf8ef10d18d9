import { describe, expect, it } from 'vitest';
import { SCRIPT_ID, version } from '../../support/apps-script.ts';
import { appsScriptAt, bearerHeader } from '../../support/clients.ts';
import { eachLike, fromState, like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('apps-script-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const PAGE_TOKEN = 'CgwI6t7xsQYQmJ3zKw';

describe('Apps Script versions', () => {
  it('createVersion: snapshots the code', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request to create a version')
      .withRequest('POST', `/v1/projects/${SCRIPT_ID}/versions`, (builder) =>
        builder.headers(auth).jsonBody({ description: like('First release') }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(version))
      .executeTest(async (mockserver) => {
        const created = await appsScriptAt(mockserver.url).projects.versions.create({
          scriptId: SCRIPT_ID,
          description: 'First release',
        });
        expect(created.versionNumber).toBe(1);
        expect(created.description).toBe('First release');
      });
  });

  it('getVersion: reads one version', async () => {
    await pact
      .addInteraction()
      .given('a script project has a version', { scriptId: SCRIPT_ID, versionNumber: 1 })
      .uponReceiving('a request to get version 1')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/versions/1`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(version))
      .executeTest(async (mockserver) => {
        const found = await appsScriptAt(mockserver.url).projects.versions.get({
          scriptId: SCRIPT_ID,
          versionNumber: 1,
        });
        expect(found.versionNumber).toBe(1);
        expect(Date.parse(found.createTime ?? '')).not.toBeNaN();
      });
  });

  it('listVersions: iterates over two pages', async () => {
    const state = { scriptId: SCRIPT_ID, versions: 3 };
    pact
      .addInteraction()
      .given('a script project has versions', state)
      .uponReceiving('a request for the first page of versions')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/versions`, (builder) =>
        builder.headers(auth).query({ pageSize: '2' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ versions: eachLike(version, 2), nextPageToken: like(PAGE_TOKEN) }),
      );
    await pact
      .addInteraction()
      .given('a script project has versions', state)
      .uponReceiving('a request for the last page of versions')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/versions`, (builder) =>
        builder.headers(auth).query({ pageSize: '2', pageToken: fromState('nextPageToken', PAGE_TOKEN) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ versions: eachLike(version, 1) }))
      .executeTest(async (mockserver) => {
        const all = await appsScriptAt(mockserver.url)
          .projects.versions.iterate({ scriptId: SCRIPT_ID, pageSize: 2 })
          .all();
        expect(all).toHaveLength(3);
      });
  });
});
