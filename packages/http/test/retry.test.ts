import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isIdempotent,
  isRetryableStatus,
  MAX_SERVER_WAIT_MS,
  parseRetryAfter,
} from '../src/retry.js';

describe('defaults', () => {
  it('are 2 retries from 500 ms up to 8 s, idempotent methods only', () => {
    expect(DEFAULT_RETRY).toEqual({
      maxRetries: 2,
      initialDelayMs: 500,
      maxDelayMs: 8000,
      retryNonIdempotent: false,
    });
    expect(MAX_SERVER_WAIT_MS).toBe(60_000);
  });
});

describe('isRetryableStatus', () => {
  it.each([408, 409, 429, 500, 502, 503, 504, 599])('retries %i', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });
  it.each([200, 304, 400, 401, 403, 404, 410, 422])('does not retry %i', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});

describe('isIdempotent', () => {
  it('accepts GET, HEAD, PUT, DELETE, OPTIONS in any case and refuses POST, PATCH', () => {
    for (const method of ['GET', 'head', 'PUT', 'DELETE', 'OPTIONS']) expect(isIdempotent(method)).toBe(true);
    for (const method of ['POST', 'PATCH', 'post']) expect(isIdempotent(method)).toBe(false);
  });
});

describe('backoffDelay', () => {
  const options = { initialDelayMs: 500, maxDelayMs: 8000 };

  it('doubles from initialDelayMs and stops at maxDelayMs', () => {
    const noJitter = (): number => 0;
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, options, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('takes off at most 25 % as jitter', () => {
    expect(backoffDelay(0, options, () => 0.5)).toBe(438);
    expect(backoffDelay(1, options, () => 0.999_999)).toBe(750);
  });

  it('always lies within [0, maxDelayMs] and within 75 % of the undelayed value (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 60 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, initialDelayMs, maxDelayMs, r) => {
          const delay = backoffDelay(n, { initialDelayMs, maxDelayMs }, () => r);
          const base = Math.min(initialDelayMs * 2 ** n, maxDelayMs);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(maxDelayMs);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.75));
        },
      ),
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  const parse = (headers: Record<string, string>): number | undefined =>
    parseRetryAfter(new Headers(headers), now);

  it('reads retry-after-ms first', () => {
    expect(parse({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(parse({ 'retry-after-ms': '12.5' })).toBe(12.5);
  });

  it('falls back to Retry-After when retry-after-ms is unreadable', () => {
    expect(parse({ 'retry-after-ms': 'soon', 'retry-after': '3' })).toBe(3000);
  });

  it('reads Retry-After as delta-seconds', () => {
    expect(parse({ 'retry-after': '0' })).toBe(0);
    expect(parse({ 'retry-after': ' 120 ' })).toBe(120_000);
  });

  it('reads Retry-After as an HTTP-date, a past date giving 0', () => {
    expect(parse({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' })).toBe(5000);
    expect(parse({ 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' })).toBe(0);
  });

  it('gives undefined when absent or unreadable', () => {
    expect(parse({})).toBeUndefined();
    expect(parse({ 'retry-after': 'later' })).toBeUndefined();
    expect(parse({ 'retry-after': '-5' })).toBeUndefined();
  });

  it('returns seconds * 1000 for any delta-seconds, and never a negative or NaN value (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (seconds) => {
        expect(parse({ 'retry-after': String(seconds) })).toBe(seconds * 1000);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        // Header values cannot hold every character: keep the ones Headers accepts.
        const clean = value.replace(/[^\x20-\x7e]/g, '');
        const result = parse({ 'retry-after': clean });
        if (result !== undefined) {
          expect(Number.isFinite(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
