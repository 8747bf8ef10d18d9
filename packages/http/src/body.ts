import { type BodyGuard, nothingToWatch, tooLarge } from './body-guard.js';
import { SpecboundError } from './errors.js';
import { settleLean } from './transport.js';

export type { BodyGuard };

/** What a guarded response remembers, under a symbol (the response is the platform's object). */
interface State {
  /** The attempt's guard; replaced by `FINISHED` once the body is done (see `finish`). */
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
 * fetch returned (`instanceof Response`, `url`, `headers`, `redirected` unchanged). Browser
 * bundles take body.browser.ts instead (the `browser` field of package.json): the same guard over
 * a wrapped stream, a third of the code, where a call's time is the network's.
 */
export function guardBody(response: Response, guard: BodyGuard): Response {
  // The lean transport read the whole body under the guard already: nothing left to watch.
  const lean = settleLean(response, guard);
  if (lean !== undefined) return lean;
  if (nothingToWatch(response, guard)) return response;
  // A custom fetch may return another realm's Response, which the platform methods refuse.
  if (!((response as unknown) instanceof Response)) {
    // Another realm's Response (a custom fetch): watch a platform copy of it when its body is a
    // web stream. A body of another kind cannot be watched; the attempt's timer then still aborts
    // the fetch's signal when it expires.
    const body: unknown = response.body;
    if (typeof (body as Partial<ReadableStream>).getReader !== 'function') return response;
    const { status, statusText, headers } = response;
    return adopt(new Response(body as ReadableStream, { status, statusText, headers }), guard, { open: 1 });
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
  const { guard } = state;
  guard.signal.removeEventListener('abort', state.onAbort);
  // Let go of the attempt: the guard's functions hold its whole scope (request, controller,
  // timer), and the response outlives the call for a while (undici keeps weak references to it
  // and its stream, which keep it alive past a scavenge or two). Holding that scope doubled the
  // bytes each call promoted to the old generation, and the time spent scavenging (profile in
  // packages/apps-script/bench/results.md). A done body needs none of it.
  state.guard = FINISHED;
  state.onAbort = noop;
  state.cancel = undefined;
  state.shared.open--;
  if (state.shared.open === 0) guard.release();
}

function fail(state: State, error: SpecboundError): void {
  if (state.done) return;
  state.failure = error;
  const { cancel } = state;
  finish(state);
  cancel?.(error);
}

const noop = (): void => {};

// The guard of a finished body: nothing is watched any more (a read after the end fails on the
// used body itself, a clone is a plain platform clone).
const FINISHED: BodyGuard = {
  signal: new AbortController().signal,
  limit: Number.POSITIVE_INFINITY,
  request: () => ({ method: 'UNKNOWN', url: '' }),
  release: noop,
  // Never surfaces: `fail` ignores a failure once the body is done.
  failure: () => new SpecboundError('The response body has already been read to its end.'),
};

// The platform's body getter, to reach the original stream of a guarded response.
const platformBody = Object.getOwnPropertyDescriptor(Response.prototype, 'body')?.get as (
  this: Response,
) => ReadableStream<Uint8Array> | null;
const decoder = new TextDecoder();

/** A reader of the original body that enforces the guard on every chunk. */
function open(response: GuardedResponse): () => Promise<Uint8Array | undefined> {
  const state = response[STATE];
  if (state.failure !== undefined) throw state.failure;
  // Locked or already read: the platform's own TypeError, as for any used body.
  const reader = (platformBody.call(response) as ReadableStream<Uint8Array>).getReader();
  state.cancel = (reason) => {
    reader.cancel(reason).catch(() => {});
  };
  let size = 0;
  // The next chunk, or undefined at the end.
  return async () => {
    let chunk: ReadableStreamReadResult<Uint8Array> | undefined;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (state.failure === undefined) fail(state, state.guard.failure(error));
    }
    // A cancel after an abort ends the read as if the body were complete: check the failure first.
    if (state.failure !== undefined || chunk === undefined) throw state.failure;
    if (chunk.done) {
      finish(state);
      return undefined;
    }
    size += chunk.value.byteLength;
    if (size > state.guard.limit) {
      fail(state, tooLarge(state.status, state.guard));
      throw state.failure;
    }
    return chunk.value;
  };
}

/** Reads the whole body under the guard: at most `limit` bytes are ever held. */
async function readAll(response: GuardedResponse): Promise<Uint8Array<ArrayBuffer>> {
  const next = open(response);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await next(); chunk !== undefined; chunk = await next()) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
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
    return JSON.parse(await this.text());
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return readAll(this);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await readAll(this)).slice().buffer;
  }

  override async blob(): Promise<Blob> {
    return new Blob([await readAll(this)], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    return new Response(await readAll(this), { headers: this.headers }).formData();
  }

  /** The body as a stream, watched like the other reads (built on first access). */
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const state = this[STATE];
    if (state.stream === undefined) {
      let next: (() => Promise<Uint8Array | undefined>) | undefined;
      state.stream = new ReadableStream<Uint8Array>(
        {
          pull: async (controller) => {
            next ??= open(this);
            const chunk = await next();
            if (chunk === undefined) controller.close();
            else controller.enqueue(chunk);
          },
          cancel: (reason) => {
            const { cancel } = state;
            finish(state);
            cancel?.(reason);
          },
        },
        // Pull only when the consumer reads: a body nobody reads is not fetched into memory.
        { highWaterMark: 0 },
      );
    }
    return state.stream as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  /** A copy whose body is watched too; the attempt ends when both bodies are done. */
  override clone(): Response {
    const state = this[STATE];
    if (state.stream !== undefined) throw new TypeError('Response.clone: Body has already been consumed.');
    // The platform clone tees the body (and refuses a used one); both halves keep the guard.
    const copy = Response.prototype.clone.call(this);
    if (state.done) return copy;
    state.shared.open++;
    return adopt(copy, state.guard, state.shared);
  }
}
