// The listener's memory budget depends on what it loads: a verifying listener that forwards must
// not load Node's fetch (undici) or http2, about 12 MiB of RSS it has no use for. Checked in a fresh
// process running the built listener (tools/bench/listen.mjs measures the RSS itself).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const LISTEN = new URL('../../dist/bugsmash/listen.js', import.meta.url).href;
const TOOLS = fileURLToPath(new URL('../..', import.meta.url));

// Requests go out through node:http (got with getBuiltinModule), never fetch, so the check sees
// only what the listener loaded.
const SCRIPT = `
const { once } = await import('node:events');
const { listenForWebhooks } = await import(${JSON.stringify(LISTEN)});
const { signWebhook } = await import('@specbound/bugsmash');
const http = process.getBuiltinModule('node:http');
const app = http.createServer((req, res) => { req.resume(); res.end('x'.repeat(3 * 1024 * 1024)); });
app.listen(0, '127.0.0.1');
await once(app, 'listening');
const listener = await listenForWebhooks({
  secret: 's3cret',
  forwardTo: 'http://127.0.0.1:' + app.address().port + '/hook',
  onDelivery: () => {},
});
const body = '{"event":"new_comment"}';
const headers = await signWebhook({ rawBody: body, secret: 's3cret', timestamp: Math.floor(Date.now() / 1000) });
const relayed = await new Promise((resolve, reject) => {
  const req = http.request(listener.url, { method: 'POST', headers }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => { bytes += chunk.length; });
    res.on('end', () => resolve({ status: res.statusCode, bytes }));
  });
  req.on('error', reject);
  req.end(body);
});
await listener.close();
app.close();
console.log(JSON.stringify({ ...relayed, loaded: process.moduleLoadList.filter((m) => /undici|http2/.test(m)) }));
`;

describe('webhooks listen: what it loads', () => {
  it('verifies and relays a forwarded answer without loading fetch (undici) or http2', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: TOOLS,
    });
    expect(JSON.parse(stdout)).toEqual({ status: 200, bytes: 3 * 1024 * 1024, loaded: [] });
  });
});
