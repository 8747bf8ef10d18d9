import type { KnipConfig } from 'knip';

// `lint:dead`: no unused file, export or dependency in any workspace. Knip takes the files each
// workspace's scripts run from its package.json, and test files and configs from its plugins (vitest,
// biome, changesets, typescript). Listed here: the sources of each package.json's exports and bins
// (they point at dist/, which is git-ignored, and a workspace's `entry` replaces knip's default
// src/index.ts), files loaded by path at run time, dependencies located by path (knip does not read
// `createRequire(…).resolve(…)` nor a node_modules path), and binaries that are not npm dependencies.
// Nothing found is ignored: remove the dead code instead.
const config: KnipConfig = {
  // Written by openapi-typescript from the specs and never edited by hand (lint:generated keeps them
  // equal to a fresh generation): which types they export is the generator's choice.
  ignoreIssues: { '**/src/generated/**': ['exports', 'types'] },
  // Google's published Apps Script samples, copied unchanged as test data: the emulator runs them as
  // scripts (pushed as file contents), nothing imports them.
  ignore: ['packages/emulator/test/fixtures/google-samples/**'],
  ignoreBinaries: [
    // util-linux `script` (the triage e2e test gives the CLI a pty with it) and `mount`/`umount` (the
    // emulator's disk-full test mounts a small tmpfs where it may): system tools.
    'script',
    'mount',
    'umount',
    // Run with npx inside the empty project test:install creates, from the tarballs it installs there.
    'specbound',
    'specbound-emulator',
  ],
  workspaces: {
    '.': {},
    scripts: {
      // The .d.mts files type the .mjs beside them for the TypeScript that imports them.
      entry: ['fake-fetch.d.mts', 'longest-first.d.mts', 'redocly.d.mts', 'vitest-workspace.d.mts'],
      // redocly.mjs: createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js').
      ignoreDependencies: ['@redocly/cli'],
    },
    tools: {
      // exports["."], and bin/specbound.js's dist/cli/main.js; bench/export.mjs starts the two bench
      // files as processes by path.
      entry: ['src/index.ts', 'src/cli/main.ts', 'bench/export-naive.mjs', 'bench/fake-bugsmash-server.mjs'],
    },
    'packages/http': {
      // exports["."], ["./node"] and ["./redact"]; scripts/bundle-size.d.mts types bundle-size.mjs for the docs tests that import it.
      entry: ['src/index.ts', 'src/node.ts', 'src/redact.ts', 'scripts/bundle-size.d.mts'],
    },
    'packages/apps-script': {
      // exports["."], ["./schema"] and ["./validate"], and the profiling driver run by hand
      // (`node --cpu-prof bench/profile.mjs …`).
      entry: ['src/index.ts', 'src/generated/schema.ts', 'src/validate.ts', 'bench/profile.mjs'],
    },
    'packages/drive': {
      // exports["."] and ["./schema"].
      entry: ['src/index.ts', 'src/generated/schema.ts'],
    },
    'packages/bugsmash': {
      // exports["."], ["./schema"], ["./node"] and ["./validate"].
      entry: ['src/index.ts', 'src/generated/schema.ts', 'src/node.ts', 'src/validate.ts'],
    },
    'packages/logging': {
      // exports["."], ["./schema"] and ["./validate"].
      entry: ['src/index.ts', 'src/generated/schema.ts', 'src/validate.ts'],
    },
    'packages/sheets': {
      // exports["."], ["./schema"] and ["./validate"].
      entry: ['src/index.ts', 'src/generated/schema.ts', 'src/validate.ts'],
    },
    'packages/emulator': {
      // exports["."], ["./redirect"], ["./fetch"], ["./msw"], ["./vitest"] and ["./cli"] (the bin is its
      // `emulator` script), and the sandbox's worker thread (started by URL in src/sandbox/pool.ts).
      entry: [
        'src/index.ts',
        'src/redirect.ts',
        'src/fetch.ts',
        'src/msw.ts',
        'src/vitest.ts',
        'src/cli/run.ts',
        'src/sandbox/worker.ts',
      ],
      // test/clasp.test.ts: createRequire(import.meta.url).resolve('@google/clasp').
      ignoreDependencies: ['@google/clasp'],
    },
    'packages/docs': {
      // The code samples the docs show: each compiled by the typecheck task and read as a file by the build;
      // the browser test bundles test/clients-in-browser/*.ts with esbuild by path.
      entry: ['samples/**/*.ts', 'test/clients-in-browser/*.ts'],
    },
  },
};

export default config;
