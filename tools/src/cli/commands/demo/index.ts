// `specbound demo`: the group of one command (./demo.ts: its flags and `run`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { define } from './demo.js';

export function register(program: CommandUnknownOpts): void {
  define(program);
}
