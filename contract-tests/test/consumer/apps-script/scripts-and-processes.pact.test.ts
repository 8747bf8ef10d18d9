import { PermissionDeniedError, ScriptExecutionError } from '@specbound/apps-script';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_ID, googleError, processEntry, SCRIPT_ID } from '../../support/apps-script.ts';
import { appsScriptAt, bearerHeader } from '../../support/clients.ts';
import { eachLike, fromState, integer, like } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('apps-script-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const USER_PAGE_TOKEN = 'CgsIgN7xsQYQ0NnyKw';
const SCRIPT_PAGE_TOKEN = 'CgsIhN7xsQYQ4NnyKw';

// The script the provider runs in these states: `add` returns the sum of its arguments and
// `failInvoices` throws from line 2.
const SOURCE =
  'function add(a, b) {\n  return a + b;\n}\n' +
  "function failInvoices() {\n  throw new Error('No invoices to send');\n}\n";

describe('Apps Script scripts.run', () => {
  it('runScriptFunction: resolves to the function’s return value', async () => {
    await pact
      .addInteraction()
      .given('a script is deployed as an API executable', { deploymentId: DEPLOYMENT_ID, source: SOURCE })
      .uponReceiving('a request to run a function that returns')
      .withRequest('POST', `/v1/scripts/${DEPLOYMENT_ID}:run`, (builder) =>
        builder.headers(auth).jsonBody({ function: 'add', parameters: [integer(2), integer(3)] }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          done: true,
          response: {
            '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse',
            result: integer(5),
          },
        }),
      )
      .executeTest(async (mockserver) => {
        const result = await appsScriptAt(mockserver.url).scripts.run({
          deploymentId: DEPLOYMENT_ID,
          function: 'add',
          parameters: [2, 3],
        });
        expect(result).toBe(5);
      });
  });

  it('runScriptFunction: HTTP 200 with `error` is a ScriptExecutionError with the stack', async () => {
    await pact
      .addInteraction()
      .given('a script is deployed as an API executable', { deploymentId: DEPLOYMENT_ID, source: SOURCE })
      .uponReceiving('a request to run a function that throws')
      .withRequest('POST', `/v1/scripts/${DEPLOYMENT_ID}:run`, (builder) =>
        builder.headers(auth).jsonBody({ function: 'failInvoices' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          done: true,
          error: {
            code: 3,
            message: like('ScriptError'),
            details: [
              {
                '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
                errorMessage: like('Error: No invoices to send'),
                errorType: like('ScriptError'),
                scriptStackTraceElements: eachLike({
                  function: like('failInvoices'),
                  lineNumber: integer(2),
                }),
              },
            ],
          },
        }),
      )
      .executeTest(async (mockserver) => {
        const error = await appsScriptAt(mockserver.url)
          .scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'failInvoices' })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ScriptExecutionError);
        const failure = error as ScriptExecutionError;
        expect(failure.code).toBe(3);
        expect(failure.errorMessage).toContain('No invoices to send');
        expect(failure.scriptStackTraceElements[0]).toEqual({ function: 'failInvoices', lineNumber: 2 });
      });
  });
});

describe('Apps Script scripts.run permissions', () => {
  it('runScriptFunction: a caller the deployment does not admit gets a PermissionDeniedError with Google’s body', async () => {
    await pact
      .addInteraction()
      .given('a script only its owner may run is deployed as an API executable by another user', {
        deploymentId: DEPLOYMENT_ID,
        source: SOURCE,
      })
      .uponReceiving('a request to run a function of a script the caller may not run')
      .withRequest('POST', `/v1/scripts/${DEPLOYMENT_ID}:run`, (builder) =>
        builder.headers(auth).jsonBody({ function: 'add', parameters: [integer(2), integer(3)] }),
      )
      .willRespondWith(403, (builder) =>
        builder.jsonBody(googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission')),
      )
      .executeTest(async (mockserver) => {
        const error = await appsScriptAt(mockserver.url)
          .scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'add', parameters: [2, 3] })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(PermissionDeniedError);
        const body = (error as PermissionDeniedError).body as {
          error: { code: number; status: string; message: string };
        };
        expect(body.error).toEqual({
          code: 403,
          status: 'PERMISSION_DENIED',
          message: 'The caller does not have permission',
        });
      });
  });
});

describe('Apps Script processes', () => {
  it('listUserProcesses: iterates over two pages with repeated filters', async () => {
    const state = { processes: 3, processStatus: 'FAILED' };
    const filters = { 'userProcessFilter.statuses': ['FAILED', 'TIMED_OUT'], pageSize: '2' };
    const failed = { ...processEntry, processStatus: 'FAILED' };
    pact
      .addInteraction()
      .given('the user has processes', state)
      .uponReceiving('a request for the first page of failed or timed-out user processes')
      .withRequest('GET', '/v1/processes', (builder) => builder.headers(auth).query(filters))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ processes: eachLike(failed, 2), nextPageToken: like(USER_PAGE_TOKEN) }),
      );
    await pact
      .addInteraction()
      .given('the user has processes', state)
      .uponReceiving('a request for the last page of failed or timed-out user processes')
      .withRequest('GET', '/v1/processes', (builder) =>
        builder.headers(auth).query({ ...filters, pageToken: fromState('nextPageToken', USER_PAGE_TOKEN) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ processes: eachLike(failed, 1) }))
      .executeTest(async (mockserver) => {
        const all = await appsScriptAt(mockserver.url)
          .processes.iterate({ statuses: ['FAILED', 'TIMED_OUT'], pageSize: 2 })
          .all();
        expect(all).toHaveLength(3);
        expect(all.map((process) => process.processStatus)).toEqual(['FAILED', 'FAILED', 'FAILED']);
      });
  });

  it('listScriptProcesses: iterates over two pages of one script', async () => {
    const state = { scriptId: SCRIPT_ID, processes: 3 };
    pact
      .addInteraction()
      .given('a script project has processes', state)
      .uponReceiving('a request for the first page of processes of a script')
      .withRequest('GET', '/v1/processes:listScriptProcesses', (builder) =>
        builder.headers(auth).query({ scriptId: SCRIPT_ID, pageSize: '2' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ processes: eachLike(processEntry, 2), nextPageToken: like(SCRIPT_PAGE_TOKEN) }),
      );
    await pact
      .addInteraction()
      .given('a script project has processes', state)
      .uponReceiving('a request for the last page of processes of a script')
      .withRequest('GET', '/v1/processes:listScriptProcesses', (builder) =>
        builder.headers(auth).query({
          scriptId: SCRIPT_ID,
          pageSize: '2',
          pageToken: fromState('nextPageToken', SCRIPT_PAGE_TOKEN),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ processes: eachLike(processEntry, 1) }))
      .executeTest(async (mockserver) => {
        const all = await appsScriptAt(mockserver.url)
          .processes.iterateScriptProcesses({ scriptId: SCRIPT_ID, pageSize: 2 })
          .all();
        expect(all).toHaveLength(3);
        expect(all[0]?.functionName).toBe('sendInvoices');
      });
  });
});
