// Project workflows: create from a URL or a file, the review link of the latest version.
import { extname } from 'node:path';
import { ToolsError, UsageError } from '../errors.js';
import type { BugSmash } from './types.js';
import type { FileProjectType } from './values.js';

const TYPES_BY_EXTENSION: Readonly<Record<string, FileProjectType>> = {
  '.pdf': 'pdf',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
  '.svg': 'image',
  '.mp4': 'video',
  '.mov': 'video',
  '.webm': 'video',
  '.mp3': 'audio',
  '.wav': 'audio',
  '.m4a': 'audio',
  '.ogg': 'audio',
};

/** The project type a file's extension means, or a UsageError naming the extensions that work. */
function fileProjectType(file: string): FileProjectType {
  const type = TYPES_BY_EXTENSION[extname(file).toLowerCase()];
  if (type === undefined) {
    throw new UsageError(`--file: cannot tell the project type of "${file}" from its extension.`, {
      hint: `Use a file ending in ${Object.keys(TYPES_BY_EXTENSION).join(' ')}.`,
    });
  }
  return type;
}

export interface CreateBugSmashProjectOptions {
  name: string;
  url?: string | undefined;
  /** A file path (read while the request streams). */
  file?: string | undefined;
}

export async function createBugSmashProject(client: BugSmash, options: CreateBugSmashProjectOptions) {
  if ((options.url === undefined) === (options.file === undefined)) {
    throw new UsageError('Pass exactly one of --url and --file.', {
      code: 'project-source-missing',
    });
  }
  if (options.url !== undefined) {
    if (!URL.canParse(options.url)) {
      throw new UsageError(`--url: "${options.url}" is not a URL.`, { hint: 'Pass an absolute https URL.' });
    }
    return client.projects.create({
      projectType: 'website',
      projectName: options.name,
      websiteUrl: options.url,
    });
  }
  const file = options.file as string;
  return client.projects.create({ projectType: fileProjectType(file), projectName: options.name, file });
}

export interface ReviewLink {
  projectId: string;
  name: string;
  version: string | undefined;
  reviewLink: string;
}

/** The review link of the project's latest version. */
export async function reviewLink(client: BugSmash, projectId: string): Promise<ReviewLink> {
  const project = await client.projects.get({ projectId });
  const versions = project.project_versions;
  const latest = versions.find((v) => v.is_latest === true) ?? versions[versions.length - 1];
  if (latest?.short_url === undefined || latest.short_url === null) {
    throw new ToolsError(`Project ${projectId} has no version with a review link yet.`, {
      code: 'project-without-review-link',
      details: { projectId },
    });
  }
  return {
    projectId,
    name: project.name,
    version: latest.version_name ?? undefined,
    reviewLink: latest.short_url,
  };
}

/**
 * A fetch that reports the bytes of each request body as they are sent, for upload progress.
 * The body is passed through a counting stream, so a file opened as a Blob is read from disk
 * only as the request goes out.
 */
export function progressFetch(
  onProgress: (sent: number, total: number | undefined) => void,
  base: (request: Request) => Promise<Response> = (request) => fetch(request),
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.body === null) return base(request);
    const length = request.headers.get('content-length');
    const total = length === null ? undefined : Number(length);
    let sent = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        onProgress(sent, total);
        controller.enqueue(chunk);
      },
    });
    const body = request.body.pipeThrough(counter);
    return base(new Request(request, { body, duplex: 'half' } as RequestInit));
  };
}
