// The Apps Script API on the emulator: Google's auth and error shapes, `fields` partial responses,
// ETags, and one handler per operationId of specs/apps-script.
import { createHash } from 'node:crypto';
import type { operations } from '@specbound/apps-script/schema';
import { bindHandlers } from '../core/typed.ts';
import type { Reply, RequestContext, Service } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import type { AppsScriptBackend } from './backend.ts';
import { deploymentHandlers } from './deployments.ts';
import { googleError } from './errors.ts';
import { applyFieldMask, FieldMaskError, parseFieldMask } from './fields.ts';
import type { AsUser } from './model.ts';
import { processHandlers } from './process-list.ts';
import { projectHandlers } from './projects.ts';
import { runHandlers } from './runs.ts';
import { versionHandlers } from './versions.ts';

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

/**
 * Google's check of the credentials: an OAuth 2 bearer token in the Authorization header or the
 * `access_token` / `oauth_token` query parameter; an API key alone is refused.
 */
function authenticateOAuth(
  backend: AppsScriptBackend,
  headers: RequestContext<AsUser>['headers'],
  url: URL,
): { principal: AsUser } | { reply: Reply } {
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
}

/** Google refuses query parameters it cannot bind to the request message. */
function unknownQueryError(name: string): Reply {
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
}

export function appsScriptService(spec: CompiledSpec, backend: AppsScriptBackend): Service<AsUser> {
  return {
    name: 'apps-script',
    prefix: '',
    spec,
    handlers: bindHandlers<operations, AsUser>({
      ...projectHandlers(backend),
      ...versionHandlers(backend),
      ...deploymentHandlers(backend),
      ...runHandlers(backend),
      ...processHandlers(backend),
    }),
    // Apps Script's own limit on a request is 10 MB; the largest real body is updateContent.
    maxBodyBytes: 10 * 1024 * 1024,
    authenticate(_operation, headers, url) {
      return authenticateOAuth(backend, headers, url);
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
      return unknownQueryError(names[0] ?? '');
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
