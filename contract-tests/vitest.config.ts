import { loadWorkspaceDistNatively } from '@specbound/scripts/vitest-workspace.mjs';
import { defineConfig } from 'vitest/config';

// Pact's native core sends anonymous usage metrics unless this is set; tests talk to loopback only.
process.env.PACT_DO_NOT_TRACK = 'true';

export default defineConfig({
  test: {
    server: loadWorkspaceDistNatively,
    // One module graph per worker instead of one per test file: the files share no module state.
    isolate: false,
    env: { PACT_DO_NOT_TRACK: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'consumer',
          include: ['test/consumer/**/*.pact.test.ts'],
          globalSetup: ['test/consumer/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'checks',
          include: ['test/checks/**/*.test.ts'],
          testTimeout: 60_000,
          // bite.test bundles both specs with Redocly before its tests: seconds when quiet, more than
          // vitest's 10 s default on a 2-core machine shared by several test runs.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
