// Google authentication for the Apps Script commands and library users: see tools/docs/auth.md.

export {
  type ClaspLogin,
  claspCredentialsJson,
  claspFile,
  type ImportClaspOptions,
  type ImportClaspResult,
  importClaspLogin,
  parseClasprc,
} from './clasp.js';
export {
  type AuthorizedUserCredentials,
  type GoogleCredentials,
  parseCredentials,
  type ServiceAccountCredentials,
} from './credentials.js';
export { GOOGLE_ENDPOINTS, type GoogleOAuthEndpoints, resolveEndpoints } from './endpoints.js';
export type { OAuthClientId } from './google.js';
export {
  DEFAULT_OAUTH_CLIENT,
  type LoginOptions,
  type LoginResult,
  login,
  parseClientCredentials,
  readClientCredentials,
} from './login.js';
export { type LogoutOptions, type LogoutResult, logout, revokeToken } from './logout.js';
export {
  type GoogleAuth,
  type GoogleAuthDescription,
  type GoogleAuthSource,
  type ResolveGoogleAuthOptions,
  resolveGoogleAuth,
} from './resolve.js';
export { APPS_SCRIPT_SCOPES, LOGIN_SCOPES, normalizeScope } from './scopes.js';
export {
  type AuthStatus,
  type AuthStatusOptions,
  authStatus,
} from './status.js';
export { configDir, DEFAULT_PROFILE, loginFile, type StoredLogin } from './store.js';
