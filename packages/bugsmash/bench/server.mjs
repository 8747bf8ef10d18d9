// The loopback server of bench.mjs, in its own process so that its CPU time is not charged to the
// clients being measured. Prints its port on stdout. Answers `GET /api/v2/comments?projectId=…`
// with the BugSmash envelope around 20 comments and the active/resolved counts.
import { createServer } from 'node:http';

const comment = (n) => ({
  comment_id: `7c1d3e5f-2a4b-4c6d-8e0f-${String(n).padStart(12, '0')}`,
  comment: `<p>The header overlaps the logo on narrow screens (${n}).</p>`,
  comment_number: n,
  status: n % 3 === 0 ? 'resolved' : 'active',
  priority: 'medium',
  created_at: '2026-01-31T07:58:30.000000Z',
  updated_at: '2026-02-01T10:12:00.000000Z',
  is_private: false,
  comment_by_name: 'Ada Lovelace',
  comment_by_email: 'ada@example.com',
  assigned_to_name: null,
  assigned_to_email: null,
  project_type: 'website',
  attachment_file_url: null,
  audio_file_url: null,
  comment_screenshot_file_url: `https://cdn.bugsmash.io/shots/${n}.png`,
  tags: [{ id: '3f2b8c1d-0a4e-4b6f-9c2d-5e7f8a9b0c1d', name: 'layout', color: '#ff5722' }],
});
const body = Buffer.from(
  JSON.stringify({
    status: true,
    message: 'Comments',
    data: Array.from({ length: 20 }, (_, i) => comment(i + 1)),
    active: 14,
    resolved: 6,
  }),
);

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('disconnect', () => process.exit(0));
