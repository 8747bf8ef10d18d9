import { ValidationError } from '@specbound/http';

/** File content: a `Blob` (a `File` keeps its name), bytes, or (Node entry only) a file path. */
export type UploadSource = Blob | Uint8Array | ArrayBuffer | string;

/** File content with the name and content type to send it under. */
export interface UploadFile {
  data: UploadSource;
  /** Default: the `File`'s or the path's name, else `upload` plus an extension for the content type. */
  filename?: string | undefined;
  /** Default: the `Blob`'s type, else guessed from the file name, else `application/octet-stream`. */
  contentType?: string | undefined;
}

export type UploadInput = UploadSource | UploadFile;

/** Opens a file path as a `Blob`; only the Node entry provides one. */
export type PathReader = (path: string) => Promise<{ blob: Blob; name: string }>;

/** A part ready for `FormData.append(field, blob, filename)`. */
export interface UploadPart {
  blob: Blob;
  filename: string;
}

/** The most images a `multi_images` project takes. */
export const MAX_IMAGES = 25;

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

/** Turns one upload input into a non-empty part with a name and a content type. */
export async function resolveUpload(
  input: UploadInput,
  field: string,
  readPath: PathReader | undefined,
): Promise<UploadPart> {
  const file: UploadFile = isUploadFile(input) ? input : { data: input };
  const { data } = file;
  let blob: Blob;
  let name: string | undefined;
  if (typeof data === 'string') {
    if (readPath === undefined) {
      throw new ValidationError(
        field,
        `"${field}" is a string, which means a file path, and file paths work only with the Node entry ` +
          '(import { createBugSmashClient } from "@specbound/bugsmash/node"). Pass a Blob, File or Uint8Array instead.',
      );
    }
    ({ blob, name } = await readPath(data));
  } else if (data instanceof Blob) {
    blob = data;
    name = typeof File !== 'undefined' && data instanceof File && data.name !== '' ? data.name : undefined;
  } else if (data instanceof Uint8Array || data instanceof ArrayBuffer) {
    blob = new Blob([toBlobPart(data)]);
  } else {
    throw new ValidationError(
      field,
      `"${field}" must be a Blob, File, Uint8Array, ArrayBuffer or file path.`,
    );
  }
  if (blob.size === 0) {
    throw new ValidationError(field, `"${field}" is empty: BugSmash needs a file with content.`);
  }
  const filename = file.filename ?? name;
  const contentType =
    file.contentType ??
    (blob.type !== '' ? blob.type : undefined) ??
    guessType(filename) ??
    'application/octet-stream';
  return {
    blob: blob.type === contentType ? blob : blob.slice(0, blob.size, contentType),
    filename: filename ?? `upload${extensionFor(contentType)}`,
  };
}

// Blobs, byte arrays and buffers have no `data` property.
function isUploadFile(input: UploadInput): input is UploadFile {
  return typeof input === 'object' && 'data' in input;
}

// Blob parts must be backed by an ArrayBuffer (not a SharedArrayBuffer); copy only in that case.
function toBlobPart(data: Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> | ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  return data.buffer instanceof ArrayBuffer
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

function guessType(filename: string | undefined): string | undefined {
  const extension = filename?.split('.').pop()?.toLowerCase();
  return extension === undefined ? undefined : TYPES_BY_EXTENSION[extension];
}

function extensionFor(contentType: string): string {
  const extension = Object.entries(TYPES_BY_EXTENSION).find(([, type]) => type === contentType)?.[0];
  return extension === undefined ? '' : `.${extension}`;
}
