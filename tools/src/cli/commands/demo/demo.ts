import { runDemo } from '../../../demo/demo.js';
import type { CliContext } from '../../context.js';

export async function demo(ctx: CliContext): Promise<void> {
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
  io.hint('next: `./tools/dev specbound emulator` and point `specbound gas …` at it (see tools/README.md)');
}
