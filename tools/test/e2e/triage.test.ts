// `comments triage` through a real pseudo-terminal: @clack/prompts reads stdin in raw mode, so the
// bin runs under util-linux `script`, which gives it a pty; keystrokes are written once each
// prompt is on screen.
import { spawn } from 'node:child_process';
import { DEFAULT_BUGSMASH_API_KEY } from '@specbound/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, seed } from './bs-helpers.js';
import { BIN, type Harness, startHarness } from './harness.js';

let h: Harness;
const KEY = { BUGSMASH_API_KEY: DEFAULT_BUGSMASH_API_KEY };
const DOWN = '\x1b[B';
const UP = '\x1b[A';
const ENTER = '\r';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Comment {
  comment_id: string;
  comment_number: number;
  status: string;
  priority: string;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

describe('comments triage (pty)', () => {
  it('sets a priority, replies, resolves, skips and quits, one comment at a time', async () => {
    await seed(h);
    const projects = (await h.run(['bs', 'projects', 'ls', '--json'], { env: KEY })).json<
      { id: string; type: string }[]
    >();
    const projectId = (projects.find((p) => p.type === 'website') as { id: string }).id;
    await control(h, 'POST', '/bugsmash/comments', {
      projectId,
      text: 'Second active comment',
      priority: 'P3',
    });
    await control(h, 'POST', '/bugsmash/comments', { projectId, text: 'Third active comment' });
    const active = (await h.run(['bs', 'comments', 'ls', projectId, '--json'], { env: KEY }))
      .json<Comment[]>()
      .sort((a, b) => a.comment_number - b.comment_number);
    expect(active).toHaveLength(3);
    const [first, second, third] = active as [Comment, Comment, Comment];
    expect(first.priority).toBe('P2');

    const command = `stty cols 100 rows 40; exec ${shellQuote(process.execPath)} ${shellQuote(BIN)} bs comments triage ${projectId}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TERM: 'xterm-256color',
        NO_COLOR: '1',
        SPECBOUND_BUGSMASH_URL: h.emulator.bugsmashUrl,
        ...KEY,
      },
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const count = (text: string) => screen.split(text).length - 1;
    const waitFor = async (text: string, times = 1) => {
      const started = Date.now();
      while (count(text) < times) {
        if (Date.now() - started > 10_000) throw new Error(`"${text}" ×${times} never appeared:\n${screen}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Let the prompt finish drawing and switch to raw mode before typing.
      await new Promise((r) => setTimeout(r, 80));
    };
    const type = (keys: string) => child.stdin.write(keys);

    await waitFor('What now?');
    expect(screen).toContain('1/3');
    type(DOWN + ENTER); // Set priority
    await waitFor('Priority');
    type(UP + ENTER); // P2 → P1
    await waitFor('priority P1');
    await waitFor('What now?', 2);
    type(DOWN + DOWN + ENTER); // Reply
    await waitFor('Enter to send');
    type(`Thanks, fixed in V3${ENTER}`);
    await waitFor('replied to');
    await waitFor('What now?', 3);
    type(ENTER); // Resolve
    await waitFor('2/3');
    await waitFor('What now?', 4);
    type(DOWN + DOWN + DOWN + ENTER); // Skip
    await waitFor('3/3');
    await waitFor('What now?', 5);
    type(DOWN + DOWN + DOWN + DOWN + ENTER); // Quit
    const code = await exited;
    expect(code, screen).toBe(0);
    expect(screen).toContain('3/3 seen · 1 resolved · 1 prioritised · 1 replied · 1 skipped (quit)');

    const after = (await h.run(['bs', 'comments', 'get', first.comment_id, '--json'], { env: KEY })).json<
      Comment & { replies: { comment?: string }[] }
    >();
    expect(after.status).toBe('Resolved');
    expect(after.priority).toBe('P1');
    expect(after.replies.map((r) => r.comment)).toContain('Thanks, fixed in V3');
    const rest = (await h.run(['bs', 'comments', 'ls', projectId, '--json'], { env: KEY })).json<Comment[]>();
    expect(rest.map((c) => c.comment_id).sort()).toEqual([second.comment_id, third.comment_id].sort());
    expect(rest.find((c) => c.comment_id === second.comment_id)?.priority).toBe('P3');
  });

  it('comments export draws a progress bar on stderr when it is a terminal, and none when piped', async () => {
    await seed(h);
    const dir = await h.tempDir();
    const out = `${dir}/all.csv`;
    const command = `stty cols 100 rows 40; exec ${shellQuote(process.execPath)} ${shellQuote(BIN)} bs comments export --all-projects --format csv --out ${shellQuote(out)}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TERM: 'xterm-256color',
        SPECBOUND_BUGSMASH_URL: h.emulator.bugsmashUrl,
        ...KEY,
      },
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/\[#+\.*\] project \d+ \d+\/\d+ · \d+ comments/);
    expect(screen).toContain('exported 3 comment(s)');
    const piped = await h.run(
      ['bs', 'comments', 'export', '--all-projects', '--format', 'csv', '--out', `${dir}/piped.csv`],
      {
        env: KEY,
      },
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain('[#');
  });

  it('refuses to run without a terminal (exit 2)', async () => {
    const result = await h.run(['bs', 'comments', 'triage', 'any-project'], { env: KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs a terminal');
  });
});
