type Json = Record<string, unknown>;
type Spec = { info?: Json };

/**
 * Prepares the bundled copy of a spec that @pactflow/openapi-pact-comparator checks the pacts
 * against (the specs themselves stay as written). Nothing is loosened.
 *
 * The comparator reads everything our specs use as written: status ranges (`4XX`), custom-verb
 * segments (`/v1/scripts/{scriptId}:run`), discriminator mappings and multipart bodies (all four
 * needed rewriting for its predecessor, swagger-mock-validator). One setting remains: query names
 * are literal in both specs (Google's `userProcessFilter.statuses`, BugSmash's `types[]`), while the
 * comparator's default query parser reads dots and brackets as nesting and then reports
 * `userProcessFilter` and `types` as unknown parameters. Its legacy parser, node:querystring,
 * keeps each name as sent, which is how both services read them.
 */
export function normalizeForComparator<T extends Spec>(spec: T): T {
  const copy = structuredClone(spec);
  copy.info = { ...copy.info, 'x-opc-config-legacy-parser': true };
  return copy;
}
