// The host side of CacheService and PropertiesService at given times: expiry, limits, eviction.
import { describe, expect, it } from 'vitest';
import { cacheCall, MAX_ENTRIES } from '../src/runtime/cache.ts';
import { propertiesCall, STORE_BYTES } from '../src/runtime/properties.ts';
import type { ProjectRuntime } from '../src/runtime/state.ts';

describe('CacheService on the host', () => {
  it('drops an entry once its expiration has passed (default 10 minutes, at most 6 hours)', () => {
    const runtime: ProjectRuntime = {};
    const now = Date.UTC(2026, 0, 1);
    const call = (method: string, args: unknown[], at: number) =>
      cacheCall(runtime, 'a@x', method, args, at, () => {});
    call('put', ['script', { short: '1' }, 5], now);
    call('put', ['script', { plain: '2' }, 600], now);
    call('put', ['script', { long: '3' }, 1e9], now);
    expect(call('getAll', ['script', ['short', 'plain', 'long']], now + 4_999)).toEqual({
      short: '1',
      plain: '2',
      long: '3',
    });
    expect(call('get', ['script', 'short'], now + 5_000)).toBeNull();
    expect(call('get', ['script', 'plain'], now + 600_000)).toBeNull();
    expect(call('get', ['script', 'long'], now + 21_599_000)).toBe('3');
    expect(call('get', ['script', 'long'], now + 21_600_000)).toBeNull();
  });

  it('keeps user caches apart, refuses long keys and large values, and evicts the soonest to expire past 1,000', () => {
    const runtime: ProjectRuntime = {};
    const now = 0;
    cacheCall(runtime, 'a@x', 'put', ['user', { k: 'mine' }, 60], now, () => {});
    expect(cacheCall(runtime, 'b@x', 'get', ['user', 'k'], now, () => {})).toBeNull();
    expect(() =>
      cacheCall(runtime, 'a@x', 'put', ['script', { ['k'.repeat(251)]: 'v' }, 60], now, () => {}),
    ).toThrow('Argument too large: key');
    expect(() =>
      cacheCall(runtime, 'a@x', 'put', ['script', { k: 'v'.repeat(102_401) }, 60], now, () => {}),
    ).toThrow('Argument too large: value');
    const many: Record<string, string> = {};
    for (let i = 0; i < MAX_ENTRIES; i++) many[`k${i}`] = 'v';
    cacheCall(runtime, 'a@x', 'put', ['script', { first: 'soon' }, 1], now, () => {});
    cacheCall(runtime, 'a@x', 'put', ['script', many, 600], now, () => {});
    expect(cacheCall(runtime, 'a@x', 'get', ['script', 'first'], now, () => {})).toBeNull();
    expect(cacheCall(runtime, 'a@x', 'get', ['script', 'k999'], now, () => {})).toBe('v');
  });
});

describe('PropertiesService on the host', () => {
  it('refuses a store past 500 KB and keeps what it had', () => {
    const runtime: ProjectRuntime = {};
    const set = (values: Record<string, string>) =>
      propertiesCall(runtime, 'a@x', 'set', ['script', values, false], () => {});
    set({ a: '1' });
    const big: Record<string, string> = {};
    for (let i = 0; i < STORE_BYTES / 9000 + 1; i++) big[`k${i}`] = 'x'.repeat(9000);
    expect(() => set(big)).toThrow('You have exceeded the property storage quota');
    expect(propertiesCall(runtime, 'a@x', 'getAll', ['script'], () => {})).toEqual({ a: '1' });
  });
});
