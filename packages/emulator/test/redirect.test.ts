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
      `specbound: script.googleapis.com and oauth2.googleapis.com requests go to the emulator at ${emulator.appsScriptUrl} (SPECBOUND_EMULATOR_URL)\n`,
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
