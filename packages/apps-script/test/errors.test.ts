import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createAppsScriptClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ScriptExecutionError,
  SpecboundError,
} from '../src/index.js';
import { DEPLOYMENT_ID, fakeFetch, googleError, json, SCRIPT_ID, TOKEN } from './fake-fetch.js';

const cases = [
  [400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', BadRequestError],
  [401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.', AuthenticationError],
  [403, 'PERMISSION_DENIED', 'The caller does not have permission', PermissionDeniedError],
  [404, 'NOT_FOUND', 'Requested entity was not found.', NotFoundError],
  [409, 'ABORTED', 'The operation was aborted.', ConflictError],
  [429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', RateLimitError],
  [500, 'INTERNAL', 'Internal error encountered.', InternalServerError],
  [503, 'UNAVAILABLE', 'The service is currently unavailable.', InternalServerError],
] as const;

describe('Google error bodies', () => {
  it.each(cases)(
    '%i %s maps to its class with the service message',
    async (code, status, message, ErrorClass) => {
      const fake = fakeFetch(() => googleError(code, status, message));
      const client = createAppsScriptClient({ auth: TOKEN, fetch: fake.fetch, retry: false });
      const error = await client.projects.get({ scriptId: SCRIPT_ID }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(code);
      expect(apiError.message).toMatch(
        new RegExp(`^${code} .*: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      expect(apiError.body).toEqual({ error: { code, message, status } });
      expect(apiError.request).toEqual({
        method: 'GET',
        url: `https://script.googleapis.com/v1/projects/${SCRIPT_ID}`,
      });
      expect(fake.calls).toHaveLength(1);
    },
  );

  it('reads "404 Not Found: Requested entity was not found."', async () => {
    const fake = fakeFetch(() => googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    await expect(client.projects.versions.get({ scriptId: SCRIPT_ID, versionNumber: 9 })).rejects.toThrow(
      '404 Not Found: Requested entity was not found.',
    );
  });

  it('keeps error details (ErrorInfo) in the body', async () => {
    const details = [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'SERVICE_DISABLED',
        domain: 'googleapis.com',
      },
    ];
    const fake = fakeFetch(() =>
      googleError(403, 'PERMISSION_DENIED', 'Apps Script API has not been used', details),
    );
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const error = (await client.processes
      .list({})
      .catch((caught: unknown) => caught)) as PermissionDeniedError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.body).toEqual({
      error: {
        code: 403,
        status: 'PERMISSION_DENIED',
        message: 'Apps Script API has not been used',
        details,
      },
    });
  });

  it('retries a 503 on a GET, then returns the data', async () => {
    const fake = fakeFetch((_request, call) =>
      call === 1 ? googleError(503, 'UNAVAILABLE', 'try again') : json(200, { scriptId: SCRIPT_ID }),
    );
    const client = createAppsScriptClient({ fetch: fake.fetch, retry: { initialDelayMs: 1, maxDelayMs: 1 } });
    await expect(client.projects.get({ scriptId: SCRIPT_ID })).resolves.toEqual({ scriptId: SCRIPT_ID });
    expect(fake.calls).toHaveLength(2);
  });

  it('never puts the token or API key in errors', async () => {
    const apiKey = 'AIzaSy-secret-api-key';
    const fake = fakeFetch(() => googleError(401, 'UNAUTHENTICATED', `bad token ${TOKEN} for key ${apiKey}`));
    const client = createAppsScriptClient({ auth: { token: TOKEN, apiKey }, fetch: fake.fetch });
    const error = (await client.projects
      .get({ scriptId: SCRIPT_ID })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(AuthenticationError);
    // Both credentials were really sent…
    const [call] = fake.calls;
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call?.url.searchParams.get('key')).toBe(apiKey);
    // …and appear nowhere in what the error exposes.
    const exposed = [
      error.message,
      String(error.stack),
      JSON.stringify(error),
      JSON.stringify(error.body),
      error.request.url,
    ];
    for (const text of exposed) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(apiKey);
    }
  });
});

describe('scripts.run outcomes', () => {
  const threw = {
    done: true,
    error: {
      code: 3,
      message: 'ScriptError',
      details: [
        {
          '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
          errorMessage: "TypeError: Cannot read properties of undefined (reading 'getRange')",
          errorType: 'ScriptError',
          scriptStackTraceElements: [
            { function: 'readSheet', lineNumber: 12 },
            { function: 'sendInvoices', lineNumber: 4 },
          ],
        },
      ],
    },
  };

  it('raises ScriptExecutionError with message, type and the stack, deepest first', async () => {
    const fake = fakeFetch(() => json(200, threw));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const error = await client.scripts
      .run({ deploymentId: DEPLOYMENT_ID, function: 'sendInvoices' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScriptExecutionError);
    expect(error).toBeInstanceOf(SpecboundError);
    expect(error).not.toBeInstanceOf(ApiError);
    const scriptError = error as ScriptExecutionError;
    expect(scriptError.name).toBe('ScriptExecutionError');
    expect(scriptError.functionName).toBe('sendInvoices');
    expect(scriptError.code).toBe(3);
    expect(scriptError.errorMessage).toBe(
      "TypeError: Cannot read properties of undefined (reading 'getRange')",
    );
    expect(scriptError.errorType).toBe('ScriptError');
    expect(scriptError.scriptStackTraceElements).toEqual([
      { function: 'readSheet', lineNumber: 12 },
      { function: 'sendInvoices', lineNumber: 4 },
    ]);
    expect(scriptError.message).toBe(
      `Script function "sendInvoices" failed: ScriptError: TypeError: Cannot read properties of undefined (reading 'getRange') (at readSheet:12 < sendInvoices:4)`,
    );
    expect(JSON.parse(JSON.stringify(scriptError))).toMatchObject({
      name: 'ScriptExecutionError',
      code: 3,
      errorType: 'ScriptError',
    });
  });

  it('never carries the token a script put in its error, in the message, the fields or JSON', async () => {
    const token = 'ya29.a-token-the-script-threw-0123456789';
    const leaked = {
      done: true,
      error: {
        code: 3,
        message: `ScriptError: ${token}`,
        details: [
          {
            '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
            errorMessage: `Error: ${token}`,
            errorType: 'ScriptError',
            scriptStackTraceElements: [{ function: 'leak', lineNumber: 1 }],
          },
        ],
      },
    };
    const fake = fakeFetch(() => json(200, leaked));
    const client = createAppsScriptClient({ fetch: fake.fetch, auth: token });
    const error = (await client.scripts
      .run({ deploymentId: DEPLOYMENT_ID, function: 'leak' })
      .catch((caught: unknown) => caught)) as ScriptExecutionError;
    expect(error).toBeInstanceOf(ScriptExecutionError);
    expect(error.errorMessage).toBe('Error: [REDACTED]');
    const renderings = [error.message, String(error), error.stack, JSON.stringify(error), inspect(error)];
    for (const text of renderings) expect(text).not.toContain(token);
  });

  it('reports a timeout (code 10) without a stack', async () => {
    const timedOut = {
      done: true,
      error: {
        code: 10,
        message: 'ScriptError',
        details: [
          {
            '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
            errorMessage: 'Exceeded maximum execution time',
          },
        ],
      },
    };
    const client = createAppsScriptClient({ fetch: fakeFetch(() => json(200, timedOut)).fetch });
    const error = (await client.scripts
      .run({ deploymentId: DEPLOYMENT_ID, function: 'slow' })
      .catch((caught: unknown) => caught)) as ScriptExecutionError;
    expect(error.code).toBe(10);
    expect(error.errorType).toBeUndefined();
    expect(error.scriptStackTraceElements).toEqual([]);
    expect(error.message).toBe('Script function "slow" failed: Exceeded maximum execution time');
  });

  it('raises the API error, not a script error, when the call itself fails (404: not deployed as API executable)', async () => {
    const fake = fakeFetch(() => googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const error = await client.scripts
      .run({ deploymentId: DEPLOYMENT_ID, function: 'f' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(ScriptExecutionError);
  });

  it('is never retried by default, even when the client retries non-idempotent calls', async () => {
    const fake = fakeFetch(() => googleError(503, 'UNAVAILABLE', 'busy'));
    const client = createAppsScriptClient({
      fetch: fake.fetch,
      retry: { retryNonIdempotent: true, maxRetries: 3, initialDelayMs: 1, maxDelayMs: 1 },
    });
    await expect(client.scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'f' })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(fake.calls).toHaveLength(1);
    // A retry asked for explicitly on the call is honoured.
    const again = fakeFetch((_request, call) =>
      call === 1
        ? googleError(503, 'UNAVAILABLE', 'busy')
        : json(200, { done: true, response: { result: 1 } }),
    );
    const retrying = createAppsScriptClient({ fetch: again.fetch });
    await expect(
      retrying.scripts.run(
        { deploymentId: DEPLOYMENT_ID, function: 'f' },
        { retry: { retryNonIdempotent: true, initialDelayMs: 1, maxDelayMs: 1 } },
      ),
    ).resolves.toBe(1);
    expect(again.calls).toHaveLength(2);
  });

  it('refuses an Operation with neither response nor error', async () => {
    const client = createAppsScriptClient({ fetch: fakeFetch(() => json(200, { done: false })).fetch });
    await expect(client.scripts.run({ deploymentId: DEPLOYMENT_ID, function: 'f' })).rejects.toThrow(
      /without "response" or "error" \(done: false\)/,
    );
  });
});
