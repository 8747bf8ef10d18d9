// `specbound bs comments …`: attaches its commands (this module loads only when the command line names `comments`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as exportCommand from './export.js';
import * as get from './get.js';
import * as ls from './ls.js';
import * as reopen from './reopen.js';
import * as resolve from './resolve.js';
import * as set from './set.js';
import * as triage from './triage.js';

export function define(bs: CommandUnknownOpts): void {
  const comments = bs.command('comments').description('review comments');
  for (const command of [ls, get, resolve, reopen, set, exportCommand, triage]) command.define(comments);
}
