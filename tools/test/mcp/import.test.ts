// `@specbound/tools` must import without loading the MCP SDK, which is loaded only when a server is
// created; a server without `emulator: true` never loads the emulator. Module loading is what a fresh
// process shows, so each check spawns one. (The package's index loads the emulator today through
// demo/demo.js's static import; that is outside the MCP code, so the second check starts from
// dist/mcp/index.js.)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** Runs `body` in a fresh Node and answers the resolved module URLs that match `pattern`. */
async function loaded(body: string, pattern: RegExp): Promise<string[]> {
  const probe = `
import { registerHooks } from 'node:module';
const seen = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
${body}
console.log(JSON.stringify(seen));
`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: new URL('../..', import.meta.url),
  });
  return (JSON.parse(stdout) as string[]).filter((url) => pattern.test(url));
}

describe('importing @specbound/tools', () => {
  it('loads no MCP SDK', async () => {
    expect(await loaded("await import('@specbound/tools');", /modelcontextprotocol/)).toEqual([]);
  });

  it('creates a server without the emulator without loading it', async () => {
    const body = "const { listMcpTools } = await import('./dist/mcp/index.js'); await listMcpTools();";
    const urls = await loaded(body, /modelcontextprotocol|packages\/emulator\/dist\/index/);
    expect(urls.some((url) => url.includes('modelcontextprotocol'))).toBe(true);
    // The package's folder, not the word: a checkout's own path may contain "emulator".
    expect(urls.filter((url) => url.includes('packages/emulator/'))).toEqual([]);
  });
});
