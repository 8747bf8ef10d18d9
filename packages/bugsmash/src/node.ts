/// <reference types="node" />
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ValidationError } from '@specbound/http';
import {
  type BugSmashClient,
  type BugSmashClientOptions,
  type BugSmashCore,
  buildClient,
  buildCore,
} from './client.js';
import type { PathReader } from './uploads.js';

// The Node entry: everything of the main entry, with a client whose uploads also take file paths.
// It lives apart so that browser bundles of the main entry never pull in `node:` modules.
export * from './index.js';

/** Opens a file lazily as a Blob (its bytes are read only while the request body streams). */
const readPath: PathReader = async (path) => {
  try {
    // `stat` first: openAsBlob's own error ("Unable to open file as blob") does not say why.
    const info = await stat(path);
    if (!info.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
    return { blob: await openAsBlob(path), name: basename(path) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ValidationError('file', `Cannot open "${path}" for upload (${String(code ?? error)}).`);
  }
};

/** `createBugSmashClient` of the main entry, whose uploads also accept a file path (a string). */
export function createBugSmashClient(options: BugSmashClientOptions): BugSmashClient {
  return buildClient(options, readPath);
}

/** `createBugSmashCore` of the main entry, whose uploads also accept a file path (a string). */
export function createBugSmashCore(options: BugSmashClientOptions): BugSmashCore {
  return buildCore(options, readPath);
}
