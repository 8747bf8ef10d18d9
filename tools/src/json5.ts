// json5 on demand. Most `.clasp.json` files and every valid manifest are plain JSON, which
// JSON.parse reads with the same result (JSON5 is a superset of JSON); json5's modules are loaded
// only for the rest: comments, trailing commas, or an error to place at its line and column.
import { createRequire } from 'node:module';

/** The json5 module, loaded on first use. */
export function json5(): typeof import('json5') {
  return createRequire(import.meta.url)('json5') as typeof import('json5');
}

/** JSON5.parse, without loading json5 when the text is plain JSON. */
export function parseJson5(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return json5().parse(text);
  }
}
