/**
 * A JSON body that a fetch wrapper has read and parsed already (`@specbound/validate` checks every
 * response against the spec before the client reads it): the client's runtime neither reads those
 * bytes again nor parses them a second time (issue 26: together they were most of report mode's
 * cost). The record belongs to that Response object, whose body is those bytes: a response
 * replaced on the way (openapi-fetch middleware) has none and is read and parsed as usual.
 */
const known = new WeakMap<Response, { value: unknown; size: number }>();

/**
 * Records that `response`'s body, `size` bytes already in memory, parses to `value`; returns
 * `response`.
 */
export function withParsedJson(response: Response, value: unknown, size: number): Response {
  known.set(response, { value, size });
  return response;
}

/** What was recorded for `response`'s body by `withParsedJson`, if anything. */
export const parsedJson = (response: Response): { value: unknown; size: number } | undefined =>
  known.get(response);
