import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { REDOCLY_CONFIG } from './paths.ts';

const run = promisify(execFile);

/** Redoc 3 options (build-docs --openapi takes them as a JSON object). */
export type RedocOptions = Record<string, unknown>;
// @redocly/cli has no `exports`, so its bin file resolves like any other module file.
const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

async function redocly(args: readonly string[]): Promise<void> {
  try {
    // REDOCLY_TELEMETRY=off: the network is closed and builds must not phone home.
    await run(process.execPath, [CLI, ...args], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`redocly ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

/**
 * Renders a bundled spec with Redoc into one HTML file. --inlineBundle embeds Redoc's script
 * instead of loading it from Redocly's CDN, which a closed network (and a docs site meant to
 * work offline) cannot reach.
 */
export function buildDocs(
  input: string,
  output: string,
  title: string,
  options: RedocOptions,
): Promise<void> {
  return redocly([
    'build-docs',
    input,
    '--inlineBundle',
    '--title',
    title,
    '--openapi',
    JSON.stringify(options),
    '--config',
    REDOCLY_CONFIG,
    '-o',
    output,
  ]);
}
