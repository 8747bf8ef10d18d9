// `comments export`: every comment of one or more projects, each with its replies, streamed to a
// writer in one of four formats. Memory stays flat: projects are read a page at a time, a project's
// comments are one answer of `GET /comments` (the service does not page them), and replies are
// fetched for at most `concurrency` comments at once, written in order as soon as they arrive.

import { keep } from './comments.js';
import { type ExportFormat, recordWriter } from './format.js';
import { mapOrdered } from './pool.js';
import type { BugSmash, ExportedComment } from './types.js';
import type { StatusFilter } from './values.js';

/** Where the export goes: `write` resolves when the sink can take more (backpressure). */
export interface TextSink {
  write(chunk: string): Promise<void>;
  /** Called once after the last write, to push out anything buffered. */
  flush?(): Promise<void>;
}

export interface ExportProgress {
  /** The project being exported (1-based) and how many there are, when known. */
  project: number;
  projects: number | undefined;
  projectName: string;
  /** Comments of this project written so far, and how many it has. */
  projectDone: number;
  projectTotal: number;
  /** Comments written in all. */
  written: number;
}

export interface ExportOptions {
  /** The projects to export, in order; or `'all'` for every project of the workspace. */
  projects: readonly string[] | 'all';
  format: ExportFormat;
  status?: StatusFilter | undefined;
  /** Only comments updated at or after this time (epoch ms). */
  since?: number | undefined;
  /** Reply fetches in flight at once (default 8). */
  concurrency?: number | undefined;
  onProgress?: ((progress: ExportProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
}

export interface ExportSummary {
  projects: number;
  comments: number;
  replies: number;
}

export const DEFAULT_EXPORT_CONCURRENCY = 8;

interface ProjectRef {
  id: string;
  name: string;
}

async function* projectRefs(
  client: BugSmash,
  projects: readonly string[] | 'all',
): AsyncGenerator<ProjectRef> {
  if (projects === 'all') {
    for await (const project of client.projects.iterate({})) {
      yield { id: String(project.id), name: project.name };
    }
    return;
  }
  for (const projectId of projects) {
    const project = await client.projects.get({ projectId });
    yield { id: projectId, name: project.name };
  }
}

export async function exportComments(
  client: BugSmash,
  sink: TextSink,
  options: ExportOptions,
): Promise<ExportSummary> {
  const concurrency = options.concurrency ?? DEFAULT_EXPORT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer (got ${concurrency})`);
  }
  // The signal is checked between requests rather than passed to each one: in-flight requests
  // (at most `concurrency`) finish, and no per-request listener piles up on a long-lived signal.
  const checkAborted = () => options.signal?.throwIfAborted();
  const writer = recordWriter(options.format);
  const summary: ExportSummary = { projects: 0, comments: 0, replies: 0 };
  const projectCount = options.projects === 'all' ? undefined : options.projects.length;
  await sink.write(writer.head());
  for await (const project of projectRefs(client, options.projects)) {
    checkAborted();
    summary.projects++;
    const answer = await client.comments.list({
      projectId: project.id,
      plainText: true,
      locationMetadata: true,
      ...(options.status === undefined ? {} : { status: options.status }),
    });
    const comments = answer.data.filter((comment) => keep(comment, options));
    let done = 0;
    const report = () =>
      options.onProgress?.({
        project: summary.projects,
        projects: projectCount,
        projectName: project.name,
        projectDone: done,
        projectTotal: comments.length,
        written: summary.comments,
      });
    report();
    const withReplies = mapOrdered(comments, concurrency, async (comment): Promise<ExportedComment> => {
      checkAborted();
      const replies = await client.replies.list({ commentId: comment.comment_id, plain_text: true });
      return { project_id: project.id, project_name: project.name, comment, replies };
    });
    for await (const item of withReplies) {
      await sink.write(writer.record(item, summary.comments));
      summary.comments++;
      summary.replies += item.replies.length;
      done++;
      report();
    }
  }
  await sink.write(writer.tail(summary.comments));
  await sink.flush?.();
  return summary;
}

/**
 * A sink over a Node writable stream. Small chunks (one comment each) are gathered into writes of
 * about 64 KiB, so 100 000 comments are not 100 000 write calls; `write` waits for `drain` when the
 * stream's buffer is full.
 */
export function streamSink(stream: NodeJS.WritableStream, chunkSize = 64 * 1024): TextSink {
  let pending: string[] = [];
  let size = 0;
  const push = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      stream.once('error', onError);
      const flushed = stream.write(text, (error) => {
        if (error) reject(error);
      });
      if (flushed) {
        stream.off('error', onError);
        resolve();
      } else {
        stream.once('drain', () => {
          stream.off('error', onError);
          resolve();
        });
      }
    });
  const flush = async () => {
    if (size === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    await push(text);
  };
  return {
    async write(chunk) {
      if (chunk === '') return;
      pending.push(chunk);
      size += chunk.length;
      if (size >= chunkSize) await flush();
    },
    flush,
  };
}
