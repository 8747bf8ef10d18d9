// When calendar triggers fall due: wall-clock times in the trigger's zone, across daylight saving.
import { describe, expect, it } from 'vitest';
import { firstDue, nextDue, scheduleOf } from '../src/runtime/schedule.ts';

describe('trigger schedules', () => {
  it('keeps a daily 09:30 at 09:30 in its zone across a daylight-saving change', () => {
    const now = Date.parse('2027-03-26T12:00:00Z'); // Paris changes to summer time on 28 March 2027
    const spec = { handler: 'f', everyDays: 1, atHour: 9, nearMinute: 30, timeZone: 'Europe/Paris' };
    const schedule = scheduleOf(spec, now);
    expect(schedule).toBeDefined();
    const first = firstDue(spec, schedule, now);
    const second = nextDue(schedule as NonNullable<typeof schedule>, first);
    const third = nextDue(schedule as NonNullable<typeof schedule>, second);
    expect([first, second, third].map((t) => new Date(t).toISOString())).toEqual([
      '2027-03-27T08:30:00.000Z', // 09:30 CET
      '2027-03-28T07:30:00.000Z', // 09:30 CEST
      '2027-03-29T07:30:00.000Z',
    ]);
  });

  it('skips months without the day asked', () => {
    const now = Date.parse('2027-03-31T12:00:00Z');
    const spec = { handler: 'f', onMonthDay: 31, atHour: 8, timeZone: 'UTC' };
    const schedule = scheduleOf(spec, now) as NonNullable<ReturnType<typeof scheduleOf>>;
    const first = firstDue(spec, schedule, now);
    expect(new Date(first).toISOString()).toBe('2027-05-31T08:00:00.000Z');
    expect(new Date(nextDue(schedule, first)).toISOString()).toBe('2027-07-31T08:00:00.000Z');
  });
});
