import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One module graph per worker instead of one per test file (files share no module state: each
    // starts its own emulator on its own port and its own temporary folders).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
