// DNS rebinding: a page on evil.example re-pointed at 127.0.0.1 reaches the emulator as same-origin,
// but its requests still name evil.example in Host. Those are refused before anything is read or
// answered; loopback names (with or without port), the --host it listens on and names allowed
// explicitly are served.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost } from '../src/core/host.ts';
import type { RunningEmulator } from '../src/index.ts';
import { strictEmulator } from './helpers.ts';

/** A GET with a chosen Host header (fetch does not let a caller set it). */
function get(url: string, host: string): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject).end();
  });
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await strictEmulator({ seed: true, allowedHosts: ['emulator'] });
});
afterAll(() => emulator.close());

describe('the Host check', () => {
  it('refuses a request naming another host with 403 and a plain message, without the state', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${emulator.port}`,
      'localhost.evil.example',
      '127.0.0.1.nip.io',
    ]) {
      const answer = await get(`${emulator.controlUrl}/state`, host);
      expect(answer.status, host).toBe(403);
      expect(answer.body).toContain('is not a loopback name');
      expect(answer.body).toContain('--allow-host');
      expect(answer.body).not.toContain('ada-demo-token');
    }
    const service = await get(`${emulator.appsScriptUrl}/v1/processes`, 'evil.example');
    expect(service.status).toBe(403);
  });

  it('serves loopback names with or without port, and the names allowed', async () => {
    for (const host of [
      'localhost',
      `localhost:${emulator.port}`,
      `127.0.0.1:${emulator.port}`,
      '127.8.9.10',
      '[::1]',
      `[::1]:${emulator.port}`,
      'LOCALHOST.',
      'emulator:8787',
    ]) {
      const answer = await get(`${emulator.controlUrl}/health`, host);
      expect(answer.status, host).toBe(200);
    }
  });
});

/** Sends `head` (request line and headers, CRLF-separated) as written and resolves with the status line. */
function rawHead(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(emulator.port, '127.0.0.1', () =>
      socket.end(`${head}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? '')).on('error', reject);
  });
}

describe('the Host check on requests no browser sends', () => {
  it('refuses an absolute-form target naming another host, whatever Host says', async () => {
    // RFC 9112 §3.2.2: the target's authority, not Host, names the host the request is for.
    const refused = await rawHead(`GET http://evil.example/__emulator/state HTTP/1.1\r\nHost: 127.0.0.1`);
    expect(refused).toBe('HTTP/1.1 403 Forbidden');
    const served = await rawHead(
      `GET http://127.0.0.1:${emulator.port}/__emulator/health HTTP/1.1\r\nHost: 127.0.0.1`,
    );
    expect(served).toBe('HTTP/1.1 200 OK');
  });

  it('refuses a request with two Host headers with 400, whichever comes first', async () => {
    for (const hosts of [
      ['127.0.0.1', 'evil.example'],
      ['evil.example', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
    ]) {
      const head = `GET /__emulator/state HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}`).join('\r\n')}`;
      expect(await rawHead(head), hosts.join(' + ')).toBe('HTTP/1.1 400 Bad Request');
    }
  });

  it('serves an HTTP/1.0 request without Host (no browser sends one)', async () => {
    expect(await rawHead('GET /__emulator/health HTTP/1.0')).toBe('HTTP/1.1 200 OK');
  });
});

describe('isAllowedHost', () => {
  const policy = { listenHost: '127.0.0.1', allowedHosts: [] };
  it('takes the interface the emulator listens on, and IP literals when it listens on every interface', () => {
    expect(isAllowedHost('192.168.1.5:8787', policy)).toBe(false);
    expect(isAllowedHost('192.168.1.5:8787', { ...policy, listenHost: '192.168.1.5' })).toBe(true);
    expect(isAllowedHost('192.168.1.5:8787', { ...policy, listenHost: '0.0.0.0' })).toBe(true);
    expect(isAllowedHost('[fd00::5]', { ...policy, listenHost: '::' })).toBe(true);
    expect(isAllowedHost('devbox.lan', { ...policy, listenHost: '0.0.0.0' })).toBe(false);
    expect(isAllowedHost('evil.example/x', policy)).toBe(false);
    expect(isAllowedHost('user@localhost', policy)).toBe(false);
    expect(isAllowedHost('127.0.0.1#.evil.example', policy)).toBe(false);
  });
});
