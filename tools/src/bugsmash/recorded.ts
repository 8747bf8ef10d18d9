// Recorded deliveries: `listen --record DIR` writes one JSON file per delivery (raw body bytes as
// base64, headers with credentials redacted, the verification outcome); `webhooks replay` sends them
// again, re-signed with a secret when one is given, or exactly as recorded.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { signWebhook, type WebhookScheme } from '@specbound/bugsmash';
import { writeFileAtomic } from '../atomic-file.js';
import { UsageError } from '../errors.js';
import type { RawDelivery } from './listen.js';

export interface RecordedDelivery {
  version: 1;
  receivedAt: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  /** The raw body, byte for byte. */
  bodyBase64: string;
  verification: RawDelivery['verification'];
}

function toRecorded(raw: RawDelivery): RecordedDelivery {
  return {
    version: 1,
    receivedAt: raw.receivedAt,
    method: raw.method,
    path: raw.path,
    headers: raw.headers,
    bodyBase64: raw.body.toString('base64'),
    verification: raw.verification,
  };
}

/** The NDJSON line `--print-json` prints: the body as text when it is UTF-8, else as base64. */
export function printable(raw: RawDelivery): Record<string, unknown> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(raw.body);
  const exact = Buffer.from(text, 'utf8').equals(raw.body);
  return {
    receivedAt: raw.receivedAt,
    method: raw.method,
    path: raw.path,
    headers: raw.headers,
    ...(exact ? { body: text } : { bodyBase64: raw.body.toString('base64') }),
    verification: raw.verification,
  };
}

/** Writes one delivery as `<dir>/<time>-<n>.json` (mode 0600: payloads may be private). */
export async function recordDelivery(dir: string, raw: RawDelivery, n: number): Promise<string> {
  const name = `${raw.receivedAt.replace(/[:.]/g, '-')}-${String(n).padStart(4, '0')}.json`;
  const path = join(dir, name);
  await writeFileAtomic(path, `${JSON.stringify(toRecorded(raw), null, 2)}\n`, 0o600);
  return path;
}

function parseRecorded(file: string, text: string): RecordedDelivery {
  let value: Partial<RecordedDelivery>;
  try {
    value = JSON.parse(text) as Partial<RecordedDelivery>;
  } catch (error) {
    throw new UsageError(`${file} is not a recorded delivery (not JSON).`, {
      code: 'recorded-delivery-invalid',
      details: { file },
      cause: error,
    });
  }
  if (value.version !== 1 || typeof value.bodyBase64 !== 'string' || typeof value.headers !== 'object') {
    throw new UsageError(`${file} is not a recorded delivery (written by listen --record).`, {
      code: 'recorded-delivery-invalid',
      details: { file },
    });
  }
  return value as RecordedDelivery;
}

/** Reads one recorded file, or every `.json` of a directory in name (= time) order. */
export async function readRecorded(path: string): Promise<{ file: string; delivery: RecordedDelivery }[]> {
  const files = (await stat(path)).isDirectory()
    ? (await readdir(path))
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(path, name))
    : [path];
  const out: { file: string; delivery: RecordedDelivery }[] = [];
  for (const file of files) out.push({ file, delivery: parseRecorded(file, await readFile(file, 'utf8')) });
  return out;
}

// Not replayed: hop-by-hop headers, and the signature headers when the delivery is re-signed.
const NOT_REPLAYED = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive']);

export interface ReplayOptions {
  to: string;
  /** Re-sign with this secret (a fresh timestamp); without it the recorded signature goes as is. */
  secret?: string | undefined;
  scheme?: WebhookScheme | undefined;
  timeoutMs?: number | undefined;
}

export interface ReplayResult {
  status?: number | undefined;
  error?: string | undefined;
  resigned: boolean;
}

async function replayHeaders(d: RecordedDelivery, body: Buffer, options: ReplayOptions): Promise<Headers> {
  const headers = new Headers();
  const signed =
    options.secret === undefined
      ? undefined
      : await signWebhook({
          ...options.scheme,
          rawBody: body,
          secret: options.secret,
          ...(options.scheme?.timestampHeader === false ? {} : { timestamp: Math.floor(Date.now() / 1000) }),
        });
  const replaced = new Set(Object.keys(signed ?? {}).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(d.headers)) {
    if (NOT_REPLAYED.has(name) || replaced.has(name) || value === '[REDACTED]') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  for (const [name, value] of Object.entries(signed ?? {})) headers.set(name, value);
  return headers;
}

export async function replayDelivery(d: RecordedDelivery, options: ReplayOptions): Promise<ReplayResult> {
  const body = Buffer.from(d.bodyBase64, 'base64');
  const resigned = options.secret !== undefined;
  try {
    const response = await fetch(options.to, {
      method: 'POST',
      headers: await replayHeaders(d, body, options),
      body: new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    await response.body?.cancel();
    return { status: response.status, resigned };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), resigned };
  }
}
