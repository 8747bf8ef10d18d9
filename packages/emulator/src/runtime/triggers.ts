// ScriptApp's installable time-driven triggers on the host: stored with the project (so they survive
// a restart and go with a reset), one list per project, each owned by the user who created it.
// sandbox/guest/scriptapp.ts builds them; fire.ts runs them when the emulator's clock passes them.
import { randomInt } from 'node:crypto';
import type { ProjectRuntime, StoredTrigger } from './state.ts';

/** Google's limit: 20 triggers per user per script. */
const MAX_TRIGGERS = 20;

interface TriggerSpec {
  handler: string;
  afterMs?: number;
  atMs?: number;
  everyMs?: number;
  /** A spreadsheet trigger: fired by the control API's open/edit, never by the clock. */
  sourceId?: string;
  eventType?: 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE';
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
      const spec = args[0] as TriggerSpec;
      if (mine.length >= MAX_TRIGGERS)
        throw new Error(
          'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
        );
      const dueAt =
        spec.eventType !== undefined
          ? Number.MAX_SAFE_INTEGER
          : (spec.atMs ?? now + (spec.afterMs ?? spec.everyMs ?? 0));
      const trigger: StoredTrigger = {
        uid: String(randomInt(1_000_000_000, 9_999_999_999)),
        handler: spec.handler,
        owner: email,
        dueAt,
        ...(spec.everyMs === undefined ? {} : { everyMs: spec.everyMs }),
        ...(spec.eventType === undefined
          ? {}
          : { eventType: spec.eventType, sourceId: String(spec.sourceId) }),
      };
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
