// guardBody, called with the guard fetch.ts gives it. body.test.ts and limit.test.ts cover it
// through createHttpFetch; packages/docs' clients-in-browser test runs it in Chromium.
import { describe, expect, it } from 'vitest';
import { type BodyGuard, guardBody } from '../src/body.js';
import { ConnectionError, ResponseTooLargeError, TimeoutError } from '../src/errors.js';

const URL_ = 'https://api.example.test/v1/items';
const request = { method: 'GET', url: URL_ };

/** A body in `parts` chunks that stays open after them (a stalled server) unless `end`; counts pulls. */
function chunked(parts: string[], end = true): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  const encoder = new TextEncoder();
  let i = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const part = parts[i++];
        if (part !== undefined) controller.enqueue(encoder.encode(part));
        else if (end) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => i };
}

/** The guard of one attempt, as fetch.ts builds it: its signal, limit, release and typed failures. */
function attempt(limit = 1024) {
  const controller = new AbortController();
  let released = 0;
  const guard: BodyGuard = {
    signal: controller.signal,
    limit,
    request: () => request,
    release: () => {
      released++;
    },
    failure: (error) =>
      controller.signal.aborted
        ? new TimeoutError(`GET ${URL_} timed out while receiving the body.`, { request })
        : new ConnectionError(`GET ${URL_} failed while receiving the body.`, { request, cause: error }),
  };
  return { guard, timeOut: () => controller.abort(new Error('timeout')), released: () => released };
}

describe('guardBody', () => {
  it('hands back a Response with the status, headers and url, and releases the attempt once read', async () => {
    const { guard, released } = attempt();
    const source = new Response('{"a":1}', { status: 201, headers: { 'x-id': '7' } });
    Object.defineProperty(source, 'url', { value: URL_ });
    const response = guardBody(source, guard);
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.headers.get('x-id'), response.url]).toEqual([201, '7', URL_]);
    expect(released()).toBe(0);
    expect(await response.json()).toEqual({ a: 1 });
    expect(released()).toBe(1);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it.each([
    ['text', (r: Response) => r.text()],
    ['arrayBuffer', async (r: Response) => new TextDecoder().decode(await r.arrayBuffer())],
    ['bytes', async (r: Response) => new TextDecoder().decode(await r.bytes())],
    ['blob', async (r: Response) => (await r.blob()).text()],
  ])('reads %s across chunks', async (_method, read) => {
    const response = guardBody(new Response(chunked(['hé', 'llo', ' wör', 'ld']).stream), attempt().guard);
    expect(await read(response)).toBe('héllo wörld');
  });

  it('keeps the content type of a blob, parses form data and strips a byte order mark', async () => {
    const form = new FormData();
    form.set('name', 'value');
    const multipart = guardBody(new Response(form), attempt().guard);
    // The platform may normalise the parameter spacing (undici does); the type is kept.
    expect((await multipart.clone().blob()).type).toMatch(/^multipart\/form-data; ?boundary=/);
    expect((await multipart.formData()).get('name')).toBe('value');
    expect(await guardBody(new Response('\uFEFF{"bom":true}'), attempt().guard).json()).toEqual({
      bom: true,
    });
  });

  it('lets a body that is not JSON fail json() with the SyntaxError, and the attempt end', async () => {
    const { guard, released } = attempt();
    await expect(guardBody(new Response('<html>'), guard).json()).rejects.toBeInstanceOf(SyntaxError);
    expect(released()).toBe(1);
  });

  it('releases at once, and hands the response back as is, when there is no body to watch', () => {
    const { guard, released } = attempt();
    const empty = new Response(null, { status: 204 });
    expect(guardBody(empty, guard)).toBe(empty);
    expect(released()).toBe(1);
  });

  it('refuses a declared Content-Length over the limit at once, without reading', () => {
    const { guard, released } = attempt(10);
    const { stream, pulls } = chunked(['0123456789', '0123456789']);
    const source = new Response(stream, { headers: { 'content-length': '20' } });
    const error = (() => {
      try {
        guardBody(source, guard);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, limit: 10, request });
    expect((error as Error).message).toContain('raise "maxResponseBytes"');
    expect([pulls(), released()]).toEqual([0, 1]);
  });

  it('stops an undeclared body once it passes the limit, reading no further', async () => {
    const { guard, released } = attempt(12);
    const { stream, pulls } = chunked(['12345', '67890', 'abcde', 'never read', 'never read']);
    const response = guardBody(new Response(stream), guard);
    await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect([pulls(), released()]).toEqual([3, 1]);
  });

  it('streams through `body` under the same limit', async () => {
    const response = guardBody(new Response(chunked(['12345', '67890', 'abcde']).stream), attempt(12).guard);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('12345');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('67890');
    await expect(reader.read()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('fails a stalled body with the typed error as soon as the attempt times out', async () => {
    const { guard, timeOut, released } = attempt();
    const response = guardBody(new Response(chunked(['first'], false).stream), guard);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    expect((await reader.read()).done).toBe(false);
    const stalled = reader.read();
    timeOut();
    await expect(stalled).rejects.toBeInstanceOf(TimeoutError);
    expect(released()).toBe(1);
  });

  it('turns a connection failure while reading into the typed error', async () => {
    const { guard } = attempt();
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    await expect(guardBody(new Response(broken), guard).text()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('releases the attempt when the body is cancelled unread', async () => {
    const { guard, released } = attempt();
    const response = guardBody(new Response(chunked(['a', 'b']).stream), guard);
    await response.body?.cancel();
    expect(released()).toBe(1);
  });

  it('clones with both copies watched: both read, the limit applies to a clone too', async () => {
    const both = guardBody(new Response(chunked(['{"n":', '1}']).stream), attempt().guard);
    const copy = both.clone();
    expect(await copy.json()).toEqual({ n: 1 });
    expect(await both.text()).toBe('{"n":1}');
    const large = guardBody(new Response(chunked(['0123456789', '0123456789']).stream), attempt(15).guard);
    await expect(large.clone().text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
