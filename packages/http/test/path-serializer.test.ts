import { describe, expect, it } from 'vitest';
import * as browser from '../src/call-request.browser.js';
import { fastPathSerializer, type PathSerializer } from '../src/call-request.js';

// Records what reaches the fallback (openapi-fetch's serializer in the clients).
function withFallback() {
  const seen: string[] = [];
  const fallback: PathSerializer = (pathname) => {
    seen.push(pathname);
    return 'FALLBACK';
  };
  return { serialize: fastPathSerializer(fallback), seen };
}

describe('fastPathSerializer: openapi-fetch path templates filled without a regular expression per call', () => {
  it('fills simple {name} parameters with percent-encoded values, as openapi-fetch does', () => {
    const { serialize, seen } = withFallback();
    const base = 'https://script.googleapis.com/v1/scripts/{scriptId}:run';
    expect(serialize(base, { scriptId: 'AKfy/cb x?#' })).toBe(
      'https://script.googleapis.com/v1/scripts/AKfy%2Fcb%20x%3F%23:run',
    );
    // The template is remembered: a second call with another value gets its own value.
    expect(serialize(base, { scriptId: 'other' })).toBe('https://script.googleapis.com/v1/scripts/other:run');
    expect(
      serialize('https://x.test/projects/{scriptId}/versions/{versionNumber}', {
        scriptId: 'a',
        versionNumber: 3,
      }),
    ).toBe('https://x.test/projects/a/versions/3');
    expect(seen).toEqual([]);
  });

  it('leaves the {name} of a missing value in place, and a URL without parameters as it is', () => {
    const { serialize } = withFallback();
    expect(serialize('https://x.test/a/{id}', {})).toBe('https://x.test/a/{id}');
    expect(serialize('https://x.test/a/{id}', { id: null })).toBe('https://x.test/a/{id}');
    expect(serialize('https://x.test/processes', {})).toBe('https://x.test/processes');
  });

  it('hands label, matrix and exploded parameters, and array or object values, to the fallback', () => {
    const { serialize, seen } = withFallback();
    expect(serialize('https://x.test/a/{.id}', { id: 'x' })).toBe('FALLBACK');
    expect(serialize('https://x.test/a/{;id}', { id: 'x' })).toBe('FALLBACK');
    expect(serialize('https://x.test/a/{id*}', { id: ['x'] })).toBe('FALLBACK');
    expect(serialize('https://x.test/b/{id}', { id: ['x', 'y'] })).toBe('FALLBACK');
    expect(serialize('https://x.test/b/{id}', { id: { a: 1 } })).toBe('FALLBACK');
    expect(seen).toHaveLength(5);
  });

  it('is openapi-fetch’s own serializer in browser bundles', () => {
    const fallback: PathSerializer = () => 'x';
    expect(browser.fastPathSerializer(fallback)).toBe(fallback);
  });
});
