// What a returned response keeps alive once its body is done. A response often outlives its call
// (undici holds weak references to it and its stream; an app may keep it for its headers), and
// while its guard was attached it kept the whole attempt alive (request, headers, controller,
// timer): on a loopback benchmark that doubled the bytes each call promoted to the old generation.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createHttpFetch } from '../src/fetch.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// A WeakRef's target stays alive until the end of the job that created it: collect after a turn.
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref() !== undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
  return ref.deref() === undefined;
}

const answer = async (): Promise<Response> =>
  new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });

describe('a response whose body is done', () => {
  it('no longer keeps its request alive once the body is read', async () => {
    const http = createHttpFetch({ fetch: answer });
    let request: Request | undefined = new Request('http://127.0.0.1:9/v1/x', {
      headers: { 'x-large': 'x'.repeat(1000) },
    });
    const ref = new WeakRef(request);
    const response = await http(request);
    request = undefined;
    expect(await response.json()).toEqual({ ok: true });
    expect(await collected(ref)).toBe(true);
    // The response itself is still usable (kept here on purpose).
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('no longer keeps its request alive once the body is cancelled', async () => {
    const http = createHttpFetch({ fetch: answer });
    let request: Request | undefined = new Request('http://127.0.0.1:9/v1/x');
    const ref = new WeakRef(request);
    const response = await http(request);
    request = undefined;
    await response.body?.cancel();
    expect(await collected(ref)).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });
});
