// `specbound login`: the group of one command (./login.ts: its flags and `run`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { define } from './login.js';

export function register(program: CommandUnknownOpts): void {
  define(program);
}
