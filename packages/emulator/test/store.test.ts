// The state database: every acknowledged write survives kill -9; a write that cannot be committed (a
// full disk) is answered with an error and changes nothing, in memory either; the emulator restarts
// on its own database; damaged, foreign and read-only files are refused at start, naming the file.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSqlite, withoutSqliteWarning } from '../src/core/sqlite.ts';
import { type EmulatorInternals, startEmulatorWith } from '../src/emulator.ts';
import { type RunningEmulator, StateDocumentError, startEmulator } from '../src/index.ts';
import { API_KEY, appsScript, deployScript, strictEmulator } from './helpers.ts';
import { BUILT_CLI, requireBuilt } from './subprocess.ts';

let dir: string;
beforeAll(async () => {
  requireBuilt();
  dir = await mkdtemp(join(tmpdir(), 'specbound-emulator-store-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const bugsHeaders = { 'x-api-key': API_KEY, 'content-type': 'application/json' };

/** Whether this process may mount file systems (root in CI); tried once. */
let mountable: boolean | undefined;
async function canMount(): Promise<boolean> {
  if (mountable !== undefined) return mountable;
  const probe = await mkdtemp(join(tmpdir(), 'specbound-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    mountable = true;
  } catch {
    mountable = false;
  }
  await rm(probe, { recursive: true, force: true });
  return mountable;
}

async function startCli(file: string): Promise<{ child: ReturnType<typeof spawn>; bugs: string }> {
  const child = spawn(
    process.execPath,
    [BUILT_CLI, '--port', '0', '--state', file, '--bugsmash-api-key', API_KEY, '--quiet'],
    { cwd: join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const bugs = await new Promise<string>((resolve, reject) => {
    const read = (c: Buffer) => {
      out += c.toString();
      const url = /BugSmash API\s+(\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`CLI exited early: ${out}`)));
  });
  return { child, bugs };
}

/**
 * A loopback URL whose answer waits until `open()`: a script that fetches it stays running, blocked
 * in a host call, for exactly as long as the test needs (no worker spinning for a fixed time).
 */
async function gate(): Promise<{ url: string; open: () => Promise<void> }> {
  const held: ServerResponse[] = [];
  let opened = false;
  const server = createServer((_req, res) => {
    if (opened) res.end('open');
    else held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gate`;
  const open = async () => {
    opened = true;
    for (const res of held.splice(0)) res.end('open');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url, open };
}

async function upload(
  emulator: RunningEmulator,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Response> {
  const form = new FormData();
  form.set('projectName', name);
  form.set('projectType', 'pdf');
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), `${name}.pdf`);
  return fetch(`${emulator.bugsmashUrl}/project/generate-review-link`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY },
    body: form,
  });
}

/** The bytes of the one file of a project, as the control API serves them. */
async function download(emulator: RunningEmulator, projectName: string): Promise<Uint8Array> {
  const state = emulator.state().bugsmash;
  const project = state.projects.find((p) => p.name === projectName);
  const file = state.versions.find((v) => v.project_id === project?.id)?.files[0];
  const answer = await fetch(`${emulator.controlUrl}/files/${file?.project_file_id}/${file?.filename}`);
  expect(answer.status).toBe(200);
  return new Uint8Array(await answer.arrayBuffer());
}

describe('kill -9 during writes', () => {
  it('every acknowledged write is there after a restart', async () => {
    const file = join(dir, 'kill9.db');
    const { child, bugs } = await startCli(file);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const acked: string[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 400; i++) {
        const name = `w${w}-${i}`;
        try {
          const answer = await fetch(`${bugs}/folder`, {
            method: 'POST',
            headers: bugsHeaders,
            body: JSON.stringify({ name }),
          });
          if (answer.status === 200) acked.push(name);
        } catch {
          return; // the process is gone
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    // Killed mid-stream, once enough writes were acknowledged (or after a bounded wait).
    for (let waited = 0; acked.length < 60 && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await Promise.all(writers);
    await exited;
    expect(acked.length).toBeGreaterThan(20);

    const restarted = await strictEmulator({ state: file });
    const names = new Set(restarted.state().bugsmash.folders.map((f) => f.name));
    await restarted.close();
    expect(acked.filter((name) => !names.has(name))).toEqual([]);
  }, 90_000);
});

/**
 * A full disk: writes of 60 kB uploads until one is refused. The failing write is answered with
 * BugSmash's error (5xx), memory is as before it, every acknowledged upload is kept, and the
 * emulator restarts on its database (the disk still full) with all of them, bytes included.
 */
async function fillTheDisk(file: string, internals: EmulatorInternals): Promise<void> {
  const emulator = await startEmulatorWith({ state: file, strict: true, bugsmashApiKey: API_KEY }, internals);
  const acked: string[] = [];
  try {
    let before = emulator.state();
    let refused: Response | undefined;
    for (let i = 0; i < 200 && refused === undefined; i++) {
      before = emulator.state();
      const answer = await upload(emulator, `Upload ${i}`, new Uint8Array(60_000).fill(i + 1));
      if (answer.status === 200) acked.push(`Upload ${i}`);
      else refused = answer;
    }
    expect(acked.length).toBeGreaterThan(2);
    expect(refused?.status).toBe(500);
    expect(await refused?.json()).toEqual({
      status: false,
      message: expect.stringMatching(/could not be saved .*database or disk is full.*nothing changed/),
    });
    expect(emulator.state()).toEqual(before);
    const projects = await fetch(`${emulator.bugsmashUrl}/projects`, { headers: bugsHeaders });
    expect(((await projects.json()) as { total: number }).total).toBe(acked.length);
  } finally {
    await emulator.close();
  }

  const restarted = await startEmulatorWith(
    { state: file, strict: true, bugsmashApiKey: API_KEY },
    internals,
  );
  try {
    expect(
      restarted
        .state()
        .bugsmash.projects.map((p) => p.name)
        .sort(),
    ).toEqual([...acked].sort());
    expect(await download(restarted, 'Upload 2')).toEqual(new Uint8Array(60_000).fill(3));
  } finally {
    await restarted.close();
  }
}

describe('a full disk', () => {
  it('a database at its largest size (PRAGMA max_page_count): SQLITE_FULL answered, nothing changed, restarts', async () => {
    // 1 MiB of 4 KiB pages.
    await fillTheDisk(join(dir, 'max-pages.db'), { store: { maxPages: 256 } });
  }, 60_000);

  it('a start that cannot write its new state (the demo data set, on a full disk) is refused, naming the file', async () => {
    const file = join(dir, 'full-at-start.db');
    const error = await startEmulatorWith({ state: file, seed: true }, { store: { maxPages: 8 } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StateDocumentError);
    expect((error as Error).message).toMatch(/full-at-start\.db could not be written \(.*full.*\)/);
    // The database holds what it held before: nothing, and it opens.
    const empty = await strictEmulator({ state: file });
    expect(empty.state().bugsmash.projects).toEqual([]);
    await empty.close();
  });

  it('a start that fails on a taken port closes the state database again', async () => {
    const first = await strictEmulator();
    const file = join(dir, 'port-taken.db');
    const error = await startEmulator({ state: file, port: first.port }).catch((caught: unknown) => caught);
    await first.close();
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    // The last connection to close removes the write-ahead log: none is left open.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('a save that fails while another request runs undoes that request’s change too: it is not acknowledged', async () => {
    const emulator = await startEmulatorWith(
      { state: join(dir, 'concurrent.db'), strict: true, bugsmashApiKey: API_KEY },
      { store: { maxPages: 256 } },
    );
    const held = await gate();
    try {
      const client = appsScript(emulator);
      const { deploymentId } = await deployScript(client, {
        title: 'Slow',
        code: 'function slow(url) { UrlFetchApp.fetch(url); return 1; }',
      });
      // Nearly full: uploads until one is refused.
      for (let i = 0; i < 200; i++)
        if ((await upload(emulator, `Fill ${i}`, new Uint8Array(60_000).fill(i))).status !== 200) break;

      // A run records its process as it starts; while it runs, another request's save fails.
      const running = fetch(`${emulator.appsScriptUrl}/v1/scripts/${deploymentId}:run`, {
        method: 'POST',
        headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: 'slow', parameters: [held.url] }),
      });
      for (let waited = 0; emulator.state().appsScript.processes.length === 0 && waited < 5_000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(emulator.state().appsScript.processes).toHaveLength(1);
      expect((await upload(emulator, 'Too much', new Uint8Array(60_000).fill(7))).status).toBe(500);
      // The run ends only now, after the failed save.
      await held.open();
      // The run's process went with the undone save: the run is not answered as if it were kept.
      const answer = await running;
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({
        error: { code: 500, message: expect.stringContaining('a save failed while this request ran') },
      });
      expect(emulator.state().appsScript.processes).toEqual([]);
    } finally {
      await held.open();
      await emulator.close();
    }
  }, 60_000);

  it('a full file system (a 1 MiB tmpfs where the test may mount one, else max_page_count)', async () => {
    const mnt = await mkdtemp(join(tmpdir(), 'specbound-full-'));
    if (!(await canMount())) {
      await fillTheDisk(join(mnt, 'state.db'), { store: { maxPages: 256 } });
      await rm(mnt, { recursive: true, force: true });
      return;
    }
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt]);
    try {
      await fillTheDisk(join(mnt, 'state.db'), {});
    } finally {
      execFileSync('umount', [mnt]);
      await rm(mnt, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('damaged, foreign and read-only files are refused at start, naming the file', () => {
  async function refused(file: string): Promise<string> {
    const before = await readFile(file);
    const error = await startEmulator({ state: file }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StateDocumentError);
    const message = (error as Error).message;
    expect(message).toContain(file);
    expect(await readFile(file)).toEqual(before);
    return message;
  }

  /** Changes one byte of the file inside the first occurrence of `marker`. */
  async function flip(file: string, marker: string): Promise<void> {
    const bytes = await readFile(file);
    const at = bytes.indexOf(marker);
    expect(at).toBeGreaterThan(0);
    bytes[at + 1] = (bytes[at + 1] ?? 0) ^ 0x01;
    await writeFile(file, bytes);
  }

  it('a bit flip in an entity, in an upload, and a truncated database', async () => {
    const file = join(dir, 'damaged.db');
    const emulator = await strictEmulator({ state: file });
    await fetch(`${emulator.bugsmashUrl}/folder`, {
      method: 'POST',
      headers: bugsHeaders,
      body: JSON.stringify({ name: 'FOLDER-MARKER' }),
    });
    const marked = new TextEncoder().encode(`UPLOAD-MARKER${'.'.repeat(20_000)}`);
    expect((await upload(emulator, 'Marked', marked)).status).toBe(200);
    await emulator.close();
    const good = await readFile(file);

    await flip(file, 'FOLDER-MARKER');
    expect(await refused(file)).toMatch(/damaged \(the bs\.folders entity .* does not match its CRC\)/);
    await writeFile(file, good);
    await flip(file, 'UPLOAD-MARKER');
    expect(await refused(file)).toMatch(/damaged \(the stored upload [0-9a-f]{64} does not match its hash\)/);
    await writeFile(file, good);
    await truncate(file, Math.floor(good.length / 2));
    expect(await refused(file)).toMatch(/damaged .*sqlite3 .* \.recover/);

    // The good copy still loads.
    await writeFile(file, good);
    const restored = await strictEmulator({ state: file });
    expect(await download(restored, 'Marked')).toEqual(marked);
    await restored.close();
  });

  it('a file that is neither a state database nor a JSON state file, and another program’s database', async () => {
    const garbage = join(dir, 'garbage.db');
    await writeFile(garbage, 'not a database, not JSON either');
    expect(await refused(garbage)).toMatch(/neither a state database nor a state document .*left untouched/);

    const foreign = join(dir, 'foreign.db');
    const db = new DatabaseSync(foreign);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    expect(await refused(foreign)).toContain('is a SQLite database, but not an emulator state database');
  });

  it('a read-only state database', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'specbound-readonly-'));
    const file = join(folder, 'state.db');
    const emulator = await strictEmulator({ state: file });
    await emulator.close();
    // Root ignores file modes: a read-only mount of the folder, where the test may mount one.
    const mounted = await canMount();
    if (mounted) {
      execFileSync('mount', ['--bind', folder, folder]);
      execFileSync('mount', ['-o', 'remount,bind,ro', folder]);
    } else {
      await chmod(file, 0o444);
      await chmod(folder, 0o555);
    }
    try {
      expect(await refused(file)).toMatch(/cannot be written .*read-only.*make it writable/);
    } finally {
      if (mounted) execFileSync('umount', [folder]);
      else await chmod(folder, 0o755);
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('what the control API accepts loads again', () => {
  const nest = (levels: number): unknown => {
    let value: unknown = 'bottom';
    for (let i = 0; i < levels; i++) value = { next: value };
    return value;
  };

  it('a comment nested 77 deep is refused with 400; one as deep as the services allow is kept and reloads', async () => {
    const file = join(dir, 'deep.db');
    const emulator = await strictEmulator({ state: file, seed: true });
    const projectId = emulator.state().bugsmash.projects[0]?.id;
    const comment = (levels: number) =>
      fetch(`${emulator.controlUrl}/bugsmash/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          projectId,
          text: 'Deep',
          commentMetadata: { browser: 'x', deep: nest(levels) },
        }),
      });
    const before = emulator.state();
    const deep = await comment(75); // 77 levels with the body and commentMetadata
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { error: string }).error).toContain('nests deeper than 64 levels');
    expect(emulator.state()).toEqual(before);

    const kept = await comment(62); // 64 levels: the limit
    expect(kept.status).toBe(201);
    const state = emulator.state();
    await emulator.close();
    const restarted = await strictEmulator({ state: file });
    expect(restarted.state()).toEqual(state);
    await restarted.close();
  });
});

describe('reset', () => {
  it('a reset and a reset to the demo data set are saved like any write', async () => {
    const file = join(dir, 'reset.db');
    const emulator = await strictEmulator({ state: file, seed: true });
    expect(emulator.state().bugsmash.projects.length).toBeGreaterThan(0);
    expect((await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
    await emulator.close();
    const empty = await strictEmulator({ state: file });
    expect(empty.state().bugsmash.projects).toEqual([]);
    expect(empty.state().appsScript.projects).toEqual([]);
    expect((await fetch(`${empty.controlUrl}/reset?seed=demo`, { method: 'POST' })).status).toBe(200);
    const demo = empty.state();
    await empty.close();
    const seeded = await strictEmulator({ state: file });
    expect(seeded.state()).toEqual(demo);
    await seeded.close();
  });
});

describe('node:sqlite on Node 22.13 to 23', () => {
  it('silences its ExperimentalWarning while it loads, and only that one', async () => {
    const seen: string[] = [];
    const listen = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listen);
    const emit = process.emitWarning;
    try {
      const value = withoutSqliteWarning(() => {
        // What Node 22.13 emits when node:sqlite loads, then two warnings that must go through.
        process.emitWarning(
          'SQLite is an experimental feature and might change at any time',
          'ExperimentalWarning',
        );
        process.emitWarning('The Foo API is an experimental feature', 'ExperimentalWarning');
        process.emitWarning('SQLite did something odd', { type: 'Warning' });
        return 42;
      });
      expect(value).toBe(42);
      expect(process.emitWarning).toBe(emit);
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([
        'ExperimentalWarning: The Foo API is an experimental feature',
        'Warning: SQLite did something odd',
      ]);
    } finally {
      process.off('warning', listen);
    }
  });
});

describe('a Node without node:sqlite', () => {
  it('is told which Node the emulator needs, not "reading DatabaseSync of undefined"', () => {
    // What process.getBuiltinModule('node:sqlite') answers on Node 20 (and 22.5–22.12 without the flag).
    expect(() => requireSqlite(undefined, 'v20.20.2')).toThrow(
      'the emulator keeps its state in node:sqlite, which Node v20.20.2 does not have: run it with Node 22.13 or later (Node 24 has it without a warning).',
    );
    const module = { DatabaseSync } as unknown as typeof import('node:sqlite');
    expect(requireSqlite(module, 'v24.0.0')).toBe(module);
  });
});

describe('uploads no version names any more', () => {
  it('are deleted with the project that held them, and by a reset', async () => {
    const file = join(dir, 'orphans.db');
    const emulator = await strictEmulator({ state: file });
    const stored = () => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return Number(db.prepare('SELECT count(*) AS n FROM blobs').get()?.n);
      } finally {
        db.close();
      }
    };
    try {
      expect((await upload(emulator, 'Kept', new Uint8Array(1000).fill(1))).status).toBe(200);
      expect((await upload(emulator, 'Deleted', new Uint8Array(1000).fill(2))).status).toBe(200);
      expect(stored()).toBe(2);
      const deleted = emulator.state().bugsmash.projects.find((p) => p.name === 'Deleted');
      const answer = await fetch(`${emulator.bugsmashUrl}/project/${deleted?.id}`, {
        method: 'DELETE',
        headers: bugsHeaders,
      });
      expect(answer.status).toBe(200);
      expect(stored()).toBe(1);
      expect(await download(emulator, 'Kept')).toEqual(new Uint8Array(1000).fill(1));
      expect((await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
      expect(stored()).toBe(0);
    } finally {
      await emulator.close();
    }
  });
});
