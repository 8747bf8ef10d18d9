import type { CompiledSpec, Operation, Problem, RequestValues } from '../spec/operations.ts';
import type { MultipartLimits } from './limits.ts';

// These types are reachable from the package's public declarations, so they name no Node types
// (`node:http`, `Buffer`): a user's project type-checks without @types/node.

/** Request headers as Node's parser gives them (lower-case names; these few are never repeated). */
interface IncomingHttpHeaders {
  [name: string]: string | string[] | undefined;
  authorization?: string | undefined;
  'content-type'?: string | undefined;
  'if-none-match'?: string | undefined;
}

/** What a handler answers: a status, a JSON body (raw bytes for a Uint8Array; absent for none) and extra headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Thrown by handlers to answer with a service error (404 body, 400 body, ...). */
export class ServiceError extends Error {
  readonly reply: Reply;

  constructor(reply: Reply, message = `service error ${reply.status}`) {
    super(message);
    this.name = 'ServiceError';
    this.reply = reply;
  }
}

/** A multipart file part, kept in memory. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface RequestContext<P> {
  operation: Operation;
  /** Typed (coerced and validated) parameters by location. */
  params: RequestValues;
  /** The validated body: parsed JSON, or multipart fields with `UploadedFile` parts. */
  body: unknown;
  principal: P;
  url: URL;
  headers: IncomingHttpHeaders;
  /** Fires when the client goes away before the answer is sent (a closed or aborted request). */
  signal: AbortSignal;
}

export type Handler<P> = (ctx: RequestContext<P>) => Reply | Promise<Reply>;

/** One emulated service: its spec, its handlers by operationId, and the service-specific error shapes. */
export interface Service<P> {
  name: 'apps-script' | 'bugsmash' | 'logging' | 'drive' | 'sheets' | 'emulator';
  /** Path prefix the service's spec paths live under on the emulator's port (`''` or `/api/v2`). */
  prefix: string;
  spec: CompiledSpec;
  handlers: Partial<Record<string, Handler<P>>>;
  /** Checks credentials the way the real service does; answers its 401 when they are missing or bad. */
  authenticate(
    operation: Operation,
    headers: IncomingHttpHeaders,
    url: URL,
  ): { principal: P } | { reply: Reply };
  /** The service's own error for a request that breaks the spec, naming the field. */
  invalidRequest(problems: Problem[], operation: Operation): Reply;
  /** Query parameters the operation does not declare: the service's error, or undefined to ignore them. */
  unknownQuery(names: string[], operation: Operation): Reply | undefined;
  notFound(method: string, path: string, methodNotAllowed: boolean): Reply;
  internalError(message: string): Reply;
  /** Largest JSON request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Deepest JSON body nesting accepted (default MAX_JSON_DEPTH). */
  maxJsonDepth?: number;
  /** Limits of multipart uploads (operations that take multipart/form-data). */
  multipart?: MultipartLimits;
  /** A check before anything else (the control API's cross-site and content-type rules). */
  admit?(operation: Operation, headers: IncomingHttpHeaders): Reply | undefined;
  /**
   * The answer to a body past its limit (`upload`: a multipart body past its total); undefined, or
   * no such method, makes it a request problem (`invalidRequest`).
   */
  tooLarge?(limit: number, what: 'body' | 'upload'): Reply | undefined;
  /** The answer to a body of a media type the operation does not take; by default `invalidRequest`. */
  unsupportedMediaType?(mediaType: string, expected: string[]): Reply;
  /** Checks that need the typed parameters but must run before the handler changes anything. */
  precheck?(ctx: RequestContext<P>): Reply | undefined;
  /** Last step before sending (e.g. `fields` partial responses and ETags); the reply is already validated. */
  finalize?(ctx: RequestContext<P>, reply: Reply): Reply;
}
