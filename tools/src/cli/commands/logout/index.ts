// `specbound logout`: the group of one command (./logout.ts: its flags and `run`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { define } from './logout.js';

export function register(program: CommandUnknownOpts): void {
  define(program);
}
