#!/usr/bin/env node
// The `specbound` command: runs the built CLI in ../dist.
import module from 'node:module';

// Node >= 22.1 caches compiled code on disk: later starts skip most of the parse.
module.enableCompileCache?.();

// `specbound … | head` closes stdout early: stop quietly instead of throwing EPIPE.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

let main;
try {
  ({ main } = await import('../dist/cli/main.js'));
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/main.js')) {
    process.stderr.write(
      'error: specbound is not built (tools/dist is missing).\nhint: in a checkout of specbound, run `pnpm run build` at its root first (an installed package always has dist).\n',
    );
    process.exit(1);
  }
  throw error;
}
process.exitCode = await main(process.argv.slice(2));
