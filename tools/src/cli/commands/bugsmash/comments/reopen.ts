// `specbound bs comments reopen <commentId...>`: resolved comments made active again.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../../context.js';
import { run } from './resolve.js';

export function define(comments: CommandUnknownOpts): void {
  comments
    .command('reopen')
    .argument('<commentId...>')
    .description('reopen resolved comments')
    .action((ids, _options, command) => run(contextOf(command), ids, 'Active', command.optsWithGlobals()));
}
