// Temporary folders for the tools tests: each test gets its own, and each is removed after the test
// whether it passed or failed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A new folder under the system temp folder (its name starts with `prefix`) and how to remove it. */
export async function tempDir(
  prefix = 'specbound-unit-',
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * For the files that keep a module-level `dir`: registers a beforeEach that makes a fresh folder and
 * hands its path to `use` (keep it, set the folder up), and an afterEach that removes it. Call it at the
 * top of a file or a describe block, where vitest's hooks are registered.
 */
export function useTempDir(prefix: string, use: (path: string) => void | Promise<void>): void {
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    let dir: string;
    ({ dir, cleanup } = await tempDir(prefix));
    await use(dir);
  });
  // Its own hook, not a teardown returned from beforeEach: the folder goes even when `use` throws.
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
}
