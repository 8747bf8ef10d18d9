// One request through one emulated service: route (from the spec) → authenticate → validate the request
// (spec) → handler, or an injected fault → validate the response (spec) → finalize → persist → send.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Problem, RequestValues } from '../spec/operations.ts';
import { BodyTooLarge, mediaTypeOf, parseMultipart, readBody } from './body.ts';
import type { FaultInjector } from './faults.ts';
import { type Reply, type RequestContext, type Service, ServiceError } from './types.ts';
import type { ViolationLog } from './violations.ts';

export interface PipelineOptions {
  violations: ViolationLog;
  /** Answer 500 instead of a response that breaks the spec (tests); otherwise send it and only count it. */
  strict: boolean;
  /** Called after each handled request; resolves once any state change is durable. */
  afterRequest: () => Promise<void>;
  /** Answers registered through the control API that replace the handler's. */
  faults?: FaultInjector;
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json; charset=UTF-8';
    headers['content-length'] = String(Buffer.byteLength(payload));
  } else if (reply.status !== 304 && reply.status !== 204) {
    headers['content-length'] = '0';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
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
  if (match.kind !== 'found') {
    req.resume();
    send(res, service.notFound(method, url.pathname, match.kind === 'method-not-allowed'));
    return;
  }
  const { operation } = match;
  const auth = service.authenticate(operation, req.headers, url);
  if ('reply' in auth) {
    req.resume();
    send(res, auth.reply);
    return;
  }

  const params: RequestValues = { path: match.pathParams, query: {}, header: {} };
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
  const rejected = unknown.length > 0 ? service.unknownQuery(unknown, operation) : undefined;
  if (rejected !== undefined) {
    req.resume();
    send(res, rejected);
    return;
  }

  const problems: Problem[] = service.spec.validateParams(operation, params);
  let body: unknown;
  try {
    const raw = await readBody(req, service.maxBodyBytes);
    const parsed = await parseRequestBody(service, operation, req.headers['content-type'], raw, problems);
    body = parsed;
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    problems.push({ location: 'body', field: 'body', keyword: 'maxLength', message: error.message });
  }
  if (problems.length > 0) {
    send(res, service.invalidRequest(problems, operation));
    return;
  }

  const ctx: RequestContext<P> = {
    operation,
    params,
    body,
    principal: auth.principal,
    url,
    headers: req.headers,
  };
  // A fault stands in for the handler only once the request has passed routing, authentication
  // and validation: a request the service would refuse anyway keeps its refusal (and leaves the
  // fault for the next request), so a test cannot use a fault to cover up a bad request.
  const fault = options.faults?.take(service.name, operation, path);
  let reply: Reply;
  const handler = service.handlers[operation.operationId];
  try {
    if (fault !== undefined) reply = fault;
    else {
      if (handler === undefined) throw new Error(`no handler for ${operation.operationId}`);
      reply = service.precheck?.(ctx) ?? (await handler(ctx));
    }
  } catch (error) {
    if (error instanceof ServiceError) {
      reply = error.reply;
    } else {
      // A crash in a handler is an emulator bug, like a response that breaks the spec.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      options.violations.record({
        at: new Date().toISOString(),
        service: service.name,
        operationId: operation.operationId,
        method,
        path: url.pathname,
        status: 500,
        problems: [`handler threw: ${message}`],
      });
      reply = service.internalError('The emulator failed while handling this request.');
    }
  }

  const violations = service.spec.validateResponse(operation, reply.status, reply.body);
  if (violations.length > 0) {
    options.violations.record({
      at: new Date().toISOString(),
      service: service.name,
      operationId: operation.operationId,
      method,
      path: url.pathname,
      status: reply.status,
      problems: violations,
    });
    if (options.strict)
      reply = service.internalError(`Emulator response violates the spec: ${violations.join('; ')}`);
  }
  // A fault is sent exactly as registered: no partial response, entity tag or 304 on top.
  if (service.finalize && fault === undefined) reply = service.finalize(ctx, reply);
  await options.afterRequest();
  send(res, reply);
}

async function parseRequestBody<P>(
  service: Service<P>,
  operation: RequestContext<P>['operation'],
  contentType: string | undefined,
  raw: Buffer,
  problems: Problem[],
): Promise<unknown> {
  if (operation.bodyTypes.length === 0) return undefined;
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
  const mediaType = mediaTypeOf(contentType);
  if (!operation.bodyTypes.includes(mediaType)) {
    problems.push({
      location: 'body',
      field: 'Content-Type',
      keyword: 'contentType',
      message: `unsupported content type ${mediaType || '(none)'}; expected ${operation.bodyTypes.join(' or ')}`,
    });
    return undefined;
  }
  if (mediaType === 'multipart/form-data') {
    try {
      const arrays = new Set<string>();
      // PHP-style names (`files[]`) are the repeated parts.
      for (const match of raw.toString('latin1').matchAll(/name="([^"]+\[\])"/g))
        if (match[1]) arrays.add(match[1]);
      const { fields, forValidation } = await parseMultipart(raw, contentType ?? '', arrays);
      problems.push(...service.spec.validateBody(operation, mediaType, forValidation));
      // Coercion (e.g. integer fields) happened on the validation copy; carry it over to non-file fields.
      for (const [key, value] of Object.entries(forValidation)) {
        if (typeof fields[key] === 'string') fields[key] = value;
      }
      return fields;
    } catch {
      problems.push({
        location: 'body',
        field: 'body',
        keyword: 'multipart',
        message: 'malformed multipart body',
      });
      return undefined;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    problems.push({
      location: 'body',
      field: 'body',
      keyword: 'json',
      message: 'Invalid JSON payload received.',
    });
    return undefined;
  }
  problems.push(...service.spec.validateBody(operation, mediaType, parsed));
  return parsed;
}
