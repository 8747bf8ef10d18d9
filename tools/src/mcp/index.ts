// The MCP entry points of the library. The SDK (and, with `emulator`, the emulator) is loaded only
// when a server is created, so importing @specbound/tools stays light.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServerOptions } from './server.js';
import type { StdioOptions } from './stdio.js';

export type { McpServerOptions, StdioOptions };

/** The MCP server over both services, not yet connected: `await server.connect(transport)`. */
export async function createMcpServer(options: McpServerOptions = {}): Promise<Server> {
  return (await import('./server.js')).createMcpServer(options);
}

/** Serves MCP on stdio streams (what `specbound mcp` runs) until the client closes them. */
export async function serveMcpStdio(options: StdioOptions): Promise<void> {
  return (await import('./stdio.js')).serveStdio(options);
}
