// validatingFetch(): a `fetch` to hand to a client (`createAppsScriptClient({ fetch })`) that checks
// every response against the spec before the client sees it. The client packages bind it to their
// own spec in their `./validate` entry, so nobody who does not import that entry loads Ajv or the spec.
import { type FetchLike, ValidationError, withParsedJson } from '@specbound/http';
import { type ResponseReport, ResponseValidationError } from './report.js';
import type { OpenApiDocument } from './spec.js';
import { ResponseValidator } from './validator.js';

export type ValidationMode = 'off' | 'report' | 'throw';

/** What validatingFetch returns: callable as the global fetch is, and as the clients call theirs. */
export type ValidatingFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface ValidationOptions {
  /** `off`: no checks; `report`: `onReport` gets each report; `throw`: a ResponseValidationError. */
  mode: ValidationMode;
  /** Called with the report of every response that breaks the spec (required in `report` mode). */
  onReport?: (report: ResponseReport) => void;
  /** The fetch to check the responses of (default: the global fetch at call time). */
  fetch?: FetchLike;
  /** The spec's base path inside the URL, when a proxy moved it (default: the spec's server's, `/api/v2`). */
  basePath?: string;
}

const MODES: readonly ValidationMode[] = ['off', 'report', 'throw'];

// One decoder for every response: decode() without `stream` keeps no state between calls.
const utf8 = new TextDecoder();

/** The caller's Request as is (the clients pass one), or one built from fetch's other argument forms. */
const requestOf = (input: RequestInfo | URL, init?: RequestInit): Request =>
  input instanceof Request && init === undefined ? input : new Request(input, init);

/** A fetch checking responses against `spec`; `factory` names the function in option errors. */
export function createValidatingFetch(
  spec: OpenApiDocument,
  options: ValidationOptions,
  factory = 'validatingFetch',
): ValidatingFetch {
  const { mode, onReport } = options;
  if (!MODES.includes(mode))
    throw new ValidationError('mode', `${factory}: option "mode" must be one of ${MODES.join(', ')}.`);
  if (mode === 'report' && typeof onReport !== 'function')
    throw new ValidationError(
      'onReport',
      `${factory}: mode "report" needs an "onReport" function, which receives each report.`,
    );
  const inner: FetchLike = options.fetch ?? ((input) => globalThis.fetch(input));
  // `off` adds nothing to a call: not even a copy of its Request.
  if (mode === 'off') return (input, init) => inner(requestOf(input, init));
  const validator = new ResponseValidator(spec, options.basePath);
  return async (input, init) => {
    const request = requestOf(input, init);
    const response = await inner(request);
    let bytes: ArrayBuffer | undefined;
    let parsed: { value: unknown } | undefined;
    const report = await validator.check({
      method: request.method,
      url: request.url,
      status: response.status,
      contentType: response.headers.get('content-type'),
      // Read once, then handed to the client in a new Response: cheaper than clone(), which tees the stream.
      text: async () => {
        bytes = await response.arrayBuffer();
        return utf8.decode(bytes);
      },
      parsed: (value) => {
        parsed = { value };
      },
    });
    if (report !== undefined && mode === 'throw') {
      // An unread body (an undeclared status) is released; a read one is gone already.
      if (bytes === undefined) await response.body?.cancel();
      throw new ResponseValidationError(report);
    }
    if (report !== undefined) onReport?.(report);
    if (bytes === undefined) return response;
    const copy = new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The client (its @specbound/http runtime) takes this value rather than parsing the text again.
    return parsed === undefined ? copy : withParsedJson(copy, parsed.value, bytes.byteLength);
  };
}
