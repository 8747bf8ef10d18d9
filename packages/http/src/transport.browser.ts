/**
 * The browser side of transport.ts (chosen by the `browser` field of package.json). Browsers never
 * build a light request (call-request.browser.ts: `isLight` is always false), so nothing here is
 * ever called; it only links the same names, at no cost in the budgeted bundles. Same exports.
 */
import type { BodyGuard } from './body-guard.js';
import type { FetchLike } from './options.js';
import type { SpecboundRequest } from './request.js';

export function sendLight(
  _request: SpecboundRequest,
  _guard: BodyGuard,
  _custom: FetchLike | undefined,
): Promise<Response> {
  // Unreachable (see above): the shortest body, the budgets have bytes to spare only in tens.
  throw new TypeError();
}

export function settleLean(_response: Response, _guard: BodyGuard): Response | undefined {
  return undefined;
}

export const leanStats = { requests: 0 };
