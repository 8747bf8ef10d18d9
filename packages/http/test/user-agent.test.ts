import { describe, expect, it } from 'vitest';
import { applyUserAgent, buildUserAgent } from '../src/user-agent.js';
import { VERSION } from '../src/version.js';

describe('buildUserAgent', () => {
  it('names specbound, then the client, then the caller suffix', () => {
    expect(buildUserAgent({ name: '@specbound/bugsmash', version: '1.2.3' }, 'my-app/4.5')).toBe(
      `specbound/${VERSION} @specbound/bugsmash/1.2.3 my-app/4.5`,
    );
  });

  it('leaves out what is not given', () => {
    expect(buildUserAgent()).toBe(`specbound/${VERSION}`);
    expect(buildUserAgent(undefined, 'tool/1')).toBe(`specbound/${VERSION} tool/1`);
    expect(buildUserAgent({ name: 'c', version: '1' }, '')).toBe(`specbound/${VERSION} c/1`);
  });
});

describe('applyUserAgent', () => {
  it('sets the User-Agent header', () => {
    const request = new Request('https://example.test/');
    applyUserAgent(request, 'specbound/x');
    expect(request.headers.get('user-agent')).toBe('specbound/x');
  });

  it('does not fail where the header cannot be set', () => {
    // Headers of a Response are immutable: the same kind of refusal a browser may give.
    const immutable = Response.error().headers;
    const request = { headers: immutable } as unknown as Request;
    expect(() => applyUserAgent(request, 'specbound/x')).not.toThrow();
  });
});
