// The loopback server of the Sheets bench, in its own process so that its CPU time is not charged
// to the clients being measured. Prints its port on stdout. Answers, like Google would:
//   GET /v4/spreadsheets/{id}/values/{range}  a ValueRange of ROWS × 5 cells
//   PUT /v4/spreadsheets/{id}/values/{range}  an UpdateValuesResponse (the body is read, not kept)
import { createServer } from 'node:http';

const ROWS = Number.parseInt(process.argv[2] ?? '100', 10);
const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';

// Built once: the server should cost the same for every client.
const VALUES = Buffer.from(
  JSON.stringify({
    range: `Sheet1!A1:E${ROWS}`,
    majorDimension: 'ROWS',
    values: Array.from({ length: ROWS }, (_, i) => [`Item ${i}`, i, i * 1.5, i % 2 === 0, '2026-11-25']),
  }),
);
const UPDATED = Buffer.from(
  JSON.stringify({
    spreadsheetId: ID,
    updatedRange: `Sheet1!A1:E${ROWS}`,
    updatedRows: ROWS,
    updatedColumns: 5,
    updatedCells: ROWS * 5,
  }),
);

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const ok = path.startsWith(`/v4/spreadsheets/${ID}/values/`);
    const body = !ok ? undefined : req.method === 'GET' ? VALUES : req.method === 'PUT' ? UPDATED : undefined;
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('disconnect', () => server.close(() => process.exit(0)));
