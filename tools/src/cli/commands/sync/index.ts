// `specbound sync comments`: BugSmash comments → an Apps Script function.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { parsePositiveInt, parseSince } from '../../parse.js';

export function register(program: CommandUnknownOpts): void {
  const sync = program.command('sync').description('send data from one service to the other');
  sync
    .command('comments')
    .argument('<projectId>', 'the BugSmash project')
    .description(
      "send a BugSmash project's new and changed comments, in batches, to an Apps Script function (idempotent)",
    )
    .requiredOption('--script <id>', 'the API-executable deployment id (the script id with --dev-mode)')
    .requiredOption('--function <name>', 'the function that takes each batch')
    .option('--dev-mode', 'run the saved (HEAD) code; only the script owner may')
    .option('--since <iso>', 'only comments updated since this date', parseSince)
    .option('--batch-size <n>', 'comments per call', parsePositiveInt('--batch-size'), 100)
    .option('--state <file>', 'the sync state (default .specbound/sync-<projectId>.json)')
    .option('--dry-run', 'print what would be sent; send nothing')
    .option('--api-key-file <file>', 'read the BugSmash API key from FILE (default: env BUGSMASH_API_KEY)')
    .action(async (projectId, _options, command) => {
      const { syncCommentsCommand } = await import('./comments.js');
      await syncCommentsCommand(contextOf(command), projectId, command.optsWithGlobals());
    });
}
