import { ValidationError } from './validate.js';

/**
 * Operation functions: each method of a client also exists as a standalone function that takes
 * the client (or its slim "core", which has no methods) first:
 * `getProject(core, { scriptId })` is `client.projects.get({ scriptId })`. A bundler keeps only
 * the functions an app imports, where a client object keeps every method of the service; that is
 * what lets a browser app that calls one operation stay small (issue 11's bundle budget).
 *
 * Each function is defined once, at module level, from a `make(ctx)` that builds the method for
 * one client; the client object builds its groups from the same definitions with `bind`.
 */

/** Where a client or core keeps its context: what its operations are built from. */
export const CONTEXT: unique symbol = Symbol('specbound.context');
/** Where an operation function keeps its `make(ctx)` (read by `bind`). */
export const MAKE: unique symbol = Symbol('specbound.make');

/** A client or a core: what an operation function is called on. */
export interface Core<Ctx> {
  readonly [CONTEXT]: Ctx;
}

// `F` with the core in front of its arguments (for an overloaded `F`, its last signature).
type OnCore<Ctx, F> = F extends (...args: infer A) => infer R ? (core: Core<Ctx>, ...args: A) => R : never;

/** A method as a standalone function: `(core, params, options?)`, with `.withResponse(core, …)` when the method has it. */
export type OperationFunction<Ctx, F> = OnCore<Ctx, F> &
  (F extends { withResponse: infer W } ? { withResponse: OnCore<Ctx, W> } : unknown) & {
    readonly [MAKE]: (ctx: Ctx) => F;
  };

/** A table of operation functions with each one bound to a client: its methods, nested as the table is. */
export type Bound<T> = T extends { readonly [MAKE]: (ctx: never) => infer F }
  ? F
  : { [K in keyof T]: Bound<T[K]> };

/**
 * Defines an operation function from `make(ctx)`, which builds the method for one client. The
 * method is built once per client, on its first call. Marked free of side effects (and each call
 * site `@__PURE__`), so a bundler drops the definitions an app never uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function define<Ctx extends object, F extends (...args: never[]) => unknown>(
  make: (ctx: Ctx) => F,
): OperationFunction<Ctx, F> {
  const built = new WeakMap<Ctx, F>();
  const on = (ctx: Ctx): F => {
    let method = built.get(ctx);
    if (method === undefined) {
      method = make(ctx);
      built.set(ctx, method);
    }
    return method;
  };
  const call = (core: Core<Ctx>, ...args: unknown[]): unknown =>
    (on(contextOf(core)) as unknown as (...args: unknown[]) => unknown)(...args);
  const withResponse = (core: Core<Ctx>, ...args: unknown[]): unknown =>
    (on(contextOf(core)) as unknown as { withResponse: (...args: unknown[]) => unknown }).withResponse(
      ...args,
    );
  return Object.assign(call, { withResponse, [MAKE]: on }) as unknown as OperationFunction<Ctx, F>;
}

/**
 * The methods of one client: every operation function of `table` (at any depth) bound to `ctx`,
 * or the method of a single operation function.
 */
export function bind<Ctx, T>(ctx: Ctx, table: T): Bound<T> {
  const make = (table as { [MAKE]?: (ctx: Ctx) => unknown })[MAKE];
  if (make !== undefined) return make(ctx) as Bound<T>;
  const methods: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(table as object)) methods[name] = bind(ctx, entry);
  return methods as Bound<T>;
}

/** A client: the core's `raw` and context, and the methods of every group of `groups` bound to it. */
export function clientOf<Ctx, R, G extends object>(
  core: Core<Ctx> & { readonly raw: R },
  groups: G,
): Core<Ctx> & { readonly raw: R } & Bound<G> {
  const ctx = core[CONTEXT];
  return withContext(ctx, { raw: core.raw, ...(bind(ctx, groups) as object) }) as Core<Ctx> & {
    readonly raw: R;
  } & Bound<G>;
}

/** `target` as a core of `ctx`: operation functions accept it. The context stays out of its keys and JSON. */
export function withContext<Ctx, T extends object>(ctx: Ctx, target: T): T & Core<Ctx> {
  return Object.defineProperty(target, CONTEXT, { value: ctx }) as T & Core<Ctx>;
}

/** The context of a client or core, or a `ValidationError` when `core` is neither. */
export function contextOf<Ctx>(core: Core<Ctx>): Ctx {
  // Optional chaining reads nothing from undefined or null, and primitives carry no context.
  const ctx = (core as Partial<Core<Ctx>> | null | undefined)?.[CONTEXT];
  if (ctx === undefined) {
    throw new ValidationError(
      'core',
      'The first argument must be a client or a core (createAppsScriptCore(options), say).',
    );
  }
  return ctx;
}
