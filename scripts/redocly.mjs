// The Redocly CLI as the workspace runs it: on the root redocly.yaml, with no telemetry and no update
// check (the network is closed and builds must not phone home). `bundleSpecs` bundles the specs
// registered there (`apis:`) into one self-contained document each, with one Redocly process for all
// of them: a process per spec costs about 0.35 s of CPU, all six in one about 0.5 s. The docs build,
// the docs samples test and the contract tests bundle this way; the docs build renders with `buildDocs`.
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// @redocly/cli has no `exports`, so its bin file resolves like any other module file.
const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const CONFIG = `${REPO_ROOT}redocly.yaml`;

/** How every Redocly process is started: from the repository root, quiet on the network. */
const spawnOptions = () => ({
  cwd: REPO_ROOT,
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});

/** A failed Redocly process, with what it printed (its stdout's tail: a bundle can be megabytes). */
function failed(args, error) {
  const { stdout = '', stderr = '' } = error;
  return new Error(`redocly ${args.join(' ')} failed:\n${stdout.slice(-2000)}${stderr}`, { cause: error });
}

/**
 * The bundles of `apis` (aliases in redocly.yaml, such as `bugsmash@v2`), parsed, in the order given:
 * `$ref`s between files are inlined into `components`. Given several APIs and no `--output`, Redocly
 * prints their bundles to stdout one after the other, in that order (an `--output` folder would name
 * every bundle `openapi.json`, and tasks running side by side would share the files).
 */
export function bundleSpecs(apis) {
  const args = ['bundle', ...apis, '--config', CONFIG, '--ext', 'json'];
  let stdout;
  try {
    stdout = execFileSync(process.execPath, [CLI, ...args], {
      ...spawnOptions(),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw failed(args, error);
  }
  const documents = splitJsonDocuments(stdout);
  if (documents.length !== apis.length)
    throw new Error(
      `redocly bundle printed ${documents.length} document(s) for ${apis.length} spec(s): run it by hand to see why`,
    );
  return documents.map((text) => JSON.parse(text));
}

/**
 * Renders a bundled spec with Redoc into one HTML file. --inlineBundle embeds Redoc's script
 * instead of loading it from Redocly's CDN, which a closed network (and a docs site meant to
 * work offline) cannot reach. `options`: Redoc's (build-docs --openapi takes them as JSON).
 */
export async function buildDocs(input, output, title, options) {
  const args = ['build-docs', input, '--inlineBundle', '--title', title];
  args.push('--openapi', JSON.stringify(options), '--config', CONFIG, '-o', output);
  try {
    await promisify(execFile)(process.execPath, [CLI, ...args], {
      ...spawnOptions(),
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw failed(args, error);
  }
}

/** Splits JSON documents printed back to back (`{…}{…}`) at the end of each top-level value. */
function splitJsonDocuments(text) {
  const documents = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (depth++ === 0) start = i;
    } else if ((char === '}' || char === ']') && --depth === 0) {
      documents.push(text.slice(start, i + 1));
    }
  }
  return documents;
}
