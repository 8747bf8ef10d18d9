// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): ScriptApp with installable time-driven triggers,
// stored by the host and fired by the emulator's clock (POST /__emulator/clock). Builders other than
// time-based ones, and the time-of-day refinements, throw "not implemented in the emulator".
import type { GuestValue, Kernel } from './kernel.ts';

export function installScriptApp(g: GuestValue, k: Kernel, context: { scriptId: string }): void {
  const enumOf = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) out[name] = name;
    return Object.freeze(out);
  };
  const MINUTES = [1, 5, 10, 15, 30];

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

  function clockBuilder(handler: string) {
    const spec: Record<string, GuestValue> = { handler };
    const set = (key: string, value: number) => {
      if (spec.afterMs !== undefined || spec.atMs !== undefined || spec.everyMs !== undefined)
        throw k.exception('Only one of after, at and every* may be set on a clock trigger.');
      spec[key] = value;
      return builder;
    };
    const every = (method: string, unit: number, allowed?: number[]) =>
      function (n: GuestValue) {
        if (typeof n !== 'number' || n < 1 || Math.floor(n) !== n)
          throw k.signature(`ClockTriggerBuilder.${method}`, arguments);
        if (allowed !== undefined && allowed.indexOf(n) < 0)
          throw k.exception(`Invalid argument: ${method} must be one of ${allowed.join(', ')}.`);
        return set('everyMs', n * unit);
      };
    const builder = k.service('ClockTriggerBuilder', {
      after(ms: GuestValue) {
        if (typeof ms !== 'number' || ms < 0) throw k.signature('ClockTriggerBuilder.after', arguments);
        return set('afterMs', ms);
      },
      at(date: GuestValue) {
        if (!(date instanceof Date)) throw k.signature('ClockTriggerBuilder.at', arguments);
        return set('atMs', date.getTime());
      },
      everyMinutes: every('everyMinutes', 60_000, MINUTES),
      everyHours: every('everyHours', 3_600_000),
      everyDays: every('everyDays', 86_400_000),
      everyWeeks: every('everyWeeks', 604_800_000),
      create() {
        if (spec.afterMs === undefined && spec.atMs === undefined && spec.everyMs === undefined)
          throw k.exception(
            'Clock triggers need one of after, at, everyMinutes, everyHours, everyDays or everyWeeks.',
          );
        return trigger(k.host('ScriptApp', 'create', [spec]));
      },
      toString: () => 'ClockTriggerBuilder',
    });
    return builder;
  }

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
