// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): PropertiesService, CacheService, LockService and
// Session. Their state lives on the host (the emulator's database), reached through host calls; the
// scope of each store ('script', 'user' or 'document') is named in the call. Each piece below is
// installed by its source text, in order (see engine.ts); the stores share their checks in `api`.
import type { GuestValue, Kernel } from './kernel.ts';

type Api = Record<string, GuestValue>;

interface GuestContext {
  scriptId: string;
  userEmail: string;
  timeZone: string;
  documentId?: string;
}

/** What the stores share: whether document-scoped stores exist (a bound script), and a key's check. */
export function defineStoreChecks(k: Kernel, context: GuestContext, api: Api): void {
  const bound = context.documentId !== undefined;
  const keyOf = (method: string, args: ArrayLike<GuestValue>) => {
    const key = args[0];
    if (key === undefined || key === null) throw k.signature(method, args);
    return String(key);
  };
  api.bound = bound;
  api.keyOf = keyOf;
}

/** The PropertiesService global and its Properties stores. */
export function installPropertiesService(g: GuestValue, k: Kernel, api: Api): void {
  const bound: boolean = api.bound;
  const keyOf: (method: string, args: ArrayLike<GuestValue>) => string = api.keyOf;

  function properties(scope: string) {
    const call = (method: string, args: GuestValue[]) =>
      k.host('PropertiesService', method, [scope, ...args]);
    const store = k.service('Properties', {
      getProperty(_key: GuestValue) {
        return call('get', [keyOf('Properties.getProperty', arguments)]);
      },
      getProperties: () => call('getAll', []),
      getKeys: () => Object.keys(call('getAll', [])),
      setProperty(_key: GuestValue, value: GuestValue) {
        if (value === undefined || value === null) throw k.signature('Properties.setProperty', arguments);
        call('set', [{ [keyOf('Properties.setProperty', arguments)]: String(value) }, false]);
        return store;
      },
      setProperties(values: GuestValue, deleteAllOthers?: GuestValue) {
        if (values === null || typeof values !== 'object')
          throw k.signature('Properties.setProperties', arguments);
        const out: Record<string, string> = {};
        for (const key of Object.keys(values)) out[key] = String(values[key]);
        call('set', [out, deleteAllOthers === true]);
        return store;
      },
      deleteProperty(_key: GuestValue) {
        call('delete', [keyOf('Properties.deleteProperty', arguments)]);
        return store;
      },
      deleteAllProperties() {
        call('set', [{}, true]);
        return store;
      },
      toString: () => 'Properties',
    });
    return store;
  }
  g.PropertiesService = k.service('PropertiesService', {
    getScriptProperties: () => properties('script'),
    getUserProperties: () => properties('user'),
    getDocumentProperties: () => (bound ? properties('document') : null),
  });
}

/** The CacheService global and its Cache stores (600 s when a put names no expiration). */
export function installCacheService(g: GuestValue, k: Kernel, api: Api): void {
  const bound: boolean = api.bound;
  const keyOf: (method: string, args: ArrayLike<GuestValue>) => string = api.keyOf;

  function cache(scope: string) {
    const call = (method: string, args: GuestValue[]) => k.host('CacheService', method, [scope, ...args]);
    const seconds = (method: string, args: ArrayLike<GuestValue>, at: number) => {
      const value = args[at];
      if (value === undefined) return 600;
      if (typeof value !== 'number') throw k.signature(method, args);
      return value;
    };
    return k.service('Cache', {
      get(_key: GuestValue) {
        return call('get', [keyOf('Cache.get', arguments)]);
      },
      getAll(keys: GuestValue) {
        if (!Array.isArray(keys)) throw k.signature('Cache.getAll', arguments);
        return call('getAll', [keys.map(String)]);
      },
      put(_key: GuestValue, value: GuestValue, _expiration?: GuestValue) {
        if (value === undefined || value === null) throw k.signature('Cache.put', arguments);
        const values = { [keyOf('Cache.put', arguments)]: String(value) };
        call('put', [values, seconds('Cache.put', arguments, 2)]);
      },
      putAll(values: GuestValue, _expiration?: GuestValue) {
        if (values === null || typeof values !== 'object') throw k.signature('Cache.putAll', arguments);
        const out: Record<string, string> = {};
        for (const key of Object.keys(values)) out[key] = String(values[key]);
        call('put', [out, seconds('Cache.putAll', arguments, 1)]);
      },
      remove(_key: GuestValue) {
        call('remove', [[keyOf('Cache.remove', arguments)]]);
      },
      removeAll(keys: GuestValue) {
        if (!Array.isArray(keys)) throw k.signature('Cache.removeAll', arguments);
        call('remove', [keys.map(String)]);
      },
      toString: () => 'Cache',
    });
  }
  g.CacheService = k.service('CacheService', {
    getScriptCache: () => cache('script'),
    getUserCache: () => cache('user'),
    getDocumentCache: () => (bound ? cache('document') : null),
  });
}

/** The LockService global and its Locks. */
export function installLockService(g: GuestValue, k: Kernel, api: Api): void {
  const bound: boolean = api.bound;

  function lock(scope: string) {
    const call = (method: string, args: GuestValue[]) => k.host('LockService', method, [scope, ...args]);
    const timeout = (method: string, args: ArrayLike<GuestValue>) => {
      if (typeof args[0] !== 'number') throw k.signature(method, args);
      return Math.max(0, args[0]);
    };
    return k.service('Lock', {
      tryLock(_ms: GuestValue) {
        return call('acquire', [timeout('Lock.tryLock', arguments)]);
      },
      waitLock(_ms: GuestValue) {
        if (!call('acquire', [timeout('Lock.waitLock', arguments)]))
          throw k.exception('Lock timeout: another process was holding the lock for too long.');
      },
      hasLock: () => call('held', []),
      releaseLock() {
        call('release', []);
      },
      toString: () => 'Lock',
    });
  }
  g.LockService = k.service('LockService', {
    getScriptLock: () => lock('script'),
    getUserLock: () => lock('user'),
    getDocumentLock: () => (bound ? lock('document') : null),
  });
}

/** The Session global: the caller is both the active and the effective user. */
export function installSession(g: GuestValue, k: Kernel, context: GuestContext): void {
  const user = (email: string) =>
    k.service('User', { getEmail: () => email, getUserLoginId: () => email, toString: () => email });
  g.Session = k.service('Session', {
    getActiveUser: () => user(context.userEmail),
    getEffectiveUser: () => user(context.userEmail),
    getScriptTimeZone: () => context.timeZone,
    getActiveUserLocale: () => 'en',
    getTemporaryActiveUserKey: () => k.host('Session', 'temporaryKey', []),
  });
}
