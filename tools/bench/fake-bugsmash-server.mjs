// A fake BugSmash REST API for the export bench: PROJECTS projects of PER_PROJECT comments each,
// every tenth comment with one reply, generated on the fly (so the server holds nothing). Runs in
// its own process; prints its base URL on stdout.
import { createServer } from 'node:http';

const PROJECTS = Number(process.env.PROJECTS ?? 1000);
const PER_PROJECT = Number(process.env.PER_PROJECT ?? 100);
const KEY = process.env.BUGSMASH_API_KEY ?? 'bench-key';
const TIME = '2026-01-31T08:10:00.000000Z';

const hex = (n, width) => n.toString(16).padStart(width, '0');
const projectId = (p) => `00000000-0000-4000-8000-${hex(p, 12)}`;
const commentId = (p, c) => `${hex(p, 8)}-0000-4000-8000-${hex(c, 12)}`;

function comment(p, c) {
  return {
    comment_id: commentId(p, c),
    comment: `Comment ${c} on project ${p}: the button overlaps the footer on narrow screens, see the pin.`,
    comment_number: c,
    status: c % 4 === 0 ? 'Resolved' : 'Active',
    priority: ['Unset', 'P1', 'P2', 'P3', 'P4'][c % 5],
    created_at: TIME,
    updated_at: TIME,
    is_private: false,
    comment_by_name: 'Grace Hopper',
    comment_by_email: 'grace@example.com',
    assigned_to_name: null,
    assigned_to_email: null,
    project_type: 'website',
    attachment_file_url: null,
    audio_file_url: null,
    comment_screenshot_file_url: null,
    tags: [{ id: '9d1f3b5d-7f9a-4b2c-8d4e-6f8a0b2c4d6e', name: 'Layout' }],
    comment_metadata: { browser: 'Chrome', view: 'Desktop' },
    location_metadata: { page_url: `https://example.com/page-${c % 7}/` },
  };
}

const send = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer((req, res) => {
  if (req.headers['x-api-key'] !== KEY)
    return send(res, 401, { status: false, message: 'Invalid X-API-Key' });
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname.replace(/^\/api\/v2/, '');
  if (path === '/projects') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const last = Math.ceil(PROJECTS / limit);
    const data = [];
    for (let p = (page - 1) * limit + 1; p <= Math.min(PROJECTS, page * limit); p++) {
      data.push({
        id: projectId(p),
        name: `Project ${p}`,
        type: 'website',
        share_access: 'private',
        short_url: 'https://app.bugsmash.io/review/AbCdE',
        created_at: TIME,
        updated_at: TIME,
      });
    }
    return send(res, 200, {
      status: true,
      message: 'All Projects',
      data,
      current_page: page,
      last_page: last,
      per_page: limit,
      total: PROJECTS,
    });
  }
  if (path === '/comments') {
    const p = Number.parseInt((url.searchParams.get('projectId') ?? '').slice(-12), 16);
    const data = [];
    for (let c = 1; c <= PER_PROJECT; c++) data.push(comment(p, c));
    return send(res, 200, { status: true, message: 'Comment data', active: PER_PROJECT, resolved: 0, data });
  }
  const replies = /^\/comment\/([^/]+)\/replies$/.exec(path);
  if (replies) {
    const c = Number.parseInt(replies[1].slice(-12), 16);
    const data =
      c % 10 === 0
        ? [
            {
              comment_id: replies[1],
              comment: 'Fixed in V3, thanks.',
              comment_by_name: 'Ada Lovelace',
              created_at: TIME,
            },
          ]
        : [];
    return send(res, 200, { status: true, message: 'Replies', data });
  }
  send(res, 404, { status: false, message: 'Not found', data: [] });
});
server.keepAliveTimeout = 30_000;
server.on('connection', (socket) => socket.setNoDelay(true));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/api/v2\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
