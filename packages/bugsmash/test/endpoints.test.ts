import { describe, expect, it } from 'vitest';
import type { BugSmashClient } from '../src/index.js';
import { API_KEY, BASE_URL, IDS, json, ok, only, setup } from './helpers.js';

const version = {
  id: IDS.version,
  project_id: IDS.project,
  ext_link: 'https://example.com',
  version_name: 'V1',
  version_no: 1,
  email_slug: null,
  updated_at: '2026-01-31T07:58:30.000000Z',
  status: 'To Review',
  pause_comment: 0,
  upload_status: 'completed',
  approved_by: null,
  approved_by_email: null,
  project_type: 'website',
  project_files: [],
  short_url: 'https://app.bugsmash.io/review/AbCdE',
};
const project = { id: IDS.project, name: 'Site', project_versions: [], project_users: [] };
const folder = {
  id: IDS.folder,
  parent_id: null,
  name: 'Clients',
  share_access: 'private',
  created_at: '2026-01-10T08:00:00.000000Z',
  updated_at: '2026-01-31T07:58:30.000000Z',
};
const comment = { comment_id: IDS.comment, comment: 'Hi', status: 'Active', tags: [] };
const reply = { comment_id: IDS.reply, comment: 'Fixed' };
const listItem = { id: IDS.project, name: 'Site', type: 'web', share_access: 'public' };

interface Case {
  name: string;
  call: (client: BugSmashClient) => Promise<unknown>;
  method: string;
  url: string;
  body?: unknown;
  answer: () => Response;
  result: unknown;
}

const cases: Case[] = [
  {
    name: 'projects.create (website, JSON) → generateReviewLink',
    call: (c) =>
      c.projects.create({
        projectName: 'Site',
        projectType: 'website',
        websiteUrl: 'https://example.com',
        anonymousComments: true,
      }),
    method: 'POST',
    url: '/project/generate-review-link',
    body: {
      projectName: 'Site',
      projectType: 'website',
      websiteUrl: 'https://example.com',
      anonymousComments: true,
    },
    answer: () =>
      json({
        status: true,
        message: 'Success',
        project: { id: IDS.project, name: 'Site', review_link: 'https://app.bugsmash.io/review/AbCdE' },
      }),
    result: { id: IDS.project, name: 'Site', review_link: 'https://app.bugsmash.io/review/AbCdE' },
  },
  {
    name: 'projects.list → listProjects',
    call: (c) => c.projects.list({ page: 2, limit: 10, folderId: 'null', types: ['pdf', 'video'] }),
    method: 'GET',
    url: '/projects?page=2&limit=10&folderId=null&types[]=pdf&types[]=video',
    answer: () => ok([listItem], { current_page: 2, last_page: 3, per_page: 10, total: 21 }),
    result: { data: [listItem], current_page: 2, last_page: 3, per_page: 10, total: 21 },
  },
  {
    name: 'projects.get → getProject',
    call: (c) => c.projects.get({ projectId: IDS.project }),
    method: 'GET',
    url: `/project/${IDS.project}`,
    answer: () => ok(project),
    result: project,
  },
  {
    name: 'projects.update → updateProject (snake_case body)',
    call: (c) =>
      c.projects.update({
        projectId: IDS.project,
        name: 'New',
        share_access: 'private',
        review_language: 'de',
      }),
    method: 'PATCH',
    url: `/project/${IDS.project}`,
    body: { name: 'New', share_access: 'private', review_language: 'de' },
    answer: () => ok({ id: IDS.project }),
    result: { id: IDS.project },
  },
  {
    name: 'projects.delete → deleteProject',
    call: (c) => c.projects.delete({ projectId: IDS.project }),
    method: 'DELETE',
    url: `/project/${IDS.project}`,
    answer: () => json({ status: true, message: 'Project deleted' }),
    result: undefined,
  },
  {
    name: 'versions.get → getVersion',
    call: (c) => c.versions.get({ versionId: IDS.version }),
    method: 'GET',
    url: `/version/${IDS.version}`,
    answer: () => ok(version),
    result: version,
  },
  {
    name: 'versions.list → listVersions',
    call: (c) => c.versions.list({ projectId: IDS.project }),
    method: 'GET',
    url: `/versions?projectId=${IDS.project}`,
    answer: () => ok([{ id: IDS.version, version_name: 'V1' }]),
    result: [{ id: IDS.version, version_name: 'V1' }],
  },
  {
    name: 'versions.create (website, JSON) → createVersion',
    call: (c) => c.versions.create({ projectId: IDS.project, websiteUrl: 'https://example.com/v2' }),
    method: 'POST',
    url: '/version',
    body: { projectId: IDS.project, websiteUrl: 'https://example.com/v2' },
    answer: () => ok({ id: IDS.version }),
    result: { id: IDS.version },
  },
  {
    name: 'versions.delete → deleteVersion',
    call: (c) => c.versions.delete({ versionId: IDS.version }),
    method: 'DELETE',
    url: `/version/${IDS.version}`,
    answer: () => ok([]),
    result: [],
  },
  {
    name: 'folders.list → listFolders',
    call: (c) => c.folders.list(),
    method: 'GET',
    url: '/folders',
    answer: () => ok([folder]),
    result: [folder],
  },
  {
    name: 'folders.get → getFolder',
    call: (c) => c.folders.get({ folderId: IDS.folder }),
    method: 'GET',
    url: `/folder/${IDS.folder}`,
    answer: () => ok({ ...folder, projects: [listItem] }),
    result: { ...folder, projects: [listItem] },
  },
  {
    name: 'folders.create → createFolder',
    call: (c) => c.folders.create({ name: 'Clients', projectIds: [IDS.project], parentId: IDS.folder }),
    method: 'POST',
    url: '/folder',
    body: { name: 'Clients', projectIds: [IDS.project], parentId: IDS.folder },
    answer: () => ok(folder),
    result: folder,
  },
  {
    name: 'folders.update → updateFolder',
    call: (c) => c.folders.update({ folderId: IDS.folder, access: 'public', addProjectIds: [IDS.project] }),
    method: 'PATCH',
    url: `/folder/${IDS.folder}`,
    body: { access: 'public', addProjectIds: [IDS.project] },
    answer: () => json({ status: true, message: 'Folder updated', data: folder }),
    result: folder,
  },
  {
    name: 'folders.delete → deleteFolder',
    call: (c) => c.folders.delete({ folderId: IDS.folder }),
    method: 'DELETE',
    url: `/folder/${IDS.folder}`,
    answer: () => json({ status: true, message: 'Folder deleted' }),
    result: undefined,
  },
  {
    name: 'comments.list → listComments (with the counts)',
    call: (c) => c.comments.list({ projectId: IDS.project, plainText: true, locationMetadata: true }),
    method: 'GET',
    url: `/comments?projectId=${IDS.project}&plainText=true&locationMetadata=true`,
    answer: () => ok([comment], { active: 1, resolved: 4 }),
    result: { data: [comment], active: 1, resolved: 4 },
  },
  {
    name: 'comments.get → getComment',
    call: (c) => c.comments.get({ commentId: IDS.comment, plainText: true }),
    method: 'GET',
    url: `/comment/${IDS.comment}?plainText=true`,
    answer: () => ok({ ...comment, replies: [reply] }),
    result: { ...comment, replies: [reply] },
  },
  {
    name: 'comments.update → updateComment',
    call: (c) =>
      c.comments.update({ commentId: IDS.comment, status: 'Resolved', priority: 'P1', isPrivate: false }),
    method: 'PATCH',
    url: `/comment/${IDS.comment}`,
    body: { status: 'Resolved', priority: 'P1', isPrivate: false },
    answer: () => ok({ ...comment, status: 'Resolved' }),
    result: { ...comment, status: 'Resolved' },
  },
  {
    name: 'comments.delete → deleteComment',
    call: (c) => c.comments.delete({ commentId: IDS.comment }),
    method: 'DELETE',
    url: `/comment/${IDS.comment}`,
    answer: () => ok(null),
    result: null,
  },
  {
    name: 'replies.list → listReplies (snake_case plain_text)',
    call: (c) => c.replies.list({ commentId: IDS.comment, plain_text: true }),
    method: 'GET',
    url: `/comment/${IDS.comment}/replies?plain_text=true`,
    answer: () => ok([reply]),
    result: [reply],
  },
  {
    name: 'replies.create → createReply',
    call: (c) => c.replies.create({ commentId: IDS.comment, text: 'Fixed', isPrivate: true }),
    method: 'POST',
    url: '/reply',
    body: { commentId: IDS.comment, text: 'Fixed', isPrivate: true },
    answer: () => ok(reply),
    result: reply,
  },
  {
    name: 'replies.delete → deleteReply',
    call: (c) => c.replies.delete({ replyId: IDS.reply }),
    method: 'DELETE',
    url: `/reply/${IDS.reply}`,
    answer: () => json({ status: true, message: 'Reply deleted', data: [] }),
    result: [],
  },
  {
    name: 'webhooks.list → listWebhooks',
    call: (c) => c.webhooks.list(),
    method: 'GET',
    url: '/webhooks',
    answer: () => ok([{ id: IDS.webhook, events: ['new_comment'] }]),
    result: [{ id: IDS.webhook, events: ['new_comment'] }],
  },
  {
    name: 'webhooks.create → createWebhook (returns the secret payload as is)',
    call: (c) =>
      c.webhooks.create({
        webhookUrl: 'https://hooks.example.com/b',
        events: ['new_comment', 'status_changed'],
      }),
    method: 'POST',
    url: '/webhook',
    body: { webhookUrl: 'https://hooks.example.com/b', events: ['new_comment', 'status_changed'] },
    answer: () => ok({ id: IDS.webhook, secret: 'whsec_once' }),
    result: { id: IDS.webhook, secret: 'whsec_once' },
  },
  {
    name: 'webhooks.update → updateWebhook',
    call: (c) =>
      c.webhooks.update({
        webhookId: IDS.webhook,
        webhookUrl: 'https://hooks.example.com/c',
        events: ['comment_updated'],
      }),
    method: 'PATCH',
    url: `/webhook/${IDS.webhook}`,
    body: { webhookUrl: 'https://hooks.example.com/c', events: ['comment_updated'] },
    answer: () => ok({ id: IDS.webhook }),
    result: { id: IDS.webhook },
  },
  {
    name: 'webhooks.delete → deleteWebhook',
    call: (c) => c.webhooks.delete({ webhookId: IDS.webhook }),
    method: 'DELETE',
    url: `/webhook/${IDS.webhook}`,
    answer: () => new Response(null, { status: 204 }),
    result: undefined,
  },
  {
    name: 'webhooks.test → testWebhook',
    call: (c) => c.webhooks.test({ event: 'comment_replied' }),
    method: 'POST',
    url: '/webhook/test',
    body: { event: 'comment_replied' },
    answer: () => json({ status: true, message: 'Test event sent' }),
    result: undefined,
  },
];

describe('every endpoint', () => {
  it('covers the 26 operations once each', () => {
    const operations = new Set(
      cases.map((c) => `${c.method} ${c.url.split('?')[0]?.replace(/[0-9a-f-]{36}/g, '{id}')}`),
    );
    expect(operations.size).toBe(26);
  });

  it.each(cases)('$name', async ({ call, method, url, body, answer, result }) => {
    const { client, requests } = setup(answer);
    await expect(call(client)).resolves.toEqual(result);
    const request = only(requests);
    expect(request.method).toBe(method);
    expect(request.url).toBe(`${BASE_URL}${url}`);
    expect(request.headers.get('x-api-key')).toBe(API_KEY);
    expect(request.headers.get('user-agent') ?? '').toContain('@specbound/bugsmash/');
    if (body === undefined) {
      expect(await request.text()).toBe('');
    } else {
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(await request.text())).toEqual(body);
    }
  });
});

describe('the convention around every method', () => {
  it('.withResponse() resolves to the data and the HTTP response (for headers such as rate limits)', async () => {
    const { client } = setup(() => ok([], {}));
    const { data, response } = await client.folders.list.withResponse();
    expect(data).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('`raw` is the instance the methods use: middleware added to it applies to every call', async () => {
    const { client, requests } = setup(() => ok({ id: IDS.project }));
    const seen: string[] = [];
    client.raw.use({
      onRequest({ request }) {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        request.headers.set('x-trace', 'on');
      },
    });
    await client.projects.get({ projectId: IDS.project });
    expect(seen).toEqual([`GET /api/v2/project/${IDS.project}`]);
    expect(only(requests).headers.get('x-trace')).toBe('on');
  });

  it('per-call options: headers are sent, and the signal aborts', async () => {
    const { client, requests } = setup(() => ok([]));
    await client.webhooks.list({}, { headers: { 'x-extra': '1' } });
    expect(only(requests).headers.get('x-extra')).toBe('1');
    const controller = new AbortController();
    controller.abort();
    await expect(client.webhooks.list({}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
