import { describe, expect, it } from 'vitest';
import { type ListedTool, listServerTools, renderMcpPage } from '../src/mcp.ts';

const TOOLS: ListedTool[] = [
  {
    name: 'bs_list_comments',
    description: "A project's comments <paged>",
    inputSchema: { properties: { projectId: {}, offset: {} }, required: ['projectId'] },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  },
  {
    name: 'gas_delete_deployment',
    description: 'Deletes a deployment.',
    inputSchema: { properties: { scriptId: {}, confirm: {} }, required: ['scriptId', 'confirm'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  },
];

describe('the MCP server page', () => {
  const html = renderMcpPage(TOOLS);

  it('lists each tool with its effect, escaped description and arguments', () => {
    expect(html).toContain('<h2>Tools (2)</h2>');
    expect(html).toContain(
      '<tr id="tool-bs_list_comments"><td><code>bs_list_comments</code></td><td>read-only</td><td>A project&#39;s comments &lt;paged&gt;</td><td><code>projectId</code> <code>offset?</code></td></tr>',
    );
    expect(html).toContain('<td>write, destructive, idempotent</td>');
  });

  it('gives client configuration and the safety rules', () => {
    expect(html).toContain('&quot;mcpServers&quot;');
    expect(html).toContain('claude mcp add specbound -- npx -y @specbound/tools mcp');
    expect(html).toContain('--emulator --seed');
    for (const rule of [
      '--allow-writes',
      'confirm: true',
      '--bugsmash-project',
      'never retry',
      '[REDACTED]',
    ]) {
      expect(html).toContain(rule);
    }
  });

  // It starts the built CLI as a process: well under a second alone, but over vitest's default 5 s
  // when the whole test command shares two cores (seen at load 24).
  it('takes the list from the built server itself', { timeout: 30_000 }, async () => {
    const tools = await listServerTools();
    expect(tools.map((t) => t.name)).toContain('bs_list_comments');
    expect(tools.find((t) => t.name === 'gas_delete_deployment')?.annotations?.destructiveHint).toBe(true);
  });
});
