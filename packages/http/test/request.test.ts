import { describe, expect, it } from 'vitest';
import { SpecboundRequest } from '../src/request.js';

const URL_ = 'https://x.test/v1/scripts/d1:run?fields=response';

function post(body: BodyInit = '{"function":"main"}'): SpecboundRequest {
  return new SpecboundRequest(URL_, {
    redirect: 'follow',
    method: 'post',
    headers: new Headers({ 'Content-Type': 'application/json' }),
    body,
    cache: 'no-store',
  });
}

describe('SpecboundRequest', () => {
  it('records what openapi-fetch gives it, as a Request would expose it', async () => {
    const request = post();
    expect(request.url).toBe(URL_);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.redirect).toBe('follow');
    expect(request.signal.aborted).toBe(false);
    expect(await request.text()).toBe('{"function":"main"}');
    expect(await request.json()).toEqual({ function: 'main' });
    expect(new SpecboundRequest(new URL('https://x.test/a')).method).toBe('GET');
    expect(new SpecboundRequest('https://x.test/a').body).toBeNull();
  });

  it('refuses a body on GET and HEAD, like Request', () => {
    expect(() => new SpecboundRequest(URL_, { body: 'x' })).toThrow(TypeError);
    expect(() => new SpecboundRequest(URL_, { method: 'HEAD', body: 'x' })).toThrow(TypeError);
  });

  it('is what openapi-fetch checks middleware results against, and accepts a platform Request too', () => {
    expect(post()).toBeInstanceOf(SpecboundRequest);
    expect(new Request(URL_)).toBeInstanceOf(SpecboundRequest);
    expect({ url: URL_ }).not.toBeInstanceOf(SpecboundRequest);
    expect(SpecboundRequest.is(post())).toBe(true);
    expect(SpecboundRequest.is(new Request(URL_))).toBe(false);
  });

  it('clones with separate headers and the same body', async () => {
    const request = post();
    const copy = request.clone();
    copy.headers.set('Authorization', 'Bearer t');
    expect(request.headers.get('authorization')).toBeNull();
    expect(await copy.text()).toBe(await request.text());
  });

  it('tees a stream body so both copies read it whole', async () => {
    const stream = new Response('streamed body').body;
    if (stream === null) throw new Error('no stream');
    const request = post(stream);
    const copy = request.clone();
    expect(await copy.text()).toBe('streamed body');
    expect(await request.text()).toBe('streamed body');
    expect(request.bodyUsed).toBe(true);
    expect(() => request.clone()).toThrow(TypeError);
  });

  it('gives fetch the same request: toInit and toRequest', async () => {
    const request = post();
    const controller = new AbortController();
    const init = request.toInit(controller.signal);
    expect(init).toMatchObject({
      method: 'POST',
      cache: 'no-store',
      redirect: 'follow',
      signal: controller.signal,
    });
    const real = request.toRequest(controller.signal);
    expect(real).toBeInstanceOf(Request);
    expect(real.method).toBe('POST');
    expect(real.url).toBe(URL_);
    expect(real.headers.get('content-type')).toBe('application/json');
    expect(await real.text()).toBe('{"function":"main"}');
    controller.abort();
    expect(real.signal.aborted).toBe(true);
  });

  it('reads FormData and Blob bodies through a Response', async () => {
    const form = new FormData();
    form.set('file', new Blob(['png bytes'], { type: 'image/png' }), 'shot.png');
    const request = new SpecboundRequest(URL_, { method: 'POST', body: form });
    const real = request.toRequest();
    expect(real.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const read = await request.formData();
    expect(await (read.get('file') as Blob).text()).toBe('png bytes');
  });

  it('withUrl changes only the URL', async () => {
    const request = post();
    const moved = request.withUrl('https://x.test/other?key=k');
    expect(moved.url).toBe('https://x.test/other?key=k');
    expect(moved.method).toBe('POST');
    expect(await moved.text()).toBe('{"function":"main"}');
    expect(request.url).toBe(URL_);
  });
});
