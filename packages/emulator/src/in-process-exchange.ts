// The request/response pair the in-process fetch hands to the emulator's listener (assemble.ts).
// The listener is ours and uses a small part of Node's `http` objects: a request's method, url,
// headers and body stream; a response's setHeader/writeHead/end, its status and the `close` and
// `finish` events. Giving it just that, with the body bytes the fetch already has, skips the
// socket and IncomingMessage emulation a general-purpose injector (light-my-request) pays for on
// every request: the in-process path's reason to exist is to be cheaper than loopback HTTP.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** What the listener answered: status and headers as it set them, and the body bytes. */
export interface ExchangeAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | undefined;
}

/** A request the listener reads as an IncomingMessage: its body is the bytes given, then its end. */
export function inProcessRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
): IncomingMessage {
  const stream = new Readable({ read() {} });
  if (body !== undefined && body.length > 0) stream.push(body);
  stream.push(null);
  // `socket.destroy()` is how the pipeline cuts off a client sending too much: the stream ends.
  const socket = { destroy: () => stream.destroy() };
  return Object.assign(stream, { method, url, headers, socket }) as unknown as IncomingMessage;
}

function appendHeader(headers: Headers, name: string, value: OutgoingHttpHeader | undefined): void {
  if (value === undefined) return;
  for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
}

/**
 * A response the listener writes as a ServerResponse. `answer` settles once it ends (or is
 * destroyed, which rejects it); `destroy()` from outside is a client gone, as on a closed socket.
 */
export class InProcessResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  destroyed = false;
  writableFinished = false;
  readonly answer: Promise<ExchangeAnswer>;
  readonly #headers = new Map<string, OutgoingHttpHeader>();
  readonly #chunks: Uint8Array[] = [];
  #settle!: (answer: ExchangeAnswer) => void;
  #fail!: (error: Error) => void;

  constructor() {
    super();
    this.answer = new Promise((resolve, reject) => {
      this.#settle = resolve;
      this.#fail = reject;
    });
    // A destroyed response's rejection is the caller's to observe (or not, after an abort).
    this.answer.catch(() => {});
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.#headers.set(name.toLowerCase(), value);
    return this;
  }

  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.#headers.get(name.toLowerCase());
  }

  writeHead(status: number, headers?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers ?? {}))
      if (value !== undefined) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Uint8Array): boolean {
    if (this.destroyed || this.writableFinished) return false;
    this.headersSent = true;
    this.#chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return true;
  }

  end(chunk?: string | Uint8Array): this {
    if (this.destroyed || this.writableFinished) return this;
    if (chunk !== undefined) this.write(chunk);
    this.writableFinished = true;
    const headers = new Headers();
    for (const [name, value] of this.#headers) appendHeader(headers, name, value);
    const body =
      this.#chunks.length === 0
        ? undefined
        : (Buffer.concat(this.#chunks) as unknown as Uint8Array<ArrayBuffer>);
    this.#settle({ status: this.statusCode, headers, body });
    this.emit('finish');
    this.emit('close');
    return this;
  }

  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    // An ended response has emitted `close` already.
    if (this.writableFinished) return this;
    this.#fail(new Error('the emulator closed the response without an answer'));
    this.emit('close');
    return this;
  }

  /** This object as the listener's parameter type (it uses only what is implemented here). */
  asServerResponse(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}
