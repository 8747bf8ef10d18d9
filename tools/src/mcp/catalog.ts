// Every tool the server offers, with its MCP listing (input schema from the specs, annotations from
// its effect). The docs page is generated from `listTools()` too, so the two cannot drift.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Specs } from './spec.js';
import type { ToolDefinition, ToolScope } from './tool.js';
import { APPS_SCRIPT_TOOLS } from './tools/apps-script.js';
import { BUGSMASH_COMMENT_TOOLS } from './tools/bugsmash-comments.js';
import { BUGSMASH_READ_TOOLS } from './tools/bugsmash-list.js';
import { BUGSMASH_WEBHOOK_TOOLS } from './tools/bugsmash-webhooks.js';

export const TOOLS: readonly ToolDefinition[] = [
  ...APPS_SCRIPT_TOOLS,
  ...BUGSMASH_READ_TOOLS,
  ...BUGSMASH_COMMENT_TOOLS,
  ...BUGSMASH_WEBHOOK_TOOLS,
];

/** Whether the server refuses the tool: a write on a server started without --allow-writes. */
export function needsWrites(tool: ToolDefinition): boolean {
  return !tool.effect.readOnly;
}

/** The MCP listing of one tool. */
export function listing(tool: ToolDefinition, specs: Specs, scope: ToolScope, allowWrites: boolean): Tool {
  const { properties, required = [] } = tool.input(specs, scope);
  const refused = needsWrites(tool) && !allowWrites;
  return {
    name: tool.name,
    title: tool.title,
    description: refused
      ? `${tool.description} (This server is read-only: it refuses this tool unless started with --allow-writes.)`
      : tool.description,
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length === 0 ? {} : { required }),
      additionalProperties: false,
    },
    annotations: {
      title: tool.title,
      readOnlyHint: tool.effect.readOnly,
      destructiveHint: tool.effect.destructive,
      idempotentHint: tool.effect.idempotent,
      // Every tool talks to a service (or the local emulator standing in for it).
      openWorldHint: true,
    },
  };
}
