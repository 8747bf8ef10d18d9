// Measures the browser bundles of issue 11's size budget (same esbuild settings as the benches'
// bundle()) and prints which modules cost what. Run after building the three packages:
// `node packages/http/scripts/bundle-size.mjs [--modules]`.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// esbuild is a dev dependency of the client packages (their benches), not of http.
const require = createRequire(fileURLToPath(new URL('../../apps-script/package.json', import.meta.url)));
const { build } = require('esbuild');
const resolveDir = fileURLToPath(new URL('../../apps-script/bench/', import.meta.url));

const samples = {
  'apps-script': `import { createAppsScriptClient } from '@specbound/apps-script';
const client = createAppsScriptClient({ auth: 'token' });
console.log(await client.projects.get({ scriptId: 'abc' }));`,
  bugsmash: `import { createBugSmashClient } from '@specbound/bugsmash';
const client = createBugSmashClient({ apiKey: 'key' });
console.log(await client.projects.list());`,
  both: `import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';
const appsScript = createAppsScriptClient({ auth: 'token' });
const bugsmash = createBugSmashClient({ apiKey: 'key' });
console.log(await appsScript.projects.get({ scriptId: 'abc' }), await bugsmash.projects.list());`,
};
const budget = { 'apps-script': 10_000, bugsmash: 10_000, both: 15_000 };
const showModules = process.argv.includes('--modules');
for (const [name, contents] of Object.entries(samples)) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const gz = gzipSync(code, { level: 9 }).byteLength;
  const verdict = gz <= budget[name] ? 'ok' : 'OVER';
  console.log(`${name}: ${code.byteLength} B min, ${gz} B gzip (budget ${budget[name]}: ${verdict})`);
  if (!showModules) continue;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  const rows = Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  for (const [file, { bytesInOutput }] of rows) {
    if (bytesInOutput > 0)
      console.log(`  ${String(bytesInOutput).padStart(6)}  ${file.replace(/^.*node_modules\//, '')}`);
  }
}
