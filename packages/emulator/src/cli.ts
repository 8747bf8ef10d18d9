#!/usr/bin/env node
// The `specbound-emulator` bin: runEmulatorCli (src/cli/run.ts) with this process's arguments, streams
// and signals. `specbound-emulator --help` lists the options.
import { runEmulatorCli } from './cli/run.ts';

process.exitCode = await runEmulatorCli(process.argv.slice(2));
