import { type Answer, type ApiError, createApiError } from '@specbound/http';
import type { components } from './generated/schema.js';

/** The body of a BugSmash error: the envelope with `status: false` and the service's `message`. */
export type BugSmashErrorBody = components['schemas']['ErrorEnvelope'];

// How much of a non-JSON body (a proxy's HTML error page, say) an error quotes.
const PREVIEW_CHARS = 200;

type Envelope = Record<string, unknown>;

/** How each operation reads the envelope; every reader throws the typed `ApiError` on failure. */
export interface EnvelopeReaders {
  /** The payload under `data`, which the answer must carry. */
  data(answer: Answer): unknown;
  /** The payload under `project` (the `generate-review-link` exception). */
  project(answer: Answer): unknown;
  /** The whole envelope without `status` and `message` (lists with counts or page numbers). */
  whole(answer: Answer): unknown;
  /** The payload of an operation whose answer is not public: whatever `data` holds, if anything. */
  unconfirmed(answer: Answer): unknown;
}

/**
 * The readers of one client. Bodies are read as text by openapi-fetch (`parseAs: 'text'`) and
 * parsed here once, so that a 2xx HTML page becomes a clear error instead of a `SyntaxError`.
 * A failure is an HTTP status that is not 2xx, an envelope saying `status: false` even on 2xx,
 * or a body that is not a JSON envelope at all.
 */
export function envelopeReaders(secrets: () => readonly string[]): EnvelopeReaders {
  const fail = (answer: Answer, body: unknown, message: string | undefined): ApiError => {
    const envelope = isRecord(body) && body.status === false && typeof body.message === 'string';
    return createApiError({
      status: answer.response.status,
      headers: answer.response.headers,
      body: envelope ? body : undefined,
      request: answer.request,
      secrets: secrets(),
      ...(message === undefined ? {} : { message }),
    });
  };
  const notJson = (answer: Answer, text: string): ApiError => {
    const preview = text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
    const type = answer.response.headers.get('content-type') ?? 'no content type';
    return fail(answer, undefined, `the answer is not JSON (${type}): ${JSON.stringify(preview)}`);
  };
  const parse = (answer: Answer, text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw notJson(answer, text);
    }
  };
  // The successful envelope, or undefined for an empty 2xx body.
  const read = (answer: Answer): Envelope | undefined => {
    const raw = answer.response.ok ? answer.data : answer.error;
    const text = typeof raw === 'string' ? raw : '';
    if (!answer.response.ok) {
      // openapi-fetch tried JSON on error bodies; a string left means it was not JSON.
      if (typeof raw === 'string' && raw.trim() !== '') throw notJson(answer, raw);
      throw fail(answer, raw, messageOf(raw));
    }
    if (text.trim() === '') return undefined;
    const body = parse(answer, text);
    if (!isRecord(body) || typeof body.status !== 'boolean') {
      throw fail(answer, body, 'the answer is not a BugSmash envelope ({ status, message, data })');
    }
    // The service marks some failures only in the envelope, with an HTTP 2xx code.
    if (body.status !== true) throw fail(answer, body, messageOf(body));
    return body;
  };
  const required = (answer: Answer, key: 'data' | 'project'): Envelope => {
    const body = read(answer);
    if (body === undefined || !(key in body)) {
      throw fail(answer, undefined, `the answer carries no \`${key}\``);
    }
    return body;
  };
  return {
    data: (answer) => required(answer, 'data').data,
    project: (answer) => required(answer, 'project').project,
    whole(answer) {
      const { status: _status, message: _message, ...rest } = required(answer, 'data');
      return rest;
    },
    unconfirmed: (answer) => read(answer)?.data,
  };
}

function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
