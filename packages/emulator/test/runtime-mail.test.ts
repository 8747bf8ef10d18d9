// MailApp and GmailApp.sendEmail: every message is captured into the outbox, never sent, with
// Google's argument forms, address checks and daily quota; a reset empties the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, strictEmulator } from './helpers.ts';

const CODE = `
function report() {
  var before = MailApp.getRemainingDailyQuota();
  MailApp.sendEmail('grace@example.com', 'Nightly report', '3 invoices sent.', { cc: 'ops@example.com', htmlBody: '<b>3</b>', name: 'Reports' });
  GmailApp.sendEmail('a@example.com,b@example.com', 'Hi', 'Body').sendEmail({ to: 'c@example.com', subject: 'Obj', body: 'B', replyTo: 'r@example.com' });
  return [before, MailApp.getRemainingDailyQuota()];
}
function invalid() { MailApp.sendEmail('not an address', 'x', 'y'); }
function wrongArgs() { MailApp.sendEmail(42); }
`;

let emulator: RunningEmulator;
let scriptId: string;
beforeAll(async () => {
  emulator = await strictEmulator();
  const client = appsScript(emulator);
  scriptId = String((await client.projects.create({ title: 'Mail' })).scriptId);
  await client.projects.updateContent({
    scriptId,
    files: [
      { name: 'appsscript', type: 'JSON', source: '{"executionApi":{"access":"MYSELF"}}' },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ],
  });
});
afterAll(async () => {
  expect(emulator.violations()).toEqual([]);
  await emulator.close();
});

const run = (fn: string) =>
  appsScript(emulator).scripts.run({ deploymentId: scriptId, function: fn, devMode: true });
const outbox = async () =>
  (await (await fetch(`${emulator.controlUrl}/outbox`)).json()) as Record<string, unknown>[];

describe('MailApp and GmailApp', () => {
  it('captures every message in the outbox with its recipients and options, and counts the daily quota', async () => {
    expect(await run('report')).toEqual([100, 95]);
    const messages = await outbox();
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatchObject({
      scriptId,
      from: expect.stringMatching(/@/),
      to: ['grace@example.com'],
      cc: ['ops@example.com'],
      bcc: [],
      subject: 'Nightly report',
      body: '3 invoices sent.',
      htmlBody: '<b>3</b>',
      name: 'Reports',
    });
    expect(messages[1]).toMatchObject({ to: ['a@example.com', 'b@example.com'], subject: 'Hi' });
    expect(messages[2]).toMatchObject({ to: ['c@example.com'], subject: 'Obj', replyTo: 'r@example.com' });
  });

  it('refuses a bad address or bad arguments with Google’s exceptions, sending nothing', async () => {
    const before = (await outbox()).length;
    await expect(run('invalid')).rejects.toMatchObject({ errorMessage: 'Invalid email: not an address' });
    await expect(run('wrongArgs')).rejects.toMatchObject({
      errorMessage: "The parameters (number) don't match the method signature for MailApp.sendEmail.",
    });
    expect(await outbox()).toHaveLength(before);
  });

  it('empties the outbox on reset', async () => {
    expect((await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
    expect(await outbox()).toEqual([]);
  });
});
