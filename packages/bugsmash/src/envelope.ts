import { type Answer, apiError, jsonBody } from '@specbound/http';
import type { components } from './generated/schema.js';

/** The body of a BugSmash error: the envelope with `status: false` and the service's `message`. */
export type BugSmashErrorBody = components['schemas']['ErrorEnvelope'];

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

/** Whether a body is BugSmash's error envelope (the type `ApiError.body` promises). */
function isErrorEnvelope(body: unknown): body is BugSmashErrorBody {
  return isRecord(body) && body.status === false && typeof body.message === 'string';
}

/**
 * The readers of one client. A failure is an HTTP status that is not 2xx, an envelope saying
 * `status: false` even on 2xx, or a body that is not a JSON envelope at all.
 */
export function envelopeReaders(secrets: () => readonly string[]): EnvelopeReaders {
  const fail = (answer: Answer, body: unknown, message?: string) =>
    apiError(answer, body, secrets(), isErrorEnvelope, message);
  // The successful envelope, or undefined for an empty 2xx body.
  const read = (answer: Answer): Envelope | undefined => {
    const body = jsonBody(answer, secrets(), isErrorEnvelope);
    if (body === undefined) return undefined;
    if (!isRecord(body) || typeof body.status !== 'boolean') {
      throw fail(answer, body, 'the answer is not a BugSmash envelope ({ status, message, data })');
    }
    // The service marks some failures only in the envelope, with an HTTP 2xx code.
    if (body.status !== true) throw fail(answer, body);
    return body;
  };
  const required = (answer: Answer, key: 'data' | 'project'): Envelope => {
    const body = read(answer);
    if (body === undefined || !(key in body))
      throw fail(answer, undefined, `the answer carries no \`${key}\``);
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
