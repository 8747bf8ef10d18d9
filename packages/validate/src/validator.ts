// Checks one response against the spec: the operation is found by method and path, the schema of
// its status's JSON body is compiled once (then reused for every later response), and every
// problem Ajv finds becomes a { pointer, expected, got } entry of a report.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { responseAjv } from './ajv.js';
import type { ResponseProblem, ResponseReport } from './report.js';
import {
  basePathOf,
  declaredResponse,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  type SpecOperation,
  specOperations,
} from './spec.js';

/** A response as the validator needs it. */
export interface ResponseFacts {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  /** The body text, read only when the answer is JSON (called at most once). */
  text: () => Promise<string>;
  /** Told the value the body text parsed to, so that it need not be parsed again. */
  parsed?: (value: unknown) => void;
}

const SCHEMA_ID = 'https://specbound.local/spec.json';
const SECRET_NAME = /secret|token|password|api[-_]?key|authorization/i;
const MAX_GOT_CHARS = 200;

/** Rewrites local `#/...` refs to absolute ones under SCHEMA_ID, so any sub-schema compiles on its own. */
function absolutise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absolutise);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${SCHEMA_ID}${value}`
        : absolutise(value);
  return out;
}

function valueAt(body: unknown, pointer: string): unknown {
  let current = body;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    current = isObject(current) || Array.isArray(current) ? (current as JsonObject)[key] : undefined;
  }
  return current;
}

/** A copy of a value with the values of secret-named keys (`secret`, `token`, `apiKey`...) replaced. */
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value))
    out[key] = SECRET_NAME.test(key) ? '[REDACTED]' : redacted(item);
  return out;
}

/** What a report shows of a value: a secret never, a long value cut. */
function shown(pointer: string, value: unknown): unknown {
  if (pointer.split('/').some((segment) => SECRET_NAME.test(segment))) return '[REDACTED]';
  const safe = redacted(value);
  const text = JSON.stringify(safe);
  if (text !== undefined && text.length > MAX_GOT_CHARS) return `${text.slice(0, MAX_GOT_CHARS)}…`;
  return safe;
}

function problemOf(error: ErrorObject, body: unknown): ResponseProblem {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return {
      pointer: `${error.instancePath}/${String(params.missingProperty)}`,
      expected: 'a value (required)',
      got: undefined,
    };
  if (error.keyword === 'additionalProperties') {
    const pointer = `${error.instancePath}/${String(params.additionalProperty)}`;
    return { pointer, expected: 'no such property', got: shown(pointer, valueAt(body, pointer)) };
  }
  const expected =
    error.keyword === 'type'
      ? String(params.type)
      : error.keyword === 'enum'
        ? `one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`
        : (error.message ?? error.keyword);
  return {
    pointer: error.instancePath,
    expected,
    got: shown(error.instancePath, valueAt(body, error.instancePath)),
  };
}

export class ResponseValidator {
  readonly #doc: OpenApiDocument;
  /** The operations of each method, in the spec's matching order (literal paths before templates). */
  readonly #operations = new Map<string, SpecOperation[]>();
  readonly #basePath: string;
  readonly #ajv = responseAjv();
  readonly #compiled = new Map<string, ValidateFunction | null>();

  constructor(doc: OpenApiDocument, basePath?: string) {
    this.#doc = doc;
    for (const operation of specOperations(doc)) {
      const same = this.#operations.get(operation.method);
      if (same === undefined) this.#operations.set(operation.method, [operation]);
      else same.push(operation);
    }
    this.#basePath = basePath ?? basePathOf(doc);
    this.#ajv.addSchema({ $id: SCHEMA_ID, components: absolutise(doc.components ?? {}) });
  }

  /** The operation serving a URL: the spec's base path (`/api/v2`) is cut wherever the URL has it. */
  operationFor(method: string, url: string): { operation: SpecOperation | undefined; path: string } {
    const full = new URL(url).pathname;
    const at = this.#basePath === '' ? -1 : full.indexOf(`${this.#basePath}/`);
    const path = at < 0 ? full : full.slice(at + this.#basePath.length);
    const operation = this.#operations.get(method)?.find((op) => op.regex.test(path));
    return { operation, path: full };
  }

  /** The compiled schema of an operation's JSON answer for a status; null when none is declared. */
  #schema(operation: SpecOperation, status: number): ValidateFunction | null | undefined {
    const key = `${operation.method} ${operation.pathTemplate} ${status}`;
    if (this.#compiled.has(key)) return this.#compiled.get(key);
    const response = declaredResponse(this.#doc, operation, status);
    if (response === undefined) return undefined;
    const content = isObject(response) && isObject(response.content) ? response.content : {};
    const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
    const schema = isObject(media) && media.schema !== undefined ? absolutise(media.schema) : undefined;
    const compiled = schema === undefined ? null : this.#ajv.compile(schema as JsonObject);
    this.#compiled.set(key, compiled);
    return compiled;
  }

  /** The report of a response that breaks the spec, or undefined when it does not. */
  async check(facts: ResponseFacts): Promise<ResponseReport | undefined> {
    const { operation, path } = this.operationFor(facts.method, facts.url);
    const report = (problems: ResponseProblem[]): ResponseReport => ({
      operation: operation?.operationId,
      method: facts.method,
      path,
      status: facts.status,
      problems,
    });
    // A path no operation serves is the caller's (or a proxy's) business; 304 has no body to check.
    if (operation === undefined || facts.status === 304) return undefined;
    const schema = this.#schema(operation, facts.status);
    if (schema === undefined) {
      const declared = Object.keys(operation.responses).join(', ');
      return report([
        { pointer: '', expected: `a status the spec declares (${declared})`, got: facts.status },
      ]);
    }
    if (schema === null) return undefined;
    if (!/json/i.test(facts.contentType ?? ''))
      return report([{ pointer: '', expected: 'a JSON body (application/json)', got: facts.contentType }]);
    const text = await facts.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return report([{ pointer: '', expected: 'a JSON body', got: shown('', text) }]);
    }
    facts.parsed?.(body);
    if (schema(body)) return undefined;
    return report((schema.errors ?? []).map((error) => problemOf(error, body)));
  }
}
