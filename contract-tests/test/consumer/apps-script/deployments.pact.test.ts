import { RateLimitError } from '@specbound/apps-script';
import { describe, expect, it } from 'vitest';
import {
  DEPLOYMENT_ID,
  deployment,
  deploymentListItem,
  googleError,
  SCRIPT_ID,
} from '../../support/apps-script.ts';
import { appsScriptAt, bearerHeader } from '../../support/clients.ts';
import { eachLike, fromState, integer, like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('apps-script-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const PAGE_TOKEN = 'CgsIgN7xsQYQ0NnyKw';

describe('Apps Script deployments', () => {
  it('createDeployment: deploys a version', async () => {
    await pact
      .addInteraction()
      .given('a script project has a version', { scriptId: SCRIPT_ID, versionNumber: 1 })
      .uponReceiving('a request to deploy version 1 of a script project')
      .withRequest('POST', `/v1/projects/${SCRIPT_ID}/deployments`, (builder) =>
        builder.headers(auth).jsonBody({
          versionNumber: integer(1),
          manifestFileName: 'appsscript',
          description: like('Invoice mailer API'),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(deployment))
      .executeTest(async (mockserver) => {
        const created = await appsScriptAt(mockserver.url).projects.deployments.create({
          scriptId: SCRIPT_ID,
          versionNumber: 1,
          manifestFileName: 'appsscript',
          description: 'Invoice mailer API',
        });
        expect(created.deploymentId).toBe(DEPLOYMENT_ID);
        expect(created.deploymentConfig?.versionNumber).toBe(1);
      });
  });

  it('getDeployment: reads a deployment and its entry points', async () => {
    await pact
      .addInteraction()
      .given('a script project has a deployment', { scriptId: SCRIPT_ID, deploymentId: DEPLOYMENT_ID })
      .uponReceiving('a request to get a deployment')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`, (builder) =>
        builder.headers(auth),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(deployment))
      .executeTest(async (mockserver) => {
        const found = await appsScriptAt(mockserver.url).projects.deployments.get({
          scriptId: SCRIPT_ID,
          deploymentId: DEPLOYMENT_ID,
        });
        expect(found.entryPoints?.[0]?.entryPointType).toBe('EXECUTION_API');
        expect(found.deploymentConfig?.manifestFileName).toBe('appsscript');
      });
  });

  it('listDeployments: iterates over two pages', async () => {
    // Two deployments plus the HEAD deployment every project has: three items on two pages.
    const state = { scriptId: SCRIPT_ID, deployments: 2 };
    pact
      .addInteraction()
      .given('a script project has deployments', state)
      .uponReceiving('a request for the first page of deployments')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/deployments`, (builder) =>
        builder.headers(auth).query({ pageSize: '2' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ deployments: eachLike(deploymentListItem, 2), nextPageToken: like(PAGE_TOKEN) }),
      );
    await pact
      .addInteraction()
      .given('a script project has deployments', state)
      .uponReceiving('a request for the last page of deployments')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/deployments`, (builder) =>
        builder.headers(auth).query({ pageSize: '2', pageToken: fromState('nextPageToken', PAGE_TOKEN) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ deployments: eachLike(deploymentListItem, 1) }))
      .executeTest(async (mockserver) => {
        const all = await appsScriptAt(mockserver.url)
          .projects.deployments.iterate({ scriptId: SCRIPT_ID, pageSize: 2 })
          .all();
        expect(all).toHaveLength(3);
        expect(all.every((item) => item.deploymentId === DEPLOYMENT_ID)).toBe(true);
      });
  });

  it('listDeployments: a 429 is a RateLimitError carrying Retry-After', async () => {
    await pact
      .addInteraction()
      .given('the read quota of the user is exhausted', { retryAfterSeconds: 30 })
      .uponReceiving('a request to list deployments over quota')
      .withRequest('GET', `/v1/projects/${SCRIPT_ID}/deployments`, (builder) => builder.headers(auth))
      .willRespondWith(429, (builder) =>
        builder
          .headers({ 'Retry-After': '30' })
          .jsonBody(
            googleError(
              429,
              'RESOURCE_EXHAUSTED',
              "Quota exceeded for quota metric 'Read requests' of service 'script.googleapis.com'.",
            ),
          ),
      )
      .executeTest(async (mockserver) => {
        const error = await appsScriptAt(mockserver.url)
          .projects.deployments.list({ scriptId: SCRIPT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RateLimitError);
        expect((error as RateLimitError).retryAfterMs).toBe(30_000);
      });
  });

  it('updateDeployment: points a deployment at another version', async () => {
    await pact
      .addInteraction()
      .given('a script project has a deployment', { scriptId: SCRIPT_ID, deploymentId: DEPLOYMENT_ID })
      .uponReceiving('a request to update a deployment')
      .withRequest('PUT', `/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`, (builder) =>
        builder.headers(auth).jsonBody({
          deploymentConfig: {
            scriptId: like(SCRIPT_ID),
            versionNumber: integer(1),
            manifestFileName: 'appsscript',
            description: like('Invoice mailer API, v1'),
          },
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(deployment))
      .executeTest(async (mockserver) => {
        const updated = await appsScriptAt(mockserver.url).projects.deployments.update({
          scriptId: SCRIPT_ID,
          deploymentId: DEPLOYMENT_ID,
          deploymentConfig: {
            scriptId: SCRIPT_ID,
            versionNumber: 1,
            manifestFileName: 'appsscript',
            description: 'Invoice mailer API, v1',
          },
        });
        expect(updated.deploymentId).toBe(DEPLOYMENT_ID);
      });
  });

  it('deleteDeployment: undeploys', async () => {
    await pact
      .addInteraction()
      .given('a script project has a deployment', { scriptId: SCRIPT_ID, deploymentId: DEPLOYMENT_ID })
      .uponReceiving('a request to delete a deployment')
      .withRequest('DELETE', `/v1/projects/${SCRIPT_ID}/deployments/${DEPLOYMENT_ID}`, (builder) =>
        builder.headers(auth),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({}))
      .executeTest(async (mockserver) => {
        const result = await appsScriptAt(mockserver.url).projects.deployments.delete({
          scriptId: SCRIPT_ID,
          deploymentId: DEPLOYMENT_ID,
        });
        expect(result).toEqual({});
      });
  });
});
