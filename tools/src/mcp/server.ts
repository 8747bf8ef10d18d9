// `createMcpServer`: the MCP server over both services, to connect to any transport (the CLI's
// `specbound mcp` connects it to stdio). It enforces the safety rules in one place: writes are refused
// unless `allowWrites`; deletions and whole-content replacements need `confirm: true` (in the tools);
// `project` / `bugsmashProject` narrow it to one project; writes use clients that never retry; every
// answer and log line is redacted of every credential the server has seen.
import { readFile } from 'node:fs/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolsError } from '../errors.js';
import { Redactor } from '../redact.js';
import { DEFAULT_BUDGET } from './answer.js';
import { needsWrites, TOOLS, toolCatalog } from './catalog.js';
import { type ClientSettings, clientFactory } from './clients.js';
import { cloudScriptLogs } from './logs.js';
import { ListMemo } from './memo.js';
import { listResources, readResource, TRIAGE_PROMPT, triagePrompt } from './prompts.js';
import { loadSpecs } from './spec.js';
import type { ToolDefinition, ToolScope } from './tool.js';

export interface McpServerOptions {
  /** Allow the tools that change data (default false: a read-only server). */
  allowWrites?: boolean | undefined;
  /** An Apps Script script id: the only project the server may touch. */
  project?: string | undefined;
  /** A BugSmash project id: the only project the server may touch. */
  bugsmashProject?: string | undefined;
  /** Characters an answer may take, text and structured copy together (default 16,000). */
  budget?: number | undefined;
  /** Where credentials are read from (default: the process's environment and directory). */
  env?: Record<string, string | undefined> | undefined;
  cwd?: string | undefined;
  appsScriptUrl?: string | undefined;
  bugsmashUrl?: string | undefined;
  profile?: string | undefined;
  impersonate?: string | undefined;
  bugsmashKeyFile?: string | undefined;
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The Google Cloud project whose Cloud Logging holds the runs' lines (default: `.clasp.json`'s `projectId` in `cwd`). */
  gcpProjectId?: string | undefined;
  /** Cloud Logging's base URL (default Google's). */
  loggingUrl?: string | undefined;
  /** Drive's base URL (default: `appsScriptUrl` when given, since the emulator serves both; else Google's). */
  driveUrl?: string | undefined;
  /**
   * Where a run's log lines come from: the embedded emulator's, else Cloud Logging when a Cloud
   * project is known (`gcpProjectId`); without either, runs answer no logs.
   */
  scriptLogs?: ((scriptId: string, functionName: string, since: number) => Promise<string[]>) | undefined;
  /** Server log lines (one per call), already redacted; default: none. */
  log?: ((line: string) => void) | undefined;
}

const SERVER_NAME = 'specbound';

/**
 * What to do after an API error, for the service the tool called (`bs_*` BugSmash, `gas_*` Google):
 * a BugSmash 401 is about its API key, never a Google login; a BugSmash 404 never about a script id.
 */
const API_HINTS: Record<'bs' | 'gas', Partial<Record<401 | 403 | 404, string>>> = {
  bs: {
    401: "BugSmash refused the API key: ask the user for a valid key in BUGSMASH_API_KEY (or --api-key-file) of the MCP server's environment, then a restart.",
    403: "BugSmash refused this to the API key: the key's workspace must own the project, comment or folder.",
    404: 'Check the id: bs_list_projects lists the projects (bs_list_comments, bs_list_folders and bs_list_webhooks the rest).',
  },
  gas: {
    401: "Google refused the credentials: ask the user for a fresh SPECBOUND_GOOGLE_TOKEN in the MCP server's environment, or to run `specbound login`, then a restart.",
    403: 'Google refused this to the account: it must be able to edit the project, with the Apps Script API on at https://script.google.com/home/usersettings.',
    404: 'Check the scriptId (gas_list_projects lists them) or the deployment or version named.',
  },
};

function errorResult(error: unknown, redactor: Redactor, toolName?: string): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof ToolsError ? error.hint : undefined;
  const status =
    typeof (error as { status?: unknown })?.status === 'number'
      ? (error as { status: number }).status
      : undefined;
  const service = toolName?.startsWith('bs_') ? 'bs' : toolName?.startsWith('gas_') ? 'gas' : undefined;
  const apiHint =
    service === undefined || status === undefined ? undefined : API_HINTS[service][status as 401 | 403 | 404];
  const text = redactor.redact([message, hint ?? apiHint].filter(Boolean).join('\nWhat to do: '));
  return { isError: true, content: [{ type: 'text', text }] };
}

/** What every call of one server shares. */
interface CallContext {
  scope: ToolScope;
  budget: number;
  allowWrites: boolean;
  redactor: Redactor;
  options: McpServerOptions;
  clients: ReturnType<typeof clientFactory>;
  memo: ListMemo;
  scriptLogs: McpServerOptions['scriptLogs'];
}

async function callTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: CallContext,
): Promise<CallToolResult> {
  if (needsWrites(tool) && !context.allowWrites) {
    return errorResult(
      new ToolsError(`${tool.name} changes data, and this server is read-only.`, {
        hint: 'Ask the user to restart `specbound mcp` with --allow-writes if they want the agent to make changes.',
      }),
      context.redactor,
    );
  }
  const kind = tool.effect.readOnly ? 'read' : 'write';
  if (kind === 'write') context.memo.clear();
  const answer = await tool.run({
    args,
    scope: context.scope,
    budget: context.budget,
    memo: (key, load) => context.memo.get(key, load),
    clients: {
      appsScript: () => context.clients.appsScript(kind),
      bugsmash: () => context.clients.bugsmash(kind),
      drive: () => context.clients.drive(),
      scriptLogs: async (scriptId, functionName, since) =>
        context.scriptLogs?.(scriptId, functionName, since),
      addSecret: (secret) => context.redactor.add(secret),
    },
  });
  return {
    content: [{ type: 'text', text: context.redactor.redact(answer.text) }],
    structuredContent: context.redactor.redactJson(answer.structured),
    ...(answer.isError === true ? { isError: true } : {}),
  };
}

/** One tools/call: the tool found, its arguments checked against its input schema, then run. */
async function answerCall(
  name: string,
  args: Record<string, unknown>,
  catalog: ReturnType<typeof toolCatalog>,
  context: CallContext,
): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (tool === undefined) return errorResult(new Error(`No tool ${name}.`), context.redactor);
  const check = needsWrites(tool) && !context.allowWrites ? undefined : await catalog.check(tool, args);
  if (check !== undefined && !check.valid) {
    return errorResult(
      new ToolsError(`Invalid arguments for ${tool.name}: ${check.errorMessage}`, {
        hint: 'Fix the arguments as the input schema describes.',
      }),
      context.redactor,
    );
  }
  return callTool(tool, args, context).catch((error: unknown) =>
    errorResult(error, context.redactor, tool.name),
  );
}

/**
 * Builds the server; connect it to a transport. The specs (for the input schemas) are read on the
 * first request that needs them.
 */
export async function createMcpServer(options: McpServerOptions = {}): Promise<Server> {
  const redactor = new Redactor();
  const scope: ToolScope = { project: options.project, bugsmashProject: options.bugsmashProject };
  const allowWrites = options.allowWrites === true;
  const budget = options.budget ?? DEFAULT_BUDGET;
  const log = (line: string) => options.log?.(redactor.redact(line));
  const settings: ClientSettings = {
    env: options.env ?? process.env,
    cwd: options.cwd ?? process.cwd(),
    appsScriptUrl: options.appsScriptUrl,
    bugsmashUrl: options.bugsmashUrl,
    loggingUrl: options.loggingUrl,
    driveUrl: options.driveUrl,
    profile: options.profile,
    impersonate: options.impersonate,
    bugsmashKeyFile: options.bugsmashKeyFile,
    fetch: options.fetch,
    redactor,
    log,
  };
  const clients = clientFactory(settings);
  const context: CallContext = {
    scope,
    budget,
    allowWrites,
    redactor,
    options,
    clients,
    memo: new ListMemo(),
    scriptLogs:
      options.scriptLogs ??
      (await cloudScriptLogs(clients, { gcpProjectId: options.gcpProjectId, cwd: settings.cwd })),
  };
  const catalog = toolCatalog(scope, allowWrites);
  // From src/mcp/ or dist/mcp/, the package's own package.json is two folders up.
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const server = new Server(
    { name: SERVER_NAME, version, title: 'specbound: Apps Script and BugSmash' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Tools for Google Apps Script (gas_*) and BugSmash (bs_*). Lists are paged: follow the answer's note for the next offset. Deletions need confirm: true, which you may only send after the user agreed.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await catalog.list() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const started = performance.now();
    const result = await answerCall(request.params.name, request.params.arguments ?? {}, catalog, context);
    log(
      `${request.params.name} → ${result.isError === true ? 'error' : 'ok'} (${Math.round(performance.now() - started)} ms)`,
    );
    return result;
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) =>
    readResource(await loadSpecs(), request.params.uri),
  );
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [TRIAGE_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    triagePrompt(request.params.arguments, scope.bugsmashProject, allowWrites),
  );
  return server;
}
