// `specbound bs comments reopen <commentId...>`: resolved comments made active again.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../../context.js';
import { withExamples } from '../../../examples.js';
import { run } from './resolve.js';

export function define(comments: CommandUnknownOpts): void {
  const command = comments
    .command('reopen')
    .argument('<commentId...>')
    .description('reopen resolved comments');
  withExamples(
    command,
    ['specbound bs comments reopen 4f2a', 'make a resolved comment active again'],
    ['specbound bs comments reopen 4f2a 9c1d --json', "each id's outcome as JSON"],
  ).action((ids, _options, command) => run(contextOf(command), ids, 'Active', command.optsWithGlobals()));
}
