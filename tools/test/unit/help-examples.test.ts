// Every command's --help ends with an Examples section of two or three lines (issue #22, defect 11).
// The commands are read from the registered program, every group and every bs noun loaded, so a new
// command without examples fails here.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_HEADING } from '../../src/cli/examples.js';
import { addGlobalOptions } from '../../src/cli/globals.js';
import { GROUPS } from '../../src/cli/groups.js';

const BS_NOUNS = ['projects', 'versions', 'comments', 'folders', 'webhooks'];

async function allCommands(): Promise<Map<string, CommandUnknownOpts>> {
  const found = new Map<string, CommandUnknownOpts>();
  const walk = (command: CommandUnknownOpts, path: string) => {
    if (command.commands.length === 0) found.set(path, command);
    for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`);
  };
  for (const group of GROUPS) {
    const argvs = group.name === 'bugsmash' ? BS_NOUNS.map((noun) => ['bs', noun]) : [[group.name]];
    for (const argv of argvs) {
      const program = addGlobalOptions(new Command('specbound')) as unknown as CommandUnknownOpts;
      await (await group.load()).register(program, argv);
      for (const command of program.commands) walk(command, command.aliases()[0] ?? command.name());
    }
  }
  // A noun not named on a command line is a placeholder without verbs: a leaf of that load only.
  for (const path of found.keys()) {
    if ([...found.keys()].some((other) => other.startsWith(`${path} `))) found.delete(path);
  }
  return found;
}

function helpOf(command: CommandUnknownOpts): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

describe('--help examples', async () => {
  const commands = await allCommands();

  it('finds the commands of every group (so an empty walk cannot pass)', () => {
    expect(commands.size).toBeGreaterThan(60);
    for (const name of ['gas deploy', 'bs comments resolve', 'bs webhooks listen', 'auth status', 'login']) {
      expect([...commands.keys()]).toContain(name);
    }
  });

  it('every command ends with two or three examples', () => {
    const missing: string[] = [];
    for (const [name, command] of commands) {
      const after = helpOf(command).split(`\n${EXAMPLES_HEADING}\n`)[1];
      const lines = after?.trimEnd().split('\n') ?? [];
      if (lines.length < 2 || lines.length > 3 || !lines.every((l) => l.startsWith('  $ specbound ')))
        missing.push(name);
    }
    expect(missing).toEqual([]);
  });
});
