// createMcpServer in-process (the SDK's in-memory transport) over fake services behind an injected
// fetch: missing credentials, narrowing, no retry of writes, paging under the budget, redaction.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerOptions } from '../../src/index.js';
import { fakeComment } from '../unit/fake-bugsmash.js';

const KEY = 'bs-key-0123456789abcdef';
const TOKEN = 'ya29.google-token-0123456789';
const PROJECT = '11111111-1111-4111-8111-111111111111';

interface Seen {
  method: string;
  path: string;
}

/** Both services behind one fetch: BugSmash envelopes for its paths, Google JSON for /v1/. */
function fakeServices(comments: unknown[], seen: Seen[]) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname });
    if (url.pathname.endsWith('/comments'))
      return Response.json({ status: true, message: 'ok', data: comments });
    if (url.pathname.includes('/v1/projects/') && request.method === 'GET') {
      return Response.json({ scriptId: 'abc', files: [{ name: 'appsscript', type: 'JSON', source: '{}' }] });
    }
    if (request.method === 'PUT') return new Response('busy', { status: 503 });
    // An error body that echoes the credentials, as a careless proxy might.
    return Response.json(
      { error: { code: 500, message: `bad request: saw ${KEY} and ${TOKEN}`, status: 'INVALID_ARGUMENT' } },
      { status: 400 },
    );
  };
}

async function connect(options: McpServerOptions) {
  const server = await createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unit', version: '0' });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = result.content[0];
    return { ...result, text: first?.type === 'text' ? first.text : '' };
  };
  return { client, call, close: () => client.close() };
}

const SERVICES = { appsScriptUrl: 'https://script.test', bugsmashUrl: 'https://bugsmash.test/api/v2' };

describe('createMcpServer', () => {
  it('answers a tool error that says how to add credentials when there are none', async () => {
    const mcp = await connect({ ...SERVICES, env: { HOME: '/nonexistent' }, fetch: fakeServices([], []) });
    const bs = await mcp.call('bs_list_projects');
    expect(bs.isError).toBe(true);
    expect(bs.text).toContain('BUGSMASH_API_KEY');
    const gas = await mcp.call('gas_get_project', { scriptId: 'abc' });
    expect(gas.isError).toBe(true);
    expect(gas.text).toContain('SPECBOUND_GOOGLE_TOKEN');
    await mcp.close();
  });

  it('pages a 5,000-comment list under the budget and says how to get the next page', async () => {
    const comments = Array.from({ length: 5000 }, (_, i) => fakeComment(i + 1));
    const env = { BUGSMASH_API_KEY: KEY, HOME: '/nonexistent' };
    const seen: Seen[] = [];
    const mcp = await connect({ ...SERVICES, env, budget: 8000, fetch: fakeServices(comments, seen) });
    const first = await mcp.call('bs_list_comments', { projectId: PROJECT, limit: 500 });
    const size = first.text.length + JSON.stringify(first.structuredContent).length;
    expect(size).toBeLessThanOrEqual(8000);
    const next = first.structuredContent?.nextOffset as number;
    expect(next).toBeGreaterThan(0);
    expect(first.text).toContain(`bs_list_comments again with offset=${next}`);
    const second = await mcp.call('bs_list_comments', { projectId: PROJECT, offset: next, limit: 500 });
    // Both pages come from one fetch of the list.
    expect(seen.filter((s) => s.path.endsWith('/comments'))).toHaveLength(1);
    expect(((second.structuredContent?.items ?? []) as { comment_number: number }[])[0]?.comment_number).toBe(
      next + 1,
    );
    await mcp.close();
  });

  it('lists Apps Script projects through Drive, paged, and only the --project one on a narrowed server', async () => {
    const env = { SPECBOUND_GOOGLE_TOKEN: TOKEN, HOME: '/nonexistent' };
    const seen: URL[] = [];
    const drive = async (request: Request) => {
      const url = new URL(request.url);
      seen.push(url);
      const files = Array.from({ length: 120 }, (_, i) => ({ id: `s${i}`, name: `Script ${i}` }));
      return url.searchParams.get('pageToken') === null
        ? Response.json({ files: files.slice(0, 100), nextPageToken: 'p2' })
        : Response.json({ files: files.slice(100) });
    };
    const mcp = await connect({ ...SERVICES, env, fetch: drive });
    const first = await mcp.call('gas_list_projects', { limit: 50 });
    expect(first.isError).toBeUndefined();
    expect(first.text).toContain('s0\tScript 0');
    expect(first.text).toContain('gas_list_projects again with offset=50');
    expect(seen.map((url) => url.origin + url.pathname)).toEqual([
      'https://script.test/drive/v3/files',
      'https://script.test/drive/v3/files',
    ]);
    expect(seen[0]?.searchParams.get('q')).toBe(
      "mimeType = 'application/vnd.google-apps.script' and trashed = false",
    );
    const last = await mcp.call('gas_list_projects', { offset: 100, limit: 50 });
    expect(((last.structuredContent?.items ?? []) as { id: string }[]).map((s) => s.id)).toHaveLength(20);
    expect(seen).toHaveLength(2); // the list was kept for paging, not fetched again
    await mcp.close();
    // Given its own URL (the CLI passes Google's Drive origin when Apps Script is Google's), Drive
    // is called there, not on the Apps Script origin.
    const own = await connect({ ...SERVICES, driveUrl: 'https://drive.test', env, fetch: drive });
    await own.call('gas_list_projects', { limit: 1 });
    expect(seen.at(-1)?.origin).toBe('https://drive.test');
    await own.close();
    const narrowed = await connect({ ...SERVICES, env, fetch: drive, project: 's7' });
    const only = await narrowed.call('gas_list_projects');
    expect(only.structuredContent?.items).toEqual([{ id: 's7', name: 'Script 7' }]);
    await narrowed.close();
  });

  it('cuts a file over the budget and says so', async () => {
    const env = { SPECBOUND_GOOGLE_TOKEN: TOKEN, HOME: '/nonexistent' };
    const big = async () =>
      Response.json({
        scriptId: 'abc',
        files: [{ name: 'Code', type: 'SERVER_JS', source: 'x'.repeat(50_000) }],
      });
    const mcp = await connect({ ...SERVICES, env, budget: 4000, fetch: big });
    const answer = await mcp.call('gas_get_content', { scriptId: 'abc' });
    expect(answer.text.length + JSON.stringify(answer.structuredContent).length).toBeLessThanOrEqual(4000);
    expect(answer.text).toContain('over the answer budget of 4000');
    await mcp.close();
  });

  it('reads a list afresh after any write', async () => {
    const env = { BUGSMASH_API_KEY: KEY, HOME: '/nonexistent' };
    const seen: Seen[] = [];
    const mcp = await connect({
      ...SERVICES,
      env,
      allowWrites: true,
      fetch: fakeServices([fakeComment(1)], seen),
    });
    const commentId = fakeComment(1).comment_id;
    await mcp.call('bs_list_comments', { projectId: PROJECT });
    await mcp.call('bs_list_comments', { projectId: PROJECT });
    await mcp.call('bs_update_comment', { commentId, status: 'Resolved' });
    await mcp.call('bs_list_comments', { projectId: PROJECT });
    expect(seen.filter((s) => s.path.endsWith('/comments'))).toHaveLength(2);
    await mcp.close();
  });

  it('keeps a narrowed server to its project', async () => {
    const env = { BUGSMASH_API_KEY: KEY, SPECBOUND_GOOGLE_TOKEN: TOKEN, HOME: '/nonexistent' };
    const seen: Seen[] = [];
    const mcp = await connect({
      ...SERVICES,
      env,
      project: 'abc',
      bugsmashProject: PROJECT,
      allowWrites: true,
      fetch: fakeServices([fakeComment(1)], seen),
    });
    const other = await mcp.call('gas_get_content', { scriptId: 'other' });
    expect(other.isError).toBe(true);
    expect(other.text).toContain('limited to scriptId abc');
    const mine = await mcp.call('gas_get_content', {});
    expect(mine.isError).toBeUndefined();
    const foreign = await mcp.call('bs_reply', {
      commentId: '22222222-2222-4222-8222-222222222222',
      text: 'hi',
    });
    expect(foreign.text).toContain(`not in project ${PROJECT}`);
    expect(
      (await mcp.call('bs_create_webhook', { webhookUrl: 'https://x.test/h', events: ['new_comment'] }))
        .isError,
    ).toBe(true);
    const elsewhere = await mcp.call('gas_run', { function: 'main', deploymentId: 'AKfycbOther' });
    expect(elsewhere.text).toContain("is not one of project abc's");
    expect(seen.filter((s) => s.method !== 'GET')).toEqual([]);
    await mcp.close();
  });

  it('does not retry a write that failed, and redacts credentials from errors', async () => {
    const env = { SPECBOUND_GOOGLE_TOKEN: TOKEN, BUGSMASH_API_KEY: KEY, HOME: '/nonexistent' };
    const seen: Seen[] = [];
    const mcp = await connect({ ...SERVICES, env, allowWrites: true, fetch: fakeServices([], seen) });
    const write = await mcp.call('gas_update_content', {
      scriptId: 'abc',
      files: [{ name: 'Code', type: 'SERVER_JS', source: '' }],
    });
    expect(write.isError).toBe(true);
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(1);
    const failed = await mcp.call('bs_get_project', { projectId: PROJECT });
    expect(failed.isError).toBe(true);
    expect(failed.text).not.toContain(KEY);
    expect(failed.text).not.toContain(TOKEN);
    await mcp.close();
  });

  // An API error's next step names the service the tool called: a BugSmash 401 asks for its API key
  // (never a Google login), a Google 401 for Google credentials, a BugSmash 404 never mentions .clasp.json.
  it.each([
    ['bs_list_projects', {}, 401, /BUGSMASH_API_KEY/, /SPECBOUND_GOOGLE|specbound login|Google/],
    ['bs_get_project', { projectId: PROJECT }, 404, /bs_list_projects/, /\.clasp\.json|gas_/],
    ['gas_get_project', { scriptId: 'abc' }, 401, /SPECBOUND_GOOGLE_TOKEN|specbound login/, /BUGSMASH/],
    ['gas_get_project', { scriptId: 'abc' }, 404, /scriptId/, /BUGSMASH|bs_/],
  ] as const)('%s %j on a %i: a hint for that service', async (tool, args, status, wanted, unwanted) => {
    const fetch = async (request: Request) =>
      new URL(request.url).pathname.startsWith('/api/v2/')
        ? Response.json({ status: false, message: 'refused' }, { status })
        : Response.json({ error: { code: status, message: 'refused', status: 'X' } }, { status });
    const mcp = await connect({
      ...SERVICES,
      env: { BUGSMASH_API_KEY: KEY, SPECBOUND_GOOGLE_TOKEN: TOKEN },
      fetch,
    });
    const answer = await mcp.call(tool, args);
    expect(answer.isError).toBe(true);
    const hint = answer.text.split('What to do: ')[1] ?? '';
    expect(hint).toMatch(wanted);
    expect(hint).not.toMatch(unwanted);
    await mcp.close();
  });
});
