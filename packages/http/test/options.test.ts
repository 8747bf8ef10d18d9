import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bearerAuth } from '../src/auth.js';
import {
  applyOverrides,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type HttpOptions,
  resolveOptions,
} from '../src/options.js';
import { DEFAULT_RETRY } from '../src/retry.js';
import { ValidationError } from '../src/validate.js';

function errorOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

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
    [{ timeout: -1 }, 'timeout'],
    [{ timeout: Number.NaN }, 'timeout'],
    [{ timeout: 0 }, 'timeout'],
    [{ timeout: '100' }, 'timeout'],
    [{ retry: { maxRetry: 3 } }, 'retry.maxRetry'],
    [{ retry: { maxRetries: -1 } }, 'retry.maxRetries'],
    [{ retry: { maxRetries: 1.5 } }, 'retry.maxRetries'],
    [{ retry: { initialDelayMs: Number.NaN } }, 'retry.initialDelayMs'],
    [{ retry: { maxDelayMs: -5 } }, 'retry.maxDelayMs'],
    [{ retry: { retryNonIdempotent: 'yes' } }, 'retry.retryNonIdempotent'],
    [{ retry: true }, 'retry'],
    [{ fetch: 'https://x.test' }, 'fetch'],
    [{ auth: { secrets: () => [] } }, 'auth'],
    [{ logger: console }, 'logger'],
    [{ userAgent: 7 }, 'userAgent'],
    [{ userAgent: 'tool/1.0\r\nX-Injected: yes' }, 'userAgent'],
    [{ userAgent: 'tool/1.0\n' }, 'userAgent'],
    [{ userAgent: 'tool\0' }, 'userAgent'],
    [{ client: { name: 'x' } }, 'client'],
    [{ maxResponseBytes: -1 }, 'maxResponseBytes'],
    [{ maxResponseBytes: 10.5 }, 'maxResponseBytes'],
    [{ maxResponseBytes: '1MB' }, 'maxResponseBytes'],
    [{ timout: 5 }, 'timout'],
  ])('throws a ValidationError naming the option for %j', (options, field) => {
    const error = errorOf(() => resolveOptions(bad(options)));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe(field);
    expect(error.message).toContain(`"${field}"`);
  });

  it('never echoes a string value it refuses (it may be a credential)', () => {
    for (const options of [
      { timeout: 'ya29.SECRET' },
      { userAgent: 'ya29.SECRET\r\n' },
      { fetch: 'ya29.SECRET' },
    ]) {
      const error = errorOf(() => resolveOptions(bad(options)));
      expect(`${error.message} ${String(error)} ${inspect(error)} ${JSON.stringify(error)}`).not.toContain(
        'SECRET',
      );
    }
  });

  it('refuses options that are not an object', () => {
    expect(errorOf(() => resolveOptions(bad(null)))).toBeInstanceOf(ValidationError);
  });

  it('accepts a response size limit, Infinity for none, and keeps a generous default', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    expect(resolveOptions({}).maxResponseBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    expect(resolveOptions({ maxResponseBytes: 0 }).maxResponseBytes).toBe(0);
    expect(resolveOptions({ maxResponseBytes: Number.POSITIVE_INFINITY }).maxResponseBytes).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(applyOverrides(resolveOptions({}), { maxResponseBytes: 10 }).maxResponseBytes).toBe(10);
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
    expect(errorOf(() => applyOverrides(base, { timeout: -3 })).field).toBe('timeout');
    expect(errorOf(() => applyOverrides(base, { retry: { maxRetry: 1 } as never })).field).toBe(
      'retry.maxRetry',
    );
    expect(errorOf(() => applyOverrides(base, { fetch: globalThis.fetch } as never)).field).toBe('fetch');
  });
});
