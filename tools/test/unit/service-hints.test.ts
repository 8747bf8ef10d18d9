// An API error's hint names the service it came from: BugSmash's never suggest a Google login or
// .clasp.json; Google's suggest `specbound login` (401) and .clasp.json's scriptId (404). Checked on
// errors from the real clients (fake fetch) and through the CLI run in-process against loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createBugSmashClient } from '@specbound/bugsmash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVersions } from '../../src/apps-script/deploy.js';
import { main } from '../../src/cli/main.js';
import { describeError } from '../../src/cli/report.js';
import { fakeAppsScript, googleError } from './fake.js';
import { BASE } from './fake-bugsmash.js';

const URLS = { appsScriptUrl: 'https://script.test', bugsmashUrl: BASE };

async function googleFailure(status: number): Promise<unknown> {
  const { client } = fakeAppsScript({
    'GET /v1/projects/S1/versions': () =>
      status === 401
        ? googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')
        : googleError(404, 'NOT_FOUND', 'Requested entity was not found.'),
  });
  return listVersions(client, { scriptId: 'S1' }).catch((error: unknown) => error);
}

async function bugsmashFailure(status: number): Promise<unknown> {
  const client = createBugSmashClient({
    apiKey: 'unit-test-key-0123456789',
    baseUrl: BASE,
    retry: false,
    fetch: async () =>
      Response.json(
        { status: false, message: status === 401 ? 'Invalid API key' : 'Project not found' },
        { status },
      ),
  });
  return client.projects.get({ projectId: 'P1' }).catch((error: unknown) => error);
}

const GOOGLE_WORDS = /specbound login|Google|SPECBOUND_GOOGLE|auth status/;

describe('API error hints (real clients, fake fetch)', () => {
  for (const urls of [URLS, undefined]) {
    const how = urls === undefined ? 'by the error body' : 'by the base URL';
    it(`a Google 401 suggests \`specbound login\`, exit 4 (${how})`, async () => {
      const reported = describeError(await googleFailure(401), urls);
      expect(reported.code).toBe(4);
      expect(reported.hint).toContain('`specbound login`');
    });

    it(`a Google 404 on a script id points at .clasp.json's scriptId (${how})`, async () => {
      const reported = describeError(await googleFailure(404), urls);
      expect(reported.code).toBe(1);
      expect(reported.hint).toContain('scriptId in .clasp.json');
    });

    it(`a BugSmash 401 asks for an API key, never a Google login, exit 4 (${how})`, async () => {
      const reported = describeError(await bugsmashFailure(401), urls);
      expect(reported.code).toBe(4);
      expect(reported.hint).toContain('BUGSMASH_API_KEY');
      expect(reported.hint).not.toMatch(GOOGLE_WORDS);
    });

    it(`a BugSmash 404 never mentions .clasp.json (${how})`, async () => {
      const reported = describeError(await bugsmashFailure(404), urls);
      expect(reported.code).toBe(1);
      expect(reported.hint).toContain('bs projects ls');
      expect(reported.hint).not.toContain('.clasp.json');
    });
  }
});

/** Google's and BugSmash's error answers on one loopback port, BugSmash under /api/v2 (as the emulator). */
function errorServer(): Server {
  return createServer((req, res) => {
    const url = req.url ?? '';
    // `/status-<n>` in the path answers that status (403, 429, 500); `unauthorized` 401; else 404.
    const asked = /status-(\d{3})/.exec(url)?.[1];
    const status = asked !== undefined ? Number(asked) : url.includes('unauthorized') ? 401 : 404;
    const body = url.startsWith('/api/v2/')
      ? { status: false, message: status === 401 ? 'Invalid API key' : 'Not found' }
      : {
          error: {
            code: status,
            message: 'refused',
            status: status === 401 ? 'UNAUTHENTICATED' : 'NOT_FOUND',
          },
        };
    // retry-after 0: the clients retry a 429 and a 500 at once, so the test does not wait out a backoff.
    res
      .writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' })
      .end(JSON.stringify(body));
  });
}

function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8');
      callback();
    },
  });
  return { stream, text: () => text };
}

describe('API error hints (the CLI in-process, against loopback)', () => {
  const server = errorServer();
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function cli(argv: string[]) {
    const stdout = collector();
    const stderr = collector();
    const code = await main(argv, {
      stdout: stdout.stream,
      stderr: stderr.stream,
      cwd: process.cwd(),
      env: {
        NO_COLOR: '1',
        SPECBOUND_APPS_SCRIPT_URL: origin,
        SPECBOUND_BUGSMASH_URL: `${origin}/api/v2`,
        SPECBOUND_GOOGLE_TOKEN: 'service-hints-token-0123456789',
        BUGSMASH_API_KEY: 'service-hints-key-0123456789',
      },
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it('gas on a Google 401: exit 4, `specbound login`', async () => {
    const result = await cli(['gas', 'versions', '--script-id', 'unauthorized']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('hint: The credentials were refused');
    expect(result.stderr).toContain('`specbound login`');
  });

  it("gas on a Google 404: .clasp.json's scriptId", async () => {
    const result = await cli(['gas', 'versions', '--script-id', 'missing']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint: Check the id (scriptId in .clasp.json');
  });

  it('bs on a BugSmash 401: exit 4, the API key, no Google login', async () => {
    const result = await cli(['bs', 'projects', 'get', 'unauthorized']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('hint: BugSmash refused the API key');
    expect(result.stderr).not.toMatch(GOOGLE_WORDS);
  });

  it('bs on a BugSmash 404: no .clasp.json', async () => {
    const result = await cli(['bs', 'projects', 'get', 'missing']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint: Check the id: `specbound bs projects ls`');
    expect(result.stderr).not.toContain('.clasp.json');
  });

  // With --json a script reads the failure too: stdout stays empty (no half document) and stderr is
  // one JSON object, never an `error:` line, with the exit code, the status and the service.
  it.each([
    [401, 'bugsmash', 4, 'BUGSMASH_API_KEY'],
    [403, 'bugsmash', 1, 'BugSmash refused this'],
    [404, 'bugsmash', 1, 'bs projects ls'],
    [429, 'bugsmash', 1, 'Rate limited'],
    [500, 'bugsmash', 1, 'The service failed'],
    [401, 'apps-script', 4, 'specbound login'],
    [403, 'apps-script', 1, 'Apps Script API is on'],
    [404, 'apps-script', 1, 'scriptId in .clasp.json'],
  ] as const)(
    '--json: a %i from %s is one JSON object on stderr (exit %i)',
    async (status, service, exit, hint) => {
      const argv =
        service === 'bugsmash'
          ? ['--json', 'bs', 'projects', 'get', `status-${status}`]
          : ['--json', 'gas', 'versions', '--script-id', `status-${status}`];
      const result = await cli(argv);
      expect(result.code).toBe(exit);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      const { error } = JSON.parse(lines[0] ?? '') as { error: Record<string, unknown> };
      expect(error).toMatchObject({ exitCode: exit, status, service });
      expect(error.message).toEqual(expect.stringContaining(String(status)));
      expect(error.hint).toEqual(expect.stringContaining(hint));
      if (service === 'bugsmash') expect(JSON.stringify(error)).not.toMatch(GOOGLE_WORDS);
      expect(result.stderr).not.toContain('service-hints-key-0123456789');
      expect(result.stderr).not.toContain('service-hints-token-0123456789');
    },
  );

  it('--json: a usage error is a JSON object too (exit 2)', async () => {
    const result = await cli(['--json', 'bs', 'projects', 'get']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const { error } = JSON.parse(result.stderr) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ exitCode: 2 });
    expect(error.message).toEqual(expect.any(String));
  });

  // A batch (`comments resolve a b c`) goes on past a failure, but a refused key refuses every id:
  // the error is then the 401 itself (exit 4, the API key hint), not "1 of 1 were not updated".
  it('bs comments resolve on a BugSmash 401: exit 4, the API key hint', async () => {
    const result = await cli(['bs', 'comments', 'resolve', 'unauthorized-1', 'unauthorized-2']);
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^unauthorized-1\t\tfailed: 401/m);
    expect(result.stderr).toContain('hint: BugSmash refused the API key');
    expect(result.stderr).not.toMatch(GOOGLE_WORDS);
  });

  it('bs comments resolve where every id failed: no "the others were"', async () => {
    const result = await cli(['bs', 'comments', 'resolve', 'missing-1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: 1 of 1 comments were not updated: missing-1');
    expect(result.stderr).not.toContain('the others were');
  });
});
