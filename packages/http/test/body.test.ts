// Every way of reading a returned body is watched: text/json/arrayBuffer/bytes/blob/formData,
// the `body` stream and clones.
import { describe, expect, it } from 'vitest';
import { ResponseTooLargeError, TimeoutError } from '../src/errors.js';
import { createHttpFetch } from '../src/fetch.js';
import { fakeFetch } from './fake-fetch.js';

const URL_ = 'https://api.example.test/v1/items';

/** A body in `parts` chunks that stays open after them (a stalled server) unless `end`. */
function chunked(parts: string[], end = true): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const part = parts[i++];
      if (part !== undefined) controller.enqueue(encoder.encode(part));
      else if (end) controller.close();
    },
  });
}

async function fetchOnce(body: () => BodyInit, init: ResponseInit = {}, limit?: number): Promise<Response> {
  const fake = fakeFetch(() => new Response(body(), init));
  const http = createHttpFetch({ fetch: fake.fetch, timeout: 200, retry: false, maxResponseBytes: limit });
  return http(new Request(URL_));
}

describe('a returned response', () => {
  it('is still a Response, with its status and headers', async () => {
    const response = await fetchOnce(() => '{"a":1}', { status: 201, headers: { 'x-id': '7' } });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-id')).toBe('7');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ a: 1 });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it.each([
    ['text', async (r: Response) => r.text(), 'héllo wörld'],
    ['arrayBuffer', async (r: Response) => new TextDecoder().decode(await r.arrayBuffer()), 'héllo wörld'],
    ['bytes', async (r: Response) => new TextDecoder().decode(await r.bytes()), 'héllo wörld'],
    ['blob', async (r: Response) => (await r.blob()).text(), 'héllo wörld'],
  ])('reads %s across chunks', async (_name, read, expected) => {
    const response = await fetchOnce(() => chunked(['hé', 'llo', ' wör', 'ld']));
    expect(await read(response)).toBe(expected);
  });

  it('keeps the content type of a blob and parses multipart form data', async () => {
    const form = new FormData();
    form.set('name', 'value');
    const response = await fetchOnce(() => form);
    expect((await response.clone().blob()).type).toMatch(/^multipart\/form-data; ?boundary=/);
    expect((await response.formData()).get('name')).toBe('value');
  });

  it('strips a UTF-8 byte order mark like the platform does', async () => {
    const response = await fetchOnce(() => '\uFEFF{"bom":true}');
    expect(await response.json()).toEqual({ bom: true });
  });

  it('streams through `body` under the same limit', async () => {
    const response = await fetchOnce(() => chunked(['12345', '67890', 'abcde']), {}, 12);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('12345');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('67890');
    await expect(reader.read()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('times out a stalled `body` stream', async () => {
    const response = await fetchOnce(() => chunked(['first'], false));
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    expect((await reader.read()).done).toBe(false);
    await expect(reader.read()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('clones with both copies watched, and reads both', async () => {
    const response = await fetchOnce(() => chunked(['{"n":', '1}']));
    const copy = response.clone();
    expect(await copy.json()).toEqual({ n: 1 });
    expect(await response.text()).toBe('{"n":1}');
  });

  it('enforces the limit on a clone too', async () => {
    const response = await fetchOnce(() => chunked(['0123456789', '0123456789']), {}, 15);
    await expect(response.clone().text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});

describe('a response from another realm', () => {
  it('is watched through a platform copy when its body is a web stream', async () => {
    const source = new Response('{"from":"elsewhere"}', { status: 200, headers: { 'x-a': '1' } });
    // What a polyfill or another realm returns: Response-shaped, but not this realm's class.
    const foreign = {
      status: 200,
      statusText: 'OK',
      ok: true,
      url: URL_,
      headers: source.headers,
      body: source.body,
    } as unknown as Response;
    const fake = fakeFetch(() => foreign);
    const response = await createHttpFetch({ fetch: fake.fetch, maxResponseBytes: 8 })(new Request(URL_));
    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get('x-a')).toBe('1');
    await expect(response.json()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
