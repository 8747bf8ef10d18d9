import { raceSignal, sleep } from './abort.js';
import { AbortError, ConnectionError, redactRequest, safeCause, TimeoutError } from './errors.js';
import {
  applyOverrides,
  type FetchLike,
  type HttpOptions,
  type LogEvent,
  type Overrides,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { redactUrl } from './redact.js';
import {
  backoffDelay,
  isIdempotent,
  isRetryableStatus,
  MAX_SERVER_WAIT_MS,
  parseRetryAfter,
} from './retry.js';
import { applyUserAgent, buildUserAgent } from './user-agent.js';

/**
 * The fetch handed to openapi-fetch's `createClient({ fetch })`. Non-2xx responses are returned
 * (after retries), not thrown; no response at all throws `ConnectionError` / `TimeoutError`, and
 * the caller's abort throws `AbortError`.
 */
export interface HttpFetch {
  (input: Request): Promise<Response>;
  /** The same fetch with other retry or timeout settings, e.g. for one slow operation. */
  withOverrides(overrides: Overrides): HttpFetch;
}

type Outcome = { response: Response } | { failure: ConnectionError };

// Timers beyond this overflow (setTimeout treats them as 1 ms): treat such timeouts as none.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createHttpFetch(options: HttpOptions = {}): HttpFetch {
  return build(resolveOptions(options));
}

function build(options: ResolvedOptions): HttpFetch {
  const userAgent = buildUserAgent(options.client, options.userAgent);
  const secrets = (): readonly string[] => options.auth?.secrets() ?? [];

  // Takes a thunk: without a logger, no event (and no URL redaction) is built on the hot path.
  const log = (make: () => LogEvent): void => {
    if (options.logger === undefined) return;
    try {
      options.logger(make());
    } catch {
      // A failing logger must never change the outcome of a request.
    }
  };

  /** One attempt: a fresh copy of the request, user agent, auth, then fetch under the timeout. */
  // A tagged result rather than `instanceof Response`: a custom fetch may return another realm's Response.
  const attempt = async (input: Request, number: number): Promise<Outcome> => {
    const controller = new AbortController();
    const { signal } = controller;
    // The caller's abort is forwarded by hand rather than with AbortSignal.any, which costs about
    // 8 µs per request on a loopback benchmark. The listener stays for the life of the response,
    // so an abort while the body is being read still stops it.
    const forward = (): void => controller.abort(input.signal.reason);
    if (input.signal.aborted) forward();
    else input.signal.addEventListener('abort', forward, { once: true });
    let timedOut = false;
    const timer =
      options.timeout > MAX_TIMER_MS
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
          }, options.timeout);
    const started = Date.now();
    let url = input.url;
    let sent = false;
    const event = (extra: Pick<LogEvent, 'status'> | Pick<LogEvent, 'error'>): LogEvent => ({
      method: input.method,
      url: redactUrl(url, secrets()),
      attempt: number,
      durationMs: Date.now() - started,
      ...extra,
    });
    try {
      // A body can be read once: attempts send a clone so the next one still has it. A body-less
      // request needs no clone (cloning costs about a third of this layer's per-call time).
      let request = new Request(input.body === null ? input : input.clone(), { signal });
      applyUserAgent(request, userAgent);
      if (options.auth !== undefined) {
        // Static credentials answer synchronously: no promise hop or abort race on the hot path.
        const authenticated = options.auth.authenticate(request);
        request = 'then' in authenticated ? await raceSignal(authenticated, signal) : authenticated;
      }
      url = request.url;
      const fetchImpl: FetchLike = options.fetch ?? globalThis.fetch;
      sent = true;
      const response = await raceSignal(fetchImpl(request), signal);
      log(() => event({ status: response.status }));
      return { response };
    } catch (error) {
      const request = redactRequest({ method: input.method, url }, secrets());
      if (input.signal.aborted) {
        log(() => event({ error: 'AbortError: aborted by the caller' }));
        throw new AbortError(`${request.method} ${request.url} was aborted by the caller.`, {
          cause: input.signal.reason,
        });
      }
      if (timedOut) {
        const timeout = new TimeoutError(
          `${request.method} ${request.url} timed out after ${options.timeout} ms.`,
          { request },
        );
        log(() => event({ error: `${timeout.name}: ${timeout.message}` }));
        return { failure: timeout };
      }
      // A failing token provider is the caller's error, not a connection problem: not retried.
      if (!sent) throw error;
      const cause = safeCause(error, secrets());
      const failure = new ConnectionError(`${request.method} ${request.url} failed: ${cause.message}`, {
        request,
        cause,
      });
      log(() => event({ error: `${failure.name}: ${failure.message}` }));
      return { failure };
    } finally {
      clearTimeout(timer);
    }
  };

  const httpFetch = async (input: Request): Promise<Response> => {
    const retry = options.retry;
    const retryable = retry !== false && (retry.retryNonIdempotent || isIdempotent(input.method));
    const attempts = retryable ? retry.maxRetries + 1 : 1;
    const aborted = (): AbortError =>
      new AbortError(`${input.method} ${redactUrl(input.url, secrets())} was aborted by the caller.`, {
        cause: input.signal.reason,
      });

    for (let number = 1; ; number++) {
      if (input.signal.aborted) throw aborted();
      const outcome = await attempt(input, number);
      const last = retry === false || number >= attempts;
      let delay: number;
      if ('response' in outcome) {
        const { response } = outcome;
        if (last || !isRetryableStatus(response.status)) return response;
        const requested = parseRetryAfter(response.headers);
        // Waiting minutes inside a call helps nobody: hand the response (a RateLimitError with
        // retryAfterMs, once the client maps it) back to the caller instead.
        if (requested !== undefined && requested > MAX_SERVER_WAIT_MS) return response;
        delay = requested ?? backoffDelay(number - 1, retry);
        // Free the connection of the response we are not returning.
        response.body?.cancel().catch(() => {});
      } else {
        if (last) throw outcome.failure;
        delay = backoffDelay(number - 1, retry);
      }
      await sleep(delay, input.signal, aborted);
    }
  };

  return Object.assign(httpFetch, {
    withOverrides: (overrides: Overrides): HttpFetch => build(applyOverrides(options, overrides)),
  });
}
