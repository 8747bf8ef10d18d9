const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const RANGE = /^([1-5])XX$/i;
// A path segment mixing a template with literal text, such as Google's custom verbs: `{scriptId}:run`.
const MIXED_SEGMENT = /^([^{}]*)\{([^{}]+)\}([^{}]*)$/;

type Json = Record<string, unknown>;
type Parameter = { name?: string; in?: string; schema?: Json; $ref?: string } & Json;
type PathItem = { parameters?: Parameter[] } & Record<string, unknown>;
type Spec = { paths?: Record<string, PathItem>; components?: { parameters?: Record<string, Parameter> } };

/**
 * Rewrites the constructs swagger-mock-validator misreads into equivalent ones it reads, on the
 * bundled copy it validates against (the specs themselves stay as written). Nothing is loosened:
 * each rewrite accepts exactly what the original accepts.
 *
 * - Status-code ranges: OpenAPI lets a response key be `4XX`, but the validator looks a pact's
 *   status up by exact code only (`response.status.unknown` for a 404 answered by `4XX`). Each
 *   range becomes the explicit codes it stands for, except those the operation defines itself
 *   (an explicit code wins over a range, as in OpenAPI), all pointing at the same response.
 * - Custom-verb segments: the validator treats a segment as a parameter only when the whole
 *   segment is `{name}`, so `/v1/scripts/{scriptId}:run` never matches `/v1/scripts/AKf…:run`. The
 *   segment becomes `{name}` and the parameter's schema gains a pattern requiring the literal
 *   text (`^[^/]+:run$`), so the same URLs match and no others.
 * - Discriminator mappings: the validator's JSON-schema engine refuses `discriminator.mapping`
 *   outright (it throws "mapping is not supported") but reads a discriminator from the `const` or
 *   `enum` of each `oneOf` branch. A mapping that says exactly what those branches say is dropped;
 *   one that disagrees is left in place, so the run fails loudly instead of checking less.
 * - Multipart request bodies: the validator documents header-only checks for non-JSON bodies,
 *   but when an operation also accepts JSON it validates a multipart pact body (still encoded)
 *   against the multipart schema, which can never pass. The multipart schema becomes `{}` on the
 *   copy, which is the documented header-only check; the parts themselves are pinned by the
 *   pact's own matchers and checked against the emulator by provider verification.
 */
export function normalizeForValidator<T extends Spec>(spec: T): T {
  const copy = structuredClone(spec);
  const paths = copy.paths ?? {};
  for (const [template, item] of Object.entries(paths)) {
    expandStatusRanges(item);
    openMultipartSchemas(item);
    const rewritten = rewriteMixedSegments(template, item, copy);
    if (rewritten !== template) {
      delete paths[template];
      paths[rewritten] = item;
    }
  }
  forEachSchema(copy, dropRedundantMapping(copy));
  return copy;
}

function expandStatusRanges(item: PathItem): void {
  for (const [method, operation] of Object.entries(item)) {
    if (!METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
    const responses = (operation as { responses?: Record<string, unknown> }).responses;
    if (responses === undefined) continue;
    for (const [key, response] of Object.entries(responses)) {
      const range = RANGE.exec(key);
      if (range === null) continue;
      const first = Number(range[1]) * 100;
      for (let code = first; code < first + 100; code += 1) responses[String(code)] ??= response;
      delete responses[key];
    }
  }
}

function openMultipartSchemas(item: PathItem): void {
  for (const operation of operationsOf(item)) {
    const content = (operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } })
      .requestBody?.content;
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (mediaType.startsWith('multipart/')) media.schema = {};
    }
  }
}

function rewriteMixedSegments(template: string, item: PathItem, spec: Spec): string {
  return template
    .split('/')
    .map((segment) => {
      const mixed = MIXED_SEGMENT.exec(segment);
      if (mixed === null) return segment;
      const [, prefix = '', name = '', suffix = ''] = mixed;
      if (prefix === '' && suffix === '') return segment;
      const pattern = `^${escapeRegExp(prefix)}[^/]+${escapeRegExp(suffix)}$`;
      for (const holder of [item, ...operationsOf(item)]) {
        if (holder.parameters === undefined) continue;
        holder.parameters = holder.parameters.map((parameter) => {
          const resolved = resolve(parameter, spec);
          if (resolved.in !== 'path' || resolved.name !== name) return parameter;
          return { ...resolved, schema: { ...(resolved.schema ?? { type: 'string' }), pattern } };
        });
      }
      return `{${name}}`;
    })
    .join('/');
}

function operationsOf(item: PathItem): { parameters?: Parameter[] }[] {
  return Object.entries(item)
    .filter(
      ([method, operation]) => METHODS.has(method) && typeof operation === 'object' && operation !== null,
    )
    .map(([, operation]) => operation as { parameters?: Parameter[] });
}

function resolve(parameter: Parameter, spec: Spec): Parameter {
  const ref = parameter.$ref;
  if (ref === undefined || !ref.startsWith('#/components/parameters/')) return parameter;
  return spec.components?.parameters?.[ref.slice('#/components/parameters/'.length)] ?? parameter;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Schema = {
  oneOf?: Schema[];
  $ref?: string;
  properties?: Record<string, { const?: unknown; enum?: unknown[] }>;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
};

function dropRedundantMapping(spec: Spec): (schema: Schema) => void {
  const schemas = (spec.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {};
  const deref = (schema: Schema): Schema =>
    schema.$ref?.startsWith('#/components/schemas/') === true
      ? (schemas[schema.$ref.slice('#/components/schemas/'.length)] ?? schema)
      : schema;
  return (schema) => {
    const discriminator = schema.discriminator;
    if (discriminator?.mapping === undefined || schema.oneOf === undefined) return;
    const branches = schema.oneOf.map((branch) => ({ ref: branch.$ref, resolved: deref(branch) }));
    const consistent = Object.entries(discriminator.mapping).every(([value, ref]) => {
      const branch = branches.find((candidate) => candidate.ref === ref);
      const property = branch?.resolved.properties?.[discriminator.propertyName];
      return property !== undefined && (property.const === value || (property.enum ?? []).includes(value));
    });
    if (consistent) delete discriminator.mapping;
  };
}

/** Calls `visit` on every object in the spec (schemas are found wherever they are nested). */
function forEachSchema(node: unknown, visit: (schema: Schema) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) forEachSchema(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  visit(node as Schema);
  for (const value of Object.values(node)) forEachSchema(value, visit);
}
