// ScriptApp's time-driven triggers and the emulator's clock: triggers are stored with the project
// (across a restart), fired in order when POST /__emulator/clock moves the time past them, each
// recorded as a TIME_DRIVEN process; scripts see the moved time; a reset puts the clock back.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/index.ts';
import { appsScript } from './helpers.ts';

const CODE = `
function setup() {
  var every = ScriptApp.newTrigger('tick').timeBased().everyMinutes(5).create();
  var once = ScriptApp.newTrigger('once').timeBased().after(60 * 1000).create();
  return [every.getHandlerFunction(), once.getHandlerFunction(), ScriptApp.getProjectTriggers().length,
    ScriptApp.getScriptId(), every.getEventType() === ScriptApp.EventType.CLOCK];
}
function tick(e) {
  var props = PropertiesService.getScriptProperties();
  props.setProperty('ticks', String(Number(props.getProperty('ticks') || 0) + 1));
  props.setProperty('minute', String(e.minute));
}
function once(e) { PropertiesService.getScriptProperties().setProperty('once', e.triggerUid ? 'ran' : 'no event'); }
function state() {
  return [PropertiesService.getScriptProperties().getProperties(),
    ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction(); }), Date.now()];
}
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); return ScriptApp.getProjectTriggers().length; }
function badEvery() { ScriptApp.newTrigger('tick').timeBased().everyMinutes(7).create(); }
function notClock() { ScriptApp.newTrigger('tick').forForm('form-id'); }
`;

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function withProject(state?: string) {
  const emulator = await startEmulator(state === undefined ? {} : { state });
  const client = appsScript(emulator);
  const { scriptId } = await client.projects.create({ title: 'Triggers' });
  await client.projects.updateContent({
    scriptId: String(scriptId),
    files: [
      {
        name: 'appsscript',
        type: 'JSON',
        source: '{"timeZone":"Etc/UTC","executionApi":{"access":"MYSELF"}}',
      },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ],
  });
  return { emulator, scriptId: String(scriptId) };
}

const run = (emulator: RunningEmulator, scriptId: string, fn: string) =>
  appsScript(emulator).scripts.run({ deploymentId: scriptId, function: fn, devMode: true });

async function clock(emulator: RunningEmulator, advanceMs?: number) {
  const answer = await fetch(`${emulator.controlUrl}/clock`, {
    method: advanceMs === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(advanceMs === undefined ? {} : { body: JSON.stringify({ advanceMs }) }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as {
    now: string;
    offsetMs: number;
    fired: { functionName: string; at: string; status: string; triggerUid: string }[];
  };
}

describe('time-driven triggers and the clock', () => {
  it('keeps triggers across a restart and fires them in order as the clock passes them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specbound-triggers-'));
    dirs.push(dir);
    const state = join(dir, 'state.db');
    const first = await withProject(state);
    expect(await run(first.emulator, first.scriptId, 'setup')).toEqual([
      'tick',
      'once',
      2,
      first.scriptId,
      true,
    ]);
    await first.emulator.close();

    const emulator = await startEmulator({ state });
    try {
      const { scriptId } = first;
      const before = Date.now();
      const moved = await clock(emulator, 15 * 60_000);
      expect(moved.fired.map((f) => [f.functionName, f.status])).toEqual([
        ['once', 'COMPLETED'],
        ['tick', 'COMPLETED'],
        ['tick', 'COMPLETED'],
        ['tick', 'COMPLETED'],
      ]);
      const times = moved.fired.map((f) => Date.parse(f.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect((times[3] ?? 0) - (times[1] ?? 0)).toBe(10 * 60_000);
      expect(Date.parse(moved.now)).toBeGreaterThanOrEqual(before + 15 * 60_000);

      const [props, triggers, guestNow] = (await run(emulator, scriptId, 'state')) as [
        Record<string, string>,
        string[],
        number,
      ];
      expect(props).toMatchObject({ ticks: '3', once: 'ran' });
      expect(triggers).toEqual(['tick']);
      expect(guestNow).toBeGreaterThanOrEqual(before + 15 * 60_000);

      const listed = await appsScript(emulator).processes.listScriptProcesses({ scriptId });
      const types = ('processes' in listed ? (listed.processes ?? []) : []).map((p) => p.processType);
      expect(types.filter((t) => t === 'TIME_DRIVEN')).toHaveLength(4);

      expect((await fetch(`${emulator.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
      expect((await clock(emulator)).offsetMs).toBe(0);
      expect((await clock(emulator, 60 * 60_000)).fired).toEqual([]);
    } finally {
      await emulator.close();
    }
  });

  it('deletes triggers, refuses what Google refuses, and says what is not implemented', async () => {
    const { emulator, scriptId } = await withProject();
    try {
      await run(emulator, scriptId, 'setup');
      expect(await run(emulator, scriptId, 'removeAll')).toBe(0);
      expect((await clock(emulator, 3_600_000)).fired).toEqual([]);
      await expect(run(emulator, scriptId, 'badEvery')).rejects.toMatchObject({
        errorMessage: 'Invalid argument: everyMinutes must be one of 1, 5, 10, 15, 30.',
      });
      await expect(run(emulator, scriptId, 'notClock')).rejects.toMatchObject({
        errorMessage: 'TriggerBuilder.forForm is not implemented in the emulator.',
      });
      const refused = await fetch(`${emulator.controlUrl}/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: -5 }),
      });
      expect(refused.status).toBe(400);
    } finally {
      await emulator.close();
    }
  });
});
