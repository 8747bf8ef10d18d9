import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@specbound/bugsmash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { bugsmash, strictEmulator } from './helpers.ts';

interface Received {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A loopback webhook receiver that fails its first `failFirst` deliveries (to exercise retries). */
async function receiver(failFirst = 0): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls++;
      if (calls <= failFirst) {
        res.writeHead(503).end();
        return;
      }
      received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator();
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});

async function addComment(projectId: string, text: string): Promise<{ comment_id: string }> {
  const res = await fetch(`${emulator.controlUrl}/bugsmash/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      projectId,
      text,
      byName: 'Grace Hopper',
      byEmail: 'grace@example.com',
      priority: 'P2',
      tags: ['layout'],
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { comment_id: string };
}

describe('BugSmash: full flow through @specbound/bugsmash', () => {
  it('project → version upload → comments → reply → resolve → signed webhook deliveries', async () => {
    const client = bugsmash(emulator);
    const hook = await receiver(1);
    const created = (await client.webhooks.create({
      webhookUrl: hook.url,
      events: ['new_comment', 'comment_replied', 'status_changed', 'comment_updated'],
    })) as { id: string; secret: string };
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await client.webhooks.list();
    expect(listed).toEqual([
      {
        id: created.id,
        webhookUrl: hook.url,
        events: ['new_comment', 'comment_replied', 'status_changed', 'comment_updated'],
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const project = await client.projects.create({
      projectName: 'Brochure',
      projectType: 'pdf',
      file: {
        data: new TextEncoder().encode('%PDF-1.4 one'),
        filename: 'brochure.pdf',
        contentType: 'application/pdf',
      },
    });
    expect(project).toMatchObject({
      name: 'Brochure',
      review_link: expect.stringMatching(/^https:\/\/app\.bugsmash\.io\/review\/\w{5}$/),
    });
    const projectId = String(project.id);
    const v2 = (await client.versions.create({
      projectId,
      file: {
        data: new TextEncoder().encode('%PDF-1.4 two'),
        filename: 'brochure-v2.pdf',
        contentType: 'application/pdf',
      },
    })) as { id: string };
    const versions = await client.versions.list({ projectId });
    expect(versions.map((v) => [v.version_name, v.is_latest])).toEqual([
      ['V1', false],
      ['V2', true],
    ]);
    const version = await client.versions.get({ versionId: v2.id });
    expect(version.project_files[0]).toMatchObject({ extension: '.pdf', file_size: 12 });
    const download = await fetch(version.project_files[0]?.file_url ?? '');
    expect(await download.text()).toBe('%PDF-1.4 two');

    const comment = await addComment(projectId, 'Logo is blurry on page 1.');
    const list = await client.comments.list({ projectId, plainText: true });
    expect(list).toMatchObject({
      active: 1,
      resolved: 0,
      data: [{ comment: 'Logo is blurry on page 1.', comment_number: 1, priority: 'P2' }],
    });

    const reply = await client.replies.create({
      commentId: comment.comment_id,
      text: 'Replaced with the vector logo.',
    });
    expect(reply).toMatchObject({ comment: '<p>Replaced with the vector logo.</p>' });
    const resolved = await client.comments.update({ commentId: comment.comment_id, status: 'Resolved' });
    expect(resolved.status).toBe('Resolved');
    const details = await client.comments.get({ commentId: comment.comment_id, plainText: true });
    expect(details.replies).toEqual([expect.objectContaining({ comment: 'Replaced with the vector logo.' })]);
    expect(await client.comments.list({ projectId, status: 'active' })).toMatchObject({
      active: 0,
      resolved: 1,
      data: [],
    });

    await emulator.webhooksIdle();
    // The first attempt got a 503 and its retry came later, so order is not fixed (as with any webhook
    // service). Every delivery verifies with the client.
    const events = hook.received.map((r) => (JSON.parse(r.rawBody) as { event: string }).event);
    expect(events.sort()).toEqual(['comment_replied', 'new_comment', 'status_changed']);
    for (const r of hook.received) {
      await verifyWebhook({ rawBody: r.rawBody, headers: r.headers, secret: created.secret });
      await expect(
        verifyWebhook({ rawBody: `${r.rawBody} `, headers: r.headers, secret: created.secret }),
      ).rejects.toMatchObject({ reason: 'signature_mismatch' });
    }
    const statusChanged = hook.received.find((r) => r.rawBody.includes('"status_changed"'));
    expect(JSON.parse(statusChanged?.rawBody ?? '{}')).toMatchObject({
      event: 'status_changed',
      previous_status: 'Active',
      comment: { status: 'Resolved' },
    });
    expect(emulator.deliveries().find((d) => d.event === 'new_comment')).toMatchObject({
      outcome: 'delivered',
      attempts: 2,
    });

    await client.comments.update({ commentId: comment.comment_id, priority: 'P1' });
    expect(await client.webhooks.test({ event: 'comment_updated' })).toMatchObject({ deliveries: 1 });
    await emulator.webhooksIdle();
    expect(
      hook.received.slice(3).map((r) => JSON.parse(r.rawBody) as { event: string; test?: boolean }),
    ).toEqual([
      expect.objectContaining({ event: 'comment_updated' }),
      expect.objectContaining({ event: 'comment_updated', test: true }),
    ]);
    hook.server.close();
  });

  it('creates website projects, pages them, groups them in folders, updates and deletes', async () => {
    const client = bugsmash(emulator);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await client.projects.create({
        projectName: `Site ${i}`,
        projectType: 'website',
        websiteUrl: `https://example.com/${i}`,
      });
      ids.push(String(p.id));
    }
    const page = await client.projects.list({ page: 1, limit: 2 });
    expect(page).toMatchObject({ current_page: 1, last_page: expect.any(Number), per_page: 2 });
    const all = [];
    for await (const p of client.projects.iterate({ types: ['website'] })) all.push(p.id);
    expect(all).toEqual(expect.arrayContaining(ids));

    const folder = (await client.folders.create({ name: 'Clients', projectIds: [ids[0] ?? ''] })) as {
      id: string;
    };
    const inFolder = await client.projects.list({ folderId: folder.id });
    expect(inFolder.data.map((p) => p.id)).toEqual([ids[0]]);
    const updated = await client.folders.update({
      folderId: folder.id,
      name: 'Clients 2026',
      access: 'public',
      addProjectIds: [ids[1] ?? ''],
    });
    expect(updated).toMatchObject({ name: 'Clients 2026', share_access: 'public' });
    expect(await client.folders.get({ folderId: folder.id })).toMatchObject({
      projects: expect.arrayContaining([expect.objectContaining({ id: ids[1] })]),
    });
    await client.folders.delete({ folderId: folder.id });
    await expect(client.folders.get({ folderId: folder.id })).rejects.toMatchObject({ status: 404 });

    await client.projects.update({ projectId: ids[2] ?? '', name: 'Renamed', share_access: 'public' });
    expect(await client.projects.get({ projectId: ids[2] ?? '' })).toMatchObject({
      name: 'Renamed',
      project_versions: [{ version_name: 'V1', is_latest: true }],
    });
    const v2 = (await client.versions.create({
      projectId: ids[2] ?? '',
      websiteUrl: 'https://example.com/v2',
    })) as { id: string; ext_link: string };
    expect(v2.ext_link).toBe('https://example.com/v2');
    await client.versions.delete({ versionId: v2.id });
    await client.projects.delete({ projectId: ids[2] ?? '' });
    await expect(client.projects.get({ projectId: ids[2] ?? '' })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Project not found'),
    });
  });

  it('checks X-API-Key and answers 422s naming the field', async () => {
    await expect(bugsmash(emulator, 'wrong-key').projects.list()).rejects.toMatchObject({ status: 401 });
    const res = await fetch(`${emulator.bugsmashUrl}/projects`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: false, message: 'Invalid X-API-Key' });

    const bad = await fetch(`${emulator.bugsmashUrl}/folder`, {
      method: 'POST',
      headers: { 'x-api-key': 'test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ projectIds: [] }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ status: false, message: 'The name field is required.' });
    const badLimit = await fetch(`${emulator.bugsmashUrl}/projects?limit=500`, {
      headers: { 'x-api-key': 'test-api-key' },
    });
    expect(badLimit.status).toBe(422);
    expect(await badLimit.json()).toMatchObject({ message: expect.stringContaining('limit') });
    const wrongType = await fetch(`${emulator.bugsmashUrl}/project/generate-review-link`, {
      method: 'POST',
      headers: { 'x-api-key': 'test-api-key' },
      body: (() => {
        const form = new FormData();
        form.append('projectName', 'Not a PDF');
        form.append('projectType', 'pdf');
        form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'x.gif');
        return form;
      })(),
    });
    expect(wrongType.status).toBe(422);
    expect(await wrongType.json()).toMatchObject({ message: 'The file must be a file of type: pdf.' });
  });
});
