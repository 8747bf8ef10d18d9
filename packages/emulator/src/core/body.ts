import type { IncomingMessage } from 'node:http';
import type { JsonObject } from '../spec/load.ts';
import type { UploadedFile } from './types.ts';

export class BodyTooLarge extends Error {}

/** Reads the whole body, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new BodyTooLarge(`request body is larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Parses multipart/form-data with the platform's own parser. Returns the fields for handlers (file
 * parts as `UploadedFile`) and a copy for schema validation (file parts as their file name).
 * Names whose schema is an array collect every part; others keep the last.
 */
export async function parseMultipart(
  raw: Buffer,
  contentType: string,
  arrayFields: Set<string>,
): Promise<{ fields: JsonObject; forValidation: JsonObject }> {
  const form = await new Request('http://emulator.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  const fields: JsonObject = {};
  const forValidation: JsonObject = {};
  for (const [name, value] of form.entries()) {
    let parsed: string | UploadedFile;
    let shown: string;
    if (typeof value === 'string') {
      parsed = value;
      shown = value;
    } else {
      parsed = {
        filename: value.name,
        contentType: value.type || 'application/octet-stream',
        data: Buffer.from(await value.arrayBuffer()),
      };
      shown = value.name;
    }
    if (arrayFields.has(name)) {
      const parts = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
      const shownParts = Array.isArray(forValidation[name]) ? (forValidation[name] as unknown[]) : [];
      parts.push(parsed);
      shownParts.push(shown);
      fields[name] = parts;
      forValidation[name] = shownParts;
    } else {
      fields[name] = parsed;
      forValidation[name] = shown;
    }
  }
  return { fields, forValidation };
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    value !== null &&
    typeof value === 'object' &&
    'data' in value &&
    Buffer.isBuffer((value as UploadedFile).data)
  );
}
