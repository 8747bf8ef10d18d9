// The control API (`/__emulator/...`) as a service of its own, routed and validated by
// specs/emulator like the two emulated services by theirs. It takes JSON only and refuses requests a
// browser marks as cross-site, so a web page cannot reset or fault a developer's emulator.
import type { IncomingHttpHeaders } from 'node:http';
import { mediaTypeOf } from '../core/body.ts';
import { MAX_JSON_DEPTH } from '../core/limits.ts';
import { bindHandlers } from '../core/typed.ts';
import type { Reply, Service } from '../core/types.ts';
import type { operations } from '../generated/emulator.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import { depthExceeds, MAX_STATE_DEPTH } from '../state.ts';
import { type ControlDeps, controlHandlers } from './handlers.ts';

/** Largest control request body (a state document), in bytes. */
const CONTROL_BODY_LIMIT = 32 * 1024 * 1024;

const error = (status: number, message: string, problems?: string[]): Reply => ({
  status,
  body: problems === undefined ? { error: message } : { error: message, problems },
});

/** Why a request is cross-site, or undefined when it is not (or comes from no browser at all). */
function crossSite(headers: IncomingHttpHeaders, origin: string): string | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `Sec-Fetch-Site: ${String(site)}`;
  const from = headers.origin;
  if (from !== undefined && from !== origin) {
    // Loopback names of the emulator's own port are the same site (127.0.0.1 vs localhost).
    try {
      const given = new URL(from);
      const own = new URL(origin);
      const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
      if (given.port === own.port && loopback.has(given.hostname) && loopback.has(own.hostname))
        return undefined;
    } catch {
      // an unparsable Origin (`null`, say) is cross-site
    }
    return `Origin ${from}`;
  }
  return undefined;
}

export function controlService(spec: CompiledSpec, deps: ControlDeps): Service<'control'> {
  return {
    name: 'emulator',
    prefix: '/__emulator',
    spec,
    handlers: bindHandlers<operations, 'control'>(controlHandlers(deps)),
    maxBodyBytes: CONTROL_BODY_LIMIT,
    // A state document read back from GET /state must be accepted by PUT /state.
    maxJsonDepth: MAX_STATE_DEPTH,
    admit(_operation, headers) {
      const why = crossSite(headers, deps.origin());
      if (why !== undefined) return error(403, `cross-site requests to the control API are refused (${why})`);
      const type = headers['content-type'];
      if (type !== undefined && mediaTypeOf(type) !== 'application/json')
        return error(
          415,
          `unsupported content type ${mediaTypeOf(type) || type}; the control API takes application/json`,
        );
      return undefined;
    },
    authenticate() {
      return { principal: 'control' };
    },
    precheck(ctx) {
      // Only a whole state document may nest as deep as one. Other bodies (a comment's metadata) are
      // stored inside the state document: they keep the services' limit, so it always loads again.
      if (ctx.operation.operationId !== 'setState' && depthExceeds(ctx.body, MAX_JSON_DEPTH)) {
        const message = `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`;
        return error(400, `invalid request: ${message}`, [message]);
      }
      return undefined;
    },
    invalidRequest(problems) {
      const messages = problems.map((p) => p.message);
      return error(400, `invalid request: ${messages.join('; ')}`, messages);
    },
    unknownQuery(names) {
      return error(400, `unknown query parameter(s): ${names.join(', ')}`);
    },
    notFound(method, path) {
      return error(404, `no control route ${method} ${path}`);
    },
    internalError(message) {
      return error(500, message);
    },
    tooLarge(limit) {
      return error(413, `request body is larger than ${limit} bytes`);
    },
    unsupportedMediaType(mediaType) {
      return error(
        415,
        `unsupported content type ${mediaType || '(none)'}; the control API takes application/json`,
      );
    },
  };
}
