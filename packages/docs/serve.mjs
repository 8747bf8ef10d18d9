// `./tools/dev docs:serve`: serves the built site (`./tools/dev docs` builds it) on http://127.0.0.1:4173/ or $PORT.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './src/paths.ts';
import { startServer } from './src/serve.ts';

if (!existsSync(join(DIST_DIR, 'index.html'))) {
  console.error('No built site in dist/: run `pnpm --filter @specbound/docs docs` first.');
  process.exit(1);
}
const { url } = await startServer({ port: Number(process.env.PORT ?? 4173) });
console.log(`specbound docs at ${url} (Ctrl+C to stop)`);
