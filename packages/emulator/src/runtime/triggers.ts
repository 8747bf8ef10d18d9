// ScriptApp's installable time-driven triggers on the host: stored with the project (so they survive
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

/** A stored trigger for `spec`, created at `now`: when it first falls due and how it repeats. */
function triggerOf(spec: ClockSpec, email: string, now: number): StoredTrigger {
  if (!knownZone(spec.timeZone)) throw new Error(`Invalid argument: timezone ${spec.timeZone}`);
  const schedule = scheduleOf(spec, now);
  const everyMs =
    schedule === undefined && spec.atMs === undefined && spec.afterMs === undefined
      ? (spec.everyMinutes ?? 0) * 60_000 + (spec.everyHours ?? 0) * 3_600_000
      : undefined;
  return {
    uid: String(randomInt(1_000_000_000, 9_999_999_999)),
    handler: spec.handler,
    owner: email,
    dueAt: firstDue(spec, schedule, now),
    ...(everyMs === undefined ? {} : { everyMs }),
    ...(schedule === undefined ? {} : { schedule }),
  };
}

const json = (t: StoredTrigger) => ({ uid: t.uid, handler: t.handler });

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
      const trigger = triggerOf(args[0] as ClockSpec, email, now);
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
