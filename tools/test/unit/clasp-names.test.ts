// Every clasp 3.4.1 command name, alias, argument and option is accepted by `specbound gas` (and its
// global options by `specbound`), read from clasp's own commander program, so the list cannot drift
// when clasp is upgraded (issue #22, defect 9). What each one does is in tools/README.md's table.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/apps-script/index.js';
import { addGlobalOptions } from '../../src/cli/globals.js';

interface ClaspOption {
  short?: string;
  long?: string;
}
interface ClaspCommand {
  name(): string;
  aliases(): string[];
  options: readonly ClaspOption[];
  registeredArguments: readonly unknown[];
  commands: readonly ClaspCommand[];
}

async function claspProgram(): Promise<ClaspCommand> {
  // The package exports only its bin; its program module is loaded by path, as its tests do.
  const entry = fileURLToPath(import.meta.resolve('@google/clasp'));
  const { makeProgram } = (await import(
    pathToFileURL(join(dirname(entry), 'commands', 'program.js')).href
  )) as {
    makeProgram: (exitOverride: () => void) => ClaspCommand;
  };
  return makeProgram(() => {});
}

function specboundProgram(): { program: CommandUnknownOpts; gas: CommandUnknownOpts } {
  const program = addGlobalOptions(new Command('specbound')) as unknown as CommandUnknownOpts;
  register(program);
  const gas = program.commands.find((c) => c.name() === 'apps-script');
  if (gas === undefined) throw new Error('no apps-script group');
  return { program, gas };
}

const flagsOf = (options: readonly ClaspOption[]) =>
  options.flatMap((o) => [o.short, o.long]).filter((f): f is string => f !== undefined);

describe("clasp 3.4.1's names and flags", async () => {
  const clasp = await claspProgram();
  const { program, gas } = specboundProgram();
  const find = (name: string) => gas.commands.find((c) => c.name() === name || c.aliases().includes(name));
  // -P/--project is an option of the gas group (bs has a --project of its own).
  const globals = new Set(flagsOf([...program.options, ...gas.options]));

  it('reads a real clasp program (so an empty list cannot pass)', () => {
    expect(clasp.commands.length).toBeGreaterThanOrEqual(29);
    expect(clasp.commands.map((c) => c.name())).toContain('create-deployment');
  });

  it('every clasp command name and alias is a `specbound gas` command', () => {
    const missing = clasp.commands
      .flatMap((c) => [c.name(), ...c.aliases()])
      .filter((name) => find(name) === undefined);
    expect(missing).toEqual([]);
  });

  it("every clasp command's options and arguments are accepted there", () => {
    const missing: string[] = [];
    for (const command of clasp.commands) {
      const ours = find(command.name());
      const local = new Set(flagsOf(ours?.options ?? []));
      for (const flag of flagsOf(command.options)) {
        // clasp repeats a global option on a command (update-deployment --json): global here.
        if (!local.has(flag) && !globals.has(flag)) missing.push(`${command.name()} ${flag}`);
      }
      const args = ours?.registeredArguments.length ?? 0;
      if (args < command.registeredArguments.length) {
        missing.push(`${command.name()}: ${command.registeredArguments.length} arguments, ${args} here`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("clasp's global options are `specbound` global options (-P: `specbound gas`'s)", () => {
    const missing = flagsOf((clasp as unknown as { options: ClaspOption[] }).options).filter(
      (f) => !globals.has(f),
    );
    // -v/--version is specbound's own program option (main.ts), added only when no command is named.
    expect(missing.filter((f) => f !== '-v' && f !== '--version')).toEqual([]);
  });
});
