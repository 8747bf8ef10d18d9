import { describe, expect, it } from 'vitest';
import { bearerAuth } from '../src/auth.js';
import { applyOverrides, DEFAULT_TIMEOUT_MS, type HttpOptions, resolveOptions } from '../src/options.js';
import { DEFAULT_RETRY } from '../src/retry.js';

const bad = (options: unknown): HttpOptions => options as HttpOptions;

describe('resolveOptions', () => {
  it('fills in the defaults', () => {
    const resolved = resolveOptions({});
    expect(resolved.retry).toEqual(DEFAULT_RETRY);
    expect(resolved.timeout).toBe(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    expect(resolved.fetch).toBeUndefined();
  });

  it('merges partial retry options over the defaults, treating undefined as absent', () => {
    expect(resolveOptions({ retry: { maxRetries: 5, initialDelayMs: undefined } }).retry).toEqual({
      ...DEFAULT_RETRY,
      maxRetries: 5,
    });
    expect(resolveOptions({ retry: false }).retry).toBe(false);
    expect(resolveOptions({ timeout: Number.POSITIVE_INFINITY, auth: bearerAuth('t') }).timeout).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it.each([
    [{ timeout: -1 }, /"timeout"/],
    [{ timeout: Number.NaN }, /"timeout"/],
    [{ timeout: 0 }, /"timeout"/],
    [{ timeout: '100' }, /"timeout"/],
    [{ retry: { maxRetry: 3 } }, /"maxRetry"/],
    [{ retry: { maxRetries: -1 } }, /"maxRetries"/],
    [{ retry: { maxRetries: 1.5 } }, /"maxRetries"/],
    [{ retry: { initialDelayMs: Number.NaN } }, /"initialDelayMs"/],
    [{ retry: { maxDelayMs: -5 } }, /"maxDelayMs"/],
    [{ retry: { retryNonIdempotent: 'yes' } }, /"retryNonIdempotent"/],
    [{ retry: true }, /"retry"/],
    [{ fetch: 'https://x.test' }, /"fetch"/],
    [{ auth: { secrets: () => [] } }, /"auth"/],
    [{ logger: console }, /"logger"/],
    [{ userAgent: 7 }, /"userAgent"/],
    [{ client: { name: 'x' } }, /"client"/],
    [{ timout: 5 }, /"timout"/],
  ])('throws a TypeError naming the option for %j', (options, pattern) => {
    expect(() => resolveOptions(bad(options))).toThrow(TypeError);
    expect(() => resolveOptions(bad(options))).toThrow(pattern);
  });

  it('refuses options that are not an object', () => {
    expect(() => resolveOptions(bad(null))).toThrow(TypeError);
  });
});

describe('applyOverrides', () => {
  const base = resolveOptions({ retry: { maxRetries: 4 }, timeout: 1000 });

  it('overrides retry fields and timeout, keeping the rest', () => {
    const next = applyOverrides(base, { retry: { initialDelayMs: 10 }, timeout: 50 });
    expect(next.retry).toEqual({ ...DEFAULT_RETRY, maxRetries: 4, initialDelayMs: 10 });
    expect(next.timeout).toBe(50);
    expect(applyOverrides(base, {})).toEqual(base);
  });

  it('disables and re-enables retries', () => {
    const off = applyOverrides(base, { retry: false });
    expect(off.retry).toBe(false);
    expect(applyOverrides(off, {}).retry).toBe(false);
    expect(applyOverrides(off, { retry: { maxRetries: 1 } }).retry).toEqual({
      ...DEFAULT_RETRY,
      maxRetries: 1,
    });
  });

  it('validates overrides like options', () => {
    expect(() => applyOverrides(base, { timeout: -3 })).toThrow(/"timeout"/);
    expect(() => applyOverrides(base, { retry: { maxRetry: 1 } as never })).toThrow(/"maxRetry"/);
    expect(() => applyOverrides(base, { fetch: globalThis.fetch } as never)).toThrow(/"fetch"/);
  });
});
