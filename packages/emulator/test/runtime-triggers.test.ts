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
function badHour() { ScriptApp.newTrigger('tick').timeBased().everyDays(1).atHour(24).create(); }
function hourWithMinutes() { ScriptApp.newTrigger('tick').timeBased().everyMinutes(5).atHour(3).create(); }
function twoRecurrences() { ScriptApp.newTrigger('tick').timeBased().everyDays(1).onMonthDay(3).create(); }
function badZone() { ScriptApp.newTrigger('tick').timeBased().everyDays(1).inTimezone('Mars/Olympus_Mons').create(); }
function calendar() {
  var t = ScriptApp.newTrigger;
  t('daily').timeBased().everyDays(1).atHour(9).nearMinute(30).inTimezone('Europe/Paris').create();
  t('everyOtherWeek').timeBased().everyWeeks(2).onWeekDay(ScriptApp.WeekDay.WEDNESDAY).atHour(18).create();
  t('monday').timeBased().onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(6).create();
  t('monthly').timeBased().onMonthDay(31).atHour(0).create();
  return ScriptApp.getProjectTriggers().length;
}
function hourly() { ScriptApp.newTrigger('twoHours').timeBased().everyHours(2).nearMinute(15).create(); }
function at() { ScriptApp.newTrigger('atDate').timeBased().at(new Date(Date.now() + 90 * 60 * 1000)).create(); }
function daily() {}
function everyOtherWeek() {}
function monday() {}
function monthly() {}
function twoHours() {}
function atDate() {}
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
      // The message Google gives for a value everyMinutes does not take (1, 5, 10, 15 or 30).
      await expect(run(emulator, scriptId, 'badEvery')).rejects.toMatchObject({
        errorMessage: 'The value you passed to everyMinutes was invalid.',
      });
      await expect(run(emulator, scriptId, 'badHour')).rejects.toMatchObject({
        errorMessage: 'The value you passed to atHour was invalid.',
      });
      await expect(run(emulator, scriptId, 'hourWithMinutes')).rejects.toMatchObject({
        errorMessage: 'atHour can only be used with everyDays, everyWeeks, onWeekDay or onMonthDay.',
      });
      await expect(run(emulator, scriptId, 'twoRecurrences')).rejects.toMatchObject({
        errorMessage: expect.stringContaining('got everyDays and onMonthDay'),
      });
      await expect(run(emulator, scriptId, 'badZone')).rejects.toMatchObject({
        errorMessage: 'Invalid argument: timezone Mars/Olympus_Mons',
      });
      expect(await run(emulator, scriptId, 'removeAll')).toBe(0);
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

  it('fires calendar triggers at their wall-clock times, in their time zones, in order', async () => {
    const { emulator, scriptId } = await withProject();
    try {
      expect(await run(emulator, scriptId, 'calendar')).toBe(4);
      const start = Date.now();
      const fired = (await clock(emulator, 62 * 86_400_000)).fired;
      const times = fired.map((f) => Date.parse(f.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(fired.every((f) => f.status === 'COMPLETED')).toBe(true);
      const at = (name: string) => fired.filter((f) => f.functionName === name).map((f) => new Date(f.at));
      const paris = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      const daily = at('daily');
      expect(daily.length).toBeGreaterThanOrEqual(61);
      expect(new Set(daily.map((d) => paris.format(d)))).toEqual(new Set(['09:30']));
      const wednesdays = at('everyOtherWeek');
      expect(wednesdays.map((d) => [d.getUTCDay(), d.getUTCHours()])).toEqual(wednesdays.map(() => [3, 18]));
      for (let i = 1; i < wednesdays.length; i++)
        expect(Number(wednesdays[i]) - Number(wednesdays[i - 1])).toBe(14 * 86_400_000);
      expect(wednesdays.length).toBeGreaterThanOrEqual(4);
      const mondays = at('monday');
      expect(mondays.length).toBeGreaterThanOrEqual(8);
      expect(mondays.every((d) => d.getUTCDay() === 1 && d.getUTCHours() === 6)).toBe(true);
      // Only months with a 31st: at least one in any 62 days, never a 30-day month.
      const monthly = at('monthly');
      expect(monthly.length).toBeGreaterThanOrEqual(1);
      expect(monthly.every((d) => d.getUTCDate() === 31 && d.getUTCHours() === 0)).toBe(true);
      expect(Math.min(...times)).toBeGreaterThan(start);

      expect(await run(emulator, scriptId, 'removeAll')).toBe(0);
      await run(emulator, scriptId, 'hourly');
      await run(emulator, scriptId, 'at');
      const next = (await clock(emulator, 7 * 3_600_000)).fired;
      const hours = next.filter((f) => f.functionName === 'twoHours').map((f) => new Date(f.at));
      expect(hours).toHaveLength(4);
      expect(hours.every((d) => d.getUTCMinutes() === 15)).toBe(true);
      expect(next.filter((f) => f.functionName === 'atDate')).toHaveLength(1);
    } finally {
      await emulator.close();
    }
  });
});
