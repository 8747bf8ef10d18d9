// What every Google API client of specbound shares (Apps Script, Cloud Logging, Drive, Sheets): the
// `auth` option's forms and the shape of Google's JSON error body. Each client names the types for
// its own users (`AppsScriptAuth`, `DriveAuth`…); the logic is here once.
import { type AuthStrategy, apiKeyQuery, bearerAuth } from './auth.js';
import { type Answer, jsonBody } from './call.js';
import { combineAuth } from './client.js';
import { checkKeys, ValidationError } from './validate.js';

/** A token, or a function returning one (or google-auth-library's `{ token }`), called per attempt. */
export type GoogleTokenSource = Parameters<typeof bearerAuth>[0];

/**
 * How a Google API client authenticates:
 * - a string or a token provider: an OAuth access token, sent as `Authorization: Bearer …`;
 * - `{ apiKey }`: a Google API key in the `key` query parameter, optionally with `token`;
 * - any `AuthStrategy`.
 */
export type GoogleAuth = GoogleTokenSource | { token?: GoogleTokenSource; apiKey?: string } | AuthStrategy;

/** The strategy for a Google client's `auth` option; `factory` names the client in errors. */
export function googleAuth(auth: GoogleAuth | undefined, factory: string): AuthStrategy | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth === 'string' || typeof auth === 'function') return bearerAuth(auth);
  if (typeof auth !== 'object' || auth === null) {
    // Never echo the value: it may be a credential.
    throw new ValidationError(
      'auth',
      `${factory}: option "auth" must be a token, a token provider, { token, apiKey } or an AuthStrategy (got ${auth === null ? 'null' : typeof auth}).`,
    );
  }
  if ('authenticate' in auth) return auth;
  checkKeys(auth, ['token', 'apiKey'], 'auth field', 'auth', factory);
  const strategies: AuthStrategy[] = [];
  if (auth.token !== undefined) strategies.push(bearerAuth(auth.token));
  if (auth.apiKey !== undefined) strategies.push(apiKeyQuery('key', auth.apiKey));
  if (strategies.length === 0) {
    throw new ValidationError('auth', `${factory}: "auth" needs a token, an apiKey, or an AuthStrategy.`);
  }
  return combineAuth(...strategies);
}

/**
 * Whether a body is Google's JSON error body (`{ error: { message, … } }`): the type `ApiError.body`
 * promises, which each client takes from its own spec as `B`.
 */
export function isGoogleError<B>(body: unknown): body is B {
  // Optional chaining reads nothing from undefined or null, and a primitive has no string `message`.
  return typeof (body as { error?: { message?: unknown } } | null | undefined)?.error?.message === 'string';
}

/**
 * A Google client's reader of a write (and of any answer Google gives a JSON body): the data, `{}`
 * for an empty body, or the typed `ApiError` with Google's body.
 */
export function googleReader(secrets: () => readonly string[]) {
  return (answer: Answer): unknown => jsonBody(answer, secrets(), isGoogleError) ?? {};
}

/**
 * Google's standard query parameters, valid on every operation of every Google API. Each client
 * checks this list against its own spec's (a type test) and sends these in the query.
 */
export const GOOGLE_STANDARD_PARAMS = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
] as const;
