// Utilities on the host, where Node has what QuickJS lacks: digests and HMACs (node:crypto), UTF-8,
// base64, UUIDs and time zones (dates.ts). Bytes cross as Java bytes (-128..127), as Google returns them.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { formatDate } from './dates.ts';

const DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};
const MACS: Record<string, string> = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
};

/** Java bytes of `buffer`. */
function signedBytes(buffer: Uint8Array): number[] {
  return Array.from(new Int8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
}

/** The bytes of a guest value: a string in `charset`, or an array of (Java) bytes. */
function bytesOf(value: unknown, charset: unknown): Buffer {
  if (typeof value === 'string') return Buffer.from(value, charset === 'US_ASCII' ? 'latin1' : 'utf8');
  if (Array.isArray(value)) return Buffer.from(value.map((b) => Number(b) & 0xff));
  throw new Error('Invalid argument: value');
}

function decodeBase64(text: string, webSafe: boolean): Buffer {
  const clean = text.replace(/\s+/g, '');
  const alphabet = webSafe ? /^[A-Za-z0-9_-]*={0,2}$/ : /^[A-Za-z0-9+/]*={0,2}$/;
  if (!alphabet.test(clean) || clean.replace(/=+$/, '').length % 4 === 1)
    throw new Error('Could not decode string.');
  return Buffer.from(clean, webSafe ? 'base64url' : 'base64');
}

/** Answers one Utilities call. */
export function utilitiesCall(method: string, args: unknown[]): unknown {
  switch (method) {
    case 'encode':
      return signedBytes(bytesOf(args[0], args[1]));
    case 'decode':
      return bytesOf(args[0], 'UTF_8').toString(args[1] === 'US_ASCII' ? 'latin1' : 'utf8');
    case 'base64Encode': {
      const text = bytesOf(args[0], args[1]).toString('base64');
      // Google's web-safe form keeps the padding.
      return args[2] === true ? text.replace(/\+/g, '-').replace(/\//g, '_') : text;
    }
    case 'base64Decode':
      return signedBytes(decodeBase64(String(args[0]), args[2] === true));
    case 'computeDigest': {
      const algorithm = DIGESTS[String(args[0])];
      if (algorithm === undefined)
        throw new Error(`Utilities.computeDigest: ${String(args[0])} is not implemented in the emulator.`);
      return signedBytes(createHash(algorithm).update(bytesOf(args[1], args[2])).digest());
    }
    case 'computeHmac': {
      const algorithm = MACS[String(args[0])];
      if (algorithm === undefined) throw new Error('Invalid argument: algorithm');
      return signedBytes(
        createHmac(algorithm, bytesOf(args[2], args[3])).update(bytesOf(args[1], args[3])).digest(),
      );
    }
    case 'getUuid':
      return randomUUID();
    case 'formatDate':
      return formatDate(Number(args[0]), String(args[1]), String(args[2]));
    default:
      throw new Error(`Utilities.${method} is not implemented in the emulator.`);
  }
}
