// Option parsers and value lists of the `specbound bs` commands, kept here (not imported from the
// workflows) so attaching the commands loads no workflow code. The spec's enums are its generated
// value lists (bugsmash/values.ts).

import { WEBHOOK_EVENTS } from '../../../bugsmash/values.js';
import { UsageError } from '../../../errors.js';

export {
  PRIORITIES,
  PROJECT_TYPES,
  SHARE_ACCESS,
  STATUS_FILTERS,
  WEBHOOK_EVENTS,
} from '../../../bugsmash/values.js';
export const FORMATS = ['csv', 'json', 'ndjson', 'md'] as const;
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
export function events(value: string, previous: string[] | undefined): (typeof WEBHOOK_EVENTS)[number][] {
  const parse = oneOf('--events', WEBHOOK_EVENTS, false);
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(parse);
  return [...new Set([...(previous ?? []), ...list])] as (typeof WEBHOOK_EVENTS)[number][];
}

/** A repeatable option kept as given: `--add a --add b` → ['a', 'b']. */
export function repeatable(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
