import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { VERSION } from '../src/version.js';

describe('VERSION', () => {
  it('matches the version in package.json', () => {
    const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest).toMatchObject({ version: VERSION });
  });

  it('is exported from the package entry point with the rest of the public API', () => {
    expect(api.VERSION).toBe(VERSION);
    for (const name of [
      'createHttpFetch',
      'bearerAuth',
      'apiKeyHeader',
      'apiKeyQuery',
      'createApiError',
      'paginate',
      'assertPathParam',
      'redact',
      'SpecboundError',
      'ApiError',
      'RateLimitError',
      'ConnectionError',
      'TimeoutError',
      'AbortError',
      'ValidationError',
    ]) {
      expect(api).toHaveProperty(name);
    }
  });
});
