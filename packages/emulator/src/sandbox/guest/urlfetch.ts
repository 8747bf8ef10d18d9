// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): UrlFetchApp.fetch/fetchAll and HTTPResponse. The
// requests are made by the host (runtime/urlfetch.ts), to loopback and allowed hosts only.
import type { GuestValue, Kernel } from './kernel.ts';

export function installUrlFetch(g: GuestValue, k: Kernel): void {
  const PARAMS = ['method', 'payload', 'contentType', 'headers', 'muteHttpExceptions', 'followRedirects'];
  function request(url: GuestValue, params: GuestValue, method: string, args: ArrayLike<GuestValue>) {
    if (typeof url !== 'string' || (params !== undefined && (params === null || typeof params !== 'object')))
      throw k.signature(method, args);
    const out: Record<string, GuestValue> = { url };
    for (const key of PARAMS) if (params?.[key] !== undefined) out[key] = params[key];
    return out;
  }
  function response(r: { code: number; headers: Record<string, string>; text: string; base64: string }) {
    const bytes = () => k.host('Utilities', 'base64Decode', [r.base64, 'UTF_8', false]);
    return k.service('HTTPResponse', {
      getResponseCode: () => r.code,
      getContentText: (charset?: GuestValue) =>
        charset === undefined
          ? r.text
          : k.host('Utilities', 'decode', [bytes(), String(charset).replace('-', '_')]),
      getContent: bytes,
      getHeaders: () => ({ ...r.headers }),
      getAllHeaders: () => ({ ...r.headers }),
      getBlob: () => (globalThis as GuestValue).Utilities.newBlob(bytes(), r.headers['content-type'] ?? null),
      getAs: () => {
        throw k.exception('HTTPResponse.getAs is not implemented in the emulator.');
      },
      toString: () => 'HTTPResponse',
    });
  }
  g.UrlFetchApp = k.service('UrlFetchApp', {
    fetch(url: GuestValue, params?: GuestValue) {
      return response(k.host('UrlFetchApp', 'fetch', [request(url, params, 'UrlFetchApp.fetch', arguments)]));
    },
    fetchAll(requests: GuestValue) {
      if (!Array.isArray(requests)) throw k.signature('UrlFetchApp.fetchAll', arguments);
      const list = requests.map((r: GuestValue) =>
        typeof r === 'string' ? { url: r } : request(r?.url, r, 'UrlFetchApp.fetchAll', arguments),
      );
      return k.host('UrlFetchApp', 'fetchAll', [list]).map(response);
    },
  });
}
