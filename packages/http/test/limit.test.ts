import { describe, expect, it } from 'vitest';
import { ApiError, ResponseTooLargeError, SpecboundError } from '../src/errors.js';
import { createHttpFetch } from '../src/fetch.js';
import { fakeFetch } from './fake-fetch.js';

const URL_ = 'https://api.example.test/v1/items';
const KiB = 1024;

/** An endless body of 1 KiB chunks, counting what was pulled from it and whether it was cancelled. */
function endless(): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const chunk = new Uint8Array(KiB).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('maxResponseBytes', () => {
  it('refuses a declared Content-Length over the limit at once, without reading or retrying', async () => {
    const body = endless();
    const fake = fakeFetch(
      () => new Response(body.stream, { status: 200, headers: { 'content-length': String(10 * KiB) } }),
    );
    const error = await failureOf(
      createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 4 * KiB })(new Request(URL_)),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(SpecboundError);
    expect(error).toMatchObject({ limit: 4 * KiB, status: 200, request: { method: 'GET', url: URL_ } });
    expect((error as Error).message).toBe(
      `GET ${URL_}: the response body (status 200) is larger than the 4096-byte limit; raise "maxResponseBytes" if this much is expected.`,
    );
    expect(body.pulled()).toBeLessThanOrEqual(KiB);
    expect(body.cancelled()).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });

  it('stops a body without Content-Length once it passes the limit, never buffering more', async () => {
    const body = endless();
    const fake = fakeFetch(() => new Response(body.stream));
    const response = await createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 64 * KiB })(
      new Request(URL_),
    );
    const error = await failureOf(response.text());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).limit).toBe(64 * KiB);
    // The limit, the chunk that crossed it, and at most one chunk the source queued ahead.
    expect(body.pulled()).toBeLessThanOrEqual(64 * KiB + 2 * KiB);
    expect(body.cancelled()).toBe(true);
  });

  it('counts decompressed bytes: a small Content-Length does not vouch for a compressed body', async () => {
    const body = endless();
    const fake = fakeFetch(
      () => new Response(body.stream, { headers: { 'content-length': '100', 'content-encoding': 'gzip' } }),
    );
    const response = await createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 8 * KiB })(
      new Request(URL_),
    );
    expect(await failureOf(response.arrayBuffer())).toBeInstanceOf(ResponseTooLargeError);
  });

  it('accepts a body of exactly the limit, and the default limit is generous', async () => {
    const exact = 'x'.repeat(5 * KiB);
    const fake = fakeFetch(() => new Response(exact));
    const http = createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 5 * KiB });
    expect(await (await http(new Request(URL_))).text()).toBe(exact);

    const large = new Uint8Array(8 * 1024 * KiB);
    const big = fakeFetch(() => new Response(large));
    const response = await createHttpFetch({ fetch: big.fetch })(new Request(URL_));
    expect((await response.arrayBuffer()).byteLength).toBe(large.byteLength);
  });

  it('applies a per-call limit from withOverrides, leaving the client limit alone', async () => {
    const fake = fakeFetch(() => new Response('y'.repeat(2 * KiB)));
    const http = createHttpFetch({ fetch: fake.fetch });
    const strict = http.withOverrides({ maxResponseBytes: KiB });
    expect(await failureOf(strict(new Request(URL_)).then((r) => r.text()))).toBeInstanceOf(
      ResponseTooLargeError,
    );
    expect(await (await http(new Request(URL_))).text()).toHaveLength(2 * KiB);
    const unlimited = createHttpFetch({ fetch: fake.fetch, maxResponseBytes: KiB }).withOverrides({
      maxResponseBytes: Number.POSITIVE_INFINITY,
    });
    expect(await (await unlimited(new Request(URL_))).text()).toHaveLength(2 * KiB);
  });

  it('applies to error responses too: the body of a 500 is not buffered whole', async () => {
    const body = endless();
    const fake = fakeFetch(() => new Response(body.stream, { status: 404 }));
    const response = await createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 16 * KiB })(
      new Request(URL_),
    );
    expect(response.status).toBe(404);
    const error = await failureOf(response.json());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as ResponseTooLargeError).status).toBe(404);
  });
});
