// The clients' reading fetch (createReadingFetch) with a custom fetch: the body is read within the
// attempt, so its failures reject the call itself, typed. loopback.test.ts runs it on the platform fetch.
import { describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, ResponseTooLargeError, TimeoutError } from '../src/errors.js';
import { createReadingFetch } from '../src/fetch.js';
import { fakeFetch } from './fake-fetch.js';

const URL_ = 'https://api.example.test/v1/items';
const KiB = 1024;

/** A body of `parts`, then `end`: close, stall (never ends) or fail; counts bytes pulled and cancels. */
function body(parts: number, end: 'close' | 'stall' | 'fail') {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled < parts * KiB) {
          pulled += KiB;
          controller.enqueue(new Uint8Array(KiB).fill(0x61));
        } else if (end === 'close') controller.close();
        else if (end === 'fail') controller.error(new TypeError('socket hang up'));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

describe('createReadingFetch()', () => {
  it('hands back a Response with the status, headers and the whole body, read in chunks', async () => {
    const source = body(3, 'close');
    const fake = fakeFetch(() => new Response(source.stream, { status: 201, headers: { 'x-id': '7' } }));
    const response = await createReadingFetch({ fetch: fake.fetch })(new Request(URL_));
    expect([response.status, response.headers.get('x-id')]).toEqual([201, '7']);
    expect(source.pulled()).toBe(3 * KiB);
    expect(await response.text()).toBe('a'.repeat(3 * KiB));
  });

  it('hands back a response without a body as it is', async () => {
    const fake = fakeFetch(() => new Response(null, { status: 204 }));
    expect((await createReadingFetch({ fetch: fake.fetch })(new Request(URL_))).status).toBe(204);
  });

  it('stops an undeclared or compressed body once it passes the limit, reading no further', async () => {
    for (const headers of [
      {},
      { 'content-length': '100', 'content-encoding': 'gzip' },
      { 'content-length': 'lots' },
    ]) {
      const source = body(1000, 'close');
      const fake = fakeFetch(() => new Response(source.stream, { status: 404, headers }));
      const error = await createReadingFetch({ fetch: fake.fetch, maxResponseBytes: 8 * KiB })(
        new Request(URL_),
      ).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ status: 404, limit: 8 * KiB, request: { method: 'GET', url: URL_ } });
      expect(source.pulled()).toBe(9 * KiB);
      expect(source.cancelled()).toBe(true);
    }
  });

  it('refuses a declared Content-Length over the limit without reading, and one that lied', async () => {
    const source = body(1000, 'close');
    const declared = fakeFetch(() => new Response(source.stream, { headers: { 'content-length': '9000' } }));
    const http = createReadingFetch({ fetch: declared.fetch, maxResponseBytes: 8 * KiB });
    await expect(http(new Request(URL_))).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect([source.pulled(), source.cancelled()]).toEqual([0, true]);
    const lying = fakeFetch(() => new Response('b'.repeat(9 * KiB), { headers: { 'content-length': '10' } }));
    await expect(
      createReadingFetch({ fetch: lying.fetch, maxResponseBytes: 8 * KiB })(new Request(URL_)),
    ).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('times out a stalled body of a fetch that ignores its signal, and cancels it', async () => {
    const source = body(1, 'stall');
    const fake = fakeFetch(() => new Response(source.stream));
    const error = await createReadingFetch({ fetch: fake.fetch, timeout: 50, retry: false })(
      new Request(URL_),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(`GET ${URL_} timed out after 50 ms while receiving the body.`);
    expect(source.cancelled()).toBe(true);
  });

  it('rejects with AbortError when the caller aborts while the body is read', async () => {
    const controller = new AbortController();
    const source = body(1, 'stall');
    const fake = fakeFetch(() => {
      setTimeout(() => controller.abort(new Error('user left')), 10);
      return new Response(source.stream);
    });
    const error = await createReadingFetch({ fetch: fake.fetch })(
      new Request(URL_, { signal: controller.signal }),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AbortError);
    expect(source.cancelled()).toBe(true);
  });

  it('turns a body that fails midway into ConnectionError', async () => {
    const fake = fakeFetch(() => new Response(body(2, 'fail').stream));
    const error = await createReadingFetch({ fetch: fake.fetch, retry: false })(new Request(URL_)).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(`GET ${URL_} failed while receiving the body: socket hang up`);
  });

  it('keeps the reading through withOverrides', async () => {
    const fake = fakeFetch(() => new Response(body(4, 'close').stream));
    const strict = createReadingFetch({ fetch: fake.fetch }).withOverrides({ maxResponseBytes: 2 * KiB });
    await expect(strict(new Request(URL_))).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
