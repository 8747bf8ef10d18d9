// The host side of one run's Google services: answers the guest's host calls (see
// sandbox/channel.ts) against the project's stored state. Writes are noted for the state database
// in the context of the request that started the run, and nothing is written once a reset has
// replaced the state the run started with.

import { createHash, randomBytes } from 'node:crypto';
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import type { AsProject } from '../apps-script/model.ts';
import type { HostCall, HostHandler } from '../sandbox/types.ts';
import { cacheCall } from './cache.ts';
import { clockOf } from './clock.ts';
import { LockTable } from './lock.ts';
import { mailCall } from './mail.ts';
import { propertiesCall } from './properties.ts';
import { spreadsheetCall } from './spreadsheets.ts';
import { isScope, runtimeOf } from './state.ts';
import { triggersCall } from './triggers.ts';
import { type FetchParams, urlFetch } from './urlfetch.ts';
import { utilitiesCall } from './utilities.ts';

const locks = new WeakMap<AppsScriptBackend, LockTable>();

/**
 * ScriptApp.getOAuthToken: a bearer token the emulator knows as the user's (stored with the other
 * tokens, redacted in state dumps), so a script can call the emulator's own APIs as that user.
 */
function oauthToken(b: AppsScriptBackend, email: string): string {
  for (const [token, owner] of b.tokens) if (owner === email && token.startsWith('ya29.local-')) return token;
  const token = `ya29.local-${randomBytes(24).toString('base64url')}`;
  b.tokens.set(token, email);
  b.touch('as.tokens', '');
  return token;
}

interface RunHost {
  handler: HostHandler;
  /** The run ended: its locks are given back. */
  dispose(): void;
}

/** Answers the host calls of one run of `project` by the user `email`. */
export function runHost(b: AppsScriptBackend, project: AsProject, email: string): RunHost {
  const generation = b.generation;
  const table = locks.get(b) ?? new LockTable();
  locks.set(b, table);
  const owner = {};
  const changed = () => {
    if (b.generation === generation) b.touch('as.projects', project.scriptId);
  };
  const lockKey = (scope: unknown) => {
    if (!isScope(scope)) throw new Error('Invalid argument: scope');
    return `${project.scriptId}/${scope}${scope === 'user' ? `/${email}` : ''}`;
  };
  const answer = (call: HostCall): unknown => {
    if (b.generation !== generation) throw new Error('The emulator was reset while the script ran.');
    const runtime = runtimeOf(project);
    switch (call.service) {
      case 'PropertiesService':
        return propertiesCall(runtime, email, call.method, call.args, changed);
      case 'CacheService':
        return cacheCall(runtime, email, call.method, call.args, clockOf(b).now(), changed);
      case 'MailApp':
        return mailCall(b, project.scriptId, email, call.method, call.args, clockOf(b).now());
      case 'UrlFetchApp':
        if (call.method === 'fetch') return urlFetch(b, call.args[0] as FetchParams);
        if (call.method === 'fetchAll')
          return Promise.all((call.args[0] as FetchParams[]).map((p) => urlFetch(b, p)));
        throw new Error(`UrlFetchApp.${call.method} is not implemented in the emulator.`);
      case 'ScriptApp':
        if (call.method === 'token') return oauthToken(b, email);
        return triggersCall(runtime, email, call.method, call.args, clockOf(b).now(), changed);
      case 'Utilities':
        return utilitiesCall(call.method, call.args);
      case 'SpreadsheetApp':
        return spreadsheetCall(b.spreadsheets, call.method, call.args, (ss) => b.spreadsheets.changed(ss));
      case 'Session':
        return createHash('sha256').update(`${project.scriptId}/${email}`).digest('base64url').slice(0, 43);
      case 'LockService':
        if (call.method === 'acquire')
          return table.acquire(lockKey(call.args[0]), owner, Number(call.args[1]));
        if (call.method === 'held') return table.held(lockKey(call.args[0]), owner);
        if (call.method === 'release') return table.release(lockKey(call.args[0]), owner);
        throw new Error(`LockService.${call.method} is not implemented in the emulator.`);
      default:
        throw new Error(`${call.service}.${call.method} is not implemented in the emulator.`);
    }
  };
  // The run's writes count for the request that started it. The record is carried by hand rather than
  // with AsyncResource.bind (or AsyncLocalStorage.snapshot, which is the same in Node 24): bind adds
  // util.deprecate accessors, whose prototype is the function they wrap, and V8 keeps objects that
  // are prototypes through every scavenge: ~3 KB per run outlived them (bench/results.md, host memory).
  const request = b.changes.request();
  return {
    handler: (call) => b.changes.within(request, () => answer(call)),
    dispose: () => table.releaseAll(owner),
  };
}
