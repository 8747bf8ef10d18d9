// A vitest fixture: `createEmulatorTest()` returns a `test` whose `emulator` fixture is an in-process
// emulator (createEmulatorFetch) created once per file, with a fresh state before every test (or
// once per file), seeded when asked; a failing test's error is followed by what the emulator
// recorded during it: spec violations and script logs. `vitest` is an optional peer dependency.
import { test as base, type TestContext } from 'vitest';
import {
  createEmulatorFetch,
  type EmulatorFetch,
  type EmulatorFetchOptions,
  type InProcessEmulator,
} from './fetch.ts';
import type { StateDocument } from './state.ts';

export interface EmulatorTestOptions extends Omit<EmulatorFetchOptions, 'seed'> {
  /** When the state starts afresh: before every test (default) or once for the file. */
  fresh?: 'test' | 'file';
  /** The state each fresh start begins with: the demo data set (true), a document, or empty (default). */
  seed?: boolean | StateDocument;
}

/** What the emulator recorded, as lines to put under a failed test's error; empty when nothing was. */
export function emulatorDiagnostics(emulator: Pick<InProcessEmulator, 'violations' | 'scriptLogs'>): string {
  const lines: string[] = [];
  const violations = emulator.violations();
  if (violations.length > 0) {
    lines.push(`The emulator recorded ${violations.length} spec violation(s):`);
    for (const v of violations)
      lines.push(`  ${v.method} ${v.path} → ${v.status} (${v.operationId}): ${v.problems.join('; ')}`);
  }
  const logs = emulator.scriptLogs();
  if (logs.length > 0) {
    lines.push(`Script logs (${logs.length}):`);
    for (const log of logs) lines.push(`  ${log.at} ${log.scriptId} ${log.functionName}: ${log.line}`);
  }
  return lines.join('\n');
}

/** Adds the diagnostics to the first error of a failed test, which every reporter prints. */
function appendDiagnostics(context: Pick<TestContext, 'task'>, emulator: InProcessEmulator): void {
  const text = emulatorDiagnostics(emulator);
  const error = context.task.result?.errors?.[0];
  if (text === '' || error === undefined) return;
  error.message = `${error.message}\n\n${text}`;
}

export function createEmulatorTest(options: EmulatorTestOptions = {}) {
  const { fresh = 'test', seed = false, ...emulatorOptions } = options;
  return base.extend<{ emulator: EmulatorFetch; emulatorForFile: EmulatorFetch }>({
    emulatorForFile: [
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
      async ({}, use) => {
        const inProcess = await createEmulatorFetch(emulatorOptions);
        try {
          await inProcess.reset({ seed });
          await use(inProcess);
        } finally {
          await inProcess.close();
        }
      },
      { scope: 'file' },
    ],
    emulator: async ({ emulatorForFile, onTestFailed }, use) => {
      if (fresh === 'test') await emulatorForFile.reset({ seed });
      onTestFailed((context) => appendDiagnostics(context, emulatorForFile.emulator));
      await use(emulatorForFile);
    },
  });
}
