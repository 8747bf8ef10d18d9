// The redirect: requests to script.googleapis.com and oauth2.googleapis.com, through the global fetch
// and through Node's http/https modules, reach the emulator; a request to any other host is left
// exactly as it was (a second loopback server stands in for "another host"); the preload does nothing
// without SPECBOUND_EMULATOR_URL and says where requests go when it is set.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry, RunningEmulator } from '../src/index.ts';
import {
  installRedirect,
  parseEmulatorUrl,
  RedirectConfigError,
  redirectTarget,
} from '../src/redirect-install.ts';
import { strictEmulator } from './helpers.ts';
import { cleanEnv, runNode } from './subprocess.ts';

const PRELOAD = new URL('../src/redirect.ts', import.meta.url).href;
const AUTH = { authorization: 'Bearer ada-token' };

describe('redirectTarget', () => {
  const emulator = parseEmulatorUrl('http://127.0.0.1:8787/');
  it('maps the two Google hosts onto the emulator and nothing else', () => {
    const map = (url: string) => redirectTarget(new URL(url), emulator)?.href;
    expect(map('https://script.googleapis.com/v1/projects/1abc/content?versionNumber=2')).toBe(
      'http://127.0.0.1:8787/v1/projects/1abc/content?versionNumber=2',
    );
    expect(map('https://SCRIPT.googleapis.com:443/v1/scripts/x:run')).toBe(
      'http://127.0.0.1:8787/v1/scripts/x:run',
    );
    expect(map('https://oauth2.googleapis.com/token')).toBe('http://127.0.0.1:8787/oauth2/token');
    expect(map('https://www.googleapis.com/drive/v3/files')).toBeUndefined();
    expect(map('https://script.googleapis.com.evil.example/v1/projects')).toBeUndefined();
    expect(map('https://script.googleapis.com:8443/v1/projects')).toBeUndefined();
    expect(map('http://127.0.0.1:9000/v1/projects')).toBeUndefined();
    expect(
      redirectTarget(new URL('https://script.googleapis.com/v1/x'), parseEmulatorUrl('http://h:1/base/'))
        ?.href,
    ).toBe('http://h:1/base/v1/x');
  });
  it('refuses an emulator URL it cannot use, saying what is expected', () => {
    expect(() => parseEmulatorUrl('127.0.0.1:8787')).toThrow(RedirectConfigError);
    expect(() => parseEmulatorUrl('ftp://127.0.0.1')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseEmulatorUrl('nonsense')).toThrow(/such as http:\/\/127\.0\.0\.1:8787/);
  });
});

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('installRedirect in this process', () => {
  let emulator: RunningEmulator;
  let other: Server;
  let otherUrl: string;
  const seenByOther: Seen[] = [];
  const seenByEmulator: RequestLogEntry[] = [];
  let uninstall: () => void;

  beforeAll(async () => {
    emulator = await strictEmulator({ onRequest: (entry) => seenByEmulator.push(entry) });
    other = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        seenByOther.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(201, { 'content-type': 'text/plain', 'x-other': 'yes' }).end('from the other host');
      });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    uninstall = installRedirect(emulator.appsScriptUrl);
  });
  afterAll(async () => {
    uninstall?.();
    await emulator?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  it('sends global fetch calls to script.googleapis.com to the emulator (URL string and Request)', async () => {
    const res = await fetch('https://script.googleapis.com/v1/projects', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'via fetch' }),
    });
    expect(res.status).toBe(200);
    const { scriptId } = (await res.json()) as { scriptId: string };
    expect(emulator.state().appsScript.projects.map((p) => p.title)).toContain('via fetch');

    const viaRequest = await fetch(
      new Request(`https://script.googleapis.com/v1/projects/${scriptId}/versions`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'from a Request' }),
      }),
    );
    expect(viaRequest.status).toBe(200);
    expect(await viaRequest.json()).toMatchObject({ versionNumber: 1, description: 'from a Request' });
  });

  it('sends node:https requests (what gaxios and so clasp use) to the emulator, also through the ESM named export', async () => {
    const { status, body } = await new Promise<{ status: number | undefined; body: string }>(
      (resolve, reject) => {
        const req = https.request(
          'https://oauth2.googleapis.com/token',
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (c: string) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode, body: text }));
          },
        );
        req.on('error', reject);
        req.end('grant_type=refresh_token&refresh_token=abc');
      },
    );
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ access_token: expect.stringMatching(/^ya29\.local-/) });

    const listed = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(
          { protocol: 'https:', host: 'script.googleapis.com', path: '/v1/processes', headers: AUTH },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        )
        .on('error', reject);
    });
    expect(listed).toBe(200);
    expect(seenByEmulator.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /oauth2/token', 'GET /v1/processes']),
    );
  });

  it('leaves a request to any other host exactly as it was', async () => {
    const emulatorBefore = seenByEmulator.length;
    const res = await fetch(`${otherUrl}/v1/projects?x=1`, {
      method: 'PUT',
      headers: { 'x-test': 'kept', ...AUTH },
      body: 'payload',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-other')).toBe('yes');
    expect(await res.text()).toBe('from the other host');

    const { request } = await import('node:http');
    const viaHttp = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${otherUrl}/plain`, { method: 'POST', headers: { 'x-test': 'http' } }, (r) => {
        r.resume();
        resolve(r.statusCode);
      });
      req.on('error', reject);
      req.end('body2');
    });
    expect(viaHttp).toBe(201);

    expect(seenByOther).toMatchObject([
      {
        method: 'PUT',
        url: '/v1/projects?x=1',
        headers: { 'x-test': 'kept', authorization: 'Bearer ada-token' },
        body: 'payload',
      },
      { method: 'POST', url: '/plain', headers: { 'x-test': 'http' }, body: 'body2' },
    ]);
    expect(seenByEmulator.length).toBe(emulatorBefore);
  });
});

describe('the preload (node --import @specbound/emulator/redirect)', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await strictEmulator();
  });
  afterAll(() => emulator?.close());

  const probe = `
    const https = await import('node:https');
    console.log(https.request.name);
    const res = await fetch('https://script.googleapis.com/v1/projects', {
      method: 'POST', headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'from a child process' }),
    }).catch((error) => ({ status: 'failed: ' + error.cause?.code }));
    console.log(res.status);`;

  it('sends the requests to the emulator and says so in one stderr line', async () => {
    const out = await runNode(['--import', PRELOAD, '--input-type=module', '-e', probe], {
      cwd: tmpdir(),
      env: cleanEnv({ SPECBOUND_EMULATOR_URL: emulator.appsScriptUrl }),
    });
    expect(out.code).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual(['redirectingRequest', '200']);
    expect(out.stderr).toBe(
      `specbound: script.googleapis.com, oauth2.googleapis.com, and logging.googleapis.com requests go to the emulator at ${emulator.appsScriptUrl} (SPECBOUND_EMULATOR_URL)\n`,
    );
    expect(emulator.state().appsScript.projects.map((p) => p.title)).toContain('from a child process');
  });

  it('does nothing without SPECBOUND_EMULATOR_URL', async () => {
    // A dead proxy for fetch keeps this offline: the request fails instead of reaching Google.
    const out = await runNode(['--import', PRELOAD, '--input-type=module', '-e', probe], {
      cwd: tmpdir(),
      env: cleanEnv({ NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: 'http://127.0.0.1:9' }),
    });
    expect(out.stderr).toBe('');
    const [name, status] = out.stdout.trim().split('\n');
    expect(name).toBe('request');
    expect(status).not.toBe('200');
  });

  it('stops the tool with exit code 2 when SPECBOUND_EMULATOR_URL is not a URL', async () => {
    const out = await runNode(['--import', PRELOAD, '-e', 'console.log("ran")'], {
      cwd: tmpdir(),
      env: cleanEnv({ SPECBOUND_EMULATOR_URL: '127.0.0.1:8787' }),
    });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(
      /^specbound: SPECBOUND_EMULATOR_URL must be .* such as http:\/\/127\.0\.0\.1:8787/,
    );
  });
});

describe('the redirect keeps credentials from leaving', () => {
  it('refuses an emulator URL that is not this machine unless allowed explicitly', () => {
    for (const url of [
      'http://192.0.2.10:8787',
      'https://emulator.example',
      'http://127.0.0.1.nip.io:8787',
    ]) {
      expect(() => installRedirect(url), url).toThrow(RedirectConfigError);
      expect(() => installRedirect(url), url).toThrow(/not this machine.*SPECBOUND_EMULATOR_ALLOW_REMOTE=1/);
    }
    installRedirect('http://192.0.2.10:8787', { allowRemote: true })();
    for (const url of ['http://localhost:8787', 'http://127.0.0.2:1', 'http://[::1]:8787'])
      installRedirect(url)();
  });

  let emulator: RunningEmulator;
  let proxy: Server;
  const seenByProxy: string[] = [];
  beforeAll(async () => {
    emulator = await strictEmulator();
    // Stands in for the network: with NODE_USE_ENV_PROXY every request the child sends to any host
    // but loopback comes here, so a request that leaks is seen, and none reaches Google.
    proxy = createServer((req, res) => {
      seenByProxy.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
      req.resume();
      res.writeHead(599).end();
    });
    proxy.on('connect', (req, socket) => {
      seenByProxy.push(`CONNECT ${req.url}`);
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await emulator?.close();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  const leaks = `
    const https = await import('node:https');
    const http = await import('node:http');
    const report = (what) => (error) => console.log(what + ': ' + error.name + ': ' + error.message);
    await fetch('http://www.googleapis.com/drive/v3/files', { headers: { authorization: 'Bearer live-token' } })
      .then((r) => console.log('fetch sent ' + r.status), report('fetch'));
    await new Promise((resolve) => {
      http.get({ host: 'www.googleapis.com', path: '/drive/v3/files?access_token=ya29.live' }, () => resolve())
        .on('error', (error) => { report('http.get query')(error); resolve(); });
    });
    await fetch(new Request('http://accounts.google.com/o/oauth2/token', { method: 'POST', body: 'grant_type=refresh_token&refresh_token=1//live' }))
      .then((r) => console.log('fetch Request sent ' + r.status), report('fetch Request'));
    await new Promise((resolve) => {
      const req = http.request('http://www.googleapis.com/oauth2/v4/token', { method: 'POST' }, (r) => { console.log('http sent ' + r.statusCode); resolve(); });
      req.on('error', (error) => { report('http')(error); resolve(); });
      req.write('client_id=x&client_secret=');
      req.end('live-secret');
    });
    await new Promise((resolve) => {
      https.get('https://www.googleapis.com/discovery/v1/apis', { headers: { authorization: 'Bearer live-token' } }, () => resolve())
        .on('error', (error) => { report('https.get')(error); resolve(); });
    });
    // No credential: left as it was (it reaches the network, here the proxy).
    await new Promise((resolve) => {
      http.get('http://www.googleapis.com/discovery/v1/apis', (r) => { r.resume(); console.log('plain http.get ' + r.statusCode); resolve(); })
        .on('error', (error) => { report('plain http.get')(error); resolve(); });
    });
  `;

  /** Runs `script` with the redirect on and every request for a host but loopback sent to `proxy`. */
  const runBehindProxy = (script: string) => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    return runNode(['--import', PRELOAD, '--input-type=module', '-e', script], {
      cwd: tmpdir(),
      env: cleanEnv({
        SPECBOUND_EMULATOR_URL: emulator.appsScriptUrl,
        NODE_USE_ENV_PROXY: '1',
        HTTP_PROXY: proxyUrl,
        HTTPS_PROXY: proxyUrl,
        NO_PROXY: '127.0.0.1',
      }),
    });
  };

  it('fails a request carrying a Google credential to a Google host it does not redirect, naming the host, and sends nothing', async () => {
    const out = await runBehindProxy(leaks);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n');
    const refused = (what: string, host: string, credential: string) =>
      `${what}: GoogleCredentialBlockedError: specbound: refused to send a request carrying ${credential} to ${host}: the emulator redirect (SPECBOUND_EMULATOR_URL) is on and does not serve this host, so the request would reach Google with a live credential. Nothing was sent. Unset SPECBOUND_EMULATOR_URL to talk to Google.`;
    expect(lines).toEqual([
      refused('fetch', 'www.googleapis.com', 'an Authorization header'),
      refused('http.get query', 'www.googleapis.com', 'a credential in its URL'),
      refused('fetch Request', 'accounts.google.com', 'a refresh_token in its body'),
      refused('http', 'www.googleapis.com', 'a client_secret in its body'),
      refused('https.get', 'www.googleapis.com', 'an Authorization header'),
      'plain http.get 599',
    ]);
    expect(seenByProxy).toEqual(['GET http://www.googleapis.com/discovery/v1/apis -']);
  });

  const moreLeaks = `
    const http = await import('node:http');
    const report = (what) => (error) => console.log(what + ': ' + error.name + ': ' + error.message);
    const send = (what, options, body) => new Promise((resolve) => {
      const req = http.request(options, (r) => { r.resume(); console.log(what + ' sent ' + r.statusCode); resolve(); });
      req.on('error', (error) => { report(what)(error); resolve(); });
      req.end(body);
    });
    // Headers as Node's flat [name, value, ...] array.
    await send('flat headers', { host: 'www.googleapis.com', path: '/drive/v3/files', headers: ['Authorization', 'Bearer live-token'] });
    // Revoking a token names it in the query; a service account signs in with a JWT assertion.
    await send('revoke', { host: 'accounts.google.com', path: '/o/oauth2/revoke?token=1//live' });
    await send('assertion', { host: 'www.googleapis.com', path: '/oauth2/v4/token', method: 'POST' },
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=eyJ.live.jwt');
    await send('cookie', { host: 'www.google.com', path: '/', headers: { cookie: 'SID=live' } });
    // Web apps answer from script.googleusercontent.com.
    await fetch('http://script.googleusercontent.com/macros/echo', { headers: { authorization: 'Bearer live-token' } })
      .then((r) => console.log('googleusercontent sent ' + r.status), report('googleusercontent'));
  `;

  it('also refuses flat-array headers, a token in a revoke URL, a JWT assertion, a cookie, and googleusercontent.com', async () => {
    seenByProxy.length = 0;
    const out = await runBehindProxy(moreLeaks);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines.map((line) => line.replace(/: specbound: .*/, ''))).toEqual([
      'flat headers: GoogleCredentialBlockedError',
      'revoke: GoogleCredentialBlockedError',
      'assertion: GoogleCredentialBlockedError',
      'cookie: GoogleCredentialBlockedError',
      'googleusercontent: GoogleCredentialBlockedError',
    ]);
    for (const secret of ['live-token', '1//live', 'eyJ.live.jwt', 'SID=live'])
      expect(lines.join('\n')).not.toContain(secret);
    expect(seenByProxy).toEqual([]);
  });

  it('refuses a Google credential sent with the undici package itself (its own request and fetch)', async () => {
    seenByProxy.length = 0;
    // An Agent that resolves every name to the stand-in server: a request that leaks is seen there.
    const port = (proxy.address() as AddressInfo).port;
    const undiciLeaks = `
      const { request, fetch, Agent } = await import(${JSON.stringify(import.meta.resolve('undici'))});
      const lookup = (_host, options, done) =>
        options && options.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4);
      const dispatcher = new Agent({ connect: { lookup } });
      const report = (what) => (error) => console.log(what + ': ' + error.name);
      await request('http://www.googleapis.com:${port}/drive/v3/files', { dispatcher, headers: { authorization: 'Bearer live-token' } })
        .then((r) => console.log('request sent ' + r.statusCode), report('request'));
      await request('http://oauth2.googleapis.com:${port}/token', { dispatcher, method: 'POST', body: 'refresh_token=1//live' })
        .then((r) => console.log('request body sent ' + r.statusCode), report('request body'));
      await fetch('http://script.googleapis.com:${port}/v1/projects/x', { dispatcher, headers: { authorization: 'Bearer live-token' } })
        .then((r) => console.log('fetch sent ' + r.status), (error) => report('fetch')(error.cause ?? error));
      await request('http://www.googleapis.com:${port}/discovery/v1/apis', { dispatcher })
        .then((r) => console.log('plain request ' + r.statusCode), report('plain request'));
      await dispatcher.close();
    `;
    const out = await runNode(['--import', PRELOAD, '--input-type=module', '-e', undiciLeaks], {
      cwd: tmpdir(),
      env: cleanEnv({ SPECBOUND_EMULATOR_URL: emulator.appsScriptUrl }),
    });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual([
      'request: GoogleCredentialBlockedError',
      'request body: GoogleCredentialBlockedError',
      'fetch: GoogleCredentialBlockedError',
      'plain request 599',
    ]);
    expect(seenByProxy).toEqual(['GET /discovery/v1/apis -']);
  });

  it('the preload stops the tool with exit code 2 for an emulator on another machine, unless allowed', async () => {
    const remote = await runNode(['--import', PRELOAD, '-e', 'console.log("ran")'], {
      cwd: tmpdir(),
      env: cleanEnv({ SPECBOUND_EMULATOR_URL: 'http://192.0.2.10:8787' }),
    });
    expect(remote.code).toBe(2);
    expect(remote.stdout).toBe('');
    expect(remote.stderr).toMatch(
      /^specbound: SPECBOUND_EMULATOR_URL points at 192\.0\.2\.10, which is not this machine/,
    );
    const allowed = await runNode(['--import', PRELOAD, '-e', 'console.log("ran")'], {
      cwd: tmpdir(),
      env: cleanEnv({
        SPECBOUND_EMULATOR_URL: 'http://192.0.2.10:8787',
        SPECBOUND_EMULATOR_ALLOW_REMOTE: '1',
      }),
    });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toBe('ran\n');
  });
});
