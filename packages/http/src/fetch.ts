import { raceSignal, sleep } from './abort.js';
import { type BodyGuard, guardBody } from './body.js';
import {
  AbortError,
  ConnectionError,
  CredentialsError,
  type RedactedRequest,
  redactRequest,
  SpecboundError,
  safeCause,
  TimeoutError,
} from './errors.js';
import {
  applyOverrides,
  type HttpOptions,
  type LogEvent,
  type Overrides,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { ended, type Opened, openBody } from './read.js';
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
 * The fetch handed to openapi-fetch's `createClient({ fetch })`. Every attempt goes through the
 * runtime's `fetch` (or the `fetch` option), so proxies, agents and dispatchers configured on it apply. Non-2xx responses are
 * returned (after retries), not thrown. Every failure is a `SpecboundError`: no response at all
 * throws `ConnectionError` / `TimeoutError`, the caller's abort `AbortError`, a failing token
 * provider `CredentialsError`; reading the returned body fails with the same classes, or with
 * `ResponseTooLargeError`.
 */
export interface HttpFetch {
  (input: Request): Promise<Response>;
  /**
   * Like calling it, but a body the platform fetch bounds by itself may be left for the caller
   * to read, with the attempt's timeout and abort still on it: `done` must follow (see `Opened`).
   */
  open(input: Request): Promise<Opened>;
  /** The same fetch with other retry, timeout or size settings, e.g. for one slow operation. */
  withOverrides(overrides: Overrides): HttpFetch;
}

/**
 * What the retry loop gets of one attempt: a response with the guard of its attempt (whose body is
 * still to be handed back or dropped), or the connection failure to retry.
 */
type Outcome = [response: Response, guard: BodyGuard] | ConnectionError;

/** The caller's abort of `request`: never retried. */
const aborted = (request: RedactedRequest, reason: unknown): AbortError =>
  new AbortError(`${request.method} ${request.url} was aborted by the caller.`, { cause: reason });

// Timers beyond this overflow (setTimeout treats them as 1 ms): treat such timeouts as none.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createHttpFetch(options: HttpOptions = {}): HttpFetch {
  return build(resolveOptions(options), (response, guard) => ({
    response: guardBody(response, guard),
    done: ended,
  }));
}

/**
 * The clients' fetch: like `createHttpFetch`, but each response comes back with its body already
 * read within its attempt (see `openBody`). The clients parse every body they get, and reading it
 * once through its own reader is cheaper than the watching stream `guardBody` puts in front of it.
 */
export function createReadingFetch(options: HttpOptions = {}): HttpFetch {
  return build(resolveOptions(options), openBody);
}

/** How an attempt hands back the body of the response it keeps. */
type KeepBody = (
  response: Response,
  guard: BodyGuard,
  race: boolean,
  leave: boolean,
) => Opened | Promise<Opened>;

/** The fetch over `options`: what is per client is resolved here, each attempt is `attempt`'s. */
function build(options: ResolvedOptions, keepBody: KeepBody): HttpFetch {
  const userAgent = buildUserAgent(options.client, options.userAgent);
  // A custom fetch's body vouches for nothing: it is raced against the signal and read capped.
  const race = options.fetch !== undefined;

  /** The attempts of one call, until one's answer is kept or the last one fails. */
  const run = async (input: Request, leave: boolean): Promise<Opened> => {
    const retry = options.retry;
    const retryable = retry !== false && (retry.retryNonIdempotent || isIdempotent(input.method));
    const attempts = retryable ? retry.maxRetries + 1 : 1;
    const abort = (): AbortError => aborted(redactRequest(input, secrets(options)), input.signal.reason);

    // A JSON body (openapi-fetch serializes it to a string) is read once and sent as bytes by
    // every attempt: piping the request's stream into each copy cost more than the rest of the
    // runtime's work on a POST, and a clone per retry teed it. Other bodies (multipart uploads,
    // which may stream a large file) are piped.
    const bytes =
      input.body !== null && input.headers.get('content-type')?.includes('json') === true
        ? await input.arrayBuffer()
        : null;
    for (let number = 1; ; number++) {
      if (input.signal.aborted) throw abort();
      const outcome = await attempt(options, userAgent, race, input, number, attempts > 1, bytes);
      const last = retry === false || number >= attempts;
      let delay: number;
      if (outcome instanceof ConnectionError) {
        if (last) throw outcome;
        delay = backoffDelay(number - 1, retry);
      } else {
        // The response handed back has its body watched by the timeout, the size limit and the
        // caller's signal (`leave`: for `open`).
        const [response, guard] = outcome;
        if (last || !isRetryableStatus(response.status)) return keepBody(response, guard, race, leave);
        const requested = parseRetryAfter(response.headers);
        // Waiting minutes inside a call helps nobody: hand the response (a RateLimitError with
        // retryAfterMs, once the client maps it) back to the caller instead.
        if (requested !== undefined && requested > MAX_SERVER_WAIT_MS) {
          return keepBody(response, guard, race, leave);
        }
        delay = requested ?? backoffDelay(number - 1, retry);
        // Frees the connection of the response not handed back.
        guard.release();
        response.body?.cancel().catch(() => {});
      }
      await sleep(delay, input.signal, abort);
    }
  };

  const httpFetch = async (input: Request): Promise<Response> => (await run(input, false)).response;
  return Object.assign(httpFetch, {
    open: (input: Request): Promise<Opened> => run(input, true),
    withOverrides: (overrides: Overrides): HttpFetch => build(applyOverrides(options, overrides), keepBody),
  });
}

/** One attempt: a fresh copy of the request, user agent, auth, then fetch under the timeout. */
async function attempt(
  options: ResolvedOptions,
  userAgent: string,
  race: boolean,
  input: Request,
  number: number,
  reusable: boolean,
  bytes: ArrayBuffer | null,
): Promise<Outcome> {
  const controller = new AbortController();
  const { signal } = controller;
  const caller = input.signal;
  // The caller's abort is forwarded by hand rather than with AbortSignal.any, which costs about
  // 8 µs per request on a loopback benchmark. The listener stays until the body is read, so an
  // abort while the body streams still stops it.
  const forward = (): void => controller.abort(caller.reason);
  if (caller.aborted) forward();
  else caller.addEventListener('abort', forward, { once: true });
  let timedOut = false;
  const timer =
    options.timeout > MAX_TIMER_MS
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
        }, options.timeout);
  const release = (): void => {
    clearTimeout(timer);
    caller.removeEventListener('abort', forward);
  };
  const started = Date.now();
  let url = input.url;
  // Until the credentials are on the request, a failure is theirs (see the catch below).
  let sending = false;
  const describe = (): RedactedRequest => redactRequest({ method: input.method, url }, secrets(options));

  try {
    // This attempt's copy of the request, with the user agent: the caller's request is never
    // modified (its middleware must not see the credentials added next). `bytes`: the body read
    // once for every attempt (see `run`); otherwise the body is piped from the caller's request
    // (`body: undefined` leaves it to the request copied), or from a clone of it when the
    // request may be retried. For the platform fetch, which copies the request again and is
    // given the signal then, the copy follows no signal (`null`): following one costs undici
    // listeners and registry entries.
    let request = new Request(bytes === null && input.body !== null && reusable ? input.clone() : input, {
      signal: race ? signal : null,
      body: bytes ?? undefined,
    } as RequestInit);
    applyUserAgent(request, userAgent);
    if (options.auth !== undefined) {
      // Static credentials answer synchronously: no promise hop or abort race on the hot path.
      const authenticated = options.auth.authenticate(request);
      request = 'then' in authenticated ? await raceSignal(authenticated, signal) : authenticated;
    }
    url = request.url;
    sending = true;
    // The platform fetch honours its signal; a custom one might not, so it is raced against it.
    // The platform fetch copies the request it is given; given the bytes again, it takes them
    // as they are instead of piping the copy's body stream into its own (a tenth of a POST).
    const response = await (options.fetch === undefined
      ? globalThis.fetch(request, { signal, body: bytes ?? undefined } as RequestInit)
      : raceSignal(options.fetch(request), signal));
    log(options, input, url, number, started, { status: response.status });
    // The guard of the response's body: its failure reads `timedOut` when the read fails.
    return [
      response,
      {
        signal,
        limit: options.maxResponseBytes,
        request: describe,
        release,
        failure: (error) =>
          typedFailure(options, describe(), caller, timedOut, error, ' while receiving the body'),
      },
    ];
  } catch (error) {
    release();
    const typed = typedFailure(options, describe(), caller, timedOut, error, '');
    if (!sending && !(typed instanceof TimeoutError || typed instanceof AbortError)) {
      throw credentialsFailure(options, input, error);
    }
    log(options, input, url, number, started, { error: `${typed.name}: ${typed.message}` });
    if (typed instanceof ConnectionError) return typed;
    throw typed;
  }
}

/**
 * The typed error for a failure at any point of an attempt, body included: the caller's abort, the
 * attempt's timeout, or the connection's failure. A module function given the attempt's state at
 * the failure, rather than a closure of each attempt: one allocation fewer per attempt.
 */
function typedFailure(
  options: ResolvedOptions,
  request: RedactedRequest,
  caller: AbortSignal,
  timedOut: boolean,
  error: unknown,
  stage: string,
): SpecboundError {
  if (caller.aborted) return aborted(request, caller.reason);
  const what = `${request.method} ${request.url}`;
  if (timedOut) {
    return new TimeoutError(`${what} timed out after ${options.timeout} ms${stage}.`, { request });
  }
  if (error instanceof SpecboundError) return error;
  const cause = safeCause(error, secrets(options));
  return new ConnectionError(`${what} failed${stage}: ${cause.message}`, { request, cause });
}

/** A failing token provider is the caller's error, not a connection problem: not retried. */
function credentialsFailure(options: ResolvedOptions, input: Request, error: unknown): SpecboundError {
  if (error instanceof SpecboundError) return error;
  const cause = safeCause(error, secrets(options));
  return new CredentialsError(`The credentials for ${input.method} could not be obtained: ${cause.message}`, {
    cause,
  });
}

/**
 * Logs one attempt. Without a logger, no event (and no URL redaction) is built on the hot path; one
 * function for every attempt, not a closure per attempt.
 */
function log(
  options: ResolvedOptions,
  input: Request,
  url: string,
  attempt: number,
  started: number,
  extra: Pick<LogEvent, 'status'> | Pick<LogEvent, 'error'>,
): void {
  if (options.logger === undefined) return;
  try {
    options.logger({
      method: input.method,
      url: redactUrl(url, secrets(options)),
      attempt,
      durationMs: Date.now() - started,
      ...extra,
    });
  } catch {
    // A failing logger must never change the outcome of a request.
  }
}

/** The credentials to keep out of URLs, errors and logs. */
const secrets = (options: ResolvedOptions): readonly string[] => options.auth?.secrets() ?? [];
