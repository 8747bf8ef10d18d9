import { longestFirst } from '@specbound/scripts/longest-first.mjs';
import { loadWorkspaceDistNatively } from '@specbound/scripts/vitest-workspace.mjs';
import { defineConfig } from 'vitest/config';

// The files that take longest (seconds each, most of it waiting on subprocesses and listeners), started
// first (see @specbound/scripts/longest-first.mjs).
const LONGEST = [
  'test/e2e/sync-kill.test.ts',
  'test/e2e/listen.test.ts',
  'test/e2e/clasp-parity.test.ts',
  'test/unit/csv.test.ts',
  'test/e2e/triage.test.ts',
  'test/mcp/stdio.test.ts',
  'test/e2e/commands.test.ts',
  'test/e2e/watch.test.ts',
];

export default defineConfig({
  test: {
    server: loadWorkspaceDistNatively,
    include: ['test/**/*.test.ts'],
    // One module graph per worker instead of one per test file (files share no module state: each
    // starts its own emulator on its own port and its own temporary folders).
    isolate: false,
    // Two files at a time even on 2 cores (vitest's default there is one): about half of this suite's
    // wall time is waiting (subprocesses, kill -9 loops, listeners, timeouts), and the waits of one
    // file overlap the other's work. Files share no port, folder or environment variable.
    maxWorkers: 2,
    sequence: { sequencer: longestFirst(LONGEST) },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
