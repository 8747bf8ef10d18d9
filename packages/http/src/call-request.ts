/**
 * Which `Request` openapi-fetch builds for a call. On Node it is the light `SpecboundRequest`
 * (see request.ts: a platform Request costs a fifth of a call there). Browser bundlers take
 * call-request.browser.ts instead (the `browser` field of package.json), which keeps the platform
 * `Request` and leaves request.ts out of the bundle.
 */
import { neverAborts, SpecboundRequest } from './request.js';

export const CallRequest = SpecboundRequest as unknown as typeof Request;

/** Whether `value` is a light `SpecboundRequest` (not a platform `Request`). */
export function isLight(value: unknown): value is SpecboundRequest {
  return SpecboundRequest.is(value);
}

export { neverAborts };

/** openapi-fetch's `pathSerializer` signature. */
export type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

// `{name}` with a capture group: splitting a URL template on it leaves the names at odd indexes.
const PARAM = /\{([^{}]+)\}/;
// A simple-style parameter name (no label `.`, matrix `;` or explode `*` marker).
const SIMPLE = /^[\w-]+$/;
// Templates are `${baseUrl}${path}`: a handful per client. Past this many, stop remembering.
const MAX_TEMPLATES = 1000;

/**
 * A faster `pathSerializer` for openapi-fetch (`createClient({ pathSerializer:
 * fastPathSerializer(defaultPathSerializer) })`). openapi-fetch's own runs a regular expression
 * over the whole URL and a `replace` per parameter on every call (3 µs a call in the profile of
 * `scripts.run`); this one splits each template once and joins its pieces with the
 * percent-encoded values. Anything but simple `{name}` parameters with string or number values
 * (labels, matrices, exploded arrays, objects) goes to `fallback`, openapi-fetch's serializer.
 * A missing value leaves its `{name}` in place, as openapi-fetch does.
 */
export function fastPathSerializer(fallback: PathSerializer): PathSerializer {
  const templates = new Map<string, readonly string[] | null>();
  return (pathname, pathParams) => {
    let parts = templates.get(pathname);
    if (parts === undefined) {
      const split = pathname.split(PARAM);
      parts = split.every((part, i) => i % 2 === 0 || SIMPLE.test(part)) ? split : null;
      if (templates.size < MAX_TEMPLATES) templates.set(pathname, parts);
    }
    if (parts === null) return fallback(pathname, pathParams);
    let url = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i] as string;
      const value = pathParams[name];
      if (typeof value === 'string' || typeof value === 'number') url += encodeURIComponent(value);
      else if (value === undefined || value === null) url += `{${name}}`;
      else return fallback(pathname, pathParams);
      url += parts[i + 1] as string;
    }
    return url;
  };
}
