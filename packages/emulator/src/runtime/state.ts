// What the Google services of one project keep between runs: properties and caches, per scope. It is
// stored inside the project's entity (`runtime`), so it is saved with the project, survives a
// restart, is dropped with the project and by a reset, and needs no collection of its own.
import type { AsProject } from '../apps-script/model.ts';
import type { ClockSchedule } from './schedule.ts';

/** `script`, `user` (per email) or `document` (the container the project is bound to). */
type Scope = 'script' | 'user' | 'document';

export interface CacheEntry {
  value: string;
  /** Epoch ms after which the entry is gone. */
  expiresAt: number;
}

/** An installable time-driven trigger (ScriptApp.newTrigger(…).timeBased()…create()). */
export interface StoredTrigger {
  uid: string;
  handler: string;
  /** Email of the user who created it: it runs as them. */
  owner: string;
  /** Emulator time (epoch ms) it next falls due. */
  dueAt: number;
  /** Repeats every this many ms (everyMinutes, everyHours); a one-off trigger (`after`, `at`) is removed once it ran. */
  everyMs?: number;
  /** Repeats by the calendar, at a wall-clock time in a time zone (daily, weekly, monthly). */
  schedule?: ClockSchedule;
  /** A spreadsheet trigger (forSpreadsheet): the spreadsheet's id; its `dueAt` never comes. */
  sourceId?: string;
  eventType?: 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE';
}

export interface ProjectRuntime {
  triggers?: StoredTrigger[];
  properties?: {
    script?: Record<string, string>;
    document?: Record<string, string>;
    user?: Record<string, Record<string, string>>;
  };
  caches?: {
    script?: Record<string, CacheEntry>;
    document?: Record<string, CacheEntry>;
    user?: Record<string, Record<string, CacheEntry>>;
  };
}

type WithRuntime = AsProject & { runtime?: ProjectRuntime };

export function runtimeOf(project: AsProject): ProjectRuntime {
  const p = project as WithRuntime;
  p.runtime ??= {};
  return p.runtime;
}

/** The project's runtime state if it has any, without creating it. */
export function peekRuntime(project: AsProject): ProjectRuntime | undefined {
  return (project as WithRuntime).runtime;
}

export function isScope(value: unknown): value is Scope {
  return value === 'script' || value === 'user' || value === 'document';
}

/** The map of one scope in `store`, created when missing (`email` picks the user's own). */
export function scoped<T>(
  store: {
    script?: Record<string, T>;
    document?: Record<string, T>;
    user?: Record<string, Record<string, T>>;
  },
  scope: Scope,
  email: string,
): Record<string, T> {
  if (scope === 'user') {
    store.user ??= {};
    store.user[email] ??= {};
    return store.user[email];
  }
  store[scope] ??= {};
  return store[scope];
}
