// When a time-driven trigger falls due, in the trigger's time zone (`inTimezone`, else the script's):
// every n minutes or hours from its creation, or at a wall-clock time (`atHour`, `nearMinute`) every
// n days, every n weeks on a weekday (`onWeekDay`), or monthly on a day of the month (`onMonthDay`).
// Google picks a random minute near the one asked (±15 minutes); the emulator fires on that minute
// exactly, so runs are deterministic. A month without the day asked (31 in April) is skipped, as cron
// does. Wall times are turned into instants with Node's zone data, so a daily 09:00 stays 09:00
// across a daylight-saving change.
import { fieldsOf } from './dates.ts';

const DAY_MS = 86_400_000;
/** Google's ScriptApp.WeekDay, in ISO order (1 Monday … 7 Sunday), as `Fields.weekday` counts. */
const WEEK_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** What the guest's ClockTriggerBuilder collected (sandbox/guest/scriptapp.ts). */
export interface ClockSpec {
  handler: string;
  afterMs?: number;
  atMs?: number;
  everyMinutes?: number;
  everyHours?: number;
  everyDays?: number;
  everyWeeks?: number;
  atHour?: number;
  nearMinute?: number;
  onWeekDay?: string;
  onMonthDay?: number;
  timeZone: string;
}

/** A repeating schedule as stored with the trigger (a one-off `after`/`at` trigger has none). */
export interface ClockSchedule {
  unit: 'days' | 'weeks' | 'months';
  every: number;
  hour: number;
  minute: number;
  /** 1 Monday … 7 Sunday (weekly). */
  weekDay?: number;
  /** 1 … 31 (monthly). */
  monthDay?: number;
  timeZone: string;
}

/** The instant the wall time y-m-d h:m has in `timeZone` (the later one in a DST gap or overlap). */
function instantOf(y: number, m: number, d: number, h: number, min: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, h, min);
  let at = wall - fieldsOf(wall, timeZone).offsetMinutes * 60_000;
  at = wall - fieldsOf(at, timeZone).offsetMinutes * 60_000;
  return at;
}

/** The first time after `after` that `s` matches (searching a little over a year of days). */
function nextMatch(s: ClockSchedule, after: number): number {
  const start = fieldsOf(after, s.timeZone);
  for (let i = 0; i <= 400; i++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const weekday = ((day.getUTCDay() + 6) % 7) + 1;
    if (s.weekDay !== undefined && weekday !== s.weekDay) continue;
    if (s.monthDay !== undefined && d !== s.monthDay) continue;
    const at = instantOf(y, m, d, s.hour, s.minute, s.timeZone);
    if (at > after) return at;
  }
  throw new Error('Unable to schedule the trigger.');
}

/** The schedule of a spec that repeats by the calendar, or undefined (minutes, hours, one-off). */
export function scheduleOf(spec: ClockSpec, now: number): ClockSchedule | undefined {
  const local = fieldsOf(now, spec.timeZone);
  const base = {
    // Without atHour a daily or weekly trigger keeps the time of day it was created at.
    hour: spec.atHour ?? local.hour,
    minute: spec.nearMinute ?? (spec.atHour === undefined ? local.minute : 0),
    timeZone: spec.timeZone,
  };
  if (spec.onMonthDay !== undefined) return { ...base, unit: 'months', every: 1, monthDay: spec.onMonthDay };
  if (spec.everyWeeks !== undefined || spec.onWeekDay !== undefined) {
    const weekDay = spec.onWeekDay === undefined ? local.weekday : WEEK_DAYS.indexOf(spec.onWeekDay) + 1;
    return { ...base, unit: 'weeks', every: spec.everyWeeks ?? 1, weekDay };
  }
  if (spec.everyDays !== undefined) return { ...base, unit: 'days', every: spec.everyDays };
  return undefined;
}

/** When a trigger created at `now` first falls due. */
export function firstDue(spec: ClockSpec, schedule: ClockSchedule | undefined, now: number): number {
  if (spec.atMs !== undefined) return spec.atMs;
  if (spec.afterMs !== undefined) return now + spec.afterMs;
  if (schedule !== undefined) return nextMatch(schedule, now);
  if (spec.everyHours !== undefined && spec.nearMinute !== undefined) {
    // Every n hours on that minute of the hour: the first is the next time the clock shows it.
    const local = fieldsOf(now, spec.timeZone);
    const hourStart = now - local.minute * 60_000 - local.second * 1000 - local.millis;
    const at = hourStart + spec.nearMinute * 60_000;
    return at > now ? at : at + 3_600_000;
  }
  return now + (spec.everyMinutes ?? 0) * 60_000 + (spec.everyHours ?? 0) * 3_600_000;
}

/** When a trigger of `schedule` that fell due at `due` falls due again. */
export function nextDue(schedule: ClockSchedule, due: number): number {
  if (schedule.unit === 'months') return nextMatch(schedule, due);
  const days = schedule.unit === 'weeks' ? 7 * schedule.every : schedule.every;
  // The wall date `days` on, at the schedule's time: DST moves the instant, not the time of day.
  const f = fieldsOf(due, schedule.timeZone);
  const day = new Date(Date.UTC(f.year, f.month - 1, f.day + days));
  return Math.max(
    due + DAY_MS / 2,
    instantOf(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      schedule.hour,
      schedule.minute,
      schedule.timeZone,
    ),
  );
}
