// The Apps Script API on the emulator: Google's auth and error shapes, `fields` partial responses,
// ETags, and one handler per operationId of specs/apps-script.
import { createHash } from 'node:crypto';
import type { Handler, Reply, RequestContext, Service } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import type { AppsScriptBackend } from './backend.ts';
import { googleError, invalidArgument } from './errors.ts';
import { applyFieldMask, FieldMaskError, parseFieldMask } from './fields.ts';
import type { AsUser } from './model.ts';
import type { ProcessFilter } from './processes.ts';

type Json = Record<string, unknown>;
type Ctx = RequestContext<AsUser>;

const AUTH_HELP = 'See https://developers.google.com/identity/sign-in/web/devconsole-project.';
// RFC 6750 b64token.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

function credentialsError(message: string, reason: string): Reply {
  return googleError(401, message, [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason,
      domain: 'googleapis.com',
      metadata: { service: 'script.googleapis.com' },
    },
  ]);
}

const ok = (body: unknown): Reply => ({ status: 200, body });
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const time = (v: unknown): number | undefined => (typeof v === 'string' ? Date.parse(v) : undefined);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);

function processFilter(query: Json, prefix: string): ProcessFilter {
  const f: ProcessFilter = {};
  const set = <K extends keyof ProcessFilter>(key: K, value: ProcessFilter[K] | undefined) => {
    if (value !== undefined) f[key] = value;
  };
  set('scriptId', str(query[`${prefix}.scriptId`]));
  set('deploymentId', str(query[`${prefix}.deploymentId`]));
  set('functionName', str(query[`${prefix}.functionName`]));
  set('projectName', str(query[`${prefix}.projectName`]));
  set('startTime', time(query[`${prefix}.startTime`]));
  set('endTime', time(query[`${prefix}.endTime`]));
  set('types', strings(query[`${prefix}.types`]));
  set('statuses', strings(query[`${prefix}.statuses`]));
  set('userAccessLevels', strings(query[`${prefix}.userAccessLevels`]));
  return f;
}

function handlers(backend: AppsScriptBackend): Record<string, Handler<AsUser>> {
  const path = (ctx: Ctx, name: string) => String(ctx.params.path[name]);
  const body = (ctx: Ctx) => (ctx.body ?? {}) as Json;
  return {
    createProject: (ctx) => {
      const b = body(ctx);
      return ok(backend.projectJson(backend.createProject(ctx.principal, str(b.title), str(b.parentId))));
    },
    getProject: (ctx) => ok(backend.projectJson(backend.project(path(ctx, 'scriptId')))),
    getProjectContent: (ctx) => {
      const v = ctx.params.query.versionNumber;
      return ok(backend.content(path(ctx, 'scriptId'), typeof v === 'number' ? v : undefined));
    },
    updateProjectContent: async (ctx) =>
      ok(await backend.updateContent(ctx.principal, path(ctx, 'scriptId'), body(ctx))),
    getProjectMetrics: (ctx) =>
      ok(
        backend.metrics(
          path(ctx, 'scriptId'),
          str(ctx.params.query.metricsGranularity),
          str(ctx.params.query['metricsFilter.deploymentId']),
        ),
      ),
    createDeployment: (ctx) => ok(backend.createDeployment(path(ctx, 'scriptId'), body(ctx))),
    getDeployment: (ctx) => {
      const project = backend.project(path(ctx, 'scriptId'));
      return ok(backend.deploymentJson(project, backend.deployment(project, path(ctx, 'deploymentId'))));
    },
    listDeployments: (ctx) =>
      ok(
        backend.listDeployments(
          path(ctx, 'scriptId'),
          ctx.params.query.pageSize,
          str(ctx.params.query.pageToken),
        ),
      ),
    updateDeployment: (ctx) => {
      const config = body(ctx).deploymentConfig;
      return ok(
        backend.updateDeployment(
          path(ctx, 'scriptId'),
          path(ctx, 'deploymentId'),
          config as Json | undefined,
        ),
      );
    },
    deleteDeployment: (ctx) => {
      backend.deleteDeployment(path(ctx, 'scriptId'), path(ctx, 'deploymentId'));
      return ok({});
    },
    createVersion: (ctx) => ok(backend.createVersion(path(ctx, 'scriptId'), str(body(ctx).description))),
    getVersion: (ctx) => {
      const project = backend.project(path(ctx, 'scriptId'));
      const number = Number(ctx.params.path.versionNumber);
      return ok(backend.versionJson(project.scriptId, backend.version(project, number)));
    },
    listVersions: (ctx) =>
      ok(
        backend.listVersions(
          path(ctx, 'scriptId'),
          ctx.params.query.pageSize,
          str(ctx.params.query.pageToken),
        ),
      ),
    runScriptFunction: async (ctx) => {
      const b = body(ctx);
      const request: { function?: string; parameters?: unknown[]; devMode?: boolean } = {};
      if (typeof b.function === 'string') request.function = b.function;
      if (Array.isArray(b.parameters)) request.parameters = b.parameters;
      if (typeof b.devMode === 'boolean') request.devMode = b.devMode;
      return ok(await backend.run(ctx.principal, path(ctx, 'scriptId'), request));
    },
    listUserProcesses: (ctx) => {
      const filter = { ...processFilter(ctx.params.query, 'userProcessFilter'), user: ctx.principal.email };
      return ok(backend.listProcesses(filter, ctx.params.query.pageSize, str(ctx.params.query.pageToken)));
    },
    listScriptProcesses: (ctx) => {
      const scriptId = str(ctx.params.query.scriptId);
      if (scriptId === undefined || scriptId === '')
        throw invalidArgument('Script ID must be set.', 'scriptId');
      const filter = { ...processFilter(ctx.params.query, 'scriptProcessFilter'), scriptId };
      return ok(backend.listProcesses(filter, ctx.params.query.pageSize, str(ctx.params.query.pageToken)));
    },
  };
}

export function appsScriptService(spec: CompiledSpec, backend: AppsScriptBackend): Service<AsUser> {
  return {
    name: 'apps-script',
    prefix: '',
    spec,
    handlers: handlers(backend),
    maxBodyBytes: 10 * 1024 * 1024,
    authenticate(_operation, headers, url) {
      const header = headers.authorization;
      const queryToken = url.searchParams.get('access_token') ?? url.searchParams.get('oauth_token');
      if (header === undefined && queryToken === null) {
        if (url.searchParams.has('key')) {
          return {
            reply: credentialsError(
              'API keys are not supported by this API. Expected OAuth2 access token or other authentication credentials that assert a principal. See https://cloud.google.com/docs/authentication',
              'CREDENTIALS_MISSING',
            ),
          };
        }
        return {
          reply: credentialsError(
            `Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${AUTH_HELP}`,
            'CREDENTIALS_MISSING',
          ),
        };
      }
      const token = header === undefined ? queryToken : BEARER.exec(header)?.[1];
      if (token === undefined || token === null || !/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) {
        return {
          reply: credentialsError(
            `Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${AUTH_HELP}`,
            'ACCESS_TOKEN_TYPE_UNSUPPORTED',
          ),
        };
      }
      return { principal: backend.userForToken(token) };
    },
    invalidRequest(problems) {
      const first = problems[0];
      const message =
        first?.keyword === 'json'
          ? 'Invalid JSON payload received.'
          : `Invalid value at '${first?.field ?? 'request'}': ${first?.message ?? 'invalid'}`;
      return googleError(400, message, [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: problems.map((p) => ({ field: p.field, description: p.message })),
        },
      ]);
    },
    unknownQuery(names) {
      // Google refuses query parameters it cannot bind to the request message.
      const name = names[0] ?? '';
      return googleError(
        400,
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
        [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              {
                description: `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
              },
            ],
          },
        ],
      );
    },
    notFound(method, path) {
      return googleError(404, `Method not found: ${method} ${path}`);
    },
    internalError(message) {
      return googleError(500, message);
    },
    precheck(ctx) {
      const fields = ctx.params.query.fields;
      if (typeof fields !== 'string') return undefined;
      try {
        parseFieldMask(fields);
        return undefined;
      } catch (error) {
        if (error instanceof FieldMaskError) return googleError(400, error.message);
        throw error;
      }
    },
    finalize(ctx, reply) {
      if (reply.status !== 200 || reply.body === undefined) return reply;
      const fields = ctx.params.query.fields;
      const body =
        typeof fields === 'string' && fields !== ''
          ? applyFieldMask(reply.body, parseFieldMask(fields))
          : reply.body;
      if (ctx.operation.method !== 'GET') return { ...reply, body };
      const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
      const headers = { ...reply.headers, etag };
      const match = ctx.headers['if-none-match'];
      if (
        match !== undefined &&
        (match === '*' || match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
      ) {
        return { status: 304, headers };
      }
      return { ...reply, body, headers };
    },
  };
}
