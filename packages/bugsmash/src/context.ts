import { assertPathParam, type HttpFetch, type RetryOptions } from '@specbound/http';
import type { Client } from 'openapi-fetch';
import { type EnvelopeContext, payloadOf, type RawResult, readEnvelope, requirePayload } from './envelope.js';
import type { paths } from './generated/schema.js';

/** Per-call settings, accepted as the last argument of every method. */
export interface CallOptions {
  /** Aborts the call (it then rejects with `AbortError`). */
  signal?: AbortSignal | undefined;
  /** Retry settings for this call only, or `false` for a single attempt. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout in ms for this call only. */
  timeout?: number | undefined;
}

type Fetch = (input: Request) => Promise<Response>;

/** What every openapi-fetch call of the client adds to its init. */
export interface CallInit {
  parseAs: 'text';
  fetch: Fetch;
  signal?: AbortSignal;
}

/** The shared plumbing the resource modules use. */
export interface Context {
  readonly client: Client<paths>;
  init(options: CallOptions | undefined): CallInit;
  /** The successful envelope (throws the typed error otherwise); undefined for an empty 2xx body. */
  envelope(result: RawResult): Record<string, unknown> | undefined;
  /** The whole successful envelope, which must be there. */
  whole<T>(result: RawResult): T;
  /** The payload under `key`, which the answer must carry. */
  payload<T>(result: RawResult, key?: 'data' | 'project'): T;
  /** The payload of an operation whose answer is not public: whatever `data` holds, if anything. */
  unconfirmed(result: RawResult): unknown;
}

export function assertId(name: string, value: string): void {
  assertPathParam(name, value);
}

export function createContext(
  client: Client<paths>,
  http: HttpFetch,
  secrets: () => readonly string[],
): Context {
  // The request each response answered, for the error's redacted `request` (openapi-fetch only
  // hands back the response). Keyed weakly so nothing outlives the call.
  const sent = new WeakMap<Response, Request>();
  const track =
    (fetch: HttpFetch): Fetch =>
    async (request) => {
      const response = await fetch(request);
      sent.set(response, request);
      return response;
    };
  const defaultFetch = track(http);

  const contextOf = (result: RawResult): EnvelopeContext => ({
    request: sent.get(result.response) ?? { method: 'UNKNOWN', url: result.response.url },
    secrets: secrets(),
  });
  const envelope = (result: RawResult) => readEnvelope(result, contextOf(result));

  return {
    client,
    init(options) {
      const overrides: { retry?: RetryOptions | false; timeout?: number } = {};
      if (options?.retry !== undefined) overrides.retry = options.retry;
      if (options?.timeout !== undefined) overrides.timeout = options.timeout;
      const fetch =
        overrides.retry === undefined && overrides.timeout === undefined
          ? defaultFetch
          : track(http.withOverrides(overrides));
      return options?.signal === undefined
        ? { parseAs: 'text', fetch }
        : { parseAs: 'text', fetch, signal: options.signal };
    },
    envelope,
    whole<T>(result: RawResult): T {
      const body = envelope(result);
      if (body === undefined) return requirePayload(body, 'data', result, contextOf(result)) as never;
      return body as T;
    },
    payload<T>(result: RawResult, key: 'data' | 'project' = 'data'): T {
      // The envelope's status is checked at run time; the payload's shape is the spec's promise.
      return requirePayload(envelope(result), key, result, contextOf(result)) as T;
    },
    unconfirmed(result) {
      return payloadOf(envelope(result), 'data');
    },
  };
}
