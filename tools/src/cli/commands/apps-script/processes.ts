import { resolveScriptId } from '../../../apps-script/config.js';
import {
  listProcesses,
  PROCESS_STATUSES,
  PROCESS_TYPES,
  parseEnumList,
  parseSince,
} from '../../../apps-script/processes.js';
import type { CliContext } from '../../context.js';
import { shortTime } from './render.js';

export async function processes(
  ctx: CliContext,
  options: {
    function?: string | undefined;
    status: string[];
    type: string[];
    since?: string | undefined;
    limit?: number | undefined;
    all?: true | undefined;
    user?: true | undefined;
    scriptId?: string | undefined;
  },
): Promise<void> {
  const statuses = parseEnumList('--status', options.status, PROCESS_STATUSES);
  const types = parseEnumList('--type', options.type, PROCESS_TYPES);
  const since = options.since === undefined ? undefined : parseSince(options.since);
  const user = options.user === true;
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
