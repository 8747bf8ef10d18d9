import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyState, normalizeState, StateDocumentError } from '../src/index.ts';
import { API_KEY, appsScript, bugsmash, deployScript, readStateDatabase, strictEmulator } from './helpers.ts';
import { BUILT_CLI, requireBuilt } from './subprocess.ts';

let dir: string;
beforeAll(async () => {
  requireBuilt();
  dir = await mkdtemp(join(tmpdir(), 'specbound-emulator-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('state', () => {
  it('a restart with the same state file loses nothing, and writes are atomic', async () => {
    const file = join(dir, 'state.db');
    const first = await strictEmulator({ state: file });
    const apps = appsScript(first);
    const { scriptId, deploymentId } = await deployScript(apps, {
      title: 'Persisted',
      code: 'function f() { return 1; }',
    });
    await apps.scripts.run({ deploymentId, function: 'f' });
    const project = await bugsmash(first).projects.create({
      projectName: 'Kept',
      projectType: 'website',
      websiteUrl: 'https://example.com',
    });
    // Committed before the response was sent: the database already holds the project.
    const onDisk = readStateDatabase(file) as { bugsmash: { projects: { id: string }[] } };
    expect(onDisk.bugsmash.projects.map((p) => p.id)).toContain(project.id);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const before = first.state();
    await first.close();

    const second = await strictEmulator({ state: file });
    expect(second.state()).toEqual(before);
    expect(await appsScript(second).projects.get({ scriptId: String(scriptId) })).toMatchObject({
      title: 'Persisted',
    });
    const processes = await appsScript(second).processes.listScriptProcesses({ scriptId: String(scriptId) });
    expect('processes' in processes && processes.processes?.[0]).toMatchObject({
      functionName: 'f',
      processStatus: 'COMPLETED',
    });
    expect(await bugsmash(second).projects.get({ projectId: String(project.id) })).toMatchObject({
      name: 'Kept',
    });
    await second.close();
  });

  it('the CLI prints both base URLs, saves on every change and stops cleanly on SIGINT', async () => {
    const file = join(dir, 'cli-state.db');
    const child = spawn(
      process.execPath,
      [BUILT_CLI, '--port', '0', '--state', file, '--seed', '--bugsmash-api-key', API_KEY],
      {
        cwd: join(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const urls = await new Promise<{ apps: string; bugs: string }>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const apps = /Apps Script API\s+(\S+)/.exec(out)?.[1];
        const bugs = /BugSmash API\s+(\S+)/.exec(out)?.[1];
        if (apps && bugs) resolve({ apps, bugs });
      });
      child.once('exit', () => reject(new Error(`CLI exited early: ${out}`)));
    });
    const res = await fetch(`${urls.bugs}/projects`, { headers: { 'x-api-key': API_KEY } });
    const seeded = (await res.json()) as { total: number };
    expect(seeded.total).toBeGreaterThan(0);
    await fetch(`${urls.bugs}/folder`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: '{"name":"From CLI"}',
    });
    const processes = await fetch(`${urls.apps}/v1/processes?pageSize=1`, {
      headers: { authorization: 'Bearer ada-demo-token' },
    });
    expect(((await processes.json()) as { processes: unknown[] }).processes).toHaveLength(1);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const saved = readStateDatabase(file) as { bugsmash: { folders: { name: string }[] } };
    expect(saved.bugsmash.folders.map((f) => f.name)).toContain('From CLI');
  });

  it('a crash (SIGKILL) right after an answer loses nothing: the change was on disk before it was sent', async () => {
    const file = join(dir, 'crash-state.db');
    const child = spawn(
      process.execPath,
      [BUILT_CLI, '--port', '0', '--state', file, '--bugsmash-api-key', API_KEY],
      {
        cwd: join(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const bugs = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const url = /BugSmash API\s+(\S+)/.exec(out)?.[1];
        if (url) resolve(url);
      });
      child.once('exit', () => reject(new Error(`CLI exited early: ${out}`)));
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const created = await fetch(`${bugs}/folder`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: '{"name":"Before the crash"}',
    });
    expect(created.status).toBe(200);
    // No shutdown hook runs on SIGKILL: only what was written before the answer survives.
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const restarted = await strictEmulator({ state: file });
    const folders = restarted.state().bugsmash.folders.map((f) => f.name);
    await restarted.close();
    expect(folders).toEqual(['Before the crash']);
  });

  it('the seed command writes the demo data set to a new file, and refuses to overwrite one', async () => {
    const file = join(dir, 'seeded.db');
    const cwd = join(import.meta.dirname, '..');
    const seed = () =>
      spawnSync(process.execPath, [BUILT_CLI, 'seed', '--state', file], { cwd, encoding: 'utf8' });
    const first = seed();
    expect(first.status, first.stderr).toBe(0);
    const written = await readFile(file);
    const doc = readStateDatabase(file) as {
      appsScript: { projects: unknown[] };
      bugsmash: { projects: unknown[] };
    };
    expect(doc.appsScript.projects.length).toBeGreaterThan(0);
    expect(doc.bugsmash.projects.length).toBeGreaterThan(0);

    const again = seed();
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`${file} already exists`);
    expect(await readFile(file)).toEqual(written);
  });

  it('the control API resets, replaces and reads the state, and adds comments', async () => {
    const emulator = await strictEmulator({ seed: true });
    const control = emulator.controlUrl;
    const doc = normalizeState({
      version: 1,
      appsScript: {
        tokens: { 'pact-token': 'pact@example.com' },
        projects: [
          {
            scriptId: 'script-1',
            title: 'From a provider state',
            creator: 'pact@example.com',
            createTime: '2026-01-01T00:00:00.000Z',
            updateTime: '2026-01-01T00:00:00.000Z',
            files: [{ name: 'appsscript', type: 'JSON', source: '{}' }],
          },
        ],
      },
      bugsmash: {
        projects: [
          {
            id: '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f',
            name: 'Pact',
            type: 'website',
            short_code: 'AbCdE',
            created_at: '2026-01-31T07:58:30.000000Z',
            updated_at: '2026-01-31T07:58:30.000000Z',
          },
        ],
      },
    });
    const put = await fetch(`${control}/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    });
    expect(put.status).toBe(200);
    expect(await appsScript(emulator, 'pact-token').projects.get({ scriptId: 'script-1' })).toMatchObject({
      creator: { email: 'pact@example.com' },
    });
    const added = await fetch(`${control}/bugsmash/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f', text: 'Seeded' }),
    });
    expect(added.status).toBe(201);
    expect(
      await bugsmash(emulator).comments.list({ projectId: '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f' }),
    ).toMatchObject({
      active: 1,
    });

    const bad = await fetch(`${control}/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 2 }),
    });
    expect(bad.status).toBe(400);
    expect(() => normalizeState({ version: 1, appsScript: { projects: [{}] } })).toThrow(StateDocumentError);

    await fetch(`${control}/reset`, { method: 'POST' });
    const state = (await (await fetch(`${control}/state`)).json()) as unknown;
    expect(state).toEqual(emptyState());
    const violations = (await (await fetch(`${control}/violations`)).json()) as { total: number };
    expect(violations.total).toBe(0);
    await emulator.close();
  });
});
