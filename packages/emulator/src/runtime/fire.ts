// Moving the emulator's clock: every time-driven trigger that falls due meanwhile runs, earliest
// first, at its own time (the clock is set to it while it runs), as a TIME_DRIVEN process of its
// project, as the user who created it; a repeating trigger is then due again, a one-off one is gone.
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import type { AsProject, AsUser, ProcessType, RunEndStatus } from '../apps-script/model.ts';
import { executeRun } from '../apps-script/runs.ts';
import { clockOf } from './clock.ts';
import { nextDue } from './schedule.ts';
import { peekRuntime, runtimeOf, type StoredTrigger } from './state.ts';

/** At most this many trigger runs per move of the clock. */
const MAX_FIRED = 1000;

interface FiredTrigger {
  triggerUid: string;
  scriptId: string;
  functionName: string;
  at: string;
  status: RunEndStatus;
}

function earliestDue(
  b: AppsScriptBackend,
  until: number,
): { project: AsProject; trigger: StoredTrigger } | undefined {
  let best: { project: AsProject; trigger: StoredTrigger } | undefined;
  for (const project of b.projects.values())
    for (const trigger of peekRuntime(project)?.triggers ?? [])
      if (trigger.dueAt <= until && (best === undefined || trigger.dueAt < best.trigger.dueAt))
        best = { project, trigger };
  return best;
}

/** Google's event object of a time-driven trigger (its fields in UTC). */
function clockEvent(uid: string, at: number): Record<string, unknown> {
  const d = new Date(at);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    authMode: 'FULL',
    triggerUid: uid,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    'day-of-month': d.getUTCDate(),
    'day-of-week': ((d.getUTCDay() + 6) % 7) + 1,
    'week-of-year': Math.ceil(((at - start) / 86_400_000 + 1) / 7),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    timezone: 'UTC',
  };
}

/**
 * Runs a trigger's function as `processType` and says how the run ended. A run that could not run
 * (a busy pool, a stopped run) is FAILED: one trigger's failure never stops the others.
 */
export async function triggerRun(
  b: AppsScriptBackend,
  project: AsProject,
  email: string,
  functionName: string,
  parameters: unknown[],
  processType: ProcessType,
): Promise<FiredTrigger['status']> {
  try {
    const outcome = await executeRun(b, {
      project,
      files: project.files,
      user: userOf(b, email),
      functionName,
      parameters,
      processType,
    });
    return outcome.kind === 'ok' ? 'COMPLETED' : outcome.kind === 'timeout' ? 'TIMED_OUT' : 'FAILED';
  } catch {
    return 'FAILED';
  }
}

/** The stored user of `email`, or one made from it (a trigger owner or web app deployer not seen yet). */
export function userOf(b: AppsScriptBackend, email: string): AsUser {
  return (
    b.users.get(email) ?? {
      email,
      name: email.split('@')[0] ?? email,
      domain: email.split('@')[1] ?? 'example.com',
      photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
    }
  );
}

/** Moves the clock `ms` ahead, running the triggers that fall due on the way; what ran, in order. */
export async function advanceClock(b: AppsScriptBackend, ms: number): Promise<FiredTrigger[]> {
  const generation = b.generation;
  const target = clockOf(b).now() + ms;
  const fired: FiredTrigger[] = [];
  while (fired.length < MAX_FIRED && b.generation === generation) {
    const due = earliestDue(b, target);
    if (due === undefined) break;
    const { project, trigger } = due;
    const clock = clockOf(b);
    if (trigger.dueAt > clock.now()) clock.offsetMs = trigger.dueAt - Date.now();
    const at = trigger.dueAt;
    const list = runtimeOf(project).triggers ?? [];
    if (trigger.schedule !== undefined) trigger.dueAt = nextDue(trigger.schedule, at);
    else if (trigger.everyMs !== undefined) trigger.dueAt += trigger.everyMs;
    else list.splice(list.indexOf(trigger), 1);
    b.touch('as.projects', project.scriptId);
    const status = await triggerRun(
      b,
      project,
      trigger.owner,
      trigger.handler,
      [clockEvent(trigger.uid, at)],
      'TIME_DRIVEN',
    );
    fired.push({
      triggerUid: trigger.uid,
      scriptId: project.scriptId,
      functionName: trigger.handler,
      at: new Date(at).toISOString(),
      status,
    });
  }
  const clock = clockOf(b);
  if (b.generation === generation && target > clock.now()) clock.offsetMs = target - Date.now();
  return fired;
}
