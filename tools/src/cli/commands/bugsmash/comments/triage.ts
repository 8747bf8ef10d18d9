// `specbound bs comments triage <projectId>`: the active comments one at a time, interactively.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { TriagePrompter } from '../../../../bugsmash/triage.js';
import type { Priority } from '../../../../bugsmash/values.js';
import { UsageError } from '../../../../errors.js';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { escapeControl } from '../../../terminal.js';
import { type AuthOptions, bugsmashClient } from '../client.js';
import { PRIORITIES } from '../options.js';

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('triage')
    .argument('<projectId>')
    .description('go through active comments one at a time: resolve, set priority, reply, skip, quit')
    .addHelpText(
      'after',
      examples(
        ['specbound bs comments triage 81d3', 'go through the active comments one by one'],
        ['specbound bs comments ls 81d3', '(not on a terminal) list them instead'],
      ),
    )
    .action((projectId, _options, command) => run(contextOf(command), projectId, command.optsWithGlobals()));
}

export async function run(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    throw new UsageError('comments triage is interactive and needs a terminal.', {
      hint: 'In scripts use comments ls, comments resolve, comments set and reply.',
    });
  }
  const { triageComments } = await import('../../../../bugsmash/triage.js');
  const client = await bugsmashClient(ctx, options);
  const clack = await import('@clack/prompts');
  const cancelled = <T>(value: T | symbol): value is symbol => clack.isCancel(value);
  const prompter: TriagePrompter = {
    show(comment, index, total) {
      clack.note(triageCard(comment), `${index + 1}/${total}  #${comment.comment_number}`);
    },
    async action() {
      const value = await clack.select({
        message: 'What now?',
        options: [
          { value: 'resolve', label: 'Resolve' },
          { value: 'priority', label: 'Set priority' },
          { value: 'reply', label: 'Reply' },
          { value: 'skip', label: 'Skip' },
          { value: 'quit', label: 'Quit' },
        ] as const,
      });
      return cancelled(value) ? undefined : value;
    },
    async priority(current) {
      const value = await clack.select<Priority>({
        message: 'Priority',
        initialValue: (PRIORITIES as readonly string[]).includes(current) ? (current as Priority) : 'Unset',
        options: PRIORITIES.map((p) => ({ value: p, label: p })),
      });
      return cancelled(value) ? undefined : value;
    },
    async reply() {
      const value = await clack.text({ message: 'Reply', placeholder: 'Enter to send, Esc to go back' });
      return cancelled(value) ? undefined : value;
    },
    note(text) {
      clack.log.success(escapeControl(text));
    },
  };
  clack.intro(`Triage: active comments of ${projectId}`);
  const summary = await triageComments(client, projectId, prompter);
  clack.outro(
    `${summary.seen}/${summary.total} seen · ${summary.resolved.length} resolved · ${summary.prioritized.length} prioritised · ${summary.replied.length} replied · ${summary.skipped.length} skipped${summary.quit ? ' (quit)' : ''}`,
  );
}

/**
 * A comment as the triage card shows it. The prompts write to the terminal themselves (not through
 * Io), so the reviewer's text and name are escaped here (terminal.ts).
 */
export function triageCard(comment: {
  comment: string;
  comment_by_name?: string | null | undefined;
  comment_by_email?: string | null | undefined;
  created_at: string;
  priority: string;
}): string {
  const who = comment.comment_by_name ?? comment.comment_by_email ?? 'someone';
  return escapeControl(`${comment.comment}\n\n${who} · ${comment.created_at} · ${comment.priority}`);
}
