/**
 * The browser side of call-request.ts (chosen by the `browser` field of package.json): calls use
 * the platform `Request`, so the Node-only `SpecboundRequest` is not bundled. Same exports.
 */
import type { SpecboundRequest } from './request.js';

export const CallRequest: typeof Request = Request;

export function isLight(_value: unknown): _value is SpecboundRequest {
  return false;
}

/** Only a `SpecboundRequest` made without a signal has a signal that never aborts. */
export function neverAborts(_signal: AbortSignal): boolean {
  return false;
}

export type { PathSerializer } from './call-request.js';

/** openapi-fetch's own serializer: in a browser a call's time is the network's. */
export function fastPathSerializer<S>(fallback: S): S {
  return fallback;
}
