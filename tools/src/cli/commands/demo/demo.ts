// `specbound demo`: a real session against an emulator started in-process, every step checked.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../context.js';
import { examples } from '../../examples.js';

export function define(program: CommandUnknownOpts): void {
  program
    .command('demo')
    .description(
      'start the emulator on a free loopback port and run a real session: Apps Script create, push, version, deploy, run, processes, metrics; BugSmash project, comments, webhook',
    )
    .addHelpText(
      'after',
      examples(
        ['specbound demo', 'a full session against an in-process emulator'],
        ['specbound demo --json', 'each step as JSON'],
      ),
    )
    .action((_options, command) => run(contextOf(command)));
}

async function run(ctx: CliContext): Promise<void> {
  const { runDemo } = await import('../../../demo/demo.js');
  const { io } = ctx;
  const started = performance.now();
  const result = await runDemo({
    onStart: (urls) =>
      io.progress(
        io.styleErr(
          'dim',
          `emulator on ${urls.appsScriptUrl} (Apps Script) and ${urls.bugsmashUrl} (BugSmash)`,
        ),
      ),
    onStep: (step) => {
      if (io.json) {
        io.jsonLine(step);
        return;
      }
      const service = step.service === 'apps-script' ? 'gas' : 'bs ';
      io.line(
        `${io.style('green', '✓')} ${io.style('dim', service)} ${io.style('bold', step.name.padEnd(9))} ${step.detail}`,
      );
      for (const line of step.lines ?? []) io.line(`                ${io.style('dim', line)}`);
    },
  });
  io.progress(
    `\n${result.steps.length} steps passed in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  io.hint(
    'next: `specbound emulator` keeps the emulator running and prints the variables that point `specbound gas …` and `specbound bs …` at it',
  );
}
