import { fileURLToPath } from 'node:url';
import { longestFirst } from '@specbound/scripts/longest-first.mjs';
import { loadWorkspaceDistNatively } from '@specbound/scripts/vitest-workspace.mjs';
import { defineConfig } from 'vitest/config';

// The files that take longest (5-30 s each: clasp subprocesses, kill -9 loops, run limits waited
// for), started first (see @specbound/scripts/longest-first.mjs).
const LONGEST = [
  'test/clasp.test.ts',
  'test/runs.test.ts',
  'test/store.test.ts',
  'test/runtime-services.test.ts',
  'test/state.test.ts',
  'test/runtime-triggers.test.ts',
  'test/cli.test.ts',
  'test/sandbox-limits.test.ts',
];

// Node's on-disk compile cache for the test workers and every sandbox worker thread they start (a
// thread loads the engine's modules anew each time: dozens of emulators per run), shared with the
// subprocesses (test/subprocess.ts). It changes how fast code loads, never what it does.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL('./node_modules/.cache/node-compile-cache', import.meta.url),
);

export default defineConfig({
  test: {
    server: loadWorkspaceDistNatively,
    include: ['test/**/*.test.ts'],
    // One module graph per worker instead of one per test file (files share no module state: each
    // starts its own emulator on its own port and its own temporary folders).
    isolate: false,
    // Two files at a time even on 2 cores: much of this suite waits (subprocesses starting, clasp
    // loading googleapis, a killed worker's grace period), and the waits of one file overlap the
    // other's work. (Three took as long, with more CPU.)
    maxWorkers: 2,
    sequence: { sequencer: longestFirst(LONGEST) },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
