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

/** A repeatable option: `--status A --status B` (or `--status A,B`) → ['A', 'B']. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(',').filter((part) => part.trim() !== '')];
}
