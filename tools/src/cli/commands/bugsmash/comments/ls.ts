// `specbound bs comments ls <projectId>`: a project's comments (active ones unless --all or --status).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Comment } from '@specbound/bugsmash';
import type { Priority, StatusFilter } from '../../../../bugsmash/values.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { oneOf, PRIORITIES, STATUS_FILTERS } from '../options.js';

interface CommentsLsOptions extends AuthOptions {
  status?: StatusFilter | undefined;
  priority?: Priority | undefined;
  all?: true | undefined;
}

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('ls')
    .argument('<projectId>')
    .description('list comments (active ones unless --all or --status)')
    .option('--status <status>', STATUS_FILTERS.join('|'), oneOf('--status', STATUS_FILTERS))
    .option('--priority <priority>', PRIORITIES.join('|'), oneOf('--priority', PRIORITIES))
    .option('--all', 'every comment, active and resolved')
    .addHelpText(
      'after',
      examples(
        ['specbound bs comments ls 81d3', 'the active comments'],
        ['specbound bs comments ls 81d3 --all --priority P1', 'every P1 comment, resolved too'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const COLUMNS = (ctx: CliContext) =>
  [
    { header: 'id', value: (c: Comment) => c.comment_id },
    { header: '#', value: (c: Comment) => c.comment_number, align: 'right' as const },
    { header: 'status', value: (c: Comment) => c.status },
    { header: 'priority', value: (c: Comment) => c.priority },
    { header: 'by', value: (c: Comment) => c.comment_by_name },
    { header: 'comment', value: (c: Comment) => (ctx.io.isTTY ? oneLine(c.comment) : c.comment) },
  ] as const;

export async function run(ctx: CliContext, projectId: string, options: CommentsLsOptions): Promise<void> {
  if (options.all === true && options.status !== undefined) {
    throw new UsageError('--all and --status cannot be used together.', {
      hint: '--all lists every comment; --status narrows to active or resolved ones.',
    });
  }
  const { listComments } = await import('../../../../bugsmash/comments.js');
  const client = await bugsmashClient(ctx, options);
  // Without --all or --status, the open work: active comments.
  const status = options.all === true ? undefined : (options.status ?? 'active');
  const comments = await listComments(client, { projectId, status, priority: options.priority });
  ctx.io.table(comments, COLUMNS(ctx), 'no comments (--all includes resolved ones)');
}
