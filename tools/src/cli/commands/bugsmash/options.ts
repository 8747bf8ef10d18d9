// Option parsers and value lists of the `specbound bs` commands, kept here (not imported from the
// library) so attaching the commands loads no workflow code.
import { UsageError } from '../../../errors.js';

export const PRIORITIES = ['Unset', 'P1', 'P2', 'P3', 'P4'] as const;
export const EVENTS = ['new_comment', 'comment_replied', 'status_changed', 'comment_updated'] as const;
export const PROJECT_TYPES = ['website', 'image', 'pdf', 'video', 'audio', 'ppt', 'email'] as const;
export const FORMATS = ['csv', 'json', 'ndjson', 'md'] as const;
export const STATUSES = ['active', 'resolved'] as const;
export const VALIDATE_MODES = ['off', 'report'] as const;

/** A parser accepting one of `values` (case-insensitive unless `fold` is false). */
export function oneOf<T extends string>(flag: string, values: readonly T[], fold = true) {
  return (value: string): T => {
    const match = values.find((v) => (fold ? v.toLowerCase() === value.toLowerCase() : v === value));
    if (match === undefined) {
      throw new UsageError(`${flag}: "${value}" is not one of ${values.join(', ')}.`, {
        hint: `Pass ${flag} ${values[0]}, for example.`,
      });
    }
    return match;
  };
}

/** `--events a,b` (repeatable): the event names, each once. */
export function events(value: string, previous: string[] | undefined): (typeof EVENTS)[number][] {
  const parse = oneOf('--events', EVENTS, false);
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(parse);
  return [...new Set([...(previous ?? []), ...list])] as (typeof EVENTS)[number][];
}

/** A repeatable option kept as given: `--add a --add b` → ['a', 'b']. */
export function repeatable(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
