import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/browser.test.ts'] },
      },
      {
        extends: true,
        // One browser, one server, pages visited in order: a single file that runs alone.
        test: {
          name: 'browser',
          include: ['test/browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
