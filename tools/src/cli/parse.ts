// Argument parsers for commander options: each throws a UsageError that names the flag's problem.
import { UsageError } from '../errors.js';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port: "${value}" is not a port number.`, {
      hint: 'Use 0..65535 (0 picks a free port).',
    });
  }
  return port;
}

export function parsePositiveInt(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) {
      throw new UsageError(`${flag}: "${value}" is not a positive whole number.`, {
        hint: `Pass ${flag} 1, ${flag} 2, ...`,
      });
    }
    return n;
  };
}

/** `--since` of the BugSmash commands: an ISO date or date-time → epoch ms. */
export function parseSince(value: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(`--since: "${value}" is not an ISO date.`, {
      hint: 'Pass a date or date-time such as 2026-01-31 or 2026-01-31T08:00:00Z.',
    });
  }
  return ms;
}

/** A repeatable option: `--status A --status B` (or `--status A,B`) → ['A', 'B']. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(',').filter((part) => part.trim() !== '')];
}
