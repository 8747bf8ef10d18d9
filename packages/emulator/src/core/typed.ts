// Handler types derived from the generated `operations` of a spec (src/generated/*.ts): each handler's
// parameters, body and answers are the spec's, so a spec change the emulator does not follow stops
// compiling. The pipeline validates every request against the same spec before a handler runs, which
// is what makes the one cast in `bindHandlers` sound.
import type { Handler, RequestContext, UploadedFile } from './types.ts';

type StatusOf<S> = S extends number ? S : number;
type Headers = Record<string, string>;

/** One declared answer: its status and its body (JSON, raw bytes, or none). */
type ReplyFor<S, R> = R extends { content: { 'application/json': infer B } }
  ? { status: StatusOf<S>; body: B; headers?: Headers }
  : R extends { content: { 'application/octet-stream': unknown } }
    ? { status: StatusOf<S>; body: Uint8Array; headers?: Headers }
    : { status: StatusOf<S>; body?: undefined; headers?: Headers };

/** Every answer the operation declares, as a union. */
type TypedReply<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: ReplyFor<S, R[S]> }[keyof R]
  : never;

/** Multipart fields as handlers see them: a file part is an UploadedFile (or several). */
type Multipart<B> = { [K in keyof B]: B[K] | UploadedFile | UploadedFile[] };

/** The request body: JSON as declared, else the multipart form (file parts as UploadedFile). */
type BodyOf<Op> = Op extends { requestBody: { content: infer C } }
  ? C extends { 'application/json': infer J }
    ? C extends { 'multipart/form-data': infer M }
      ? J | Multipart<M>
      : J
    : C extends { 'multipart/form-data': infer M }
      ? Multipart<M>
      : unknown
  : Op extends { requestBody?: { content: infer C } }
    ? (C extends { 'application/json': infer J } ? J : unknown) | undefined
    : undefined;

type Or<T> = [T] extends [never] ? Record<string, never> : T extends undefined ? Record<string, never> : T;

interface TypedContext<Op, P> extends Omit<RequestContext<P>, 'params' | 'body'> {
  params: {
    path: Op extends { parameters: { path?: infer T } } ? Or<NonNullable<T>> : Record<string, never>;
    query: Op extends { parameters: { query?: infer T } } ? Or<NonNullable<T>> : Record<string, never>;
    header: Record<string, unknown>;
  };
  body: BodyOf<Op>;
}

type TypedHandler<Op, P> = (ctx: TypedContext<Op, P>) => TypedReply<Op> | Promise<TypedReply<Op>>;

/** A handler for every operation of a spec: one missing (or extra) is a compile error. */
export type TypedHandlers<Ops, P> = { [K in keyof Ops]: TypedHandler<Ops[K], P> };

/** The pipeline's view of typed handlers: the request was validated against the same spec. */
export function bindHandlers<Ops, P>(handlers: TypedHandlers<Ops, P>): Record<string, Handler<P>> {
  return handlers as unknown as Record<string, Handler<P>>;
}
