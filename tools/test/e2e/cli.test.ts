// The frame: help, exit codes and version through the built bin as a subprocess (what only a process
// shows: the bin's own exit code and that it exits on its own); usage errors and redaction in-process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TOKEN, type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('specbound (the frame)', () => {
  it('prints help on stdout and exits 0', async () => {
    const result = await h.runBin(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('apps-script|gas');
    expect(result.stderr).toBe('');
  });

  it('an unknown command exits 2 with a hint', async () => {
    const result = await h.runBin(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
    expect(result.stderr).toContain('specbound --help');
    expect(result.stdout).toBe('');
  });

  it('an unknown option exits 2', async () => {
    const result = await h.run(['gas', 'open', '--frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--frobnicate'");
  });

  it('a bad base URL is a usage error', async () => {
    const dir = await h.tempDir();
    const result = await h.run(['gas', 'open', '--apps-script-url', 'not a url'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--apps-script-url: "not a url" is not a URL');
  });

  it('--version prints the package version', async () => {
    const result = await h.runBin(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a gas and a bs command run through the bin and the process exits on its own', async () => {
    // The other e2e files run commands in-process; here a handle left open (a timer, a socket, a
    // server) would keep the process alive until the harness kills it, and the exit code is null.
    const dir = await h.tempDir();
    const created = await h.runBin(['gas', 'create', '--title', 'Through the bin', '--json'], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.json<{ scriptId: string }>().scriptId).toBeTruthy();
    const projects = await h.runBin(['bs', 'projects', 'ls', '--all', '--json'], { timeoutMs: 30_000 });
    expect(projects.code, projects.stderr).toBe(0);
    expect(Array.isArray(projects.json())).toBe(true);
  });

  it('never prints the token', async () => {
    const dir = await h.tempDir();
    const result = await h.run(['gas', 'open', '--debug'], { cwd: dir });
    expect(result.stdout + result.stderr).not.toContain(E2E_TOKEN);
  });
});
