// Routes and validators compiled from a bundled spec: every path and operation the emulator serves is
// one the spec declares, and every request and response is checked against the spec's schemas.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { specAjv } from './ajv.ts';
import { deref, isObject, type JsonObject, type OpenApiDocument } from './load.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type ParamLocation = 'path' | 'query' | 'header';

interface Parameter {
  name: string;
  in: ParamLocation;
  required: boolean;
  isArray: boolean;
  schema: JsonObject;
}

/** A request that breaks the spec: where, which field, and why. */
export interface Problem {
  location: ParamLocation | 'body';
  field: string;
  message: string;
  keyword: string;
}

export interface RequestValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  method: string;
  pathTemplate: string;
  parameters: Parameter[];
  /** Media types the request body may use, and whether a body is required. */
  bodyTypes: string[];
  bodyRequired: boolean;
  /** Raw security requirements (operation-level, else document-level). */
  security: JsonObject[];
  raw: JsonObject;
}

interface Route {
  operation: Operation;
  regex: RegExp;
  names: string[];
  /** Count of literal characters: a more literal template wins over a more general one. */
  weight: number;
}

export type RouteMatch =
  | { kind: 'found'; operation: Operation; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/a/{id}/b` → `a[0].b` style field names for messages. */
function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

function describeAjvError(error: ErrorObject): { field: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const field = fieldName(error.instancePath, String(params.missingProperty));
    return { field, message: `${field} is required` };
  }
  if (error.keyword === 'additionalProperties') {
    const field = fieldName(error.instancePath, String(params.additionalProperty));
    return { field, message: `unknown field ${field}` };
  }
  const field = fieldName(error.instancePath);
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
  return { field, message: `${field || 'body'} ${error.message ?? 'is invalid'}${allowed}` };
}

export class CompiledSpec {
  readonly doc: OpenApiDocument;
  readonly operations: Operation[] = [];
  readonly #routes: Route[] = [];
  readonly #ajv: ReturnType<typeof specAjv>['ajv'];
  readonly #cache = new Map<string, ValidateFunction>();

  constructor(bundled: OpenApiDocument, id: string) {
    const { ajv, doc } = specAjv(bundled, id);
    this.doc = doc;
    this.#ajv = ajv;
    for (const [template, rawItem] of Object.entries(doc.paths)) {
      const item = deref(doc, rawItem) as JsonObject;
      for (const method of METHODS) {
        const raw = item[method];
        if (!isObject(raw)) continue;
        const operation = this.#operation(template, method, item, raw);
        this.operations.push(operation);
        this.#routes.push(this.#route(operation));
      }
    }
  }

  #operation(template: string, method: string, item: JsonObject, raw: JsonObject): Operation {
    const byKey = new Map<string, Parameter>();
    for (const list of [item.parameters, raw.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        const p = deref(this.doc, entry) as JsonObject;
        const location = p.in;
        if (location !== 'path' && location !== 'query' && location !== 'header') continue;
        const schema = (isObject(p.schema) ? p.schema : {}) as JsonObject;
        const resolved = deref(this.doc, schema) as JsonObject;
        byKey.set(`${location}:${String(p.name)}`, {
          name: String(p.name),
          in: location,
          required: p.required === true || location === 'path',
          isArray: resolved.type === 'array',
          schema,
        });
      }
    }
    const body = raw.requestBody === undefined ? undefined : (deref(this.doc, raw.requestBody) as JsonObject);
    const security = Array.isArray(raw.security)
      ? raw.security
      : Array.isArray(this.doc.security)
        ? this.doc.security
        : [];
    return {
      operationId: String(raw.operationId),
      method: method.toUpperCase(),
      pathTemplate: template,
      parameters: [...byKey.values()],
      bodyTypes: isObject(body?.content) ? Object.keys(body.content) : [],
      bodyRequired: body?.required === true,
      security: security.filter(isObject),
      raw,
    };
  }

  #route(operation: Operation): Route {
    const names: string[] = [];
    let weight = 0;
    const source = operation.pathTemplate
      .split(/(\{[^}]+\})/)
      .map((piece) => {
        const param = /^\{([^}]+)\}$/.exec(piece);
        if (param?.[1] !== undefined) {
          names.push(param[1]);
          return '([^/]+)';
        }
        weight += piece.length;
        return escapeRegex(piece);
      })
      .join('');
    return { operation, regex: new RegExp(`^${source}$`), names, weight };
  }

  /** Matches a raw (still percent-encoded) path against the spec's path templates. */
  match(method: string, rawPath: string): RouteMatch {
    let best: { route: Route; groups: RegExpExecArray } | undefined;
    const allowed: string[] = [];
    for (const route of this.#routes) {
      const groups = route.regex.exec(rawPath);
      if (groups === null) continue;
      if (route.operation.method !== method) {
        allowed.push(route.operation.method);
        continue;
      }
      if (best === undefined || route.weight > best.route.weight) best = { route, groups };
    }
    if (best === undefined)
      return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
    const pathParams: Record<string, string> = {};
    for (const [i, name] of best.route.names.entries()) {
      const value = best.groups[i + 1] ?? '';
      try {
        pathParams[name] = decodeURIComponent(value);
      } catch {
        pathParams[name] = value;
      }
    }
    return { kind: 'found', operation: best.route.operation, pathParams };
  }

  #compile(key: string, schema: unknown, coerce: boolean): ValidateFunction {
    let validate = this.#cache.get(key);
    if (validate === undefined) {
      validate = (coerce ? this.#ajv.coercing : this.#ajv.strict).compile(schema as JsonObject);
      this.#cache.set(key, validate);
    }
    return validate;
  }

  /**
   * Validates and coerces parameters in place (`'5'` → 5 for integers, repeated query names → arrays).
   * Returns the problems; an empty list means the values now hold the typed parameters.
   */
  validateParams(operation: Operation, values: RequestValues): Problem[] {
    const problems: Problem[] = [];
    for (const location of ['path', 'query', 'header'] as const) {
      const params = operation.parameters.filter((p) => p.in === location);
      if (params.length === 0) continue;
      const schema = {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.required).map((p) => p.name),
      };
      const validate = this.#compile(`${operation.operationId}:params:${location}`, schema, true);
      if (validate(values[location])) continue;
      for (const error of validate.errors ?? []) {
        problems.push({ location, keyword: error.keyword, ...describeAjvError(error) });
      }
    }
    return problems;
  }

  /** Validates a parsed request body against the schema of its media type. */
  validateBody(operation: Operation, mediaType: string, body: unknown): Problem[] {
    const media = this.#media(operation.raw.requestBody, mediaType);
    if (media === undefined) return [];
    const coerce = mediaType !== 'application/json';
    const validate = this.#compile(`${operation.operationId}:body:${mediaType}`, media, coerce);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => ({
      location: 'body',
      keyword: error.keyword,
      ...describeAjvError(error),
    }));
  }

  #media(container: unknown, mediaType: string): JsonObject | undefined {
    const resolved = container === undefined ? undefined : (deref(this.doc, container) as JsonObject);
    const content = resolved?.content;
    if (!isObject(content)) return undefined;
    const media = content[mediaType];
    return isObject(media) && isObject(media.schema) ? media.schema : undefined;
  }

  /** The spec's response for a status: the exact code, else `4XX`-style ranges, else `default`. */
  responseFor(operation: Operation, status: number): { key: string; response: JsonObject } | undefined {
    const responses = operation.raw.responses;
    if (!isObject(responses)) return undefined;
    for (const key of [String(status), `${Math.floor(status / 100)}XX`, 'default']) {
      if (responses[key] !== undefined)
        return { key, response: deref(this.doc, responses[key]) as JsonObject };
    }
    return undefined;
  }

  /** Checks a response the emulator is about to send; returns violations (empty when it conforms). */
  validateResponse(operation: Operation, status: number, body: unknown): string[] {
    const found = this.responseFor(operation, status);
    if (found === undefined) return [`status ${status} is not declared for ${operation.operationId}`];
    const content = found.response.content;
    if (!isObject(content) || Object.keys(content).length === 0) {
      return body === undefined
        ? []
        : [`status ${status} of ${operation.operationId} declares no body but one was sent`];
    }
    const schema = this.#media(found.response, 'application/json');
    if (schema === undefined) return [];
    if (body === undefined)
      return [`status ${status} of ${operation.operationId} declares a body but none was sent`];
    const validate = this.#compile(`${operation.operationId}:response:${found.key}`, schema, false);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => {
      const { message } = describeAjvError(error);
      return `${operation.operationId} ${status}: ${message}`;
    });
  }

  /**
   * Checks the headers of a response against the headers the spec declares for its status: each
   * header must be declared (names compare case-insensitively) and its value must match the
   * declared schema; a header the spec marks required must be present. Used for answers the
   * emulator is told to give (faults), where an undeclared header would be drift.
   */
  validateResponseHeaders(operation: Operation, status: number, headers: Record<string, string>): string[] {
    const found = this.responseFor(operation, status);
    if (found === undefined) return [`status ${status} is not declared for ${operation.operationId}`];
    const declared = new Map<string, { name: string; header: JsonObject }>();
    if (isObject(found.response.headers)) {
      for (const [name, header] of Object.entries(found.response.headers))
        declared.set(name.toLowerCase(), { name, header: deref(this.doc, header) as JsonObject });
    }
    const problems: string[] = [];
    const given = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      given.add(lower);
      const entry = declared.get(lower);
      if (entry === undefined) {
        const known = [...declared.values()].map((d) => d.name).join(', ') || 'none';
        problems.push(
          `${operation.operationId} ${status}: header ${name} is not declared (declared: ${known})`,
        );
        continue;
      }
      if (!isObject(entry.header.schema)) continue;
      // Ajv coerces only values it can write back, so the header value sits in a wrapper object.
      const wrapper = { type: 'object', properties: { value: entry.header.schema } };
      const validate = this.#compile(`${operation.operationId}:header:${found.key}:${lower}`, wrapper, true);
      if (validate({ value })) continue;
      for (const error of validate.errors ?? []) {
        problems.push(
          `${operation.operationId} ${status}: header ${entry.name} ${error.message ?? 'is invalid'} (got ${JSON.stringify(value)})`,
        );
      }
    }
    for (const [lower, { name, header }] of declared) {
      if (header.required === true && !given.has(lower))
        problems.push(`${operation.operationId} ${status}: header ${name} is required`);
    }
    return problems;
  }

  /** Checks an outgoing webhook delivery against the spec's top-level `webhooks` entry for the event. */
  validateWebhook(event: string, body: unknown): string[] {
    const webhooks = this.doc.webhooks;
    const item = isObject(webhooks) ? webhooks[event] : undefined;
    const post = isObject(item) ? (deref(this.doc, item) as JsonObject).post : undefined;
    const schema = isObject(post) ? this.#media(post.requestBody, 'application/json') : undefined;
    if (schema === undefined) return [`webhook event ${event} is not declared in the spec`];
    const validate = this.#compile(`webhook:${event}`, schema, false);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `webhook ${event}: ${describeAjvError(error).message}`);
  }
}
