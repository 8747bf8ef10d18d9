// GET /__emulator/state shows no secret in clear: every token, key and secret the seed and this test
// handed to the emulator is searched for in the whole dump. A dump PUT back to the same emulator
// keeps the secrets it stands for; a redacted value the emulator holds no secret for is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PREFIX } from '../src/control/redact.ts';
import { DEMO_USERS, type RunningEmulator } from '../src/index.ts';
import { API_KEY, appsScript, bugsmash, strictEmulator } from './helpers.ts';

const TOKEN = 'pact-bearer-token-0123456789';
const REFRESH_TOKEN = '1//refresh-token-secret-abcdef';
const CLIENT_SECRET = 'GOCSPX-client-secret-xyz';

let emulator: RunningEmulator;
let webhookSecret: string;
const control = (path: string, init?: RequestInit) => fetch(`${emulator.controlUrl}${path}`, init);
const put = (body: unknown) =>
  control('/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  emulator = await strictEmulator({ seed: true });
  const seeded = emulator.state();
  seeded.appsScript.tokens[TOKEN] = 'pact@example.com';
  seeded.appsScript.users.push({ email: 'pact@example.com', name: 'Pact' } as never);
  expect((await put(seeded)).status).toBe(200);
  const created = (await bugsmash(emulator).webhooks.create({
    webhookUrl: 'http://127.0.0.1:9/hook',
    events: ['new_comment'],
  })) as { secret: string };
  webhookSecret = created.secret;
  const refreshed = await fetch(`${emulator.appsScriptUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: REFRESH_TOKEN,
      client_id: 'client.apps.googleusercontent.com',
      client_secret: CLIENT_SECRET,
    }),
  });
  expect(refreshed.status).toBe(200);
  await appsScript(emulator, TOKEN).processes.list({});
});
afterAll(() => emulator.close());

describe('the state dump', () => {
  it('shows no secret the seed or the test created, only fingerprints', async () => {
    const response = await control('/state');
    expect(response.status).toBe(200);
    const text = await response.text();
    const secrets = [
      ...DEMO_USERS.map((u) => u.token),
      TOKEN,
      webhookSecret,
      API_KEY,
      REFRESH_TOKEN,
      CLIENT_SECRET,
    ];
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    const dump = JSON.parse(text) as {
      appsScript: { tokens: Record<string, string> };
      bugsmash: { webhooks: { secret: string }[] };
    };
    expect(Object.values(dump.appsScript.tokens).sort()).toEqual(
      ['ada@example.com', 'grace@example.com', 'pact@example.com'].sort(),
    );
    for (const key of Object.keys(dump.appsScript.tokens)) expect(key.startsWith(REDACTED_PREFIX)).toBe(true);
    expect(dump.bugsmash.webhooks.map((w) => w.secret.startsWith(REDACTED_PREFIX))).toEqual([true]);
  });

  it('taken back by PUT, keeps the secrets it stands for', async () => {
    const before = emulator.state();
    const dump = (await (await control('/state')).json()) as Record<string, unknown>;
    expect((await put(dump)).status).toBe(200);
    const after = emulator.state();
    expect(after.appsScript.tokens).toEqual(before.appsScript.tokens);
    expect(after.bugsmash.webhooks).toEqual(before.bugsmash.webhooks);
  });

  it('refuses a redacted value the emulator holds no secret for, changing nothing', async () => {
    const before = emulator.state();
    const forged = {
      version: 1,
      appsScript: { tokens: { [`${REDACTED_PREFIX}AAAAAAAAAAAAAAAAAAAAAA`]: 'ada@example.com' } },
    };
    const response = await put(forged);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /appsScript\.tokens key for ada@example\.com is a redacted value .* put the secret itself/,
    );
    expect(emulator.state()).toEqual(before);
  });

  it("redacts scripts' property and cache values, and a dump PUT back keeps them", async () => {
    const client = appsScript(emulator, TOKEN);
    const scriptId = String((await client.projects.create({ title: 'Secrets' })).scriptId);
    await client.projects.updateContent({
      scriptId,
      files: [
        {
          name: 'appsscript',
          type: 'JSON',
          source: '{"timeZone":"Etc/UTC","executionApi":{"access":"MYSELF"}}',
        },
        {
          name: 'Code',
          type: 'SERVER_JS',
          source: `function store(a, b, c, d) {
  PropertiesService.getScriptProperties().setProperty('STRIPE_KEY', a);
  PropertiesService.getUserProperties().setProperty('token', b);
  CacheService.getScriptCache().put('session', c, 600);
  CacheService.getUserCache().put('oauth', d, 600);
}
function read() {
  return [PropertiesService.getScriptProperties().getProperty('STRIPE_KEY'),
    PropertiesService.getUserProperties().getProperty('token'),
    CacheService.getScriptCache().get('session'), CacheService.getUserCache().get('oauth')];
}`,
        },
      ],
    });
    const secrets = [
      'sk_live_property_0123',
      'user-property-secret-4567',
      'cache-session-89ab',
      'user-cache-cdef',
    ];
    await client.scripts.run({
      deploymentId: scriptId,
      function: 'store',
      parameters: secrets,
      devMode: true,
    });
    const text = await (await control('/state')).text();
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).toContain('"STRIPE_KEY":"redacted:');

    expect((await put(JSON.parse(text))).status).toBe(200);
    expect(await client.scripts.run({ deploymentId: scriptId, function: 'read', devMode: true })).toEqual(
      secrets,
    );
  });
});
