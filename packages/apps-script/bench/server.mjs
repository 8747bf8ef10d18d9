// The loopback server of the benches, in its own process so that its CPU time is not charged to
// the clients being measured. Prints its port on stdout. Answers, like Google would:
//   GET  /v1/projects/{id}                 one Project
//   GET  /v1/processes?pageSize&pageToken  a page of processes out of TOTAL (argv[2], default 1000)
//   POST /v1/scripts/{id}:run              an Operation whose result is the request's parameters
import { createServer } from 'node:http';

const TOTAL = Number.parseInt(process.argv[2] ?? '1000', 10);

const PROJECT = Buffer.from(
  JSON.stringify({
    scriptId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop',
    title: 'Invoice mailer',
    parentId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    createTime: '2026-05-02T09:14:07.512Z',
    updateTime: '2026-06-01T16:40:00.118Z',
    creator: { domain: 'example.com', email: 'ada@example.com', name: 'Ada Lovelace' },
    lastModifyUser: { domain: 'example.com', email: 'ada@example.com', name: 'Ada Lovelace' },
  }),
);

const STATUSES = ['COMPLETED', 'FAILED', 'RUNNING', 'TIMED_OUT'];
function process_(i) {
  return {
    projectName: `Project ${i % 97}`,
    functionName: `handler${i % 13}`,
    processType: i % 3 === 0 ? 'TIME_DRIVEN' : 'EXECUTION_API',
    processStatus: STATUSES[i % STATUSES.length],
    userAccessLevel: 'OWNER',
    startTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    duration: `${(i % 300) / 10 + 0.1}s`,
  };
}

// Pages are built once per (offset, size): the server should cost the same for every client.
const pages = new Map();
function page(offset, size) {
  const key = `${offset}:${size}`;
  let body = pages.get(key);
  if (body === undefined) {
    const end = Math.min(offset + size, TOTAL);
    const processes = [];
    for (let i = offset; i < end; i++) processes.push(process_(i));
    body = Buffer.from(JSON.stringify(end < TOTAL ? { processes, nextPageToken: `t${end}` } : { processes }));
    if (pages.size < 10_000) pages.set(key, body);
  }
  return body;
}

function send(response, body) {
  response.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': body.length,
  });
  response.end(body);
}

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  if (request.method === 'POST') {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const { parameters = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      send(
        response,
        Buffer.from(
          JSON.stringify({
            done: true,
            response: {
              '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse',
              result: { echoed: parameters, ok: true },
            },
          }),
        ),
      );
    });
    return;
  }
  request.resume();
  if (url.startsWith('/v1/processes')) {
    const query = new URL(url, 'http://x').searchParams;
    const size = Number.parseInt(query.get('pageSize') ?? '50', 10);
    const token = query.get('pageToken');
    send(response, page(token === null ? 0 : Number.parseInt(token.slice(1), 10), size));
    return;
  }
  send(response, PROJECT);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('disconnect', () => process.exit(0));
