#!/usr/bin/env node
// `specbound-emulator [--port N] [--state FILE] [--seed] ...`: starts the emulator on loopback and prints
// the two base URLs. `specbound-emulator seed --state FILE` writes the demo data set to FILE and exits.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_BUGSMASH_API_KEY, type EmulatorOptions, startEmulator } from './emulator.ts';

const USAGE = `Usage: specbound-emulator [seed] [options]

  --port <n>              port on 127.0.0.1 (default 8787; 0 picks a free one)
  --host <addr>           interface to listen on (default 127.0.0.1)
  --state <file>          load state from <file> at start and save it after every change
  --seed                  fill the demo data set when the state is empty
  --bugsmash-api-key <k>  the X-API-Key BugSmash requests must carry (or env BUGSMASH_API_KEY)
  --run-timeout <ms>      limit of one scripts.run (default 360000, Apps Script's 6 minutes)
  --strict                answer 500 instead of any response that breaks the spec
  -h, --help              show this help

  seed --state <file>     write the demo data set to a new <file> and exit`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      state: { type: 'string' },
      seed: { type: 'boolean', default: false },
      'bugsmash-api-key': { type: 'string' },
      'run-timeout': { type: 'string' },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535, got ${values.port}`);
  const apiKey = values['bugsmash-api-key'] ?? process.env.BUGSMASH_API_KEY;
  const options: EmulatorOptions = {
    port,
    host: values.host,
    seed: values.seed,
    strict: values.strict,
    onViolation: (v) =>
      console.error(`spec violation: ${v.method} ${v.path} → ${v.status}: ${v.problems.join('; ')}`),
  };
  if (values.state !== undefined) options.state = values.state;
  if (apiKey !== undefined) options.bugsmashApiKey = apiKey;
  if (values['run-timeout'] !== undefined) options.runTimeoutMs = Number(values['run-timeout']);

  if (positionals[0] === 'seed') {
    if (values.state === undefined) throw new Error('seed needs --state <file>');
    // The emulator seeds only an empty state, so over an existing file this would claim a write it
    // never made; and replacing the file would silently drop someone's data. Refuse instead.
    if (existsSync(values.state)) {
      throw new Error(
        `${values.state} already exists; seed writes a new state file (delete it first, or POST /__emulator/seed to a running emulator)`,
      );
    }
    const emulator = await startEmulator({ ...options, port: 0, seed: true });
    await emulator.close();
    console.log(`Wrote the demo data set to ${values.state}`);
    return;
  }
  if (positionals.length > 0) throw new Error(`unknown command ${positionals.join(' ')}\n\n${USAGE}`);

  const emulator = await startEmulator(options);
  console.log(`Apps Script API  ${emulator.appsScriptUrl}`);
  console.log(`BugSmash API     ${emulator.bugsmashUrl}`);
  console.log(`Control API      ${emulator.controlUrl}`);
  // Only the well-known default key is shown; a configured key is a secret and stays out of the output.
  console.log(
    apiKey === undefined
      ? `BugSmash X-API-Key: ${DEFAULT_BUGSMASH_API_KEY} (default; set --bugsmash-api-key to change)`
      : 'BugSmash X-API-Key: as configured',
  );
  if (values.state !== undefined) console.log(`State file       ${values.state}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
