// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): ScriptApp with installable time-driven triggers,
// stored by the host and fired by the emulator's clock (POST /__emulator/clock): after, at, every
// minutes (1, 5, 10, 15 or 30) / hours / days / weeks, atHour, nearMinute, onWeekDay, onMonthDay and
// inTimezone (default: the script's time zone); runtime/schedule.ts computes when they fall due.
// Builders other than time-based ones throw "not implemented in the emulator". Each piece below is
// installed by its source text, in order (see engine.ts), and shares what it makes in `api`.
import type { GuestValue, Kernel } from './kernel.ts';

type Api = Record<string, GuestValue>;

interface ScriptContext {
  scriptId: string;
  timeZone: string;
}

/** Trigger: what creating a trigger and listing the project's triggers return. */
export function defineTrigger(k: Kernel, api: Api): void {
  function trigger(data: { uid: string; handler: string; eventType?: string; sourceId?: string }) {
    return k.service('Trigger', {
      getUniqueId: () => data.uid,
      getHandlerFunction: () => data.handler,
      getEventType: () => data.eventType ?? 'CLOCK',
      getTriggerSource: () => (data.eventType === undefined ? 'CLOCK' : 'SPREADSHEETS'),
      getTriggerSourceId: () => data.sourceId ?? null,
      toString: () => 'Trigger',
    });
  }
  api.trigger = trigger;
}

/** The checks a clock trigger's builder must pass when it is created. */
export function defineClockCheck(k: Kernel, api: Api): void {
  // One of these sets how often a clock trigger runs (onWeekDay alone means weekly).
  const RECURRENCE = ['after', 'at', 'everyMinutes', 'everyHours', 'everyDays', 'everyWeeks', 'onMonthDay'];
  const CALENDAR = ['everyDays', 'everyWeeks', 'onWeekDay', 'onMonthDay'];

  /** What a finished builder must hold; the emulator's own words where Google's are not known. */
  function checkClock(spec: Record<string, GuestValue>) {
    const set = RECURRENCE.filter((key) => spec[key] !== undefined);
    if (set.length > 1)
      throw k.exception(`A clock trigger takes one of ${RECURRENCE.join(', ')}; got ${set.join(' and ')}.`);
    if (set.length === 0 && spec.onWeekDay === undefined)
      throw k.exception(`Clock triggers need one of ${RECURRENCE.join(', ')} or onWeekDay.`);
    if (spec.onWeekDay !== undefined && set.length === 1 && set[0] !== 'everyWeeks')
      throw k.exception('onWeekDay can only be used with everyWeeks.');
    const calendar = CALENDAR.some((key) => spec[key] !== undefined);
    if (spec.atHour !== undefined && !calendar)
      throw k.exception('atHour can only be used with everyDays, everyWeeks, onWeekDay or onMonthDay.');
    if (spec.nearMinute !== undefined && !calendar && spec.everyHours === undefined)
      throw k.exception(
        'nearMinute can only be used with everyHours, everyDays, everyWeeks, onWeekDay or onMonthDay.',
      );
  }
  api.checkClock = checkClock;
}

/** ClockTriggerBuilder (`timeBased()`); a trigger without inTimezone takes the script's time zone. */
export function defineClockTriggerBuilder(k: Kernel, context: ScriptContext, api: Api): void {
  const trigger: (data: GuestValue) => GuestValue = api.trigger;
  const checkClock: (spec: Record<string, GuestValue>) => void = api.checkClock;
  const MINUTES = [1, 5, 10, 15, 30];
  const WEEK_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

  function clockBuilder(handler: string) {
    const spec: Record<string, GuestValue> = { handler };
    /** A whole number in [min, max] (max undefined: no upper bound), else Google's "invalid" message. */
    const whole = (method: string, min: number, max?: number, allowed?: number[]) =>
      function (n: GuestValue) {
        if (typeof n !== 'number') throw k.signature(`ClockTriggerBuilder.${method}`, arguments);
        const bad = Math.floor(n) !== n || n < min || (max !== undefined && n > max);
        if (bad || (allowed !== undefined && allowed.indexOf(n) < 0))
          throw k.exception(`The value you passed to ${method} was invalid.`);
        spec[method] = n;
        return builder;
      };
    const builder = k.service('ClockTriggerBuilder', {
      after(ms: GuestValue) {
        if (typeof ms !== 'number' || ms < 0) throw k.signature('ClockTriggerBuilder.after', arguments);
        spec.after = ms;
        return builder;
      },
      at(date: GuestValue) {
        if (!(date instanceof Date)) throw k.signature('ClockTriggerBuilder.at', arguments);
        spec.at = date.getTime();
        return builder;
      },
      everyMinutes: whole('everyMinutes', 1, 30, MINUTES),
      everyHours: whole('everyHours', 1),
      everyDays: whole('everyDays', 1),
      everyWeeks: whole('everyWeeks', 1),
      atHour: whole('atHour', 0, 23),
      nearMinute: whole('nearMinute', 0, 59),
      onMonthDay: whole('onMonthDay', 1, 31),
      onWeekDay(day: GuestValue) {
        if (typeof day !== 'string' || WEEK_DAYS.indexOf(day) < 0)
          throw k.signature('ClockTriggerBuilder.onWeekDay', arguments);
        spec.onWeekDay = day;
        return builder;
      },
      inTimezone(timezone: GuestValue) {
        if (typeof timezone !== 'string' || timezone === '')
          throw k.signature('ClockTriggerBuilder.inTimezone', arguments);
        spec.timeZone = timezone;
        return builder;
      },
      create() {
        checkClock(spec);
        const { after, at, ...rest } = spec;
        const sent = { ...rest, afterMs: after, atMs: at, timeZone: spec.timeZone ?? context.timeZone };
        return trigger(k.host('ScriptApp', 'create', [sent]));
      },
      toString: () => 'ClockTriggerBuilder',
    });
    return builder;
  }
  api.clockBuilder = clockBuilder;
}

/** SpreadsheetTriggerBuilder (`forSpreadsheet(…)`). */
export function defineSpreadsheetTriggerBuilder(k: Kernel, api: Api): void {
  const trigger: (data: GuestValue) => GuestValue = api.trigger;

  // forSpreadsheet(spreadsheet or id): onOpen, onEdit or onChange, fired by the control API's open/edit.
  function spreadsheetBuilder(handler: string, source: GuestValue, args: ArrayLike<GuestValue>) {
    const id =
      typeof source === 'string'
        ? source
        : source && typeof source.getId === 'function'
          ? source.getId()
          : null;
    if (typeof id !== 'string') throw k.signature('TriggerBuilder.forSpreadsheet', args);
    const spec: Record<string, GuestValue> = { handler, sourceId: id };
    const on = (eventType: string) => () => {
      spec.eventType = eventType;
      return builder;
    };
    const builder = k.service('SpreadsheetTriggerBuilder', {
      onOpen: on('ON_OPEN'),
      onEdit: on('ON_EDIT'),
      onChange: on('ON_CHANGE'),
      create() {
        if (spec.eventType === undefined)
          throw k.exception('Spreadsheet triggers need one of onOpen, onEdit or onChange.');
        return trigger(k.host('ScriptApp', 'create', [spec]));
      },
      toString: () => 'SpreadsheetTriggerBuilder',
    });
    return builder;
  }
  api.spreadsheetBuilder = spreadsheetBuilder;
}

/** The ScriptApp global: its enums, the script's id and token, and its triggers. */
export function installScriptApp(g: GuestValue, k: Kernel, context: ScriptContext, api: Api): void {
  const trigger: (data: GuestValue) => GuestValue = api.trigger;
  const clockBuilder: (handler: string) => GuestValue = api.clockBuilder;
  const spreadsheetBuilder: (handler: string, source: GuestValue, args: ArrayLike<GuestValue>) => GuestValue =
    api.spreadsheetBuilder;
  const enumOf = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) out[name] = name;
    return Object.freeze(out);
  };

  g.ScriptApp = k.service('ScriptApp', {
    AuthMode: enumOf(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']),
    EventType: enumOf(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE', 'ON_EVENT_UPDATED']),
    TriggerSource: enumOf(['SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR']),
    WeekDay: enumOf(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']),
    getScriptId: () => context.scriptId,
    getOAuthToken: () => k.host('ScriptApp', 'token', []),
    newTrigger(functionName: GuestValue) {
      if (typeof functionName !== 'string' || functionName === '')
        throw k.signature('ScriptApp.newTrigger', arguments);
      return k.service('TriggerBuilder', {
        timeBased: () => clockBuilder(functionName),
        forSpreadsheet(source: GuestValue) {
          return spreadsheetBuilder(functionName, source, arguments);
        },
        toString: () => 'TriggerBuilder',
      });
    },
    getProjectTriggers: () => k.host('ScriptApp', 'list', []).map(trigger),
    deleteTrigger(t: GuestValue) {
      if (t === null || typeof t !== 'object' || typeof t.getUniqueId !== 'function')
        throw k.signature('ScriptApp.deleteTrigger', arguments);
      k.host('ScriptApp', 'delete', [t.getUniqueId()]);
    },
  });
}
