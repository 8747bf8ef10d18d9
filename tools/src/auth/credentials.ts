// Google credentials JSON, as `gcloud`, the Cloud console and google-auth-library write it:
// `authorized_user` (a refresh token and its OAuth client) or `service_account` (a private key).
// Errors name the origin and the missing fields, never a value: the JSON is a secret.
import { AuthRequiredError } from '../errors.js';

export interface AuthorizedUserCredentials {
  type: 'authorized_user';
  client_id: string;
  client_secret: string;
  refresh_token: string;
}

export interface ServiceAccountCredentials {
  type: 'service_account';
  client_email: string;
  private_key: string;
  private_key_id?: string | undefined;
  /** The service account's numeric client id: what the Admin console's domain-wide delegation lists. */
  client_id?: string | undefined;
}

export type GoogleCredentials = AuthorizedUserCredentials | ServiceAccountCredentials;

/**
 * Parses credentials JSON from `origin` (a variable name or a file path, used in messages). The
 * text may also be the JSON encoded in base64, the usual form of a CI secret.
 */
export function parseCredentials(text: string, origin: string): GoogleCredentials {
  const value = parseJsonObject(text, origin);
  const type = value.type;
  if (type === 'authorized_user') {
    requireStrings(value, ['client_id', 'client_secret', 'refresh_token'], origin, type);
    return {
      type,
      client_id: value.client_id as string,
      client_secret: value.client_secret as string,
      refresh_token: value.refresh_token as string,
    };
  }
  if (type === 'service_account') {
    requireStrings(value, ['client_email', 'private_key'], origin, type);
    return {
      type,
      client_email: value.client_email as string,
      private_key: value.private_key as string,
      private_key_id: typeof value.private_key_id === 'string' ? value.private_key_id : undefined,
      client_id: typeof value.client_id === 'string' ? value.client_id : undefined,
    };
  }
  throw new AuthRequiredError(
    `${origin}: unsupported credentials type ${typeof type === 'string' ? `"${type}"` : '(none)'}.`,
    {
      code: 'credentials-type-unsupported',
      details: { origin, type: typeof type === 'string' ? type : undefined },
    },
  );
}

function parseJsonObject(text: string, origin: string): Record<string, unknown> {
  const trimmed = text.trim();
  const candidates = [trimmed];
  if (!trimmed.startsWith('{')) candidates.push(Buffer.from(trimmed, 'base64').toString('utf8'));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Try the next form; the message below covers all of them.
    }
  }
  throw new AuthRequiredError(`${origin} does not hold Google credentials JSON (nor base64 of it).`, {
    hint: 'Put the whole credentials JSON (authorized_user or service_account) there, or point GOOGLE_APPLICATION_CREDENTIALS at the file.',
  });
}

function requireStrings(
  value: Record<string, unknown>,
  fields: readonly string[],
  origin: string,
  type: string,
) {
  const missing = fields.filter((field) => typeof value[field] !== 'string' || value[field] === '');
  if (missing.length > 0) {
    throw new AuthRequiredError(`${origin}: ${type} credentials lack ${missing.join(', ')}.`, {
      hint: `Download the credentials again; an ${type} file has ${fields.join(', ')}.`,
    });
  }
}

/** The e-mail in a Google ID token's payload, if any. */
export function emailFromIdToken(idToken: string | null | undefined): string | undefined {
  // No signature check: this ID token came straight from the token endpoint over TLS, which OpenID
  // Connect Core §3.1.3.7 accepts in place of validating the signature. It is only displayed.
  if (typeof idToken !== 'string') return undefined;
  const payload = idToken.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : undefined;
  } catch {
    return undefined;
  }
}
