// `specbound bs webhooks …`: attaches its commands (this module loads only when the command line names `webhooks`).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import * as create from './create.js';
import * as listen from './listen.js';
import * as ls from './ls.js';
import * as replay from './replay.js';
import * as rm from './rm.js';
import * as test from './test.js';

export function define(bs: CommandUnknownOpts): void {
  const webhooks = bs.command('webhooks').description('webhook subscriptions and a local receiver');
  for (const command of [create, ls, rm, test, listen, replay]) command.define(webhooks);
}
