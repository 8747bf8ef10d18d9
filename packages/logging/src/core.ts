import { type Caller, isGoogleError, jsonBody } from '@specbound/http';
import type { StandardParamName } from './types.js';

/** What a client's operations are built from (one per client, kept on the client or core). */
export interface Context {
  readonly caller: Caller;
  /** The credentials in use, for redaction. */
  readonly secrets: () => readonly string[];
  /** Whether the client's options turned retries off (`entries.list` then stays at one attempt). */
  readonly retryOff: boolean;
}

/** Reads an answer: the data (`{}` for an empty body), or the typed `ApiError` with Google's body. */
export function googleReader(secrets: () => readonly string[]) {
  return (answer: Parameters<typeof jsonBody>[0]): unknown =>
    jsonBody(answer, secrets(), isGoogleError) ?? {};
}

// Google's standard query parameters, valid on every operation: sent in the query although
// `entries.list` is a POST. A type test checks this list is exactly the spec's.
export const STANDARD_PARAMS = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
] as const satisfies readonly StandardParamName[];
