// Both clients through a real local forward proxy (the `proxy` package answers CONNECT, which
// undici uses even for http:// targets): with `NODE_USE_ENV_PROXY=1` and `HTTP_PROXY` to http://
// targets or `HTTPS_PROXY` alone to https:// ones (read by Node at start-up, so in a child
// process), with an undici `ProxyAgent` given as `dispatcher` through the `fetch` option, and with
// one installed by `setGlobalDispatcher`. Each client talks
// to its own loopback target, so the proxy must open a tunnel to each; nothing sets `NO_PROXY`.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createBugSmashClient } from '@specbound/bugsmash';
import { createProxy } from 'proxy';
import { getGlobalDispatcher, ProxyAgent, setGlobalDispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppsScriptClient } from '../src/index.js';

const SCRIPT_ID = 'proxied-script';

// A self-signed certificate for IP 127.0.0.1 (valid until 2126), trusted by the child through
// NODE_EXTRA_CA_CERTS: a test fixture, not a credential.
const CERT = fileURLToPath(new URL('fixtures/loopback-cert.pem', import.meta.url));
const tls = {
  cert: readFileSync(CERT),
  key: readFileSync(new URL('fixtures/loopback-key.pem', import.meta.url)),
};

/** A loopback server (https with `secure`) answering both services' calls, counting them. */
function target(secure = false): { server: Server; calls: string[] } {
  const calls: string[] = [];
  const answer: RequestListener = (request, response) => {
    calls.push(`${request.method} ${request.url}`);
    const body = request.url?.startsWith('/v1/projects/')
      ? { scriptId: SCRIPT_ID }
      : { status: true, message: 'ok', data: [], current_page: 1, last_page: 1 };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  return { server: secure ? createTlsServer(tls, answer) : createServer(answer), calls };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const appsTarget = target();
const bugTarget = target();
const appsTlsTarget = target(true);
const bugTlsTarget = target(true);
const proxy = createProxy(createServer());
/** `host:port` of every tunnel the proxy opened, and every plain request it forwarded. */
const tunnels: string[] = [];
const forwarded: string[] = [];
proxy.on('connect', (request) => tunnels.push(request.url ?? ''));
proxy.on('request', (request) => forwarded.push(request.url ?? ''));
let appsBase = '';
let bugBase = '';
let appsTlsBase = '';
let bugTlsBase = '';
let proxyUrl = '';

beforeAll(async () => {
  appsBase = `http://127.0.0.1:${await listen(appsTarget.server)}`;
  bugBase = `http://127.0.0.1:${await listen(bugTarget.server)}/api/v2`;
  appsTlsBase = `https://127.0.0.1:${await listen(appsTlsTarget.server)}`;
  bugTlsBase = `https://127.0.0.1:${await listen(bugTlsTarget.server)}/api/v2`;
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
});

afterAll(async () => {
  for (const server of [
    appsTarget.server,
    bugTarget.server,
    appsTlsTarget.server,
    bugTlsTarget.server,
    proxy,
  ]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  for (const list of [
    tunnels,
    forwarded,
    appsTarget.calls,
    bugTarget.calls,
    appsTlsTarget.calls,
    bugTlsTarget.calls,
  ]) {
    list.length = 0;
  }
});

/** Checks what each target (the https ones with `secure`) and the proxy saw of one call per client. */
function expectProxied(secure = false): void {
  const [apps, bug] = secure ? [appsTlsTarget, bugTlsTarget] : [appsTarget, bugTarget];
  expect(apps.calls).toEqual([`GET /v1/projects/${SCRIPT_ID}`]);
  expect(bug.calls).toEqual(['GET /api/v2/projects']);
  const hosts = [...tunnels, ...forwarded.map((url) => new URL(url).host)];
  const bases = secure ? [appsTlsBase, bugTlsBase] : [appsBase, bugBase];
  expect(new Set(hosts)).toEqual(new Set(bases.map((base) => new URL(base).host)));
}

describe('an undici ProxyAgent', () => {
  const previous = getGlobalDispatcher();
  afterEach(() => setGlobalDispatcher(previous));

  it('carries both clients as `dispatcher` through the fetch option', async () => {
    const dispatcher = new ProxyAgent(proxyUrl);
    // Node's RequestInit has no `dispatcher` in its type; its fetch takes one.
    const fetch = (request: Request) => globalThis.fetch(request, { dispatcher } as RequestInit);
    const apps = createAppsScriptClient({ baseUrl: appsBase, auth: 'tok', fetch });
    const bugs = createBugSmashClient({ baseUrl: bugBase, apiKey: 'key-1', fetch });
    expect(await apps.projects.get({ scriptId: SCRIPT_ID })).toEqual({ scriptId: SCRIPT_ID });
    expect((await bugs.projects.list()).data).toEqual([]);
    expectProxied();
    await dispatcher.close();
  });

  it('carries both clients when installed with setGlobalDispatcher', async () => {
    const dispatcher = new ProxyAgent(proxyUrl);
    setGlobalDispatcher(dispatcher);
    const apps = createAppsScriptClient({ baseUrl: appsBase, auth: 'tok' });
    const bugs = createBugSmashClient({ baseUrl: bugBase, apiKey: 'key-1' });
    expect(await apps.projects.get({ scriptId: SCRIPT_ID })).toEqual({ scriptId: SCRIPT_ID });
    expect((await bugs.projects.list()).data).toEqual([]);
    expectProxied();
    await dispatcher.close();
  });

  it('is what the calls above went through: without it, the proxy sees nothing', async () => {
    const apps = createAppsScriptClient({ baseUrl: appsBase, auth: 'tok' });
    await apps.projects.get({ scriptId: SCRIPT_ID });
    expect(appsTarget.calls).toHaveLength(1);
    expect([tunnels, forwarded]).toEqual([[], []]);
  });
});

// The child imports the clients' sources (Node strips their types) with a hook resolving `.js`
// to `.ts`; @specbound/http and @specbound/bugsmash resolve to their builds.
const CHILD = `
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    try { return next(specifier, context); } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return next(specifier.slice(0, -3) + '.ts', context);
    }
  },
});
const [appsBase, bugBase] = process.argv.slice(1);
const { createAppsScriptClient } = await import(${JSON.stringify(new URL('../src/index.ts', import.meta.url).href)});
const { createBugSmashClient } = await import('@specbound/bugsmash');
const apps = createAppsScriptClient({ baseUrl: appsBase, auth: 'tok' });
const bugs = createBugSmashClient({ baseUrl: bugBase, apiKey: 'key-1' });
const project = await apps.projects.get({ scriptId: '${SCRIPT_ID}' });
const page = await bugs.projects.list();
console.log(JSON.stringify({ project, data: page.data }));
`;

/** Runs CHILD against `bases` with NODE_USE_ENV_PROXY=1, `variables` set to the proxy and `extra`. */
async function runChild(bases: string[], variables: string[], extra: NodeJS.ProcessEnv = {}): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_USE_ENV_PROXY: '1', ...extra };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
    delete env[name];
  }
  for (const name of variables) env[name] = proxyUrl;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', CHILD, ...bases],
    { env, cwd: fileURLToPath(new URL('..', import.meta.url)) },
  );
  expect(JSON.parse(stdout)).toEqual({ project: { scriptId: SCRIPT_ID }, data: [] });
}

// A child Node process importing both clients: under a load average of 20 its start-up alone
// passed vitest's 5 s default.
describe('HTTP_PROXY / HTTPS_PROXY with NODE_USE_ENV_PROXY=1', () => {
  it('carries both clients to http:// (a child process: Node reads them at start-up)', async () => {
    await runChild([appsBase, bugBase], ['HTTP_PROXY', 'http_proxy']);
    expectProxied();
  }, 30_000);

  it('carries both clients to https:// with HTTPS_PROXY alone (the Google and BugSmash case)', async () => {
    await runChild([appsTlsBase, bugTlsBase], ['HTTPS_PROXY'], { NODE_EXTRA_CA_CERTS: CERT });
    expectProxied(true);
  }, 30_000);
});
