import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One module graph per worker instead of one per test file (files share no module state: each
    // starts its own emulator on its own port and its own temporary folders).
    isolate: false,
    // Two files at a time even on 2 cores: much of this suite waits (subprocesses starting, clasp
    // loading googleapis, a killed worker's grace period), and the waits of one file overlap the
    // other's work.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
