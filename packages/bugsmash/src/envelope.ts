import { type ApiError, createApiError } from '@specbound/http';

/** What an openapi-fetch call resolves to when asked for `parseAs: 'text'`. */
export interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface EnvelopeContext {
  /** The request as sent (for the error's redacted `request`). */
  request: Request | { method: string; url: string };
  secrets: readonly string[];
}

// How much of a non-JSON body (a proxy's HTML error page, say) an error quotes.
const PREVIEW_CHARS = 200;

/**
 * Reads a BugSmash answer and returns the whole envelope when it succeeded. Throws an `ApiError`
 * (the subclass matching the HTTP status) when the HTTP status is not 2xx, when the envelope says
 * `status: false` even on 2xx, and when the body is not a JSON envelope at all.
 *
 * Bodies are read as text by openapi-fetch (`parseAs: 'text'`) and parsed here, so that a 2xx
 * HTML page becomes a clear error instead of a `SyntaxError` from `response.json()`.
 */
export function readEnvelope(
  result: RawResult,
  context: EnvelopeContext,
): Record<string, unknown> | undefined {
  const { response } = result;
  if (!response.ok) {
    // openapi-fetch has already parsed an error body: an object when it was JSON, else the raw text.
    const body = result.error;
    if (typeof body === 'string' && body.trim() !== '') throw notJson(response, body, context);
    return fail(response, body, context);
  }
  const text = typeof result.data === 'string' ? result.data : '';
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notJson(response, text, context);
  }
  if (!isRecord(body) || typeof body.status !== 'boolean') {
    throw error(response, body, context, 'the answer is not a BugSmash envelope ({ status, message, data })');
  }
  // The service marks some failures only in the envelope, with an HTTP 2xx code.
  if (body.status !== true) return fail(response, body, context);
  return body;
}

/** The payload under `key`, or undefined when the operation's answer may carry none. */
export function payloadOf(envelope: Record<string, unknown> | undefined, key: 'data' | 'project'): unknown {
  return envelope === undefined ? undefined : envelope[key];
}

/** Like `payloadOf` for operations whose answer must carry the payload. */
export function requirePayload(
  envelope: Record<string, unknown> | undefined,
  key: 'data' | 'project',
  result: RawResult,
  context: EnvelopeContext,
): unknown {
  if (envelope === undefined || !(key in envelope)) {
    throw error(result.response, envelope, context, `the answer carries no \`${key}\``);
  }
  return envelope[key];
}

function fail(response: Response, body: unknown, context: EnvelopeContext): never {
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  throw error(response, body, context, message);
}

function notJson(response: Response, text: string, context: EnvelopeContext): ApiError {
  const preview = text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
  const type = response.headers.get('content-type') ?? 'no content type';
  return error(response, preview, context, `the answer is not JSON (${type}): ${JSON.stringify(preview)}`);
}

function error(
  response: Response,
  body: unknown,
  context: EnvelopeContext,
  message: string | undefined,
): ApiError {
  return createApiError({
    status: response.status,
    headers: response.headers,
    body,
    request: context.request,
    secrets: context.secrets,
    ...(message === undefined ? {} : { message }),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
