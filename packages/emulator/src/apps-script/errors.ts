import type { Reply } from '../core/types.ts';
import { ServiceError } from '../core/types.ts';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
};

/** Google's JSON error body: `{ error: { code, message, status, details? } }`. */
export function googleError(code: number, message: string, details?: unknown[], status?: string): Reply {
  const error: Record<string, unknown> = { code, message, status: status ?? STATUS_NAMES[code] ?? 'UNKNOWN' };
  if (details !== undefined) error.details = details;
  const headers: Record<string, string> = {};
  if (code === 401) headers['www-authenticate'] = 'Bearer realm="https://accounts.google.com/"';
  return { status: code, body: { error }, headers };
}

export const notFound = (message = 'Requested entity was not found.') =>
  new ServiceError(googleError(404, message));

export const invalidArgument = (message: string, field?: string) =>
  new ServiceError(
    googleError(
      400,
      message,
      field === undefined
        ? undefined
        : [
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field, description: message }],
            },
          ],
    ),
  );

export const permissionDenied = (message = 'The caller does not have permission') =>
  new ServiceError(googleError(403, message));

/** 400 `FAILED_PRECONDITION`: the request is valid but the project's state refuses it (a cap reached). */
export const failedPrecondition = (message: string) =>
  new ServiceError(googleError(400, message, undefined, 'FAILED_PRECONDITION'));

/**
 * Google's caps on a project: 200 versions (https://developers.google.com/apps-script/guides/versions)
 * and 20 versioned deployments, the HEAD deployment not counted.
 */
export const MAX_VERSIONS = 200;
export const MAX_VERSIONED_DEPLOYMENTS = 20;
