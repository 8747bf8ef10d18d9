// UrlFetchApp against a loopback server: Google's HTTPResponse, muteHttpExceptions, payloads,
// fetchAll, redirects checked hop by hop, and the host policy (loopback and --allow-fetch hosts only).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../src/index.ts';
import { appsScript } from './helpers.ts';

const CODE = `
function get(url) {
  var r = UrlFetchApp.fetch(url);
  return [r.getResponseCode(), JSON.parse(r.getContentText()), r.getHeaders()['content-type'], r.getContent().length,
    r.getBlob().getDataAsString()];
}
function fetchIt(url) { return UrlFetchApp.fetch(url).getContentText(); }
function muted(url) { var r = UrlFetchApp.fetch(url, { muteHttpExceptions: true }); return [r.getResponseCode(), r.getContentText()]; }
function post(url) { return UrlFetchApp.fetch(url, { method: 'post', payload: { a: 1, b: 'x y' } }).getContentText(); }
function all(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
`;

let server: Server;
let base: string;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true,"é":1}');
      } else if (req.url === '/redirect') {
        res.writeHead(302, { location: '/json' });
        res.end();
      } else if (req.url === '/away') {
        res.writeHead(302, { location: 'http://example.invalid/' });
        res.end();
      } else if (req.url === '/huge') {
        // One byte over Google's 50 MB a response, in 1 MiB chunks of one buffer.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(1024 * 1024, 120);
        for (let i = 0; i < 50; i++) res.write(chunk);
        res.end('x');
      } else if (req.url === '/echo') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`${req.method} ${req.headers['content-type']} ${Buffer.concat(chunks).toString()}`);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('nope');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function scripted(options: EmulatorOptions = {}) {
  const emulator = await startEmulator(options);
  const client = appsScript(emulator);
  const scriptId = String((await client.projects.create({ title: 'Fetch' })).scriptId);
  await client.projects.updateContent({
    scriptId,
    files: [
      { name: 'appsscript', type: 'JSON', source: '{"executionApi":{"access":"MYSELF"}}' },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ],
  });
  const run = (fn: string, ...parameters: unknown[]) =>
    client.scripts.run({ deploymentId: scriptId, function: fn, parameters, devMode: true });
  return { emulator, run };
}

describe('UrlFetchApp', () => {
  let emulator: RunningEmulator;
  let run: Awaited<ReturnType<typeof scripted>>['run'];
  beforeAll(async () => {
    ({ emulator, run } = await scripted());
  });
  afterAll(() => emulator.close());

  it('fetches from loopback: code, UTF-8 text, headers, bytes and blob; follows a loopback redirect', async () => {
    const expected = [200, { ok: true, é: 1 }, 'application/json', 18, '{"ok":true,"é":1}'];
    expect(await run('get', `${base}/json`)).toEqual(expected);
    expect(await run('get', `${base}/redirect`)).toEqual(expected);
  });

  it('throws Google’s exception for an error status unless muteHttpExceptions', async () => {
    await expect(run('fetchIt', `${base}/missing`)).rejects.toMatchObject({
      errorMessage: `Request failed for ${base}/missing returned code 404. Truncated server response: nope (use muteHttpExceptions option to examine full response)`,
    });
    expect(await run('muted', `${base}/missing`)).toEqual([404, 'nope']);
  });

  it('posts an object payload as a form, and fetches several at once', async () => {
    expect(await run('post', `${base}/echo`)).toBe('POST application/x-www-form-urlencoded a=1&b=x+y');
    expect(await run('all', [`${base}/json`, `${base}/echo`])).toEqual([200, 200]);
  });

  it('fails a response over 50 MB with Google’s exception, holding no more of it', async () => {
    await expect(run('fetchIt', `${base}/huge`)).rejects.toMatchObject({
      errorMessage: `Response too large: more than ${50 * 1024 * 1024} bytes.`,
    });
    expect(await run('fetchIt', `${base}/json`)).toBe('{"ok":true,"é":1}');
  });

  it('refuses any other host at once, a redirect off loopback included', async () => {
    const started = Date.now();
    await expect(run('fetchIt', 'https://example.com/')).rejects.toMatchObject({
      errorMessage: 'Address unavailable: https://example.com/',
    });
    await expect(run('fetchIt', `${base}/away`)).rejects.toMatchObject({
      errorMessage: 'Address unavailable: http://example.invalid/',
    });
    await expect(run('fetchIt', `http://0.0.0.0:${port}/json`)).rejects.toMatchObject({
      errorMessage: `Address unavailable: http://0.0.0.0:${port}/json`,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reaches a host the emulator was started with (allowFetch, --allow-fetch)', async () => {
    const allowing = await scripted({ allowFetch: ['0.0.0.0'] });
    try {
      expect(await allowing.run('fetchIt', `http://0.0.0.0:${port}/json`)).toBe('{"ok":true,"é":1}');
    } finally {
      await allowing.emulator.close();
    }
  });
});

describe('ScriptApp.getOAuthToken', () => {
  it('is a token the emulator knows as the user: a script calls the emulator’s own API with it', async () => {
    const emulator = await startEmulator();
    try {
      const client = appsScript(emulator);
      const scriptId = String((await client.projects.create({ title: 'Token' })).scriptId);
      await client.projects.updateContent({
        scriptId,
        files: [
          { name: 'appsscript', type: 'JSON', source: '{"executionApi":{"access":"MYSELF"}}' },
          {
            name: 'Code',
            type: 'SERVER_JS',
            source: `function whoAmI(base) {
  var token = ScriptApp.getOAuthToken();
  var project = JSON.parse(UrlFetchApp.fetch(base + '/v1/projects/' + ScriptApp.getScriptId(),
    { headers: { Authorization: 'Bearer ' + token } }).getContentText());
  return [project.creator.email, Session.getActiveUser().getEmail(), token === ScriptApp.getOAuthToken()];
}`,
          },
        ],
      });
      const [creator, user, stable] = (await client.scripts.run({
        deploymentId: scriptId,
        function: 'whoAmI',
        parameters: [emulator.appsScriptUrl],
        devMode: true,
      })) as [string, string, boolean];
      expect(creator).toBe(user);
      expect(stable).toBe(true);
      // Stored as a token of the user, and redacted in a state dump like every token.
      const dump = JSON.stringify(await (await fetch(`${emulator.controlUrl}/state`)).json());
      expect(dump).not.toContain('ya29.local-');
    } finally {
      await emulator.close();
    }
  });
});
