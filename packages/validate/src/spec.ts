// The operations of a bundled OpenAPI 3.1 document (the JSON the client packages ship in
// src/generated/openapi.json), matched by method and path, with their response schemas.
export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, JsonObject>;
  components?: JsonObject;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  pathTemplate: string;
  regex: RegExp;
  responses: JsonObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `/v1/scripts/{scriptId}:run` → a regex where each parameter is one segment (up to a `:` verb). */
function templateRegex(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export function specOperations(doc: OpenApiDocument): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [pathTemplate, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        pathTemplate,
        regex: templateRegex(pathTemplate),
        responses: isObject(operation.responses) ? operation.responses : {},
      });
    }
  }
  // Literal paths before templated ones: `/projects/archived` is not `/projects/{id}`.
  return operations.sort((a, b) => a.pathTemplate.split('{').length - b.pathTemplate.split('{').length);
}

/** The path part of the spec's first server URL (`/api/v2` for BugSmash, '' for Apps Script). */
export function basePathOf(doc: OpenApiDocument): string {
  const server = doc.servers?.[0]?.url;
  if (server === undefined) return '';
  try {
    return new URL(server).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** Follows `$ref`s into the same document (`#/components/...`). */
function deref(doc: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    let target: unknown = doc;
    for (const raw of current.$ref.replace(/^#\//, '').split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (target === undefined) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The response object the spec declares for a status: exact, then `4XX`-style, then `default`. */
export function declaredResponse(doc: OpenApiDocument, operation: SpecOperation, status: number): unknown {
  const { responses } = operation;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return declared === undefined ? undefined : deref(doc, declared);
}
