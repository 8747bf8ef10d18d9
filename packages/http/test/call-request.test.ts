import { describe, expect, it } from 'vitest';
import * as browser from '../src/call-request.browser.js';
import * as node from '../src/call-request.js';
import { SpecboundRequest } from '../src/request.js';

describe('call-request: the Request a call is built with', () => {
  it('is the light SpecboundRequest on Node', () => {
    expect(node.CallRequest).toBe(SpecboundRequest);
    expect(node.isLight(new SpecboundRequest('https://x.test/a'))).toBe(true);
    expect(node.isLight(new Request('https://x.test/a'))).toBe(false);
    expect(node.neverAborts(new SpecboundRequest('https://x.test/a').signal)).toBe(true);
  });

  it('is the platform Request in browser bundles, with the same exports', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(node).sort());
    expect(browser.CallRequest).toBe(Request);
    expect(browser.isLight(new Request('https://x.test/a'))).toBe(false);
    // A platform Request's signal may abort: the caller's abort must be listened to.
    expect(browser.neverAborts(new Request('https://x.test/a').signal)).toBe(false);
  });
});
