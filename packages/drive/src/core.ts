import {
  type Answer,
  type Caller,
  define,
  GOOGLE_STANDARD_PARAMS,
  type HttpVerb,
  isGoogleError,
  jsonBody,
  type Method,
  type OperationFunction,
  type OperationSpec,
  operation,
} from '@specbound/http';
import type { StandardParamName } from './types.js';

/** An operation function of this package: `(core, params, options?)` and `.withResponse`. */
export type DriveOperation<P, D> = OperationFunction<Context, Method<P, D>>;

/** What a client's operations are built from (one per client, kept on the client or core). */
export interface Context {
  readonly caller: Caller;
}

/** The reader of one client: JSON data, nothing for `files.delete`'s 204, or the typed error. */
export function googleReader(secrets: () => readonly string[]) {
  return (answer: Answer): unknown => jsonBody(answer, secrets(), isGoogleError);
}

// Google's standard query parameters, valid on every operation. A type test checks this list is
// exactly the spec's.
export const STANDARD_PARAMS = GOOGLE_STANDARD_PARAMS satisfies readonly StandardParamName[];

/** An operation function: a row `verb path` defined once for every client. */
/* @__NO_SIDE_EFFECTS__ */
export function driveOperation<P, D>(
  verb: HttpVerb,
  path: string,
  spec: OperationSpec<P, D> = {},
): DriveOperation<P, D> {
  return define((ctx: Context) => operation<P, D>(ctx.caller, verb, path, spec));
}
