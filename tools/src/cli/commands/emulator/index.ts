// `specbound emulator [options]`: the emulator's own command. Every argument after `emulator` goes
// unchanged to `runEmulatorCli` from @specbound/emulator/cli, the function behind the
// `specbound-emulator` bin too, so the two take the same options (`--help` lists them) and print
// the same banner. The emulator is imported only when this command runs.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';
import { examples } from '../../examples.js';
import { CommandExit } from '../../report.js';

export function register(program: CommandUnknownOpts): void {
  program
    .command('emulator')
    .description(
      'start the local emulator of the Apps Script and BugSmash APIs (same options as specbound-emulator; --help lists them)',
    )
    .argument('[args...]', 'the options of specbound-emulator (see `specbound emulator --help`)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    // What `specbound help emulator` shows; `specbound emulator --help` prints the emulator's own usage.
    .addHelpText(
      'after',
      examples(
        ['specbound emulator --seed', 'both APIs with demo data on http://127.0.0.1:8787'],
        ['specbound emulator --port 0 --state .emulator.db', 'a free port, state kept in a database file'],
        ['specbound emulator --print-env --port 8787', "the lines that send clasp's requests to it"],
      ),
    )
    .action(async (_args, _options, command) => {
      const ctx = contextOf(command);
      // The program consumes its own global options wherever they stand; hand `--json` back.
      const args = [...command.args, ...(ctx.globals.json === true ? ['--json'] : [])];
      const { runEmulatorCli } = await import('@specbound/emulator/cli');
      const code = await runEmulatorCli(args, {
        name: 'specbound emulator',
        cwd: ctx.cwd,
        env: ctx.env,
        stdout: ctx.streams.stdout,
        stderr: ctx.streams.stderr,
        ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      });
      if (code !== 0) throw new CommandExit(code);
    });
}
