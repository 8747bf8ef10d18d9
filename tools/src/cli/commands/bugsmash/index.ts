// `specbound bugsmash …` (alias `bs`): attaches its commands, one file each (flags and `run` together),
// grouped by noun as gh's pkg/cmd/<noun>/<verb>/ are. A command file imports the library inside `run`,
// so attaching them loads no workflow code.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { GLOBAL_VALUE_OPTIONS } from '../../globals.js';
import { attachLazily, type CommandModule, type LazyCommand, operands } from '../../lazy.js';
import { oneOf, VALIDATE_MODES } from './options.js';
import * as reply from './reply.js';
import * as reviewLink from './review-link.js';

/**
 * In the order `specbound bs --help` lists them. A noun is loaded only when named, so `bs --help`
 * loads none of its command files; `reply` and `review-link` are single small commands.
 */
const COMMANDS: readonly (LazyCommand | CommandModule)[] = [
  { name: 'projects', summary: 'projects of the workspace', load: () => import('./projects/index.js') },
  reviewLink,
  { name: 'versions', summary: 'versions of a project', load: () => import('./versions/index.js') },
  { name: 'comments', summary: 'review comments', load: () => import('./comments/index.js') },
  reply,
  { name: 'folders', summary: 'folders of projects', load: () => import('./folders/index.js') },
  {
    name: 'webhooks',
    summary: 'webhook subscriptions and a local receiver',
    load: () => import('./webhooks/index.js'),
  },
];

/** The options that take a value and may stand before the noun (`bs --api-key-file F comments ls`). */
const VALUE_OPTIONS = new Set([...GLOBAL_VALUE_OPTIONS, '--api-key-file', '--validate']);

export async function register(program: CommandUnknownOpts, argv: readonly string[]): Promise<void> {
  const bs = program
    .command('bugsmash')
    .alias('bs')
    .description('BugSmash review feedback: projects, versions, comments (export, triage), folders, webhooks')
    .option('--api-key-file <file>', 'read the API key from FILE (default: env BUGSMASH_API_KEY)')
    .option(
      '--validate <mode>',
      'report: print each response the spec does not expect (Markdown, for an issue) on stderr (default off)',
      oneOf('--validate', VALIDATE_MODES),
    );
  await attachLazily(bs, COMMANDS, operands(argv, VALUE_OPTIONS)[1]);
}
