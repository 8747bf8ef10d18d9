// `specbound mcp`: both services as MCP tools for AI agents, on stdin/stdout. Read-only unless
// --allow-writes; --project / --bugsmash-project narrow it to one project; --emulator serves an
// embedded emulator instead of the real services. stdout carries only the protocol; logs go to stderr.
import type { Writable } from 'node:stream';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { parsePositiveInt } from '../../parse.js';

interface McpCommandOptions {
  allowWrites?: true | undefined;
  project?: string | undefined;
  bugsmashProject?: string | undefined;
  emulator?: true | undefined;
  seed?: true | undefined;
  budget?: number | undefined;
  apiKeyFile?: string | undefined;
  listTools?: true | undefined;
  profile?: string | undefined;
  impersonate?: string | undefined;
  projectId?: string | undefined;
}

export function define(program: CommandUnknownOpts): void {
  program
    .command('mcp')
    .description(
      'serve Apps Script and BugSmash as MCP tools for AI agents on stdio (read-only unless --allow-writes)',
    )
    .option(
      '--allow-writes',
      'allow the tools that change data (deletions still need confirm: true per call)',
    )
    .option('--project <scriptId>', 'the only Apps Script project the tools may touch')
    .option('--bugsmash-project <projectId>', 'the only BugSmash project the tools may touch')
    .option('--emulator', 'start the local emulator and point both services at it (nothing real is touched)')
    .option('--seed', 'with --emulator: fill the demo data set')
    .option(
      '--budget <chars>',
      'characters per answer before lists are paged (default 16000)',
      parsePositiveInt('--budget'),
    )
    .option('--list-tools', 'print the tools this server would offer (its tools/list answer, JSON) and exit')
    .option(
      '--project-id <id>',
      "the Google Cloud project whose logs hold the runs' lines (default: projectId of .clasp.json)",
    )
    .option('--api-key-file <file>', 'read the BugSmash API key from FILE (default: env BUGSMASH_API_KEY)')
    .addHelpText(
      'after',
      examples(
        ['specbound mcp', 'read-only tools for both services, on stdio'],
        ['specbound mcp --emulator --seed --allow-writes', 'try every tool offline against the emulator'],
        [
          'specbound mcp --allow-writes --project <scriptId>',
          'writes allowed, to one Apps Script project only',
        ],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals() as McpCommandOptions));
}

async function run(ctx: CliContext, options: McpCommandOptions): Promise<void> {
  const { listMcpTools, serveMcpStdio } = await import('../../../mcp/index.js');
  if (options.listTools === true) {
    const tools = await listMcpTools({
      allowWrites: options.allowWrites === true,
      project: options.project,
      bugsmashProject: options.bugsmashProject,
    });
    ctx.streams.stdout.write(`${JSON.stringify({ tools }, null, 2)}\n`);
    return;
  }
  const stderr = ctx.streams.stderr;
  await serveMcpStdio({
    stdin: process.stdin,
    stdout: ctx.streams.stdout as Writable,
    signal: ctx.signal,
    env: ctx.env,
    cwd: ctx.cwd,
    appsScriptUrl: ctx.appsScriptUrl,
    bugsmashUrl: ctx.bugsmashUrl,
    loggingUrl: ctx.loggingUrl,
    driveUrl: ctx.driveUrl,
    gcpProjectId: options.projectId,
    profile: options.profile,
    impersonate: options.impersonate,
    bugsmashKeyFile: options.apiKeyFile,
    allowWrites: options.allowWrites === true,
    project: options.project,
    bugsmashProject: options.bugsmashProject,
    emulator: options.emulator === true,
    seed: options.seed === true,
    budget: options.budget,
    log: (line) => stderr.write(`${line}\n`),
  });
}
