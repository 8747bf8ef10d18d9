import { AuthenticationError, isNotModified, NotFoundError } from '@specbound/apps-script';
import { describe, expect, it } from 'vitest';
import {
  codeFile,
  ETAG,
  googleError,
  manifestFile,
  metricsValue,
  project,
  SCRIPT_ID,
} from '../../support/apps-script.ts';
import { appsScriptAt, bearerHeader } from '../../support/clients.ts';
import { eachLike, fromState, like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('apps-script-api', import.meta.url);
const auth = { Authorization: bearerHeader };
// A token Google cannot accept: `!` is not allowed in an OAuth bearer token (RFC 6750 b64token).
const BAD_TOKEN = 'ya29.revoked!token';

describe('Apps Script projects', () => {
  it('createProject: creates a standalone project', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to create a script project')
      .withRequest('POST', '/v1/projects', (builder) =>
        builder.headers(auth).jsonBody({ title: like('Invoice mailer') }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(project))
      .executeTest(async (mockserver) => {
        const created = await appsScriptAt(mockserver.url).projects.create({ title: 'Invoice mailer' });
        expect(created.scriptId).toBe(SCRIPT_ID);
        expect(created.title).toBe('Invoice mailer');
      });
  });

  it('getProject: reads a project with its entity tag', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request to get a script project')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.headers({ ETag: like(ETAG) }).jsonBody(project))
      .executeTest(async (mockserver) => {
        const { data: found, response } = await appsScriptAt(mockserver.url).projects.get.withResponse({
          scriptId: SCRIPT_ID,
        });
        expect(found.title).toBe('Invoice mailer');
        expect(found.creator?.email).toBe('ada@example.com');
        expect(response.headers.get('ETag')).toBe(ETAG);
      });
  });

  it('getProject: answers 304 when the entity tag still matches', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a conditional request to get an unchanged script project')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}`, (builder) =>
        builder.headers({ ...auth, 'If-None-Match': fromState('etag', ETAG) }),
      )
      .willRespondWith(304)
      .executeTest(async (mockserver) => {
        const result = await appsScriptAt(mockserver.url).projects.get({
          scriptId: SCRIPT_ID,
          ifNoneMatch: ETAG,
        });
        expect(isNotModified(result)).toBe(true);
      });
  });

  it('getProject: a missing project is a NotFoundError', async () => {
    await pact
      .addInteraction()
      .given('no script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request to get a script project that does not exist')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) =>
        builder.jsonBody(googleError(404, 'NOT_FOUND', 'Requested entity was not found.')),
      )
      .executeTest(async (mockserver) => {
        const error = await appsScriptAt(mockserver.url)
          .projects.get({ scriptId: SCRIPT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).status).toBe(404);
        expect((error as NotFoundError).message).toContain('Requested entity was not found.');
      });
  });

  it('getProject: a bad token is an AuthenticationError', async () => {
    await pact
      .addInteraction()
      .given('the access token is not valid', { token: BAD_TOKEN })
      .uponReceiving('a request to get a script project with an invalid access token')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}`, (builder) =>
        builder.headers({ Authorization: `Bearer ${BAD_TOKEN}` }),
      )
      .willRespondWith(401, (builder) =>
        builder.jsonBody(
          googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
        ),
      )
      .executeTest(async (mockserver) => {
        const error = await appsScriptAt(mockserver.url, BAD_TOKEN)
          .projects.get({ scriptId: SCRIPT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AuthenticationError);
        expect((error as AuthenticationError).status).toBe(401);
        // The token never appears in what the error renders.
        expect(JSON.stringify(error)).not.toContain(BAD_TOKEN);
      });
  });

  it('getProjectContent: reads the files of a version', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request to get the content of version 1 of a script project')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/content`, (builder) =>
        builder.headers(auth).query({ versionNumber: '1' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ scriptId: like(SCRIPT_ID), files: eachLike(codeFile) }),
      )
      .executeTest(async (mockserver) => {
        const content = await appsScriptAt(mockserver.url).projects.getContent({
          scriptId: SCRIPT_ID,
          versionNumber: 1,
        });
        expect(content.files?.[0]?.name).toBe('Code');
        expect(content.files?.[0]?.source).toContain('function');
      });
  });

  it('updateProjectContent: replaces the files', async () => {
    const files = [
      {
        name: 'appsscript',
        type: 'JSON' as const,
        source: '{"timeZone":"Europe/London","runtimeVersion":"V8"}',
      },
      { name: 'Code', type: 'SERVER_JS' as const, source: 'function sendInvoices() {\n  return 3;\n}\n' },
    ];
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request to replace the content of a script project')
      .withRequest('PUT', `/v1/projects/${SCRIPT_ID}/content`, (builder) =>
        builder.headers(auth).jsonBody({
          files: [
            { name: 'appsscript', type: 'JSON', source: like(files[0]?.source) },
            { name: like('Code'), type: 'SERVER_JS', source: like(files[1]?.source) },
          ],
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          scriptId: like(SCRIPT_ID),
          files: [manifestFile, codeFile],
        }),
      )
      .executeTest(async (mockserver) => {
        const content = await appsScriptAt(mockserver.url).projects.updateContent({
          scriptId: SCRIPT_ID,
          files,
        });
        expect(content.files?.map((file) => file.name)).toEqual(['appsscript', 'Code']);
      });
  });

  it('getProjectMetrics: reads daily metrics of one deployment', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID })
      .uponReceiving('a request for the daily metrics of a script project')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/metrics`, (builder) =>
        builder.headers(auth).query({ metricsGranularity: 'DAILY' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          activeUsers: eachLike(metricsValue),
          totalExecutions: eachLike(metricsValue),
          failedExecutions: eachLike(metricsValue),
        }),
      )
      .executeTest(async (mockserver) => {
        const metrics = await appsScriptAt(mockserver.url).projects.getMetrics({
          scriptId: SCRIPT_ID,
          metricsGranularity: 'DAILY',
        });
        expect(metrics.totalExecutions?.[0]?.value).toBe('42');
        expect(Date.parse(metrics.activeUsers?.[0]?.startTime ?? '')).not.toBeNaN();
      });
  });
});
