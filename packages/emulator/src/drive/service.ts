// Drive v3 `files.list/get/create/delete` on the emulator's Google origin (`/drive/v3/...`), served
// from the Apps Script state: script projects are files of the script MIME type, containers are the
// `driveFiles` collection (files.ts). Errors are Drive's: Google's body with the legacy `errors[]`.
import type { operations } from '@specbound/drive/schema';
import { type AppsScriptBackend, page } from '../apps-script/backend.ts';
import { applyFieldMask, FieldMaskError, parseFieldMask } from '../apps-script/fields.ts';
import type { AsUser, DriveFileRecord } from '../apps-script/model.ts';
import { bindHandlers, type TypedHandlers } from '../core/typed.ts';
import { type Reply, type Service, ServiceError } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import { allFiles, deleteFile, fileJson, findFile, newFileId, registerContainer } from './files.ts';
import { parseQuery, QueryError } from './query.ts';

/**
 * What Drive does besides its own state when a file is created: the integrator points
 * `spreadsheetCreated` at the Sheets routes, so a spreadsheet made through Drive has cells too.
 */
export interface DriveHooks {
  spreadsheetCreated?: (file: DriveFileRecord) => void;
}

const SHEETS = 'application/vnd.google-apps.spreadsheet';
const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  500: 'INTERNAL',
};
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

/** Drive's error: Google's body with one legacy `errors[]` entry carrying a stable reason. */
function driveError(code: number, reason: string, message: string, location?: string): Reply {
  const entry: Record<string, string> = { domain: 'global', reason, message };
  if (location !== undefined)
    Object.assign(entry, { location, locationType: code === 401 ? 'header' : 'parameter' });
  const headers: Record<string, string> =
    code === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' } : {};
  return {
    status: code,
    headers,
    body: { error: { code, message, status: STATUS[code] ?? 'UNKNOWN', errors: [entry] } },
  };
}

const notFound = (id: string) =>
  new ServiceError(driveError(404, 'notFound', `File not found: ${id}.`, 'fileId'));
const invalid = (location: string, detail: string) =>
  new ServiceError(driveError(400, 'invalid', `Invalid Value: ${detail}`, location));

// Drive v3 answers these fields when `fields` asks for none.
const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';
const DEFAULT_LIST_FIELDS = `kind,incompleteSearch,nextPageToken,files(${DEFAULT_FILE_FIELDS})`;
const ORDER_KEYS: Record<string, (f: DriveFileRecord) => string> = {
  name: (f) => f.name.toLowerCase(),
  name_natural: (f) => f.name.toLowerCase(),
  createdTime: (f) => f.createdTime,
  modifiedTime: (f) => f.modifiedTime,
};

/** Sorts by `orderBy` (`name,modifiedTime desc`); creation order when there is none. */
function ordered(files: DriveFileRecord[], orderBy: string | undefined): DriveFileRecord[] {
  if (orderBy === undefined || orderBy.trim() === '') return files;
  const keys = orderBy.split(',').map((part) => {
    const [name = '', direction = 'asc', extra] = part.trim().split(/\s+/);
    const key = ORDER_KEYS[name];
    if (key === undefined || extra !== undefined || !['asc', 'desc'].includes(direction))
      throw invalid(
        'orderBy',
        `"${part.trim()}" is not a sort key the emulator supports (${Object.keys(ORDER_KEYS).join(', ')}, each with an optional desc)`,
      );
    return { key, sign: direction === 'desc' ? -1 : 1 };
  });
  return [...files].sort((a, b) => {
    for (const { key, sign } of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -sign : sign;
    }
    return 0;
  });
}

function handlers(b: AppsScriptBackend, hooks: DriveHooks): TypedHandlers<operations, AsUser> {
  return {
    listFiles: (ctx) => {
      const { q, pageSize, pageToken, orderBy } = ctx.params.query;
      let matches: (file: DriveFileRecord) => boolean;
      try {
        matches = parseQuery(q);
      } catch (error) {
        if (error instanceof QueryError) throw invalid('q', error.message);
        throw error;
      }
      const all = ordered(allFiles(b).filter(matches), orderBy);
      const { items, next: token } = page(all, pageSize ?? 100, pageToken);
      const files = items.map((f) => fileJson(b, f, ctx.principal.email));
      const next = token === undefined ? {} : { nextPageToken: token };
      return { status: 200, body: { kind: 'drive#fileList', incompleteSearch: false, ...next, files } };
    },
    getFile: (ctx) => {
      const file = findFile(b, ctx.params.path.fileId);
      if (file === undefined) throw notFound(ctx.params.path.fileId);
      return { status: 200, body: fileJson(b, file, ctx.principal.email) };
    },
    createFile: (ctx) => {
      const body = ctx.body;
      const parent = body.parents?.[0];
      if (parent !== undefined && findFile(b, parent) === undefined) throw notFound(parent);
      const file = registerContainer(b, {
        id: newFileId(),
        name: body.name ?? 'Untitled',
        mimeType: body.mimeType ?? 'application/octet-stream',
        owner: ctx.principal.email,
        ...(parent === undefined ? {} : { parents: [parent] }),
      });
      if (file.mimeType === SHEETS) hooks.spreadsheetCreated?.(file);
      return { status: 200, body: fileJson(b, file, ctx.principal.email) };
    },
    deleteFile: (ctx) => {
      if (!deleteFile(b, ctx.params.path.fileId)) throw notFound(ctx.params.path.fileId);
      return { status: 204 };
    },
  };
}

function authenticate(b: AppsScriptBackend, authorization: string | undefined, url: URL) {
  const token =
    authorization === undefined
      ? (url.searchParams.get('access_token') ?? undefined)
      : BEARER.exec(authorization)?.[1];
  if (token === undefined)
    return {
      reply: driveError(
        401,
        authorization === undefined ? 'required' : 'authError',
        authorization === undefined ? 'Login Required.' : 'Invalid Credentials',
        'Authorization',
      ),
    };
  return { principal: b.userForToken(token) };
}

export function driveService(
  spec: CompiledSpec,
  b: AppsScriptBackend,
  hooks: DriveHooks = {},
): Service<AsUser> {
  return {
    name: 'drive',
    prefix: '',
    spec,
    handlers: bindHandlers<operations, AsUser>(handlers(b, hooks)),
    maxBodyBytes: 1024 * 1024,
    authenticate: (_operation, headers, url) => authenticate(b, headers.authorization, url),
    invalidRequest(problems) {
      const first = problems[0];
      return driveError(400, 'invalid', `Invalid Value: ${first?.message ?? 'invalid'}`, first?.field);
    },
    // Drive ignores query parameters it does not know.
    unknownQuery: () => undefined,
    notFound: (method, path) => driveError(404, 'notFound', `Not Found: ${method} ${path}`),
    internalError: (message) => driveError(500, 'backendError', message),
    precheck(ctx) {
      const fields = ctx.params.query.fields;
      if (typeof fields !== 'string') return undefined;
      try {
        parseFieldMask(fields);
        return undefined;
      } catch (error) {
        if (error instanceof FieldMaskError)
          return driveError(400, 'invalidParameter', error.message, 'fields');
        throw error;
      }
    },
    finalize(ctx, reply) {
      if (reply.status !== 200 || reply.body === undefined) return reply;
      const asked = ctx.params.query.fields;
      const fields =
        typeof asked === 'string' && asked !== ''
          ? asked
          : ctx.operation.operationId === 'listFiles'
            ? DEFAULT_LIST_FIELDS
            : DEFAULT_FILE_FIELDS;
      return { ...reply, body: applyFieldMask(reply.body, parseFieldMask(fields)) };
    },
  };
}
