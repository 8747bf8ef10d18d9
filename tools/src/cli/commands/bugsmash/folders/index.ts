// `specbound bs folders …`: attaches its commands (this module loads only when the command line names `folders`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as create from './create.js';
import * as get from './get.js';
import * as ls from './ls.js';
import * as rm from './rm.js';
import * as update from './update.js';

export function define(bs: CommandUnknownOpts): void {
  const folders = bs.command('folders').description('folders of projects');
  for (const command of [ls, get, create, update, rm]) command.define(folders);
}
