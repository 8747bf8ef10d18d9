// `specbound gas processes`: the project's executions (or the caller's, with --user), newest first.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { collect, parsePositiveInt } from '../../parse.js';
import { SCRIPT_ID } from './options.js';
import { shortTime } from './render.js';

export function define(gas: CommandUnknownOpts): void {
  gas
    .command('processes')
    .description("the project's executions, newest first")
    .option('--function <name>', 'only this function')
    .option(
      '--status <status>',
      'only this status (repeatable): COMPLETED, FAILED, RUNNING, TIMED_OUT, ...',
      collect,
      [],
    )
    .option(
      '--type <type>',
      'only this type (repeatable): EXECUTION_API, EDITOR, TRIGGER, WEBAPP, ...',
      collect,
      [],
    )
    .option('--since <when>', 'only those started since: a duration (30m, 1h, 2d) or an ISO time')
    .option('--limit <n>', 'at most N (default 50)', parsePositiveInt('--limit'))
    .option('--all', 'every matching process (all pages)')
    .option(...SCRIPT_ID)
    .addHelpText(
      'after',
      examples(
        ['specbound gas processes --status failed --since 1h', 'failures of the last hour'],
        ['specbound gas processes --function main --limit 5', 'the last five runs of main'],
        ['specbound gas processes --user --all', "every project's, all pages"],
      ),
    )
    .action((options, command) => run(contextOf(command), options));
}

export async function run(
  ctx: CliContext,
  options: {
    function?: string | undefined;
    status: string[];
    type: string[];
    since?: string | undefined;
    limit?: number | undefined;
    all?: true | undefined;
    scriptId?: string | undefined;
  },
): Promise<void> {
  const { resolveScriptId } = await import('../../../apps-script/config.js');
  const { listProcesses, PROCESS_STATUSES, PROCESS_TYPES, parseEnumList, parseSince } = await import(
    '../../../apps-script/processes.js'
  );
  const statuses = parseEnumList('--status', options.status, PROCESS_STATUSES);
  const types = parseEnumList('--type', options.type, PROCESS_TYPES);
  const since = options.since === undefined ? undefined : parseSince(options.since);
  // `--user` alone is the global -u/--user (clasp's named login takes a name): here, every project.
  const user = ctx.globals.user === true;
  // --user lists across projects; a --script-id still narrows it.
  const scriptId = user ? options.scriptId : await resolveScriptId(ctx.cwd, options.scriptId);
  const list = await listProcesses(await ctx.appsScript(), {
    scriptId,
    user,
    functionName: options.function,
    statuses,
    types,
    since,
    limit: options.limit,
    all: options.all === true,
  });
  ctx.io.table(
    list,
    [
      { header: 'started', value: (p) => shortTime(p.startTime) },
      { header: 'function', value: (p) => p.functionName },
      { header: 'status', value: (p) => p.processStatus },
      { header: 'type', value: (p) => p.processType },
      { header: 'duration', value: (p) => p.duration, align: 'right' },
      ...(user ? [{ header: 'project', value: (p: (typeof list)[number]) => p.projectName }] : []),
    ],
    'no matching processes',
  );
}
