// PKCE (RFC 7636) with S256, and the `state` that ties the redirect to this login (RFC 6749 §10.12).
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  /** 43 characters of base64url (32 random bytes): sent only with the code exchange. */
  verifier: string;
  /** BASE64URL(SHA256(verifier)): sent in the authorization URL. */
  challenge: string;
  method: 'S256';
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function createState(): string {
  return randomBytes(16).toString('base64url');
}
