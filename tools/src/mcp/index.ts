// The MCP entry points of the library. The SDK (and, with `emulator`, the emulator) is loaded only
// when a server is created, so importing @specbound/tools stays light.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
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

/**
 * The tools a server with these options lists, asked of the server itself over the SDK's in-memory
 * transport (what `specbound mcp --list-tools` prints and the docs page is generated from).
 */
export async function listMcpTools(options: McpServerOptions = {}): Promise<Tool[]> {
  const [{ Client }, { InMemoryTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/inMemory.js'),
  ]);
  const server = await createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'specbound-list-tools', version: '0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}
