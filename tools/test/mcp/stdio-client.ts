// Starts the built `specbound mcp` bin as a subprocess and talks to it with the SDK's own client over
// stdio. One server per describe block: a process costs ~1 s with the embedded emulator.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const BIN = fileURLToPath(new URL('../../bin/specbound.js', import.meta.url));

export interface McpSession {
  client: Client;
  /** Calls a tool; records its whole answer for the no-secret check. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { text: string }>;
  /** Every answer and every stderr line so far, as one text. */
  transcript(): string;
  close(): Promise<void>;
}

export async function startMcp(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    // No real credentials of the machine running the tests reach the server.
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', NO_COLOR: '1', ...env },
    stderr: 'pipe',
  });
  const seen: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => seen.push(chunk.toString('utf8')));
  const client = new Client({ name: 'specbound-e2e', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, callArgs = {}) {
      const result = (await client.callTool({ name, arguments: callArgs })) as CallToolResult;
      seen.push(JSON.stringify(result));
      const first = result.content[0];
      return { ...result, text: first?.type === 'text' ? first.text : '' };
    },
    transcript: () => seen.join('\n'),
    close: () => client.close(),
  };
}
