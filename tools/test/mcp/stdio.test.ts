// The "Done when": `specbound mcp` driven through the SDK's own Client over stdio against the
// embedded emulator. One server process per describe block.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpSession, startMcp } from './stdio-client.js';

/** The emulator's own credentials: the server is given them, and no answer may show them. */
const SECRETS = ['local-emulator-key', 'local-dev-token'];
/** The seeded Apps Script project (the emulator's demo data set names it the same on every start). */
const INVOICE_MAILER = `1${createHash('sha256').update('specbound-demo:invoice-mailer').digest('base64url').slice(0, 42)}`;

async function bundledBugsmashSpec() {
  const bundle = createRequire(import.meta.url).resolve('@specbound/bugsmash/openapi.json');
  return JSON.parse(await readFile(bundle, 'utf8'));
}

function expectNoSecrets(mcp: McpSession) {
  const transcript = mcp.transcript();
  for (const secret of SECRETS) expect(transcript).not.toContain(secret);
}

describe('specbound mcp --emulator --seed (read-only)', () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await startMcp(['--emulator', '--seed']);
  });
  afterAll(async () => {
    expectNoSecrets(mcp);
    await mcp.close();
  });

  it('lists both tool sets with truthful annotations and input schemas taken from the specs', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      'gas_get_content',
      'gas_update_content',
      'gas_deploy',
      'gas_run',
      'gas_list_processes',
      'gas_get_metrics',
      'bs_list_comments',
      'bs_reply',
      'bs_update_comment',
      'bs_export_comments',
      'bs_create_webhook',
      'bs_delete_webhook',
      'bs_review_link',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('bs_list_comments')?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(byName.get('bs_reply')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(byName.get('gas_delete_deployment')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    const spec = await bundledBugsmashSpec();
    const reply = byName.get('bs_reply')?.inputSchema.properties?.isPrivate;
    expect(reply).toEqual(spec.components.schemas.CreateReplyRequest.properties.isPrivate);
    expect(byName.get('bs_update_comment')?.inputSchema.properties?.priority).toMatchObject({
      enum: spec.components.schemas.CommentPriority.enum,
    });
  });

  it('runs a read-only session over both services', async () => {
    const projects = await mcp.call('bs_list_projects');
    expect(projects.isError).toBeUndefined();
    const items = projects.structuredContent?.items as { id: string; name: string }[];
    expect(items.map((p) => p.name)).toContain('Annual report');
    const comments = await mcp.call('bs_list_comments', { projectId: items[0]?.id, status: 'active' });
    expect(comments.text).toMatch(/^\d+ comments; showing/);
    const content = await mcp.call('gas_get_content', { scriptId: INVOICE_MAILER, files: ['appsscript'] });
    expect(content.structuredContent?.files).toEqual([
      expect.objectContaining({ name: 'appsscript', type: 'JSON' }),
    ]);
    const deployments = await mcp.call('gas_list_deployments', { scriptId: INVOICE_MAILER });
    expect(deployments.structuredContent?.total).toBeGreaterThan(0);
  });

  it('refuses a write, saying how to allow it, and changes nothing', async () => {
    const projects = await mcp.call('bs_list_projects');
    const projectId = ((projects.structuredContent?.items ?? []) as { id: string }[])[0]?.id;
    const before = await mcp.call('bs_list_comments', { projectId });
    const commentId = ((before.structuredContent?.items ?? []) as { comment_id: string }[])[0]?.comment_id;
    const refused = await mcp.call('bs_reply', { commentId, text: 'on it' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('read-only');
    expect(refused.text).toContain('--allow-writes');
    const comment = await mcp.call('bs_get_comment', { commentId });
    expect(comment.text).not.toContain('on it');
  });

  it('serves each spec as a resource and the triage prompt', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'specbound://specs/apps-script',
      'specbound://specs/bugsmash',
    ]);
    const read = await mcp.client.readResource({ uri: 'specbound://specs/bugsmash' });
    const text = (read.contents[0] as { text: string }).text;
    expect(JSON.parse(text).openapi).toMatch(/^3\.1/);
    const prompt = await mcp.client.getPrompt({ name: 'triage_comments', arguments: { projectId: 'p-1' } });
    const message = prompt.messages[0]?.content as { text: string };
    expect(message.text).toContain('bs_list_comments');
    expect(message.text).toContain('read-only');
  });
});

const MANIFEST = JSON.stringify({
  timeZone: 'Etc/UTC',
  runtimeVersion: 'V8',
  executionApi: { access: 'MYSELF' },
});
const CODE = [
  "function hello(name) { console.log('greeting ' + name); return 'Hello ' + name; }",
  "function fail() { throw new TypeError('no invoices today'); }",
].join('\n');

describe('specbound mcp --emulator --seed --allow-writes', () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await startMcp(['--emulator', '--seed', '--allow-writes']);
  });
  afterAll(async () => {
    expectNoSecrets(mcp);
    await mcp.close();
  });

  it('runs an Apps Script flow: create, update content, version, deploy, run with logs', async () => {
    const created = await mcp.call('gas_create_project', { title: 'MCP flow' });
    const scriptId = created.structuredContent?.scriptId as string;
    expect(scriptId).toMatch(/^1/);
    const written = await mcp.call('gas_update_content', {
      scriptId,
      files: [
        { name: 'appsscript', type: 'JSON', source: MANIFEST },
        { name: 'Code', type: 'SERVER_JS', source: CODE },
      ],
    });
    expect(written.isError, written.text).toBeUndefined();
    // A second write of one file keeps the others (read-merge-write).
    await mcp.call('gas_update_content', {
      scriptId,
      files: [{ name: 'util', type: 'SERVER_JS', source: 'function util() {}' }],
    });
    const files = await mcp.call('gas_get_content', { scriptId });
    expect(((files.structuredContent?.files ?? []) as { name: string }[]).map((f) => f.name).sort()).toEqual([
      'Code',
      'appsscript',
      'util',
    ]);
    const deleteRefused = await mcp.call('gas_update_content', { scriptId, deleteFiles: ['util'] });
    expect(deleteRefused.isError).toBe(true);
    expect(deleteRefused.text).toContain('confirm: true');

    const version = await mcp.call('gas_create_version', { scriptId, description: 'v1' });
    expect(version.structuredContent?.versionNumber).toBe(1);
    const deployed = await mcp.call('gas_deploy', { scriptId, versionNumber: 1 });
    expect(deployed.structuredContent).toMatchObject({ action: 'created', versionNumber: 1 });
    const redeployed = await mcp.call('gas_deploy', { scriptId });
    expect(redeployed.structuredContent).toMatchObject({
      action: 'updated',
      deploymentId: deployed.structuredContent?.deploymentId,
      versionNumber: 2,
    });

    const ran = await mcp.call('gas_run', { scriptId, function: 'hello', parameters: ['Ada'] });
    expect(ran.isError, ran.text).toBeUndefined();
    expect(ran.structuredContent).toMatchObject({
      result: 'Hello Ada',
      target: deployed.structuredContent?.deploymentId,
    });
    expect(ran.structuredContent?.logs).toEqual([expect.stringContaining('greeting Ada')]);
    const failed = await mcp.call('gas_run', { scriptId, function: 'fail' });
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain('no invoices today');
    expect(failed.structuredContent?.error).toMatchObject({
      message: expect.stringContaining('no invoices today'),
    });

    const webApp = await mcp.call('gas_deploy', { scriptId, access: 'ANYONE', executeAs: 'USER_ACCESSING' });
    expect(webApp.structuredContent).toMatchObject({
      action: 'updated',
      webAppPatch: { after: { access: 'ANYONE', executeAs: 'USER_ACCESSING' }, changed: true },
    });
    expect((await mcp.call('gas_deploy', { scriptId, access: 'EVERYONE' })).isError).toBe(true);

    const deploymentId = deployed.structuredContent?.deploymentId;
    expect(
      (await mcp.call('gas_delete_deployment', { scriptId, deploymentId, confirm: false })).isError,
    ).toBe(true);
    const deleted = await mcp.call('gas_delete_deployment', { scriptId, deploymentId, confirm: true });
    expect(deleted.structuredContent).toMatchObject({ deleted: true });
  });

  it('runs a BugSmash flow: reply, resolve, export', async () => {
    const projects = await mcp.call('bs_list_projects');
    const projectId = ((projects.structuredContent?.items ?? []) as { id: string; name: string }[]).find(
      (p) => p.name === 'Annual report',
    )?.id;
    const active = await mcp.call('bs_list_comments', { projectId, status: 'active' });
    const commentId = ((active.structuredContent?.items ?? []) as { comment_id: string }[])[0]
      ?.comment_id as string;
    const replied = await mcp.call('bs_reply', { commentId, text: 'Axis labels added in v2.' });
    expect(replied.isError, replied.text).toBeUndefined();
    const resolved = await mcp.call('bs_update_comment', { commentId, status: 'Resolved', priority: 'P2' });
    expect(resolved.structuredContent).toMatchObject({ status: 'Resolved', priority: 'P2' });
    const exported = await mcp.call('bs_export_comments', { projectId, format: 'ndjson' });
    const lines = exported.text
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const row = lines.find((l) => l.comment_id === commentId);
    expect(row.status).toBe('Resolved');
    expect(row.replies.map((r: { comment: string }) => r.comment)).toContain('Axis labels added in v2.');
  });

  it('creates a website review link', async () => {
    const created = await mcp.call('bs_create_review_link', {
      projectName: 'Landing page',
      websiteUrl: 'https://example.test/',
    });
    expect(created.isError, created.text).toBeUndefined();
    expect(created.structuredContent).toMatchObject({
      name: 'Landing page',
      review_link: expect.stringMatching(/^https:/),
    });
  });

  it("withholds a new webhook's signing secret and asks for confirmation before deleting it", async () => {
    const created = await mcp.call('bs_create_webhook', {
      webhookUrl: 'https://example.test/hook',
      events: ['new_comment'],
    });
    expect(created.isError, created.text).toBeUndefined();
    expect(created.structuredContent?.secret).toBe('[REDACTED]');
    const webhookId = created.structuredContent?.id as string;
    const refused = await mcp.call('bs_delete_webhook', { webhookId, confirm: false });
    expect(refused.text).toContain('confirm: true');
    const listed = await mcp.call('bs_list_webhooks');
    expect(listed.text).toContain(webhookId);
    expect((await mcp.call('bs_delete_webhook', { webhookId, confirm: true })).isError).toBeUndefined();
  });
});
