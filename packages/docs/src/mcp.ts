// The "MCP server" page: configuration for common MCP clients, the safety rules, and the tool list.
// The list is what the server itself answers to tools/list (`specbound mcp --list-tools`, run by the
// build), so the page cannot drift from the server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { codeBlock, escapeHtml } from './html.ts';
import { REPO_ROOT } from './paths.ts';
import { LANDING_CSS } from './style.ts';
import { LOGO_DATA_URI } from './theme.ts';

/** One tool as tools/list describes it (the fields the page shows). */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, { description?: string; type?: unknown }>; required?: string[] };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

/** Asks the built `specbound` bin for its tool list (tools/list of a default server). */
export async function listServerTools(): Promise<ListedTool[]> {
  const bin = `${REPO_ROOT}tools/bin/specbound.js`;
  const { stdout } = await promisify(execFile)(process.execPath, [bin, 'mcp', '--list-tools'], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  });
  return (JSON.parse(stdout) as { tools: ListedTool[] }).tools;
}

const code = (source: string, lang = 'json'): string => codeBlock(source, lang);

const CLIENTS = `<p>Claude Desktop (<code>claude_desktop_config.json</code>), Cursor (<code>.cursor/mcp.json</code>)
and other clients that read an <code>mcpServers</code> map:</p>
${code(`
{
  "mcpServers": {
    "specbound": {
      "command": "npx",
      "args": ["-y", "@specbound/tools", "mcp"],
      "env": { "BUGSMASH_API_KEY": "<your key>" }
    }
  }
}
`)}
<p>VS Code (<code>.vscode/mcp.json</code>):</p>
${code(`
{
  "servers": {
    "specbound": { "type": "stdio", "command": "npx", "args": ["-y", "@specbound/tools", "mcp"] }
  }
}
`)}
<p>Claude Code:</p>
${code('claude mcp add specbound -- npx -y @specbound/tools mcp', 'sh')}
<p>Try everything offline first, with the embedded emulator and its demo data (nothing real is touched):</p>
${code('npx -y @specbound/tools mcp --emulator --seed --allow-writes', 'sh')}
<p>Google credentials come from the same places as the CLI's: <code>SPECBOUND_GOOGLE_TOKEN</code>,
a credentials JSON file (<code>SPECBOUND_GOOGLE_CREDENTIALS</code>), or the login stored by
<code>specbound login</code>. The BugSmash key comes from <code>BUGSMASH_API_KEY</code> or
<code>--api-key-file FILE</code>. A tool called without them answers an error that says which to set.</p>
<p><code>gas_run</code> answers the run's own log lines: with <code>--emulator</code> the lines the emulator
recorded; against Google the Cloud Logging lines of the Cloud project given by <code>--project-id</code>
(else the <code>projectId</code> of the <code>.clasp.json</code> where the server starts), matched to the
run through the processes API, with a note when the match is a best guess. Without a Cloud project it
answers none.</p>`;

const SAFETY = `<ul>
<li><strong>Read-only by default.</strong> Tools that change data are listed but refused unless the server is
started with <code>--allow-writes</code>.</li>
<li><strong>Confirmation.</strong> Deletions (a deployment, a webhook) and whole-content replacements
(<code>gas_update_content</code> with <code>replaceAll</code> or <code>deleteFiles</code>) also need
<code>confirm: true</code> in the call; the agent must ask you first. Writing files without them merges:
the files named are written and every other file is kept.</li>
<li><strong>One project.</strong> <code>--project SCRIPT_ID</code> and <code>--bugsmash-project PROJECT_ID</code>
narrow the server to one project: other ids are refused, and workspace-wide changes (webhooks, new
projects) too.</li>
<li><strong>No retried writes.</strong> Writes go through clients that never retry: a write that timed out
is reported, not sent again.</li>
<li><strong>No secrets in output.</strong> Tokens, API keys and webhook signing secrets are replaced by
<code>[REDACTED]</code> in every answer and log line; logs go to stderr, never into the protocol.</li>
<li><strong>Truthful annotations.</strong> <code>readOnlyHint</code>, <code>destructiveHint</code> and
<code>idempotentHint</code> say what each tool does (table below).</li>
<li><strong>Bounded answers.</strong> Each answer is compact text plus <code>structuredContent</code>, at
most <code>--budget</code> characters (16,000 by default); long lists stop there and say which
<code>offset</code> gets the next page.</li>
</ul>`;

function effect(tool: ListedTool): string {
  const a = tool.annotations ?? {};
  if (a.readOnlyHint === true) return 'read-only';
  const parts = [
    'write',
    a.destructiveHint === true ? 'destructive' : '',
    a.idempotentHint === true ? 'idempotent' : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function toolRow(tool: ListedTool): string {
  const required = new Set(tool.inputSchema.required ?? []);
  const args = Object.keys(tool.inputSchema.properties ?? {})
    .map((name) => `<code>${escapeHtml(name)}${required.has(name) ? '' : '?'}</code>`)
    .join(' ');
  return `<tr id="tool-${escapeHtml(tool.name)}"><td><code>${escapeHtml(tool.name)}</code></td><td>${escapeHtml(effect(tool))}</td><td>${escapeHtml(tool.description ?? '')}</td><td>${args}</td></tr>`;
}

export function renderMcpPage(tools: readonly ListedTool[]): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP server · specbound docs</title>
<link rel="icon" href="${LOGO_DATA_URI}">
<style>${LANDING_CSS}</style>
</head>
<body>
<header>
  <div class="wrap">
    <h1>MCP server</h1>
    <p class="lead"><code>specbound mcp</code> gives AI agents both services as tools, typed from the specs, safe by
    default, with an offline sandbox.</p>
    <nav><a class="button" href="index.html">specbound docs home</a></nav>
  </div>
</header>
<main class="wrap">
<section id="configuration">
<h2>Configuration</h2>
${CLIENTS}
</section>
<section id="safety">
<h2>Safety rules</h2>
${SAFETY}
</section>
<section id="tools">
<h2>Tools (${tools.length})</h2>
<p>Generated from the server's own <code>tools/list</code> answer when the docs are built. Input schemas
(and their descriptions) come from the specs; <code>?</code> marks an optional argument.</p>
<table>
<thead><tr><th>tool</th><th>effect</th><th>what it does</th><th>arguments</th></tr></thead>
<tbody>
${tools.map(toolRow).join('\n')}
</tbody>
</table>
<p>Resources: each service's spec (<code>specbound://specs/apps-script</code>,
<code>specbound://specs/bugsmash</code>). Prompt: <code>triage_comments</code>, for a project's open comments.</p>
</section>
</main>
<footer class="wrap"><p>Built by <code>@specbound/docs</code>. MIT licensed.</p></footer>
</body>
</html>
`;
}
