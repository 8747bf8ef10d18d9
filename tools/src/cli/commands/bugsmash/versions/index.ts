// `specbound bs versions …`: attaches its commands (this module loads only when the command line names `versions`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as ls from './ls.js';
import * as rm from './rm.js';
import * as upload from './upload.js';

export function define(bs: CommandUnknownOpts): void {
  const versions = bs.command('versions').description('versions of a project');
  for (const command of [upload, ls, rm]) command.define(versions);
}
