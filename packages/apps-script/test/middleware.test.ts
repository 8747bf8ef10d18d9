// Middleware on `raw` sees the Request openapi-fetch builds (without the credentials), and what
// reaches fetch is the same request; the body guard applies to what the client reads.
import { describe, expect, it } from 'vitest';
import { AbortError, createAppsScriptClient, ResponseTooLargeError, TimeoutError } from '../src/index.js';
import { fakeFetch, json, only } from './fake-fetch.js';

const SCRIPT_ID = 'abc123';

describe('middleware on raw sees a Request-like request', () => {
  it('reads method, url, headers and the JSON body of a POST', async () => {
    const fake = fakeFetch(() => json(200, { done: true, response: { result: 7 } }));
    const client = createAppsScriptClient({ fetch: fake.fetch, auth: 'tok' });
    const seen: unknown[] = [];
    client.raw.use({
      async onRequest({ request }) {
        seen.push(request.method, new URL(request.url).pathname, request.headers.get('content-type'));
        seen.push(await request.clone().json());
      },
    });
    expect(await client.scripts.run({ deploymentId: 'd1', function: 'main', parameters: [1] })).toBe(7);
    expect(seen).toEqual([
      'POST',
      '/v1/scripts/d1:run',
      'application/json',
      { function: 'main', parameters: [1] },
    ]);
    // The request middleware sees carries no credentials; the one sent does.
    expect(only(fake.calls).headers.get('authorization')).toBe('Bearer tok');
    expect(only(fake.calls).body).toEqual({ function: 'main', parameters: [1] });
  });

  it('accepts a platform Request returned by middleware', async () => {
    const fake = fakeFetch(() => json(200, { scriptId: SCRIPT_ID }));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    client.raw.use({
      onRequest({ request }) {
        return new Request(request.url, {
          method: request.method,
          headers: { 'x-rebuilt': 'yes' },
        });
      },
    });
    expect(await client.projects.get({ scriptId: SCRIPT_ID })).toEqual({ scriptId: SCRIPT_ID });
    expect(only(fake.calls).headers.get('x-rebuilt')).toBe('yes');
  });

  it('follows a signal that middleware puts on the request it returns', async () => {
    // A fetch that answers only when aborted: the abort must come from the middleware's signal.
    const fake = fakeFetch(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
        }),
    );
    const client = createAppsScriptClient({ fetch: fake.fetch, retry: false });
    const controller = new AbortController();
    client.raw.use({
      onRequest({ request }) {
        return new Request(request, { signal: controller.signal });
      },
    });
    const call = client.projects.get({ scriptId: SCRIPT_ID }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('stopped by middleware'));
    expect(await call).toBeInstanceOf(AbortError);
  });

  it('lets onResponse middleware read a clone of the body', async () => {
    const fake = fakeFetch(() => json(200, { scriptId: SCRIPT_ID, title: 'T' }));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const logged: unknown[] = [];
    client.raw.use({
      async onResponse({ response }) {
        logged.push(await response.clone().json());
      },
    });
    expect(await client.projects.get({ scriptId: SCRIPT_ID })).toEqual({ scriptId: SCRIPT_ID, title: 'T' });
    expect(logged).toEqual([{ scriptId: SCRIPT_ID, title: 'T' }]);
  });
});

describe('the runtime guards reach the client calls', () => {
  /** A response whose headers come at once and whose body sends `first`, then stalls or streams `rest`. */
  function body(first: string, endless: boolean): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    let sent = false;
    return new ReadableStream({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(first));
        } else if (endless) controller.enqueue(encoder.encode(' '.repeat(1024)));
      },
    });
  }

  it('times out a body that stalls after the headers, with TimeoutError', async () => {
    const fake = fakeFetch(() => new Response(body('{"scriptId":', false)));
    const client = createAppsScriptClient({ fetch: fake.fetch, timeout: 50, retry: false });
    await expect(client.projects.get({ scriptId: SCRIPT_ID })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('refuses a body over maxResponseBytes, set per client or per call', async () => {
    const fake = fakeFetch(() => new Response(body('{"scriptId":"x","title":"', true)));
    const client = createAppsScriptClient({ fetch: fake.fetch, maxResponseBytes: 8 * 1024 });
    const error = await client.projects.get({ scriptId: SCRIPT_ID }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).limit).toBe(8 * 1024);

    const generous = createAppsScriptClient({ fetch: fake.fetch });
    const strict = await generous.projects
      .get({ scriptId: SCRIPT_ID }, { maxResponseBytes: 2048 })
      .catch((failure: unknown) => failure);
    expect(strict).toBeInstanceOf(ResponseTooLargeError);
    expect((strict as ResponseTooLargeError).limit).toBe(2048);
  });

  it('names a bad maxResponseBytes option', () => {
    expect(() => createAppsScriptClient({ maxResponseBytes: -1 })).toThrow(
      expect.objectContaining({ name: 'ValidationError', field: 'maxResponseBytes' }),
    );
  });
});
