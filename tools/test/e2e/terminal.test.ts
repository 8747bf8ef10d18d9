// Terminal safety end to end (issue #22, defect 7): a reviewer's comment and an unsigned webhook
// delivery carrying escape sequences print as visible escapes, never as raw control characters.
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from './bs-helpers.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY };
const bs = (args: string[]) => h.run(['bs', ...args], { env: KEY });
const HOSTILE = 'ok\u001b]0;pwned\u0007\u001b]52;c;Y3VybCBldmlsLnNofHNo\u0007\rverified\u009b2J';
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

beforeAll(async () => {
  h = await startHarness();
  await seed(h);
});
afterAll(async () => {
  await h?.close();
});

describe('terminal safety', () => {
  it("a comment's text prints escaped; --json keeps it exactly, escaped as JSON", async () => {
    const projects = (await bs(['projects', 'ls', '--all', '--json'])).json<{ id: string }[]>();
    const ids = await Promise.all(
      projects.map(async (p) =>
        (await bs(['comments', 'ls', p.id, '--all', '--json'])).json<{ comment_id: string }[]>(),
      ),
    );
    const id = ids.flat()[0]?.comment_id ?? '';
    expect((await bs(['comments', 'set', id, '--text', HOSTILE])).code).toBe(0);
    const human = await bs(['comments', 'get', id]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).not.toMatch(UNSAFE);
    expect(human.stdout).toContain('ok\\x1b]0;pwned\\x07');
    const json = await bs(['comments', 'get', id, '--json']);
    expect(json.stdout).not.toMatch(UNSAFE);
    expect(json.json<{ comment: string }>().comment).toContain(HOSTILE);
  });

  it("an unsigned delivery's event name prints escaped in the listener's line", async () => {
    const listen = h.start(['bs', 'webhooks', 'listen'], {
      env: { ...KEY, BUGSMASH_WEBHOOK_SECRET: 'whsec_0123456789abcdef' },
    });
    try {
      const [, url] = await listen.waitForStderr(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      const answer = await fetch(url ?? '', { method: 'POST', body: JSON.stringify({ event: HOSTILE }) });
      expect(answer.status).toBe(400);
      await listen.waitForStdout(/rejected/);
      expect(listen.stdout()).not.toMatch(UNSAFE);
      expect(listen.stdout()).toContain('\\rverified\\x9b2J');
    } finally {
      expect(await listen.stop()).toBe(0);
    }
  });
});
