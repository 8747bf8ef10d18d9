// `specbound mcp`: the group of one command (./mcp.ts: its flags and `run`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { define } from './mcp.js';

export function register(program: CommandUnknownOpts): void {
  define(program);
}
