// The demo's BugSmash workflow steps (issue 13): the project's comments exported to CSV, then synced
// into an Apps Script function twice (the second run sends nothing). Kept apart from demo.ts, which
// calls it after its own BugSmash steps.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppsScriptClient } from '@specbound/apps-script';
import type { BugSmashClient } from '@specbound/bugsmash';
import { exportComments } from '../bugsmash/export.js';
import { syncComments } from '../sync/comments.js';
import { type DemoStep, DemoStepError } from './demo.js';

// The Apps Script side of `sync comments`: in a real project it stores each row with its
// idempotency key in a sheet and drops keys it has stored (docs/bugsmash.md, three lines); the
// emulator runs no Google services to store them in, so the demo's version drops repeats within the
// batch and logs each row with its key (the script log is what the tests count, by key).
const SYNC_FILE = `function appendComments(batch) {
  var seen = {};
  var fresh = batch.comments.filter(function (c) { return !seen[c.idempotency_key] && (seen[c.idempotency_key] = true); });
  fresh.forEach(function (c) { Logger.log('row ' + c.idempotency_key + ' #' + c.comment_number + ' ' + c.status + ': ' + c.text); });
  return { received: fresh.length, batch_id: batch.batch_id };
}`;

function check(condition: unknown, step: string, what: string): asserts condition {
  if (!condition) {
    throw new DemoStepError(`demo step "${step}" failed: ${what}`, {
      code: 'demo-step-failed',
      details: { step },
    });
  }
}

export interface WorkflowDemo {
  bugs: BugSmashClient;
  gas: AppsScriptClient;
  /** The demo's Apps Script project (the caller owns it, so dev mode runs its saved code). */
  scriptId: string;
  /** The demo's BugSmash project, with its comments. */
  projectId: string;
  /** A scratch directory. */
  dir: string;
}

export async function bugsmashWorkflowSteps(
  demo: WorkflowDemo,
  done: (step: DemoStep) => void,
): Promise<void> {
  const out = join(demo.dir, 'comments.csv');
  const chunks: string[] = [];
  const summary = await exportComments(
    demo.bugs,
    { write: async (chunk) => void chunks.push(chunk) },
    { projects: [demo.projectId], format: 'csv' },
  );
  await writeFile(out, chunks.join(''));
  const csv = await readFile(out, 'utf8');
  const listed = await demo.bugs.comments.list({ projectId: demo.projectId });
  const missing = listed.data.filter((c) => !csv.includes(c.comment_id));
  check(
    summary.comments === listed.data.length && missing.length === 0,
    'export',
    `${summary.comments} exported, ${missing.length} of ${listed.data.length} comments missing from the CSV`,
  );
  done({
    service: 'bugsmash',
    name: 'export',
    detail: `${summary.comments} comments with ${summary.replies} replies → comments.csv (formula-safe CSV)`,
  });

  const content = await demo.gas.projects.getContent({ scriptId: demo.scriptId });
  await demo.gas.projects.updateContent({
    scriptId: demo.scriptId,
    files: [...(content.files ?? []), { name: 'Sync', type: 'SERVER_JS', source: SYNC_FILE }],
  });
  const options = {
    projectId: demo.projectId,
    target: demo.scriptId,
    functionName: 'appendComments',
    devMode: true,
    // The demo's own state file, so it never touches the user's state directory.
    statePath: join(demo.dir, 'sync-state.json'),
  };
  const clients = { bugsmash: demo.bugs, appsScript: demo.gas };
  const first = await syncComments(clients, options);
  const again = await syncComments(clients, options);
  check(
    first.sent === summary.comments && again.sent === 0,
    'sync',
    `sent ${first.sent}, then ${again.sent}`,
  );
  done({
    service: 'bugsmash',
    name: 'sync',
    detail: `${first.sent} comments → Apps Script appendComments() in ${first.batches} batch; run again: ${again.sent} sent`,
  });
}
