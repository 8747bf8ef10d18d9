// `specbound mcp`: the server on stdin/stdout, optionally over an embedded emulator (started here,
// imported only then) with the demo data. Runs until the client closes stdin.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './server.js';

export interface StdioOptions extends McpServerOptions {
  /** Start the embedded emulator and point both services at it. */
  emulator?: boolean | undefined;
  /** With `emulator`: fill the demo data set. */
  seed?: boolean | undefined;
  stdin: Readable;
  stdout: Writable;
  /** Ends the server as the client closing stdin does. */
  signal?: AbortSignal | undefined;
}

/** The token the emulator accepts for Google calls (it checks that one is sent, not its value). */
const EMULATOR_GOOGLE_TOKEN = 'local-dev-token';

interface Embedded {
  options: Partial<McpServerOptions>;
  close(): Promise<void>;
}

async function embeddedEmulator(seed: boolean): Promise<Embedded> {
  const { startEmulator, DEFAULT_BUGSMASH_API_KEY } = await import('@specbound/emulator');
  const lines: { at: number; scriptId: string; functionName: string; line: string }[] = [];
  const running = await startEmulator({
    port: 0,
    seed,
    onScriptLog: (entry) => lines.push({ ...entry, at: Date.parse(entry.at) || Date.now() }),
  });
  return {
    options: {
      appsScriptUrl: running.appsScriptUrl,
      // The emulator serves Drive on its Google origin too.
      driveUrl: running.appsScriptUrl,
      bugsmashUrl: running.bugsmashUrl,
      // The emulator's own credentials replace the environment's: no real secret reaches it.
      env: { SPECBOUND_GOOGLE_TOKEN: EMULATOR_GOOGLE_TOKEN, BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY },
      bugsmashKeyFile: undefined,
      scriptLogs: async (scriptId, functionName, since) =>
        lines
          .filter((l) => l.scriptId === scriptId && l.functionName === functionName && l.at >= since - 1000)
          .map((l) => l.line),
    },
    close: () => running.close(),
  };
}

/** Serves MCP on the given streams until the client closes them; resolves once everything is closed. */
export async function serveStdio(options: StdioOptions): Promise<void> {
  const embedded = options.emulator === true ? await embeddedEmulator(options.seed === true) : undefined;
  const server = await createMcpServer({ ...options, ...embedded?.options });
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    options.stdin.once('end', () => void server.close());
    options.signal?.addEventListener('abort', () => void server.close(), { once: true });
  });
  await server.connect(transport);
  options.log?.(
    `specbound mcp: ready${embedded === undefined ? '' : ' (embedded emulator)'}${options.allowWrites === true ? ', writes allowed' : ', read-only'}`,
  );
  await closed;
  await embedded?.close();
}
