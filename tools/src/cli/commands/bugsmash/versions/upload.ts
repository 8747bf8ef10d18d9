// `specbound bs versions upload <projectId> <file>`: a file uploaded as a new version.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

/** Files at least this big get a progress line on stderr. */
const PROGRESS_FROM_BYTES = 1024 * 1024;

export function define(versions: CommandUnknownOpts): void {
  versions
    .command('upload')
    .argument('<projectId>')
    .argument('<file>')
    .description('upload a file as a new version (progress on stderr for large files)')
    .addHelpText(
      'after',
      examples(
        ['specbound bs versions upload 81d3 v2.pdf', 'a new version from a file'],
        ['specbound bs versions upload 81d3 v2.pdf --json', 'the new version as JSON'],
      ),
    )
    .action((projectId, file, _options, command) =>
      run(contextOf(command), projectId, file, command.optsWithGlobals()),
    );
}

export async function run(
  ctx: CliContext,
  projectId: string,
  file: string,
  options: AuthOptions,
): Promise<void> {
  // Relative to the command's directory (the process's for the bin).
  const path = resolve(ctx.cwd, file);
  const info = await stat(path).catch((error: unknown) => {
    throw new UsageError(`cannot read ${file}.`, {
      hint: 'Check the path of the file to upload.',
      cause: error,
    });
  });
  if (!info.isFile()) throw new UsageError(`${file} is not a file.`, { hint: 'Name the file to upload.' });
  const { progressFetch } = await import('../../../../bugsmash/projects.js');
  const showProgress = info.size >= PROGRESS_FROM_BYTES;
  let last = 0;
  const fetch = showProgress
    ? progressFetch((sent) => {
        const now = Date.now();
        if (now - last < 200 && sent < info.size) return;
        last = now;
        const percent = Math.min(100, Math.floor((sent / info.size) * 100));
        ctx.io.progress(
          `uploading ${file}: ${percent}% (${mib(Math.min(sent, info.size))} of ${mib(info.size)})`,
        );
      })
    : undefined;
  const client = await bugsmashClient(ctx, options, fetch);
  const answer = await client.versions.create({ projectId, file: path });
  ctx.io.result(answer ?? { projectId }, () =>
    ctx.io.line(`uploaded ${file} as a new version of ${projectId}`),
  );
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
