import { createAppsScriptClient } from '@specbound/apps-script';
import { ResponseValidationError, validatingFetch } from '@specbound/apps-script/validate';
import { createEmulatorTest } from '@specbound/emulator/vitest';
import { expect } from 'vitest';

// A `test` with an `emulator` fixture: one in-process emulator per file, a fresh state per test,
// and a failed test's error followed by the emulator's spec violations and script logs.
const test = createEmulatorTest({ fresh: 'test', seed: false });

test('throws when a response breaks the spec', async ({ emulator }) => {
  // An answer the spec does not allow, on purpose: `checked: false`.
  await emulator.emulator.addFault({
    service: 'apps-script',
    operationId: 'getProject',
    status: 200,
    body: { scriptId: '1abc', title: 42 },
    checked: false,
  });
  const appsScript = createAppsScriptClient({
    auth: 'any-token',
    fetch: validatingFetch({ mode: 'throw', fetch: emulator.fetch }),
  });
  const error = await appsScript.projects.get({ scriptId: '1abc' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).report.problems).toEqual([
    { pointer: '/title', expected: 'string', got: 42 },
  ]);
});
