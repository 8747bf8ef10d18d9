import { assertPathParam, SpecboundError } from '@specbound/http';
import { type Context, splitBody, write } from './core.js';
import { ScriptExecutionError } from './errors.js';
import type { CallOptions, QueryParams, RequestBody } from './types.js';

type ExecutionRequest = RequestBody<'runScriptFunction'>;

/**
 * `scripts.run` parameters: the deployment to run (it fills the `{scriptId}` path segment, which
 * Google now documents as the API executable's deployment ID), the request body's properties
 * with `function` required, and the standard query parameters.
 */
export type RunParams = { deploymentId: string } & Omit<ExecutionRequest, 'function'> &
  Required<Pick<ExecutionRequest, 'function'>> &
  QueryParams<'runScriptFunction'>;

/** `scripts.*`. */
export function createScripts(context: Context) {
  const { raw } = context;
  return {
    /**
     * Runs a function of a script deployed as an API executable and resolves to its return value
     * (`response.result`). When the function throws, rejects with `ScriptExecutionError`; when
     * the call itself fails (4XX/5XX), with the `ApiError` subclass. Never retried unless
     * `options.retry` says so: running a function twice is not safe.
     */
    run: async (params: RunParams, options?: CallOptions): Promise<unknown> => {
      const { deploymentId, ...rest } = params;
      assertPathParam('deploymentId', deploymentId);
      const { query, body } = splitBody(rest);
      const operation = await write(
        context,
        options,
        (init) =>
          raw.POST('/v1/scripts/{scriptId}:run', {
            params: { path: { scriptId: deploymentId }, query },
            body,
            ...init,
          }),
        context.runHttp,
      );
      if (operation.error !== undefined) throw new ScriptExecutionError(params.function, operation.error);
      if (operation.response !== undefined) return operation.response.result;
      // `run` blocks until the function finishes, so this only happens when `fields` left both out.
      throw new SpecboundError(
        `scripts.run returned an Operation without "response" or "error" (done: ${String(operation.done)}); if you passed "fields", include "response,error".`,
      );
    },
  };
}
