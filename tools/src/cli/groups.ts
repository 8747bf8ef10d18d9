// The command groups of `specbound`. main.ts lists them in `--help` from this table alone and imports
// a group's module only when the command line names it, so `specbound --help` loads no command code.
// To add a group: add a row here and a `commands/<group>/index.ts` exporting `register` (see README.md).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { operands } from './lazy.js';

interface GroupModule {
  /**
   * Adds the group's command(s) to the program. `argv` is the whole command line, for a group that
   * loads only the noun it names (`bugsmash`); each command imports the library only when it runs.
   */
  register(program: CommandUnknownOpts, argv: readonly string[]): void | Promise<void>;
}

export interface Group {
  /** The name on the command line (a top-level command name for one-command groups like `demo`). */
  name: string;
  aliases?: readonly string[];
  /** One line for `specbound --help`. */
  summary: string;
  load: () => Promise<GroupModule>;
}

export const GROUPS: readonly Group[] = [
  {
    name: 'apps-script',
    aliases: ['gas'],
    summary:
      'Apps Script projects: create, clone, pull, push, deploy, run, processes, metrics (clasp-compatible)',
    load: () => import('./commands/apps-script/index.js'),
  },
  {
    name: 'bugsmash',
    aliases: ['bs'],
    summary: 'BugSmash: projects, versions, comments (export, triage), folders, webhooks (listen)',
    load: () => import('./commands/bugsmash/index.js'),
  },
  {
    name: 'sync',
    summary: 'sync comments: BugSmash comments into an Apps Script function, idempotently',
    load: () => import('./commands/sync/index.js'),
  },
  {
    name: 'login',
    summary: 'sign in to Google for the Apps Script commands (browser, --no-browser, --from-clasp)',
    load: () => import('./commands/login/index.js'),
  },
  {
    name: 'logout',
    summary: 'forget (and revoke) the stored Google login of a profile',
    load: () => import('./commands/logout/index.js'),
  },
  {
    name: 'auth',
    summary: 'which Google credentials the commands use: `auth status`',
    load: () => import('./commands/auth/index.js'),
  },
  {
    name: 'demo',
    summary: 'run a real session against a local emulator: Apps Script, then BugSmash',
    load: () => import('./commands/demo/index.js'),
  },
  {
    name: 'mcp',
    summary:
      'serve both services as MCP tools for AI agents (stdio; read-only unless --allow-writes; --emulator)',
    load: () => import('./commands/mcp/index.js'),
  },
  {
    name: 'emulator',
    summary: 'start the local emulator of both services',
    load: () => import('./commands/emulator/index.js'),
  },
];

/** The group a command line names (its first operand; `help <group>` names `<group>`). */
export function findGroup(argv: readonly string[], valueOptions: ReadonlySet<string>): Group | undefined {
  const name = operands(argv, valueOptions)[0];
  if (name === undefined) return undefined;
  return GROUPS.find((group) => group.name === name || group.aliases?.includes(name));
}
