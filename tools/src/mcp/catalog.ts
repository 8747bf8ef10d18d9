// Every tool the server offers, with its MCP listing (input schema from the specs, annotations from
// its effect). The docs page is generated from `listTools()` too, so the two cannot drift.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { loadSpecs, type Specs } from './spec.js';
import type { ToolDefinition, ToolScope } from './tool.js';
import { APPS_SCRIPT_TOOLS } from './tools/apps-script.js';
import { BUGSMASH_COMMENT_TOOLS } from './tools/bugsmash-comments.js';
import { BUGSMASH_PROJECT_TOOLS } from './tools/bugsmash-list.js';
import { BUGSMASH_WEBHOOK_TOOLS } from './tools/bugsmash-webhooks.js';

export const TOOLS: readonly ToolDefinition[] = [
  ...APPS_SCRIPT_TOOLS,
  ...BUGSMASH_PROJECT_TOOLS,
  ...BUGSMASH_COMMENT_TOOLS,
  ...BUGSMASH_WEBHOOK_TOOLS,
];

/** Whether the server refuses the tool: a write on a server started without --allow-writes. */
export function needsWrites(tool: ToolDefinition): boolean {
  return !tool.effect.readOnly;
}

/** The MCP listing of one tool. */
function listing(tool: ToolDefinition, specs: Specs, scope: ToolScope, allowWrites: boolean): Tool {
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

export interface ArgumentCheck {
  valid: boolean;
  errorMessage?: string | undefined;
}

/**
 * The tool listings and argument checks of one server, built on first use: `initialize` needs
 * neither, so the server answers it before the specs are read or any validator is compiled.
 */
export function toolCatalog(scope: ToolScope, allowWrites: boolean) {
  let listings: Promise<Tool[]> | undefined;
  let validator: Promise<{ getValidator(schema: object): (input: unknown) => ArgumentCheck }> | undefined;
  const checks = new Map<string, (input: unknown) => ArgumentCheck>();
  const list = (): Promise<Tool[]> => {
    listings ??= loadSpecs().then((specs) => TOOLS.map((tool) => listing(tool, specs, scope, allowWrites)));
    return listings;
  };
  return {
    list,
    /** Checks a call's arguments against the tool's input schema (compiled on the tool's first call). */
    async check(tool: ToolDefinition, args: unknown): Promise<ArgumentCheck> {
      let check = checks.get(tool.name);
      if (check === undefined) {
        validator ??= import('@modelcontextprotocol/sdk/validation/ajv').then(
          (m) => new m.AjvJsonSchemaValidator(),
        );
        const schema = (await list()).find((t) => t.name === tool.name)?.inputSchema ?? {};
        check = (await validator).getValidator(schema);
        checks.set(tool.name, check);
      }
      return check(args);
    },
  };
}
