// CacheService on the host: per scope, entries that expire (default 10 minutes, at most 6 hours) and
// Google's limits (keys of 250 characters, values of 100 KB, 1,000 entries: the soonest to expire go
// first). Expired entries are dropped when their cache is next used.
import { type CacheEntry, isScope, type ProjectRuntime, scoped } from './state.ts';

const KEY_CHARS = 250;
const VALUE_BYTES = 100 * 1024;
export const MAX_ENTRIES = 1000;
const MAX_EXPIRATION_S = 21_600;

function prune(map: Record<string, CacheEntry>, now: number): boolean {
  let dropped = false;
  for (const [key, entry] of Object.entries(map))
    if (entry.expiresAt <= now) {
      delete map[key];
      dropped = true;
    }
  return dropped;
}

function put(map: Record<string, CacheEntry>, values: Record<string, string>, seconds: number, now: number) {
  for (const [key, value] of Object.entries(values)) {
    if (key.length > KEY_CHARS) throw new Error('Argument too large: key');
    if (Buffer.byteLength(value) > VALUE_BYTES) throw new Error('Argument too large: value');
  }
  const expiresAt = now + Math.min(Math.max(seconds, 1), MAX_EXPIRATION_S) * 1000;
  for (const [key, value] of Object.entries(values)) map[key] = { value, expiresAt };
  const keys = Object.keys(map);
  if (keys.length > MAX_ENTRIES) {
    keys.sort((a, b) => (map[a]?.expiresAt ?? 0) - (map[b]?.expiresAt ?? 0));
    for (const key of keys.slice(0, keys.length - MAX_ENTRIES)) delete map[key];
  }
}

/** Answers one CacheService call at time `now` (epoch ms); `changed` is told when the cache was written. */
export function cacheCall(
  runtime: ProjectRuntime,
  email: string,
  method: string,
  args: unknown[],
  now: number,
  changed: () => void,
): unknown {
  const [scope, ...rest] = args;
  if (!isScope(scope)) throw new Error('Invalid argument: scope');
  runtime.caches ??= {};
  const map = scoped(runtime.caches, scope, email);
  if (prune(map, now)) changed();
  switch (method) {
    case 'get':
      return map[String(rest[0])]?.value ?? null;
    case 'getAll': {
      const out: Record<string, string> = {};
      for (const key of rest[0] as string[]) {
        const entry = map[key];
        if (entry !== undefined) out[key] = entry.value;
      }
      return out;
    }
    case 'put':
      put(map, rest[0] as Record<string, string>, Number(rest[1]), now);
      changed();
      return null;
    case 'remove':
      for (const key of rest[0] as string[]) delete map[key];
      changed();
      return null;
    default:
      throw new Error(`CacheService.${method} is not implemented in the emulator.`);
  }
}
