import { loadWorkspaceDistNatively } from '@specbound/scripts/vitest-workspace.mjs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    server: loadWorkspaceDistNatively,
    include: ['test/**/*.test.ts'],
    // One module graph per worker instead of one per test file: importing the client, openapi-fetch and
    // fast-check again for every file was 60 % of this package's test time. The tests share no module
    // state (each builds its own client over its own fake fetch, and fake timers are restored after each).
    isolate: false,
  },
});
