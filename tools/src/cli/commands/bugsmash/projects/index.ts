// `specbound bs projects …`: attaches its commands (this module loads only when the command line names `projects`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as create from './create.js';
import * as get from './get.js';
import * as ls from './ls.js';
import * as rm from './rm.js';

export function define(bs: CommandUnknownOpts): void {
  const projects = bs.command('projects').description('projects of the workspace');
  for (const command of [ls, get, create, rm]) command.define(projects);
}
