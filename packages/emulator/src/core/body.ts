// Request bodies, read with limits that hold while the bytes arrive: a JSON body past its limit is
// refused without being buffered whole, and a multipart upload is parsed as a stream (busboy), each
// file refused as soon as it passes the per-file limit. JSON must be valid UTF-8 and nest at most
// MAX_JSON_DEPTH levels, checked before anything else sees it.
import type { IncomingMessage } from 'node:http';
import { Busboy } from '@fastify/busboy';
import { readCapped } from '@specbound/http/node';
import type { JsonObject } from '../spec/load.ts';
import { MAX_JSON_DEPTH, type MultipartLimits } from './limits.ts';
import type { UploadedFile } from './types.ts';

export type { MultipartLimits } from './limits.ts';

export class BodyTooLarge extends Error {
  readonly limit: number;
  /** `upload`: a multipart body past its total; `body`: any other body past its limit. */
  readonly what: 'body' | 'upload';
  constructor(limit: number, what: 'body' | 'upload' = 'body') {
    super(`request body is larger than ${limit} bytes`);
    this.limit = limit;
    this.what = what;
  }
}

/** A body that cannot be read as what it claims to be: a problem for the request, never a crash. */
export class BadBody extends Error {
  readonly keyword: string;
  readonly field: string;
  constructor(keyword: string, message: string, field = 'body') {
    super(message);
    this.keyword = keyword;
    this.field = field;
  }
}

/** Reads the whole body, refusing (as soon as it is passed) more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  const body = await readCapped(req, limit);
  if (body === undefined) throw new BodyTooLarge(limit);
  return body;
}

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Depth of the deepest nesting in a JSON text, without parsing it (strings skipped). */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Decodes and parses a JSON body: strict UTF-8, nesting bounded, else a BadBody naming the reason. */
export function parseJson(raw: Buffer, maxDepth = MAX_JSON_DEPTH): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new BadBody('encoding', 'The request body is not valid UTF-8.');
  }
  if (jsonDepth(text) > maxDepth)
    throw new BadBody('maxDepth', `The JSON body nests deeper than ${maxDepth} levels.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadBody('json', 'Invalid JSON payload received.');
  }
}

/**
 * Parses multipart/form-data as a stream. Returns the fields for handlers (file parts as
 * `UploadedFile`) and a copy for schema validation (file parts as their file name). Names ending in
 * `[]` (PHP style) collect every part; others keep the last. A file past `fileBytes`, too many files
 * or a field past `fieldBytes` ends the parse with a BadBody; a body past `totalBytes` (declared or
 * counted) with BodyTooLarge. Either way the rest of the body is discarded, not held.
 */
export function parseMultipart(
  req: IncomingMessage,
  contentType: string,
  limits: MultipartLimits,
): Promise<{ fields: JsonObject; forValidation: JsonObject }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.totalBytes)
    return Promise.reject(new BodyTooLarge(limits.totalBytes, 'upload'));
  return new Promise((resolve, reject) => {
    const fields: JsonObject = {};
    const forValidation: JsonObject = {};
    let failed = false;
    const fail = (error: BadBody | BodyTooLarge) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      // Discard what is left of the upload without holding it; the answer goes out at once.
      req.resume();
      reject(error);
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = multipartParser(req, contentType, limits);
    } catch {
      reject(new BadBody('multipart', 'malformed multipart body'));
      return;
    }
    let pendingFiles = 0;
    let finished = false;
    const maybeDone = () => {
      if (finished && pendingFiles === 0 && !failed) resolve({ fields, forValidation });
    };
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      pendingFiles++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!failed) chunks.push(chunk);
      });
      stream.on('limit', () =>
        fail(
          new BadBody(
            'fileSize',
            `The ${name.replace(/\[\]$/, '')} must not be greater than ${Math.floor(limits.fileBytes / 1024)} kilobytes.`,
            name.replace(/\[\]$/, ''),
          ),
        ),
      );
      // A body that ends inside this file fails the part too (besides the parser): without a listener
      // that 'error' would be unhandled and stop the whole emulator.
      stream.on('error', () => fail(new BadBody('multipart', 'malformed multipart body')));
      stream.on('end', () => {
        pendingFiles--;
        if (!failed) {
          const file: UploadedFile = {
            filename,
            contentType: mimeType || 'application/octet-stream',
            data: Buffer.concat(chunks),
          };
          putPart(fields, forValidation, name, file, filename);
        }
        maybeDone();
      });
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated)
        fail(new BadBody('maxLength', `The ${name} field is longer than ${limits.fieldBytes} bytes.`, name));
      else putPart(fields, forValidation, name, value, value);
    });
    parser.on('filesLimit', () =>
      fail(new BadBody('maxItems', `A request may carry at most ${limits.files} files.`, 'files')),
    );
    parser.on('partsLimit', () => fail(new BadBody('multipart', 'The multipart body has too many parts.')));
    parser.on('error', () => fail(new BadBody('multipart', 'malformed multipart body')));
    parser.on('finish', () => {
      finished = true;
      maybeDone();
    });
    req.on('error', () => fail(new BadBody('multipart', 'the upload was interrupted')));
    // A chunked body declares no length: count it as it comes.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.totalBytes) fail(new BodyTooLarge(limits.totalBytes, 'upload'));
    });
    req.pipe(parser);
  });
}

/** Busboy set to `limits`; throws on a content type without a usable boundary. */
function multipartParser(
  req: IncomingMessage,
  contentType: string,
  limits: MultipartLimits,
): ReturnType<typeof Busboy> {
  return Busboy({
    headers: { ...req.headers, 'content-type': contentType },
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fieldSize: limits.fieldBytes,
      fields: 100,
      parts: limits.files + 100,
    },
  });
}

/** Records one part: a name ending in `[]` (PHP style) collects every part, others keep the last. */
function putPart(
  fields: JsonObject,
  forValidation: JsonObject,
  name: string,
  value: string | UploadedFile,
  shown: string,
): void {
  if (name.endsWith('[]')) {
    const parts = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
    const shownParts = Array.isArray(forValidation[name]) ? (forValidation[name] as unknown[]) : [];
    parts.push(value);
    shownParts.push(shown);
    fields[name] = parts;
    forValidation[name] = shownParts;
  } else {
    fields[name] = value;
    forValidation[name] = shown;
  }
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    value !== null &&
    typeof value === 'object' &&
    'data' in value &&
    (value as UploadedFile).data instanceof Uint8Array
  );
}
