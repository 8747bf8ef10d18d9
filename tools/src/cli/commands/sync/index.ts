// `specbound sync …`: attaches its commands.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as comments from './comments.js';

export function register(program: CommandUnknownOpts): void {
  const sync = program.command('sync').description('send data from one service to the other');
  comments.define(sync);
}
