import { type RedactedRequest, ResponseTooLargeError, type SpecboundError } from './errors.js';

export interface BodyGuard {
  /** The attempt's signal: aborts on the timeout and on the caller's abort. */
  signal: AbortSignal;
  /** The largest body accepted, in bytes. */
  limit: number;
  request: () => RedactedRequest;
  /** Ends the attempt: clears its timer and listeners. Called once the body is done, in any way. */
  release: () => void;
  /** The typed error for a failure while reading (abort, timeout, connection). */
  failure: (error: unknown) => SpecboundError;
}

/** What a guarded response remembers, under a symbol (the response is the platform's object). */
interface State {
  guard: BodyGuard;
  status: number;
  /** Set once the read fails; later reads fail the same way. */
  failure: SpecboundError | undefined;
  /** Cancels the read in progress (a source that ignores its signal must still stop). */
  cancel: ((reason: unknown) => void) | undefined;
  /** The stream handed out by `body`, built on first access. */
  stream: ReadableStream<Uint8Array> | undefined;
  done: boolean;
  onAbort: () => void;
  /** Shared by a response and its clones: the attempt is released when every one is done. */
  shared: { open: number };
}

const STATE = Symbol('specbound.body');

// Statuses whose Response cannot carry a body.
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * Hands back `response` with its body watched until it has been read: the attempt's timeout and
 * the caller's abort still apply, more than `limit` bytes fail with `ResponseTooLargeError`
 * (never buffering more than the limit), and any read failure is a `SpecboundError`. A declared
 * `Content-Length` over the limit fails at once, without reading. Once the body has been read,
 * cancelled or has failed, the attempt is released: a timer lives only as long as its response.
 *
 * Why a prototype swap rather than `new Response(wrappedStream)`: on Node, building a Response
 * and a ReadableStream per call cost about 9 % of a loopback call; giving the platform's own
 * response the methods of `GuardedResponse` costs nothing measurable. The object stays the one
 * fetch returned (`instanceof Response`, `url`, `headers`, `redirected` unchanged).
 */
export function guardBody(response: Response, guard: BodyGuard): Response {
  const length = response.headers.get('content-length');
  if (response.body === null || length === '0' || NULL_BODY_STATUS.has(response.status)) {
    guard.release();
    return response;
  }
  // Content-Length counts encoded bytes: it bounds the body only when it is not compressed.
  const encoding = response.headers.get('content-encoding');
  if (length !== null && (encoding === null || encoding === 'identity') && Number(length) > guard.limit) {
    guard.release();
    response.body.cancel().catch(() => {});
    throw tooLarge(response.status, guard);
  }
  return adopt(response, guard, { open: 1 });
}

function adopt(response: Response, guard: BodyGuard, shared: { open: number }): Response {
  const source = platformBody.call(response);
  const state: State = {
    guard,
    status: response.status,
    failure: undefined,
    // Until someone reads, a failure cancels the source itself.
    cancel: (reason) => {
      source?.cancel(reason).catch(() => {});
    },
    stream: undefined,
    done: false,
    onAbort: () => fail(state, guard.failure(guard.signal.reason)),
    shared,
  };
  // A fetch that ignores its signal (or a stalled body) must not hang the reader: the timeout
  // and the caller's abort fail the read at once, whatever the source does.
  guard.signal.addEventListener('abort', state.onAbort, { once: true });
  Object.setPrototypeOf(response, GuardedResponse.prototype);
  (response as GuardedResponse)[STATE] = state;
  return response;
}

function finish(state: State): void {
  if (state.done) return;
  state.done = true;
  state.guard.signal.removeEventListener('abort', state.onAbort);
  state.shared.open--;
  if (state.shared.open === 0) state.guard.release();
}

function fail(state: State, error: SpecboundError): void {
  if (state.done) return;
  state.failure = error;
  finish(state);
  state.cancel?.(error);
}

function tooLarge(status: number, guard: BodyGuard): ResponseTooLargeError {
  const request = guard.request();
  return new ResponseTooLargeError(
    `${request.method} ${request.url}: the response body (status ${status}) is larger than the ${guard.limit}-byte limit; raise "maxResponseBytes" if this much is expected.`,
    { request, status, limit: guard.limit },
  );
}

// The platform's body getter, to reach the original stream of a guarded response.
const platformBody = Object.getOwnPropertyDescriptor(Response.prototype, 'body')?.get as (
  this: Response,
) => ReadableStream<Uint8Array> | null;
const decoder = new TextDecoder();

/** Reads the whole body under the guard: at most `limit` bytes are ever held. */
async function readAll(response: GuardedResponse): Promise<Uint8Array<ArrayBuffer>> {
  const state = response[STATE];
  if (state.failure !== undefined) throw state.failure;
  if (response.bodyUsed || state.stream !== undefined) {
    throw new TypeError('Body is unusable: Body has already been read');
  }
  const source = platformBody.call(response);
  if (source === null) return new Uint8Array(0);
  const reader = source.getReader();
  state.cancel = (reason) => {
    reader.cancel(reason).catch(() => {});
  };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      // A cancel after an abort ends the read as if the body were complete: check first.
      if (state.failure !== undefined) throw state.failure;
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > state.guard.limit) {
        fail(state, tooLarge(state.status, state.guard));
        throw state.failure;
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    if (state.failure === undefined) fail(state, state.guard.failure(error));
    throw state.failure;
  }
  finish(state);
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const [only] = chunks;
  if (chunks.length === 1 && only !== undefined && only.buffer instanceof ArrayBuffer) {
    return only as Uint8Array<ArrayBuffer>;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The methods a guarded response gets. Never constructed: `adopt` gives its prototype to the
 * responses fetch returns. (No `#private` members: those would fail on an adopted object.)
 */
class GuardedResponse extends Response {
  declare [STATE]: State;

  override async text(): Promise<string> {
    return decoder.decode(await readAll(this));
  }

  override async json(): Promise<unknown> {
    return JSON.parse(decoder.decode(await readAll(this)));
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await readAll(this);
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.slice().buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return readAll(this);
  }

  override async blob(): Promise<Blob> {
    const type = this.headers.get('content-type') ?? '';
    return new Blob([await readAll(this)], { type });
  }

  override async formData(): Promise<FormData> {
    const bytes = await readAll(this);
    const type = this.headers.get('content-type');
    return new Response(bytes, type === null ? undefined : { headers: { 'content-type': type } }).formData();
  }

  /** The body as a stream, watched like the other reads (built on first access). */
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const state = this[STATE];
    state.stream ??= watchedStream(this, state);
    return state.stream as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  /** A copy whose body is watched too; the attempt ends when both bodies are done. */
  override clone(): Response {
    const state = this[STATE];
    if (state.stream !== undefined || this.bodyUsed) {
      throw new TypeError('Response.clone: Body has already been consumed.');
    }
    // The platform clone tees the body; both halves keep the guard.
    const copy = Response.prototype.clone.call(this);
    if (state.done) return copy;
    state.shared.open++;
    return adopt(copy, state.guard, state.shared);
  }
}

function watchedStream(response: Response, state: State): ReadableStream<Uint8Array> {
  const source = platformBody.call(response);
  if (source === null || state.failure !== undefined) {
    const failure = state.failure;
    return new ReadableStream({
      start(controller) {
        if (failure === undefined) controller.close();
        else controller.error(failure);
      },
    });
  }
  const reader = source.getReader();
  let size = 0;
  let sink: ReadableStreamDefaultController<Uint8Array> | undefined;
  state.cancel = (reason) => {
    sink?.error(reason);
    reader.cancel(reason).catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        sink = controller;
      },
      pull(controller) {
        return reader.read().then(
          (chunk) => {
            if (state.failure !== undefined) return;
            if (chunk.done) {
              finish(state);
              controller.close();
              return;
            }
            size += chunk.value.byteLength;
            if (size > state.guard.limit) fail(state, tooLarge(state.status, state.guard));
            else controller.enqueue(chunk.value);
          },
          (error: unknown) => {
            if (state.failure === undefined) fail(state, state.guard.failure(error));
          },
        );
      },
      cancel(reason) {
        finish(state);
        return reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: a body nobody reads is not fetched into memory.
    { highWaterMark: 0 },
  );
}
