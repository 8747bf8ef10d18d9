import { type Caller, GOOGLE_STANDARD_PARAMS } from '@specbound/http';
import type { StandardParamName } from './types.js';

/** What a client's operations are built from (one per client, kept on the client or core). */
export interface Context {
  readonly caller: Caller;
  /** Whether the client's options turned retries off (`values.clear` then stays at one attempt). */
  readonly retryOff: boolean;
}

// Google's standard query parameters, valid on every operation. A type test checks this list is
// exactly the spec's.
export const STANDARD_PARAMS = GOOGLE_STANDARD_PARAMS satisfies readonly StandardParamName[];
