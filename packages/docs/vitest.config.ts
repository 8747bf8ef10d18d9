import { loadWorkspaceDistNatively } from '@specbound/scripts/vitest-workspace.mjs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    server: loadWorkspaceDistNatively,
    // One module graph per worker instead of one per test file: the files share no module state.
    isolate: false,
    projects: [
      {
        extends: true,
        // samples.test.ts bundles both specs with Redocly in its beforeAll: seconds on a quiet machine,
        // past vitest's default on a 2-core machine shared by several test runs.
        test: {
          name: 'unit',
          // samples/testing/: the runnable samples of the Testing your code page.
          include: ['test/**/*.test.ts', 'samples/testing/*.test.ts'],
          exclude: ['test/browser.test.ts', 'test/clients-in-browser.test.ts'],
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // browser.test.ts: the docs site, one browser and one server, its pages open side by side.
        // clients-in-browser.test.ts: both clients bundled for the browser, against the emulator.
        test: {
          name: 'browser',
          // Both files at once, each in its own worker with its own browser: vitest's default on a
          // 2-core machine is one worker, which ran the clients' file only after the docs site's.
          maxWorkers: 2,
          include: ['test/browser.test.ts', 'test/clients-in-browser.test.ts'],
          // A reference's menu walk shares the two cores with five other pages: 30 s for BugSmash's
          // 30 operations at a load of 40, against 10 s alone.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
