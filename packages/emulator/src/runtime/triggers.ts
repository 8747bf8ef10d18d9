// ScriptApp's installable triggers (time-driven and spreadsheet) on the host: stored with the project (so they survive
// a restart and go with a reset), one list per project, each owned by the user who created it.
// sandbox/guest/scriptapp.ts builds them; fire.ts runs them when the emulator's clock passes them.
import { randomInt } from 'node:crypto';
import { type ClockSpec, firstDue, scheduleOf } from './schedule.ts';
import type { ProjectRuntime, StoredTrigger } from './state.ts';

/** Google's limit: 20 triggers per user per script. */
const MAX_TRIGGERS = 20;

/** Whether Node knows the IANA zone `id` (the guest has no Intl to ask). */
function knownZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

/** What the guest's builders send: a clock trigger, or a spreadsheet trigger (forSpreadsheet). */
type TriggerSpec = ClockSpec & {
  /** A spreadsheet trigger: fired by the control API's open/edit, never by the clock. */
  sourceId?: string;
  eventType?: 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE';
};

/** A stored trigger for `spec`, created at `now`: when it first falls due and how it repeats. */
function triggerOf(spec: TriggerSpec, email: string, now: number): StoredTrigger {
  const uid = String(randomInt(1_000_000_000, 9_999_999_999));
  if (spec.eventType !== undefined) {
    // Its `dueAt` never comes: the spreadsheet's open and edit events fire it.
    const { eventType } = spec;
    return {
      uid,
      handler: spec.handler,
      owner: email,
      dueAt: Number.MAX_SAFE_INTEGER,
      eventType,
      sourceId: String(spec.sourceId),
    };
  }
  if (!knownZone(spec.timeZone)) throw new Error(`Invalid argument: timezone ${spec.timeZone}`);
  const schedule = scheduleOf(spec, now);
  const everyMs =
    schedule === undefined && spec.atMs === undefined && spec.afterMs === undefined
      ? (spec.everyMinutes ?? 0) * 60_000 + (spec.everyHours ?? 0) * 3_600_000
      : undefined;
  return {
    uid,
    handler: spec.handler,
    owner: email,
    dueAt: firstDue(spec, schedule, now),
    ...(everyMs === undefined ? {} : { everyMs }),
    ...(schedule === undefined ? {} : { schedule }),
  };
}

const json = (t: StoredTrigger) => ({
  uid: t.uid,
  handler: t.handler,
  ...(t.eventType === undefined ? {} : { eventType: t.eventType, sourceId: t.sourceId }),
});

/** Answers one ScriptApp trigger call at emulator time `now`. */
export function triggersCall(
  runtime: ProjectRuntime,
  email: string,
  method: string,
  args: unknown[],
  now: number,
  changed: () => void,
): unknown {
  runtime.triggers ??= [];
  const list = runtime.triggers;
  const mine = list.filter((t) => t.owner === email);
  switch (method) {
    case 'create': {
      if (mine.length >= MAX_TRIGGERS)
        throw new Error(
          'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
        );
      const trigger = triggerOf(args[0] as TriggerSpec, email, now);
      list.push(trigger);
      changed();
      return json(trigger);
    }
    case 'list':
      return mine.map(json);
    case 'delete': {
      const index = list.findIndex((t) => t.uid === String(args[0]) && t.owner === email);
      if (index >= 0) {
        list.splice(index, 1);
        changed();
      }
      return null;
    }
    default:
      throw new Error(`ScriptApp.${method} is not implemented in the emulator.`);
  }
}
