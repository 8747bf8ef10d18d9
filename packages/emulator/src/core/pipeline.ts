// One request through one emulated service: route (from the spec) → authenticate → validate the request
// (spec) → handler, or an injected fault → validate the response (spec) → finalize → persist → send.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Operation, Problem, RequestValues } from '../spec/operations.ts';
import { BadBody, BodyTooLarge, mediaTypeOf, parseJson, parseMultipart, readBody } from './body.ts';
import type { FaultInjector } from './faults.ts';
import { type Reply, type RequestContext, type Service, ServiceError } from './types.ts';
import type { ViolationLog } from './violations.ts';

export interface PipelineOptions {
  violations: ViolationLog;
  /** Answer 500 instead of a response that breaks the spec (tests); otherwise send it and only count it. */
  strict: boolean;
  /**
   * Called after each handled request; resolves once any state change is durable (a request that
   * changed nothing waits for nothing). When it rejects, the state was put back as it was and the
   * request gets a 500.
   */
  afterRequest: () => Promise<void>;
  /** Answers registered through the control API that replace the handler's. */
  faults?: FaultInjector;
}

export function send(res: ServerResponse, reply: Reply): void {
  res.end(writeHead(res, reply));
}

/** Writes the status and headers of `reply` and returns its payload, to be sent as the body. */
function writeHead(res: ServerResponse, reply: Reply): string | Uint8Array | undefined {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | Uint8Array | undefined;
  if (reply.body instanceof Uint8Array) {
    payload = reply.body;
    headers['content-type'] ??= 'application/octet-stream';
    headers['content-length'] = String(payload.byteLength);
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json; charset=UTF-8';
    headers['content-length'] = String(Buffer.byteLength(payload));
  } else if (reply.status !== 304 && reply.status !== 204) {
    headers['content-length'] = '0';
  }
  res.writeHead(reply.status, headers);
  return payload;
}

export async function handleServiceRequest<P>(
  service: Service<P>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: PipelineOptions,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(service.prefix.length);
  const match = service.spec.match(method, path);
  if (match.kind !== 'found')
    return refuse(req, res, service.notFound(method, url.pathname, match.kind === 'method-not-allowed'));
  const { operation } = match;
  const refused = service.admit?.(operation, req.headers);
  if (refused !== undefined) return refuse(req, res, refused);
  const auth = service.authenticate(operation, req.headers, url);
  if ('reply' in auth) return refuse(req, res, auth.reply);

  const params: RequestValues = { path: match.pathParams, query: {}, header: {} };
  const rejected = readParams(service, operation, req, url, params);
  if (rejected !== undefined) return refuse(req, res, rejected);

  const problems: Problem[] = service.spec.validateParams(operation, params);
  let body: unknown;
  const contentType = req.headers['content-type'];
  const mediaType = mediaTypeOf(contentType);
  if (takesOtherMediaType(operation, req, mediaType)) {
    req.resume();
    const reply = service.unsupportedMediaType?.(mediaType, operation.bodyTypes);
    if (reply !== undefined) return send(res, reply);
    problems.push(contentTypeProblem(mediaType, operation));
  } else {
    try {
      body = await readRequestBody(service, operation, req, contentType, problems);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        problems.push({ location: 'body', field: 'body', keyword: 'bodySize', message: error.message });
        const reply =
          service.tooLarge?.(error.limit, error.what) ?? service.invalidRequest(problems, operation);
        return refuseAndDrain(req, res, reply, error.limit);
      } else if (error instanceof BadBody) {
        problems.push(badBodyProblem(error));
      } else throw error;
    }
  }
  if (problems.length > 0) return send(res, service.invalidRequest(problems, operation));

  const ctx: RequestContext<P> = {
    operation,
    params,
    body,
    principal: auth.principal,
    url,
    headers: req.headers,
    signal: abortOnClose(res),
  };
  // A fault stands in for the handler only once the request has passed routing, authentication
  // and validation: a request the service would refuse anyway keeps its refusal (and leaves the
  // fault for the next request), so a test cannot use a fault to cover up a bad request.
  // Only the services a fault can name take one (faults.ts's SERVICES): not the control API.
  const fault = options.faults?.take(service.name, operation, path);
  let reply: Reply;
  const handler = service.handlers[operation.operationId];
  const handled: Handled<P> = { service, operation, method, url, options };
  try {
    if (fault !== undefined) reply = fault.reply;
    else {
      if (handler === undefined) throw new Error(`no handler for ${operation.operationId}`);
      reply = service.precheck?.(ctx) ?? (await handler(ctx));
    }
  } catch (error) {
    reply = replyToThrown(error, handled);
  }

  // An unchecked fault breaks the spec on purpose: it is neither counted nor replaced in strict mode.
  if (fault?.checked !== false) reply = checkResponse(reply, handled);
  // A fault is sent exactly as registered: no partial response, entity tag or 304 on top.
  if (service.finalize && fault === undefined) reply = service.finalize(ctx, reply);
  try {
    await options.afterRequest();
  } catch (error) {
    // The change could not be saved and was undone: the client must not believe it happened.
    const reason = error instanceof Error ? error.message : String(error);
    reply = service.internalError(`The state could not be saved (${reason}); nothing changed.`);
  }
  if (res.destroyed) return;
  send(res, reply);
}

/** Answers a request refused before its body is read; the body is drained (read and dropped). */
function refuse(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  req.resume();
  send(res, reply);
}

/**
 * Reads the query and header parameters `operation` declares into `params`; returns the service's
 * refusal of query names it does not declare, if the service refuses them.
 */
function readParams<P>(
  service: Service<P>,
  operation: Operation,
  req: IncomingMessage,
  url: URL,
  params: RequestValues,
): Reply | undefined {
  const declared = new Set<string>();
  for (const p of operation.parameters) {
    if (p.in === 'query') {
      declared.add(p.name);
      const values = url.searchParams.getAll(p.name);
      if (values.length > 0) params.query[p.name] = p.isArray || values.length > 1 ? values : values[0];
    } else if (p.in === 'header') {
      const value = req.headers[p.name.toLowerCase()];
      if (value !== undefined) params.header[p.name] = value;
    }
  }
  const unknown = [...new Set(url.searchParams.keys())].filter((name) => !declared.has(name));
  return unknown.length > 0 ? service.unknownQuery(unknown, operation) : undefined;
}

/** Whether the request carries a body of a media type other than those `operation` takes. */
function takesOtherMediaType(operation: Operation, req: IncomingMessage, mediaType: string): boolean {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return operation.bodyTypes.length > 0 && hasBody && !operation.bodyTypes.includes(mediaType);
}

/** The problem with a body of a media type `operation` does not take. */
function contentTypeProblem(mediaType: string, operation: Operation): Problem {
  return {
    location: 'body',
    field: 'Content-Type',
    keyword: 'contentType',
    message: `unsupported content type ${mediaType || '(none)'}; expected ${operation.bodyTypes.join(' or ')}`,
  };
}

/** The problem with a body that cannot be read as what it claims to be. */
function badBodyProblem(error: BadBody): Problem {
  return {
    location: 'body',
    field: error.field,
    keyword: error.keyword,
    message: error.message,
  };
}

/** A client that goes away before its answer stops the work done for it (a script run, say). */
function abortOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The request a recorded violation names, and the pipeline's options. */
interface Handled<P> {
  service: Service<P>;
  operation: Operation;
  method: string;
  url: URL;
  options: PipelineOptions;
}

/** The answer to a handler that threw: its ServiceError's reply, else a 500 recorded as a violation. */
function replyToThrown<P>(error: unknown, handled: Handled<P>): Reply {
  if (error instanceof ServiceError) return error.reply;
  // A crash in a handler is an emulator bug, like a response that breaks the spec.
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  recordViolation(handled, 500, [`handler threw: ${message}`]);
  return handled.service.internalError('The emulator failed while handling this request.');
}

/** Records an answer of the emulator's that breaks the spec (or a handler's crash) for the control API. */
function recordViolation<P>(
  { service, operation, method, url, options }: Handled<P>,
  status: number,
  problems: string[],
): void {
  options.violations.record({
    at: new Date().toISOString(),
    service: service.name,
    operationId: operation.operationId,
    method,
    path: url.pathname,
    status,
    problems,
  });
}

/**
 * Checks `reply` against the spec: a response that breaks it is recorded, and in strict mode
 * replaced by a 500 naming what is wrong.
 */
function checkResponse<P>(reply: Reply, handled: Handled<P>): Reply {
  const { service, operation, options } = handled;
  const violations = service.spec.validateResponse(operation, reply.status, reply.body);
  if (violations.length > 0) {
    recordViolation(handled, reply.status, violations);
    if (options.strict)
      return service.internalError(`Emulator response violates the spec: ${violations.join('; ')}`);
  }
  return reply;
}

/**
 * Answers a body refused before all of it was read, then reads and drops the rest. The answer is
 * on the wire at once (its length is declared), so a client still sending (fetch sends the whole
 * body before it reads the answer) gets it instead of a broken pipe. It says `Connection: close`,
 * so the client never sends its next request on a connection that may yet be cut off: that request
 * met the reset instead (an ECONNRESET seen in CI). The response ends, and Node closes the
 * connection, only once the body has ended, since closing with bytes unread resets the connection
 * under the client's upload. A client that sends more than another `limit` bytes is cut off.
 */
function refuseAndDrain(req: IncomingMessage, res: ServerResponse, reply: Reply, limit: number): void {
  res.setHeader('connection', 'close');
  const payload = writeHead(res, reply);
  if (payload !== undefined) res.write(payload);
  if (req.readableEnded) {
    res.end();
    return;
  }
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= limit) return;
    res.end();
    req.socket.destroy();
  });
  req.once('end', () => res.end());
  req.resume();
}

async function readRequestBody<P>(
  service: Service<P>,
  operation: RequestContext<P>['operation'],
  req: IncomingMessage,
  contentType: string | undefined,
  problems: Problem[],
): Promise<unknown> {
  if (operation.bodyTypes.length === 0) {
    // No body is declared: whatever was sent is read (bounded) and ignored.
    await readBody(req, service.maxBodyBytes);
    return undefined;
  }
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === 'multipart/form-data' && service.multipart !== undefined) {
    const { fields, forValidation } = await parseMultipart(req, contentType ?? '', service.multipart);
    problems.push(...service.spec.validateBody(operation, mediaType, forValidation));
    // Coercion (e.g. integer fields) happened on the validation copy; carry it over to non-file fields.
    for (const [key, value] of Object.entries(forValidation)) {
      if (typeof fields[key] === 'string') fields[key] = value;
    }
    return fields;
  }
  const raw = await readBody(req, service.maxBodyBytes);
  if (raw.length === 0) {
    if (operation.bodyRequired)
      problems.push({
        location: 'body',
        field: 'body',
        keyword: 'required',
        message: 'a request body is required',
      });
    return undefined;
  }
  const parsed = parseJson(raw, service.maxJsonDepth);
  problems.push(...service.spec.validateBody(operation, mediaType, parsed));
  return parsed;
}
