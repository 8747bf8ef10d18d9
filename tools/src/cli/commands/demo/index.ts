import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { contextOf } from '../../context.js';

export function register(program: CommandUnknownOpts): void {
  program
    .command('demo')
    .description(
      'start the emulator on a free loopback port and run a real session: Apps Script create, push, version, deploy, run, processes, metrics; BugSmash project, comments, webhook',
    )
    .action(async (_options, command) => {
      const { demo } = await import('./demo.js');
      await demo(contextOf(command));
    });
}
