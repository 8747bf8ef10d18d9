// The run tool's log lines against real Google: Cloud Logging through `@specbound/logging`, the run
// matched to its lines as `specbound gas run --logs` matches it (apps-script/run-logs.ts). The Cloud
// project is the server's `gcpProjectId`, else the `projectId` of the `.clasp.json` it starts in; with
// neither, the tool answers no log lines (as before), never a guess across projects.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppsScriptClient } from '@specbound/apps-script';
import type { LoggingClient } from '@specbound/logging';

type ScriptLogs = (scriptId: string, functionName: string, since: number) => Promise<string[]>;

interface LogClients {
  appsScript(kind: 'read'): Promise<AppsScriptClient>;
  logging(): Promise<LoggingClient>;
}

/** `.clasp.json`'s `projectId` in `cwd`, when there is one. */
async function claspProjectId(cwd: string): Promise<string | undefined> {
  try {
    const config = JSON.parse(await readFile(join(cwd, '.clasp.json'), 'utf8')) as { projectId?: unknown };
    return typeof config.projectId === 'string' && config.projectId !== '' ? config.projectId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `scriptLogs` hook over Cloud Logging, or undefined when no Cloud project is known. Each line is
 * `SEVERITY message`; a best-guess match ends with the note that says so.
 */
export async function cloudScriptLogs(
  clients: LogClients,
  options: { gcpProjectId: string | undefined; cwd: string; waitMs?: number | undefined },
): Promise<ScriptLogs | undefined> {
  const projectId = options.gcpProjectId ?? (await claspProjectId(options.cwd));
  if (projectId === undefined) return undefined;
  return async (scriptId, functionName, since) => {
    const { runLogs } = await import('../apps-script/run-logs.js');
    const found = await runLogs(await clients.appsScript('read'), await clients.logging(), {
      scriptId,
      functionName,
      projectId,
      startedAt: new Date(since),
      // Google's lines arrive seconds after the run.
      waitMs: options.waitMs ?? 20_000,
    });
    const lines = found.lines.map((line) => `${line.severity} ${line.message}`);
    return found.note === undefined ? lines : [...lines, `(${found.note})`];
  };
}
