// runEmulatorCli in this process, as `specbound emulator` calls it: fake streams, an AbortSignal to
// stop it. One banner with every URL, the specbound environment line (the BugSmash key it accepts,
// always), the redirect lines; --json; usage errors; one-shot commands.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEmulatorCli } from '../src/cli/run.ts';

class Collector {
  text = '';
  write(chunk: string) {
    this.text += chunk;
    return true;
  }
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specbound-cli-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts the command; `ready` resolves once `pattern` is in its stdout. */
function start(argv: string[], env: Record<string, string> = {}) {
  const stdout = new Collector();
  const stderr = new Collector();
  const controller = new AbortController();
  const exit = runEmulatorCli(argv, { cwd: dir, env, stdout, stderr, signal: controller.signal });
  const ready = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (let i = 0; i < 600; i++) {
      const match = pattern.exec(stdout.text);
      if (match !== null) return match;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${pattern} in:\n${stdout.text}\n${stderr.text}`);
  };
  return { stdout, stderr, exit, ready, stop: () => controller.abort() };
}

describe('runEmulatorCli', () => {
  it('prints one banner: the URLs, the specbound line with the key it accepts, the redirect lines; stops on abort', async () => {
    const run = start(['--port', '0', '--seed', '--state', 'state.json'], { BUGSMASH_API_KEY: 'team-key' });
    const [, appsUrl] = await run.ready(/^Apps Script API {2}(\S+)$/m);
    await run.ready(/SPECBOUND_EMULATOR_URL=/);
    const banner = run.stdout.text;
    expect(banner).toContain(`BugSmash API     ${appsUrl}/api/v2\n`);
    expect(banner).toContain(`Control API      ${appsUrl}/__emulator/health\n`);
    expect(banner).toContain('BugSmash X-API-Key: team-key\n');
    expect(banner).toContain(`State file       ${join(dir, 'state.json')}\n`);
    expect(banner).toContain(
      `  export SPECBOUND_APPS_SCRIPT_URL=${appsUrl} SPECBOUND_BUGSMASH_URL=${appsUrl}/api/v2 SPECBOUND_GOOGLE_TOKEN=local-dev-token BUGSMASH_API_KEY=team-key\n`,
    );
    expect(banner).toMatch(/\n {2}export NODE_OPTIONS='--import file:\/\/\S+'\n/);
    expect(banner).toContain(`  export SPECBOUND_EMULATOR_URL=${appsUrl}\n`);
    expect(banner.match(/Apps Script API/g)).toHaveLength(1);

    const folders = await fetch(`${appsUrl}/api/v2/folders`, { headers: { 'x-api-key': 'team-key' } });
    expect(folders.status).toBe(200);
    await run.ready(/^GET \/api\/v2\/folders 200 \d+ms$/m);
    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.stdout.text).toContain('abort: stopping\n');
    await expect(fetch(`${appsUrl}/__emulator/health`)).rejects.toThrow();
  });

  it('--json prints the banner as one line of JSON and sends request lines to stderr', async () => {
    const run = start([
      '--port',
      '0',
      '--json',
      '--bugsmash-api-key',
      'flag-key',
      '--allow-host',
      'emulator',
    ]);
    const [line] = await run.ready(/^\{.*\}\n/);
    const info = JSON.parse(line) as Record<string, unknown> & { appsScriptUrl: string };
    expect(info).toMatchObject({
      bugsmashUrl: `${info.appsScriptUrl}/api/v2`,
      controlUrl: `${info.appsScriptUrl}/__emulator`,
      bugsmashApiKey: 'flag-key',
      state: null,
      env: {
        SPECBOUND_APPS_SCRIPT_URL: info.appsScriptUrl,
        SPECBOUND_BUGSMASH_URL: `${info.appsScriptUrl}/api/v2`,
        SPECBOUND_GOOGLE_TOKEN: 'local-dev-token',
        BUGSMASH_API_KEY: 'flag-key',
      },
      redirectEnv: { SPECBOUND_EMULATOR_URL: info.appsScriptUrl },
    });
    // --allow-host reaches the Host check.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`${info.appsScriptUrl}/__emulator/health`, { headers: { host: 'emulator:8787' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.stdout.text).toBe(line);
    expect(run.stderr.text).toContain('GET /__emulator/health 200');
  });

  it('answers --help and --print-env at once, and a usage mistake with exit code 2 and the usage', async () => {
    const help = start(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout.text).toContain('Usage: specbound-emulator');
    expect(help.stdout.text).toContain('Examples:');

    const env = start(['--print-env', '--port', '8799', '--json']);
    expect(await env.exit).toBe(0);
    expect(JSON.parse(env.stdout.text)).toMatchObject({ SPECBOUND_EMULATOR_URL: 'http://127.0.0.1:8799' });

    for (const [argv, message] of [
      [['--port', 'eighty'], '--port must be a number from 0 to 65535, got eighty'],
      [['--run-timeout', '1.5'], '--run-timeout must be a whole number of milliseconds'],
      [['--print-env', '--port', '0'], '--print-env needs the fixed --port'],
      [['seed'], 'seed needs --state <file>'],
      [['serve'], 'unknown command serve'],
      [['--nope'], "Unknown option '--nope'"],
    ] as const) {
      const run = start([...argv]);
      expect(await run.exit, argv.join(' ')).toBe(2);
      expect(run.stderr.text).toContain(message);
      expect(run.stderr.text).toContain('Usage: specbound-emulator');
    }
  });

  it('exits 1 with one line when the emulator cannot start, and seed refuses an existing file', async () => {
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ not json');
    const run = start(['--port', '0', '--state', broken]);
    expect(await run.exit).toBe(1);
    expect(run.stderr.text).toMatch(/^specbound-emulator: .*broken\.json.*\n$/);

    const seeded = start(['seed', '--state', 'seeded.json']);
    expect(await seeded.exit).toBe(0);
    expect(seeded.stdout.text).toBe(`Wrote the demo data set to ${join(dir, 'seeded.json')}\n`);
    const again = start(['seed', '--state', 'seeded.json']);
    expect(await again.exit).toBe(1);
    expect(again.stderr.text).toContain('already exists');
  });
});
