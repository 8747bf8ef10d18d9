import { assertPathParam, define, redactDeep, SpecboundError } from '@specbound/http';
import { type Context, writer } from './core.js';
import { ScriptExecutionError } from './script-error.js';
import type { Operation, WriteParams } from './types.js';

/**
 * `scripts.run` parameters: the deployment to run (it fills the `{scriptId}` path segment, which
 * Google now documents as the API executable's deployment ID), the request body's properties
 * (`function` required, as the spec says) and the standard query parameters.
 */
export type RunParams = { deploymentId: string } & Omit<WriteParams<'runScriptFunction'>, 'scriptId'>;

/**
 * The default timeout of `scripts.run`: 6.5 minutes. A run blocks until the function returns, and
 * Google lets a script execute for up to 6 minutes; a shorter timeout would abandon runs that
 * are still working (and, as runs are never retried, lose their result). Override it per call.
 */
export const RUN_TIMEOUT_MS = 390_000;

/**
 * `scripts.run` as an operation function. Runs a function of a script deployed as an API
 * executable and resolves to its return value (`response.result`). When the function throws,
 * rejects with `ScriptExecutionError`; when the call itself fails (4XX/5XX), with the `ApiError`
 * subclass. Never retried unless `options.retry` says so: running a function twice is not safe.
 */
export const runScriptFunction = /* @__PURE__ */ define((ctx: Context) =>
  writer<'runScriptFunction', RunParams, unknown>(ctx, 'POST', '/v1/scripts/{scriptId}:run', {
    check: (params) => assertPathParam('deploymentId', params.deploymentId),
    wire: ({ deploymentId, ...rest }) => ({ ...rest, scriptId: deploymentId }),
    http: ctx.caller.http.withOverrides({ retry: false, timeout: RUN_TIMEOUT_MS }),
    decode(answer, params) {
      const operation = ctx.write(answer) as Operation;
      // A 200 answer is not redacted like an error body, but a script's error text may hold a
      // credential (a script can throw its own OAuth token): redact it before it becomes a message.
      if (operation.error !== undefined) {
        const status = redactDeep(operation.error, ctx.secrets()) as NonNullable<Operation['error']>;
        throw new ScriptExecutionError(params.function, status);
      }
      if (operation.response !== undefined) return operation.response.result;
      // `run` blocks until the function finishes, so this only happens when `fields` left both out.
      throw new SpecboundError(
        `scripts.run returned an Operation without "response" or "error" (done: ${String(operation.done)}); if you passed "fields", include "response,error".`,
      );
    },
  }),
);

/** `scripts.*`. */
export const scripts = {
  /**
   * Runs a function of a script deployed as an API executable and resolves to its return value
   * (`response.result`). When the function throws, rejects with `ScriptExecutionError`; when
   * the call itself fails (4XX/5XX), with the `ApiError` subclass.
   */
  run: runScriptFunction,
};
