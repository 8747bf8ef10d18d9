import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, StateDocumentError, startEmulator } from '../src/index.ts';
import { bugsmash, strictEmulator } from './helpers.ts';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await strictEmulator({ seed: true });
  dir = await mkdtemp(join(tmpdir(), 'specbound-emulator-safety-'));
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

/** Sends the request target exactly as written (fetch would normalise dot segments first). */
function rawRequest(method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: emulator.port, method, path: target }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the control API cannot be reached through the service prefixes', () => {
  it('answers only paths written under /__emulator/', async () => {
    expect((await rawRequest('GET', '/__emulator/health')).status).toBe(200);
    for (const target of [
      '/v1/../__emulator/health',
      '/v1/projects/%2e%2e/%2e%2e/__emulator/health',
      '/api/v2/../../__emulator/health',
      '//__emulator/health',
      '/api/v2/__emulator/health',
      '/v1/__emulator/health',
    ]) {
      const answer = await rawRequest('GET', target);
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      expect(answer.body).not.toContain('appsScriptUrl');
    }
    // A reset smuggled through a service path must leave the data alone.
    const before = emulator.state();
    expect((await rawRequest('POST', '/api/v2/../../__emulator/reset')).status).toBe(404);
    expect(emulator.state()).toEqual(before);
  });
});

describe('webhook deliveries never leave loopback', () => {
  it('refuses a non-loopback URL without sending, and does not follow a redirect', async () => {
    let elsewhere = 0;
    const target = await listen((_req, res) => {
      elsewhere++;
      res.writeHead(204).end();
    });
    // Stands for a host off this machine: a loopback receiver must not be able to redirect there.
    const redirecting = await listen((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${target.url}/stolen` }).end();
    });
    const client = bugsmash(emulator, 'test-api-key');
    await client.webhooks.create({ webhookUrl: 'http://192.0.2.10/hooks', events: ['comment_updated'] });
    await client.webhooks.create({ webhookUrl: `${redirecting.url}/hooks`, events: ['comment_updated'] });
    const before = emulator.deliveries().length;
    expect(await client.webhooks.test({ event: 'comment_updated' })).toMatchObject({ deliveries: 2 });
    await emulator.webhooksIdle();

    const records = emulator.deliveries().slice(before);
    expect(records.find((r) => r.url === 'http://192.0.2.10/hooks')).toMatchObject({
      outcome: 'refused',
      attempts: 0,
    });
    expect(records.find((r) => r.url.startsWith(redirecting.url))).toMatchObject({
      outcome: 'failed',
      lastStatus: 307,
    });
    expect(elsewhere).toBe(0);
    target.server.close();
    redirecting.server.close();
  });
});

describe('start-up errors are clear', () => {
  it('names a missing spec and how to point the emulator at the specs', async () => {
    const missing = join(dir, 'specs', 'apps-script', 'openapi.yaml');
    await expect(startEmulator({ specs: { appsScript: missing } })).rejects.toThrow(
      `${missing} does not exist`,
    );
    await expect(startEmulator({ specs: { appsScript: missing } })).rejects.toThrow(
      'startEmulator({ specs: { appsScript, bugsmash } })',
    );
  });

  it('refuses a state file that does not parse, naming it, and leaves it untouched', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"version":1,"bugsmash":');
    const error = await startEmulator({ state: file }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StateDocumentError);
    expect((error as Error).message).toContain(file);
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"bugsmash":');
  });
});
