// Paths as clasp and the service write them: separated by `/` on every platform.
import { sep } from 'node:path';

/** `path` with the platform's separators turned into `/`. */
export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
