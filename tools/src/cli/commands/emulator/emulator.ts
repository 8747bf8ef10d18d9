import { resolve } from 'node:path';
import type { CliContext } from '../../context.js';
import { untilStopped } from '../../signals.js';

export interface EmulatorCommandOptions {
  port: number;
  state?: string | undefined;
  seed?: true | undefined;
  printEnv?: true | undefined;
}

/** The port `specbound-emulator` listens on by default; what `--print-env` assumes without `--port`. */
const DEFAULT_EMULATOR_PORT = 8787;

export async function emulator(ctx: CliContext, options: EmulatorCommandOptions): Promise<void> {
  const { startEmulator, DEFAULT_BUGSMASH_API_KEY, formatRedirectEnv, redirectEnv } = await import(
    '@specbound/emulator'
  );
  if (options.printEnv === true) {
    // Nothing is started: the lines are for an emulator that runs (or will run) on that port.
    const port = options.port === 0 ? DEFAULT_EMULATOR_PORT : options.port;
    const url = `http://127.0.0.1:${port}`;
    ctx.io.result(redirectEnv(url), () => ctx.io.line(formatRedirectEnv(url)));
    if (options.port === 0) {
      ctx.io.hint(
        `for an emulator on port ${port} (specbound emulator --port ${port}); pass --port for another`,
      );
    }
    return;
  }
  const running = await startEmulator({
    port: options.port,
    ...(options.state === undefined ? {} : { state: resolve(ctx.cwd, options.state) }),
    seed: options.seed === true,
  });
  const info = {
    appsScriptUrl: running.appsScriptUrl,
    bugsmashUrl: running.bugsmashUrl,
    controlUrl: running.controlUrl,
    bugsmashApiKey: DEFAULT_BUGSMASH_API_KEY,
    state: options.state === undefined ? null : resolve(ctx.cwd, options.state),
  };
  ctx.io.result(info, () => {
    ctx.io.line(`Apps Script API  ${info.appsScriptUrl}`);
    ctx.io.line(`BugSmash API     ${info.bugsmashUrl}`);
    ctx.io.line(`control API      ${info.controlUrl}`);
    ctx.io.line('');
    ctx.io.line('Point specbound at it:');
    ctx.io.line(`  export SPECBOUND_APPS_SCRIPT_URL=${info.appsScriptUrl}`);
    ctx.io.line(`  export SPECBOUND_BUGSMASH_URL=${info.bugsmashUrl}`);
    ctx.io.line(
      `  export SPECBOUND_GOOGLE_TOKEN=local-dev-token BUGSMASH_API_KEY=${DEFAULT_BUGSMASH_API_KEY}`,
    );
    ctx.io.line('');
    ctx.io.line('Run clasp or a googleapis script against it (paste into its shell):');
    for (const line of formatRedirectEnv(info.appsScriptUrl).split('\n')) ctx.io.line(`  ${line}`);
  });
  ctx.io.hint(
    options.state === undefined
      ? 'state in memory only; Ctrl-C stops'
      : `state saved to ${info.state}; Ctrl-C stops`,
  );
  await untilStopped();
  await running.close();
}
