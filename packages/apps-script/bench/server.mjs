// The loopback server of bench.mjs, in its own process so that its CPU time is not charged to the
// clients being measured. Prints its port on stdout, then answers every request with one Project.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{}';
const length = Buffer.byteLength(body);
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('disconnect', () => process.exit(0));
