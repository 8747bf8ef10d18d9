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
