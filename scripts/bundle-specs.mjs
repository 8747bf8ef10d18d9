// Bundles the specs registered in the root redocly.yaml (`apis:`) into one self-contained document
// each, with one Redocly process for all of them: a process per spec costs about 0.35 s of CPU, all
// six in one about 0.5 s. The docs build, the docs samples test and the contract tests bundle this way.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// @redocly/cli has no `exports`, so its bin file resolves like any other module file.
const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The bundles of `apis` (aliases in redocly.yaml, such as `bugsmash@v2`), parsed, in the order given:
 * `$ref`s between files are inlined into `components`. Given several APIs and no `--output`, Redocly
 * prints their bundles to stdout one after the other, in that order (an `--output` folder would name
 * every bundle `openapi.json`, and tasks running side by side would share the files).
 */
export function bundleSpecs(apis) {
  let stdout;
  try {
    stdout = execFileSync(
      process.execPath,
      [CLI, 'bundle', ...apis, '--config', `${REPO_ROOT}redocly.yaml`, '--ext', 'json'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'pipe'],
        // The network is closed and builds must not phone home: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
  } catch (error) {
    const { stdout: out = '', stderr = '' } = error;
    throw new Error(`redocly bundle ${apis.join(' ')} failed:\n${out.slice(-2000)}${stderr}`, {
      cause: error,
    });
  }
  const documents = splitJsonDocuments(stdout);
  if (documents.length !== apis.length)
    throw new Error(
      `redocly bundle printed ${documents.length} document(s) for ${apis.length} spec(s): run it by hand to see why`,
    );
  return documents.map((text) => JSON.parse(text));
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
