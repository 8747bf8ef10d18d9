// Confirmation of destructive commands: asked on a terminal, required as --yes anywhere else (a
// script must say it means it; a closed or piped stdin never counts as yes).
import { UsageError } from '../errors.js';
import type { CliContext } from './context.js';
import { escapeControl } from './terminal.js';

export const YES = ['-y, --yes', 'do not ask for confirmation (needed when not on a terminal)'] as const;

/** Resolves when `what` may be done; throws a UsageError (exit 2, nothing done) otherwise. */
export async function confirmDestructive(
  ctx: CliContext,
  what: string,
  yes: boolean | undefined,
): Promise<void> {
  if (yes === true) return;
  const interactive = process.stdin.isTTY === true && ctx.streams.stderr.isTTY === true;
  if (!interactive) {
    throw new UsageError(`Refusing to ${what} without confirmation; nothing was changed.`, {
      hint: 'Pass --yes to confirm (on a terminal the command asks).',
    });
  }
  const clack = await import('@clack/prompts');
  // The question names ids the user typed: escaped, as Io escapes everything it prints.
  const answer = await clack.confirm({
    message: escapeControl(`${what[0]?.toUpperCase()}${what.slice(1)}?`),
    initialValue: false,
  });
  if (clack.isCancel(answer) || answer !== true) {
    throw new UsageError('Cancelled; nothing was changed.', { hint: 'Pass --yes to skip the question.' });
  }
}
