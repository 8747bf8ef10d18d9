// The BugSmash REST API v2 on the emulator: `X-API-Key`, the `{status,message,data}` envelope,
// Laravel-style 422s, and one handler per operationId of specs/bugsmash.
import { timingSafeEqual } from 'node:crypto';
import { bindHandlers } from '../core/typed.ts';
import type { Service } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import type { BugsmashBackend } from './backend.ts';
import { commentHandlers } from './comments.ts';
import { folderHandlers } from './folders.ts';
import type { ServedOperations } from './handlers.ts';
import { projectHandlers } from './projects.ts';
import { subscriptionHandlers } from './subscriptions.ts';
import { versionHandlers } from './versions.ts';

/** Largest JSON body BugSmash takes (Laravel's default post_max_size is 8 MB; no JSON field needs more). */
const BUGSMASH_JSON_LIMIT = 1024 * 1024;

/** Laravel's wording for the first broken rule, naming the field. */
function laravelMessage(field: string, keyword: string, message: string): string {
  const name = field === '' ? 'body' : field;
  if (keyword === 'required') return `The ${name} field is required.`;
  if (keyword === 'format' || keyword === 'enum' || keyword === 'const' || keyword === 'oneOf')
    return `The ${name} field is invalid. (${message})`;
  if (
    ['contentType', 'json', 'multipart', 'fileSize', 'maxDepth', 'encoding', 'maxItems', 'bodySize'].includes(
      keyword,
    )
  )
    return message;
  const limit = /(\d+)/.exec(message)?.[1];
  if (keyword === 'maxLength' && limit !== undefined)
    return `The ${name} field must not be greater than ${limit} characters.`;
  return `The ${name} field is invalid: ${message}.`;
}

export function bugsmashService(
  spec: CompiledSpec,
  backend: BugsmashBackend,
  apiKey: string,
): Service<'workspace'> {
  const expected = Buffer.from(apiKey);
  return {
    name: 'bugsmash',
    prefix: '/api/v2',
    spec,
    handlers: bindHandlers<ServedOperations, 'workspace'>({
      ...projectHandlers(backend),
      ...versionHandlers(backend),
      ...folderHandlers(backend),
      ...commentHandlers(backend),
      ...subscriptionHandlers(backend),
    }),
    maxBodyBytes: BUGSMASH_JSON_LIMIT,
    // Uploads stream in; each file is refused as soon as it passes its limit, and the request as soon
    // as it passes the total (25 images of 25 MiB would otherwise be 625 MiB held in memory).
    multipart: {
      fileBytes: backend.options.maxUploadBytes,
      files: 25,
      fieldBytes: 64 * 1024,
      totalBytes: backend.options.maxUploadRequestBytes,
    },
    authenticate(_operation, headers) {
      const given = headers['x-api-key'];
      const key = Buffer.from(typeof given === 'string' ? given : '');
      if (key.length !== expected.length || !timingSafeEqual(key, expected)) {
        return { reply: { status: 401, body: { status: false, message: 'Invalid X-API-Key' } } };
      }
      return { principal: 'workspace' };
    },
    invalidRequest(problems) {
      const errors: Record<string, string[]> = {};
      for (const p of problems) {
        const key = p.field || 'body';
        errors[key] = [...(errors[key] ?? []), laravelMessage(p.field, p.keyword, p.message)];
      }
      const first = problems[0];
      const message =
        first === undefined
          ? 'The given data was invalid.'
          : laravelMessage(first.field, first.keyword, first.message);
      return { status: 422, body: { status: false, message, errors } };
    },
    unknownQuery() {
      return undefined; // Laravel ignores query parameters it does not read.
    },
    notFound(method, path, methodNotAllowed) {
      return methodNotAllowed
        ? {
            status: 405,
            body: {
              status: false,
              message: `The ${method} method is not supported for route ${path.slice(1)}.`,
            },
          }
        : { status: 404, body: { status: false, message: `The route ${path.slice(1)} could not be found.` } };
    },
    internalError(message) {
      return { status: 500, body: { status: false, message } };
    },
    // Laravel refuses a body past post_max_size with 413 before validation; a JSON body past the
    // emulator's own limit stays a 422 naming it, as before.
    tooLarge(limit, what) {
      if (what !== 'upload') return undefined;
      return {
        status: 413,
        body: {
          status: false,
          message: `The request must not be greater than ${Math.floor(limit / 1024)} kilobytes in total; send fewer or smaller files per request.`,
        },
      };
    },
  };
}
