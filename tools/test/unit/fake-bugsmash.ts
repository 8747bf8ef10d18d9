// A fake BugSmash behind a `fetch`: enough of the REST API for the workflows' unit tests, with a
// record of every request and hooks to fail or slow down chosen calls. The real client runs over it.
import { createBugSmashClient } from '@specbound/bugsmash';

export const BASE = 'https://bugsmash.test/api/v2';

export interface FakeComment {
  comment_id: string;
  comment: string;
  comment_number: number;
  status: 'Active' | 'Resolved';
  priority: 'Unset' | 'P1' | 'P2' | 'P3' | 'P4';
  created_at: string;
  updated_at: string;
  is_private: boolean;
  comment_by_name: string | null;
  comment_by_email: string | null;
  assigned_to_name: null;
  assigned_to_email: null;
  attachment_file_url: null;
  audio_file_url: null;
  comment_screenshot_file_url: null;
  tags: { id: string; name: string }[];
}

export function fakeComment(n: number, overrides: Partial<FakeComment> = {}): FakeComment {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    comment_id: id,
    comment: `Comment ${n}`,
    comment_number: n,
    status: 'Active',
    priority: 'Unset',
    created_at: '2026-01-01T00:00:00.000000Z',
    updated_at: '2026-01-01T00:00:00.000000Z',
    is_private: false,
    comment_by_name: 'Ada',
    comment_by_email: 'ada@example.com',
    assigned_to_name: null,
    assigned_to_email: null,
    attachment_file_url: null,
    audio_file_url: null,
    comment_screenshot_file_url: null,
    tags: [],
    ...overrides,
  };
}

export interface FakeProject {
  id: string;
  name: string;
  comments: FakeComment[];
  replies?: Record<string, { comment: string; comment_by_name: string }[]>;
}

export interface Fake {
  fetch: (request: Request) => Promise<Response>;
  requests: { method: string; path: string; body?: unknown }[];
  /** The most replies fetches that were in flight at once. */
  maxRepliesInFlight: number;
  /** Called before a request is answered; a Response it returns is sent instead. */
  intercept?: (request: Request, path: string) => Response | undefined | Promise<Response | undefined>;
  /** Delay of each replies fetch, ms. */
  repliesDelayMs: number;
}

const ok = (body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status: true, message: 'OK', ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

export function fakeBugSmash(projects: FakeProject[], pageSize = 2): Fake {
  let inFlight = 0;
  const fake: Fake = {
    requests: [],
    maxRepliesInFlight: 0,
    repliesDelayMs: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname.replace('/api/v2', '');
      const body =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      fake.requests.push({
        method: request.method,
        path: `${path}${url.search}`,
        ...(body === undefined ? {} : { body }),
      });
      const intercepted = await fake.intercept?.(request, path);
      if (intercepted !== undefined) return intercepted;
      if (request.method === 'GET' && path === '/projects') {
        const page = Number(url.searchParams.get('page') ?? '1');
        const lastPage = Math.max(1, Math.ceil(projects.length / pageSize));
        const data = projects.slice((page - 1) * pageSize, page * pageSize).map((p) => ({
          id: p.id,
          name: p.name,
          type: 'website',
          share_access: 'private',
          short_url: 'https://app.bugsmash.io/review/AbCdE',
          created_at: '2026-01-01T00:00:00.000000Z',
          updated_at: '2026-01-01T00:00:00.000000Z',
        }));
        return ok({
          data,
          current_page: page,
          last_page: lastPage,
          per_page: pageSize,
          total: projects.length,
        });
      }
      const project = /^\/project\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && project !== null) {
        const p = projects.find((x) => x.id === project[1]);
        if (p === undefined)
          return new Response(JSON.stringify({ status: false, message: 'Project not found', data: [] }), {
            status: 404,
          });
        return ok({ data: { id: p.id, name: p.name, project_versions: [], project_users: [] } });
      }
      if (request.method === 'GET' && path === '/comments') {
        const p = projects.find((x) => x.id === url.searchParams.get('projectId'));
        const status = url.searchParams.get('status');
        const data = (p?.comments ?? []).filter((c) => status === null || c.status.toLowerCase() === status);
        return ok({
          data,
          active: data.filter((c) => c.status === 'Active').length,
          resolved: data.filter((c) => c.status === 'Resolved').length,
        });
      }
      const replies = /^\/comment\/([^/]+)\/replies$/.exec(path);
      if (request.method === 'GET' && replies !== null) {
        inFlight++;
        fake.maxRepliesInFlight = Math.max(fake.maxRepliesInFlight, inFlight);
        try {
          if (fake.repliesDelayMs > 0) await new Promise((r) => setTimeout(r, fake.repliesDelayMs));
          const owner = projects.find((p) => p.comments.some((c) => c.comment_id === replies[1]));
          return ok({ data: owner?.replies?.[replies[1] as string] ?? [] });
        } finally {
          inFlight--;
        }
      }
      const comment = /^\/comment\/([^/]+)$/.exec(path);
      if (request.method === 'PATCH' && comment !== null) {
        const c = projects.flatMap((p) => p.comments).find((x) => x.comment_id === comment[1]);
        if (c === undefined)
          return new Response(JSON.stringify({ status: false, message: 'Comment not found' }), {
            status: 404,
          });
        Object.assign(c, body, { updated_at: new Date().toISOString() });
        return ok({ data: c });
      }
      if (request.method === 'POST' && path === '/reply') {
        return ok({ data: { comment_id: 'r1', comment: (body as { text: string }).text } });
      }
      return new Response(JSON.stringify({ status: false, message: `no route ${request.method} ${path}` }), {
        status: 404,
      });
    },
  };
  return fake;
}

export function clientOver(fake: Fake) {
  return createBugSmashClient({
    apiKey: 'unit-test-key-0123456789',
    baseUrl: BASE,
    fetch: fake.fetch,
    retry: false,
  });
}
