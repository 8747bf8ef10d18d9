import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { PACKAGE_DIR } from '../../src/paths.ts';

/**
 * Finds a Chromium for the browser test without root: `CHROME_PATH`, else a system Chrome or
 * Chromium, else the headless Chromium that the npm package `@sparticuz/chromium` ships (Linux x64
 * and arm64), unpacked once into node_modules/.cache. `SPECBOUND_BROWSER=npm` skips the first two,
 * so the path a machine without a browser takes can be exercised on any machine.
 */
export interface LaunchedBrowser {
  readonly browser: Browser;
  /** Where the browser came from, for the test log: `CHROME_PATH`, `system` or `npm`. */
  readonly source: 'CHROME_PATH' | 'system' | 'npm';
  readonly executablePath: string;
  close(): Promise<void>;
}

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Flags for a quiet headless run on a closed network (no background calls to Google's hosts). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const chromePath = process.env.CHROME_PATH;
  const choice = process.env.SPECBOUND_BROWSER;
  if (choice !== undefined && choice !== 'npm' && choice !== 'system') {
    throw new Error(`SPECBOUND_BROWSER=${choice} is not one of: npm, system (or unset to find one)`);
  }
  if (chromePath && choice !== 'npm') {
    if (!isExecutable(chromePath)) {
      throw new Error(`CHROME_PATH=${chromePath} is not an executable file: point it at Chrome or Chromium`);
    }
    return launchSystem(chromePath, 'CHROME_PATH');
  }
  if (choice !== 'npm') {
    const found = SYSTEM_BROWSERS.find(isExecutable);
    if (found) return launchSystem(found, 'system');
    if (choice === 'system')
      throw new Error(`SPECBOUND_BROWSER=system but none of ${SYSTEM_BROWSERS.join(', ')}`);
  }
  return launchFromNpm();
}

async function launchSystem(
  executablePath: string,
  source: 'CHROME_PATH' | 'system',
): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({ executablePath, args: FLAGS });
  return { browser, source, executablePath, close: () => browser.close() };
}

/**
 * @sparticuz/chromium's own launch modes do not fit here: Playwright's `launch` and the binary's
 * `--dump-dom` / `--headless=shell` hang, and its default flags turn web security off and force a
 * single process (where a second page crashes the browser). So it is started by hand with a
 * DevTools port and Playwright attaches over CDP.
 */
async function launchFromNpm(): Promise<LaunchedBrowser> {
  if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64')) {
    throw new Error(
      `No Chrome or Chromium found, and @sparticuz/chromium only ships Linux x64/arm64 builds (this is ${process.platform}-${process.arch}): install Chrome or set CHROME_PATH`,
    );
  }
  const dir = await unpackNpmChromium();
  const executablePath = join(dir, 'chromium');
  const userDataDir = await mkdtemp(join(tmpdir(), 'specbound-chromium-profile-'));
  const env = {
    ...process.env,
    // The package's own NSS libraries (built for this binary) and fonts, so nothing from the
    // system is needed beyond glibc.
    LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH]
      .filter(Boolean)
      .join(delimiter),
    FONTCONFIG_FILE: join(dir, 'fonts.conf'),
  };
  const child = spawn(
    executablePath,
    [...FLAGS, '--no-zygote', '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let browser: Browser;
  try {
    const endpoint = await devToolsEndpoint(child, 30_000);
    browser = await chromium.connectOverCDP(endpoint);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    browser,
    source: 'npm',
    executablePath,
    async close() {
      await browser.close().catch(() => {});
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium prints `DevTools listening on ws://…` on stderr once it accepts connections. */
function devToolsEndpoint(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${reason}\n--- chromium stderr ---\n${stderr.slice(-4000)}`));
    };
    const timer = setTimeout(
      () => fail(`Chromium printed no DevTools endpoint within ${timeoutMs} ms`),
      timeoutMs,
    );
    child.once('error', (error) => fail(`Chromium did not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`Chromium exited early (code ${code}, signal ${signal})`));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolve(match[1]);
      }
    });
  });
}

/**
 * Unpacks the binary, its NSS libraries and fonts into node_modules/.cache/specbound-chromium-<version>
 * once. The package itself always unpacks into the shared /tmp (and reuses whatever `/tmp/chromium`
 * it finds, of any version), so it is pointed at a private staging folder, renamed into place when
 * complete: two test runs at once never see half a binary.
 */
async function unpackNpmChromium(): Promise<string> {
  const require = createRequire(join(PACKAGE_DIR, 'package.json'));
  // Its `exports` has no ./package.json: go up from the entry (build/index.js).
  const root = join(dirname(require.resolve('@sparticuz/chromium')), '..');
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  const cache = join(PACKAGE_DIR, 'node_modules', '.cache');
  const dir = join(cache, `specbound-chromium-${version}`);
  if (existsSync(join(dir, 'chromium'))) return dir;

  const { inflate } = (await import('@sparticuz/chromium')) as typeof import('@sparticuz/chromium');
  const bin = join(root, 'bin');
  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(join(cache, `.specbound-chromium-${version}-`));
  const previous = process.env.TMPDIR;
  // inflate() writes into os.tmpdir(), which reads TMPDIR on every call.
  process.env.TMPDIR = staging;
  try {
    await inflate(join(bin, 'fonts.tar.br'));
    await inflate(join(bin, 'al2023.tar.br'));
    // The package's fonts.conf names /tmp/fonts; this one names the unpacked copy (and the system's).
    await writeFile(
      join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, 'fonts', 'fonts')}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    // Last, so a staging folder with a `chromium` in it is complete.
    await inflate(join(bin, 'chromium.br'));
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  try {
    await rename(staging, dir);
  } catch (error) {
    // Another run finished first: use its copy.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, 'chromium'))) throw error;
  }
  return dir;
}
