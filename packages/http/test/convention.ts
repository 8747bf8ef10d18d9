import type { PathParamsOf } from '../src/index.js';

// The convention check both clients' tests run (see ../CONVENTIONS.md). It walks every operation
// of a generated `schema.ts` (the `paths` interface openapi-typescript writes from the spec) and
// checks a client exposes each one under the convention.

/** One operation of the spec: its id, verb and path template. */
export interface SpecOperation {
  id: string;
  verb: string;
  path: string;
}

/** Every operation of a generated `schema.ts`, read from its `paths` interface. */
export function operationsOf(schemaSource: string): SpecOperation[] {
  const start = schemaSource.indexOf('export interface paths {');
  const end = schemaSource.indexOf('\n}\n', start);
  const operations: SpecOperation[] = [];
  let path = '';
  for (const line of schemaSource.slice(start, end).split('\n')) {
    const pathLine = /^ {4}"([^"]+)": \{$/.exec(line);
    if (pathLine !== null) path = pathLine[1] as string;
    const verbLine = /^ {8}(get|put|post|delete|patch): operations\["(\w+)"\];$/.exec(line);
    if (verbLine !== null) {
      operations.push({ id: verbLine[2] as string, verb: (verbLine[1] as string).toUpperCase(), path });
    }
  }
  return operations;
}

type Tree = Record<string, unknown>;

/** The method at a dotted name such as `projects.deployments.list`, if there is one. */
export function methodAt(client: object, name: string): unknown {
  return name.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], client);
}

/** The `iterate` name paired with a `list` name: `list` → `iterate`, `listScriptProcesses` → `iterateScriptProcesses`. */
function iterateNameOf(listName: string): string {
  return listName.replace(/(^|\.)list(\w*)$/, '$1iterate$2');
}

/**
 * What breaks the convention: an operation with no method in the table, a table row naming no
 * operation, a method without `.withResponse`, a `list` without its `iterate`, a list operation
 * whose method is not named `list…`.
 */
export function conventionProblems(
  client: object,
  table: Readonly<Record<string, string>>,
  operations: readonly SpecOperation[],
): string[] {
  const problems: string[] = [];
  const ids = new Set(operations.map((operation) => operation.id));
  for (const id of Object.keys(table))
    if (!ids.has(id)) problems.push(`${id}: in the table, not in the spec`);
  for (const { id } of operations) {
    const name = table[id];
    if (name === undefined) {
      problems.push(`${id}: no method in the operation table`);
      continue;
    }
    const method = methodAt(client, name);
    if (typeof method !== 'function') problems.push(`${id}: client.${name} is not a method`);
    else if (typeof (method as { withResponse?: unknown }).withResponse !== 'function')
      problems.push(`${id}: client.${name} has no .withResponse`);
    const last = name.split('.').pop() ?? '';
    if (id.startsWith('list') !== last.startsWith('list')) {
      problems.push(`${id}: a list operation is named list…, and only a list operation (client.${name})`);
    }
    if (last.startsWith('list') && typeof methodAt(client, iterateNameOf(name)) !== 'function') {
      problems.push(`${id}: client.${name} has no ${iterateNameOf(name)}`);
    }
  }
  return problems;
}

/** The name of a list operation's iterate function: `listVersions` → `iterateVersions`. */
export function iterateFunctionOf(listId: string): string {
  return listId.replace(/^list/, 'iterate');
}

/**
 * What breaks the operation-function half of the convention: an operation of the spec that the
 * package does not export under its `operationId` as a function with `.withResponse`, or a list
 * operation without its iterate function. (`exports` is the package's module namespace.)
 */
export function operationFunctionProblems(
  exports: Readonly<Record<string, unknown>>,
  operations: readonly SpecOperation[],
): string[] {
  const problems: string[] = [];
  for (const { id } of operations) {
    const fn = exports[id];
    if (typeof fn !== 'function') problems.push(`${id}: not exported as an operation function`);
    else if (typeof (fn as { withResponse?: unknown }).withResponse !== 'function')
      problems.push(`${id}: the operation function has no .withResponse`);
    if (id.startsWith('list') && typeof exports[iterateFunctionOf(id)] !== 'function') {
      problems.push(`${id}: no ${iterateFunctionOf(id)} operation function`);
    }
  }
  return problems;
}

/** The path a template names once its `{params}` are filled from `params`, percent-encoded. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The method of a client at a dotted name, as a type. */
type MethodAtName<C, N extends string> = N extends `${infer Head}.${infer Rest}`
  ? Head extends keyof C
    ? MethodAtName<C[Head], Rest>
    : never
  : N extends keyof C
    ? C[N]
    : never;

/** The params a client's method at a dotted name takes. */
export type ParamsAtName<C, N extends string> =
  MethodAtName<C, N> extends (...args: infer A) => unknown ? NonNullable<A[0]> : never;

/** The path parameters of each operation that its method's params do not name (`never` when none). */
export type UnnamedPathParams<C, Table extends Record<string, string>, Ops> = {
  [K in keyof Table & keyof Ops]: Exclude<
    keyof PathParamsOf<Ops[K]>,
    keyof ParamsAtName<C, Table[K] & string>
  >;
}[keyof Table & keyof Ops];
