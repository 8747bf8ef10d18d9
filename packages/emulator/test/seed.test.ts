// The demo data set has the same ids on every start (the CLI's banner and the README name them), and
// the records behind those ids work through both APIs.
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningEmulator, StateDocument } from '../src/index.ts';
import { DEMO_APPS_SCRIPT_IDS } from '../src/seed-ids.ts';
import { API_KEY, strictEmulator } from './helpers.ts';

const started: RunningEmulator[] = [];
afterAll(() => Promise.all(started.map((e) => e.close())));

async function seeded(): Promise<RunningEmulator> {
  const emulator = await strictEmulator({ seed: true });
  started.push(emulator);
  return emulator;
}

function ids(state: StateDocument) {
  const { appsScript, bugsmash } = state;
  return {
    scripts: appsScript.projects.map((p) => [p.scriptId, (p.deployments ?? []).map((d) => d.deploymentId)]),
    bugsmash: [
      bugsmash.projects.map((p) => [p.id, p.short_code]),
      bugsmash.versions.map((v) => [v.id, v.short_code]),
      bugsmash.folders.map((f) => f.id),
      bugsmash.comments.map((c) => [
        c.comment_id,
        (c.tags ?? []).map((t) => t.id),
        (c.replies ?? []).map((r) => r.id),
      ]),
    ],
  };
}

describe('the demo data set', () => {
  it('has the same ids on every start', async () => {
    const [a, b] = await Promise.all([seeded(), seeded()]);
    const first = ids(a.state());
    expect(ids(b.state())).toEqual(first);
    expect(first.scripts).toEqual([
      [
        DEMO_APPS_SCRIPT_IDS.invoiceMailer,
        [DEMO_APPS_SCRIPT_IDS.invoiceMailerHead, DEMO_APPS_SCRIPT_IDS.invoiceMailerApi],
      ],
      [DEMO_APPS_SCRIPT_IDS.teamRota, [DEMO_APPS_SCRIPT_IDS.teamRotaHead]],
    ]);
    const all =
      JSON.stringify(first.bugsmash).match(
        /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}/g,
      ) ?? [];
    expect(all.length).toBeGreaterThan(8);
    expect(new Set(all).size).toBe(all.length);
  });

  it('answers for those ids through both APIs', async () => {
    const emulator = await seeded();
    const run = await fetch(
      `${emulator.appsScriptUrl}/v1/scripts/${DEMO_APPS_SCRIPT_IDS.invoiceMailerApi}:run`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer ada-demo-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: 'sendInvoices', parameters: ['2026-01'] }),
      },
    );
    expect(await run.json()).toMatchObject({ done: true, response: { result: { month: '2026-01' } } });

    const state = emulator.state().bugsmash;
    const site = state.projects.find((p) => p.name === 'Marketing site');
    const project = await fetch(`${emulator.bugsmashUrl}/project/${site?.id}`, {
      headers: { 'X-API-Key': API_KEY },
    });
    expect(project.status).toBe(200);
    expect(await project.json()).toMatchObject({
      status: true,
      data: { id: site?.id, name: 'Marketing site' },
    });
    const comments = await fetch(`${emulator.bugsmashUrl}/comments?projectId=${site?.id}`, {
      headers: { 'X-API-Key': API_KEY },
    });
    expect(comments.status).toBe(200);
    const body = (await comments.json()) as { data: { comment_id: string }[] };
    expect(body.data.map((c) => c.comment_id).sort()).toEqual(
      state.comments
        .filter((c) => c.project_id === site?.id)
        .map((c) => c.comment_id)
        .sort(),
    );
  });

  it('runs nightlyReport against the seeded spreadsheet it is bound to', async () => {
    const emulator = await seeded();
    const run = await fetch(
      `${emulator.appsScriptUrl}/v1/scripts/${DEMO_APPS_SCRIPT_IDS.invoiceMailerApi}:run`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer ada-demo-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: 'nightlyReport' }),
      },
    );
    expect(await run.json()).toMatchObject({
      done: true,
      response: { result: 'Invoices: 3 invoices, 242.75' },
    });
    const sheet = emulator
      .state()
      .sheets.spreadsheets.find((s) => s.spreadsheetId === DEMO_APPS_SCRIPT_IDS.invoicesSpreadsheet)
      ?.sheets.find((s) => s.title === 'Report');
    expect(sheet?.rows[1]).toEqual([expect.objectContaining({ fmt: 'datetime' }), 3, 242.75]);
  });
});
