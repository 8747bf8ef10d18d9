// The verification scheme's flags, shared by `webhooks listen` and `webhooks replay`: BugSmash's
// real scheme is not public, so every part of it can be named (the defaults are the emulator's).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { WebhookScheme } from '@specbound/bugsmash';
import { UsageError } from '../../../../errors.js';

export interface SchemeFlags {
  signatureHeader?: string | undefined;
  timestampHeader?: string | undefined;
  algorithm?: string | undefined;
  encoding?: string | undefined;
  signaturePrefix?: string | undefined;
}

const ALGORITHMS = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512', sha1: 'SHA-1' } as const;

export function addSchemeOptions(command: CommandUnknownOpts): void {
  command
    .option('--signature-header <name>', 'header carrying the signature (default X-BugSmash-Signature)')
    .option(
      '--timestamp-header <name>',
      "header carrying the timestamp, or 'none' (default X-BugSmash-Timestamp)",
    )
    .option('--algorithm <alg>', 'HMAC hash: sha256|sha384|sha512|sha1 (default sha256)')
    .option('--encoding <enc>', 'signature encoding: hex|base64 (default hex)')
    .option('--signature-prefix <text>', "text before the signature (default 'sha256='; '' for none)");
}

export function schemeOf(flags: SchemeFlags): WebhookScheme {
  const scheme: WebhookScheme = {};
  if (flags.signatureHeader !== undefined) scheme.signatureHeader = flags.signatureHeader;
  if (flags.timestampHeader !== undefined)
    scheme.timestampHeader = flags.timestampHeader === 'none' ? false : flags.timestampHeader;
  if (flags.algorithm !== undefined) {
    const algorithm = ALGORITHMS[flags.algorithm.toLowerCase() as keyof typeof ALGORITHMS];
    if (algorithm === undefined)
      throw new UsageError(
        `--algorithm: "${flags.algorithm}" is not one of ${Object.keys(ALGORITHMS).join(', ')}.`,
      );
    scheme.algorithm = algorithm;
  }
  if (flags.encoding !== undefined) {
    if (flags.encoding !== 'hex' && flags.encoding !== 'base64')
      throw new UsageError(`--encoding: "${flags.encoding}" is not hex or base64.`);
    scheme.encoding = flags.encoding;
  }
  if (flags.signaturePrefix !== undefined) scheme.prefix = flags.signaturePrefix;
  return scheme;
}
