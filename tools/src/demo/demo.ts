// `specbound demo`: a real session against the emulator, started in-process on a free loopback port,
// through the same library functions the CLI uses. Every step checks that it did what it reports; the
// first one that did not throws `DemoStepError`, so the demo only succeeds when all of them did.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppsScriptClient, createAppsScriptClient, ScriptExecutionError } from '@specbound/apps-script';
import {
  type BugSmashClient,
  type Comment,
  createBugSmashClient,
  parseWebhookEvent,
} from '@specbound/bugsmash';
import type { RunningEmulator } from '@specbound/emulator';
import { readCapped } from '@specbound/http/node';
import { createVersion, deploy } from '../apps-script/deploy.js';
import { getMetrics } from '../apps-script/metrics.js';
import { listProcesses } from '../apps-script/processes.js';
import { createProject, pushProject } from '../apps-script/project.js';
import { runFunction } from '../apps-script/run.js';
import { ToolsError } from '../errors.js';
import { bugsmashWorkflowSteps } from './bugsmash-workflows.js';

export interface DemoStep {
  service: 'apps-script' | 'bugsmash';
  /** What was done, e.g. `create`. */
  name: string;
  /** What came of it, in one line. */
  detail: string;
  /** Extra lines (a script's stack). */
  lines?: string[];
}

export interface DemoOptions {
  /** Called after each step that did what it says. */
  onStep?: (step: DemoStep) => void;
  /** Called once the emulator listens. */
  onStart?: (urls: { appsScriptUrl: string; bugsmashUrl: string }) => void;
}

export interface DemoResult {
  steps: DemoStep[];
  appsScriptUrl: string;
  bugsmashUrl: string;
}

/** A demo step did not do what it was about to report. */
export class DemoStepError extends ToolsError {}

function check(condition: unknown, step: string, what: string): asserts condition {
  if (!condition) {
    throw new DemoStepError(`demo step "${step}" failed: ${what}`, {
      code: 'demo-step-failed',
      details: { step },
    });
  }
}

const CODE = `/** Greets someone: run through the Execution API. */
function greet(name) {
  return 'Hello, ' + name + '! ' + signature();
}

/** Counts visits in script properties, one run at a time (the script lock), offline in the emulator. */
function visit() {
  var lock = LockService.getScriptLock();
  lock.waitLock(5000);
  var props = PropertiesService.getScriptProperties();
  var visits = Number(props.getProperty('visits') || 0) + 1;
  props.setProperty('visits', String(visits));
  lock.releaseLock();
  Logger.log('visit %d by %s', visits, Session.getActiveUser().getEmail());
  var digest = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'visit ' + visits);
  return { visits: visits, digest: Utilities.base64Encode(digest).slice(0, 12) };
}

/** Writes a table to a new spreadsheet and reads it back: numbers and dates come back typed. */
function report() {
  var sheet = SpreadsheetApp.create('Demo report').getSheets()[0];
  sheet.appendRow(['name', 'visits', 'since']);
  sheet.appendRow(['Ada', '2', '1/31/2026']);
  var row = sheet.getDataRange().getValues()[1];
  return { rows: sheet.getLastRow(), types: row.map(function (v) { return v instanceof Date ? 'Date' : typeof v; }),
    shown: sheet.getRange('A2:C2').getDisplayValues()[0] };
}

/** Installs a time-driven trigger: tick() every 5 minutes of the emulator's clock. */
function installTrigger() {
  ScriptApp.newTrigger('tick').timeBased().everyMinutes(5).create();
  return ScriptApp.getProjectTriggers().length;
}

function tick() {
  var props = PropertiesService.getScriptProperties();
  props.setProperty('ticks', String(Number(props.getProperty('ticks') || 0) + 1));
}

/** The web app: a page from an HtmlService template. */
function doGet(e) {
  var page = HtmlService.createTemplate('<h1>Hello, <?= name ?>!</h1>');
  page.name = e.parameter.name || 'world';
  return page.evaluate().setTitle('specbound demo');
}

/** Fails on purpose, to show a script error and its stack. */
function checkout(cart) {
  return total(cart.items);
}
`;
const UTIL = `function signature() {
  return '(from Apps Script)';
}

function total(items) {
  return items.reduce(function (sum, item) { return sum + item.price; }, 0);
}
`;
const MANIFEST = `${JSON.stringify(
  {
    timeZone: 'Etc/UTC',
    runtimeVersion: 'V8',
    executionApi: { access: 'MYSELF' },
    webapp: { access: 'ANYONE_ANONYMOUS', executeAs: 'USER_DEPLOYING' },
  },
  null,
  2,
)}\n`;

// A delivery is a few hundred bytes; the demo's receiver holds no more than this of any request.
const MAX_DELIVERY_BYTES = 1024 * 1024;

export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const steps: DemoStep[] = [];
  const done = (step: DemoStep) => {
    steps.push(step);
    options.onStep?.(step);
  };
  // Loaded here, not at module load: importing @specbound/tools must not pay for the emulator.
  const { startEmulator } = await import('@specbound/emulator');
  const emulator = await startEmulator({ port: 0, runTimeoutMs: 30_000 });
  const dir = await mkdtemp(join(tmpdir(), 'specbound-demo-'));
  // Not imported at module load: node:http costs every `import '@specbound/tools'` ~20 ms.
  const receiver = process.getBuiltinModule('node:http').createServer();
  try {
    options.onStart?.({ appsScriptUrl: emulator.appsScriptUrl, bugsmashUrl: emulator.bugsmashUrl });
    // The emulator takes any bearer token; this one is not a secret.
    const gas = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: 'demo-access-token' });

    const scriptId = await projectSteps(gas, dir, done);
    await runSteps(gas, scriptId, done);
    await servicesStep(gas, scriptId, done);
    await spreadsheetStep(gas, scriptId, done);
    await triggerStep(emulator, gas, scriptId, done);
    await webAppStep(emulator, gas, scriptId, done);
    const { bugs, projectId, comments } = await reviewSteps(emulator, done);
    await webhookStep(emulator, bugs, comments, receiver, done);
    await bugsmashWorkflowSteps({ bugs, gas, scriptId, projectId, dir }, done);
    return { steps, appsScriptUrl: emulator.appsScriptUrl, bugsmashUrl: emulator.bugsmashUrl };
  } finally {
    receiver.close();
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

type Done = (step: DemoStep) => void;
type Emulator = RunningEmulator;

/** create, push, version, deploy (twice: the same deployment); resolves to the script id. */
async function projectSteps(gas: AppsScriptClient, dir: string, done: Done): Promise<string> {
  const created = await createProject(gas, { title: 'specbound demo', dir });
  check(
    created.scriptId !== '' && created.files.some((f) => f.path === 'appsscript.json'),
    'create',
    'no project or no manifest',
  );
  done({
    service: 'apps-script',
    name: 'create',
    detail: `project "${created.title}" ${created.scriptId}, .clasp.json + appsscript.json written`,
  });

  await writeFile(join(dir, 'Code.js'), CODE);
  await writeFile(join(dir, 'util.js'), UTIL);
  await writeFile(join(dir, 'appsscript.json'), MANIFEST);
  const pushed = await pushProject(gas, { dir });
  const names = pushed.files.map((f) => f.path).sort();
  check(
    pushed.pushed && names.join(',') === 'Code.js,appsscript.json,util.js',
    'push',
    `pushed ${names.join(', ')}`,
  );
  done({
    service: 'apps-script',
    name: 'push',
    detail: 'Code.js and util.js (+ the manifest, now an API executable)',
  });

  const version = await createVersion(gas, { scriptId: created.scriptId, description: 'demo v1' });
  check(version.versionNumber === 1, 'version', `got version ${version.versionNumber}`);
  done({ service: 'apps-script', name: 'version', detail: `version ${version.versionNumber} "demo v1"` });

  const deployed = await deploy(gas, {
    scriptId: created.scriptId,
    versionNumber: 1,
    description: 'demo',
    dir,
  });
  check(
    deployed.action === 'created' && deployed.versionNumber === 1,
    'deploy',
    `${deployed.action} → v${deployed.versionNumber}`,
  );
  const redeployed = await deploy(gas, { scriptId: created.scriptId, description: 'demo', dir });
  check(
    redeployed.action === 'updated' &&
      redeployed.deploymentId === deployed.deploymentId &&
      redeployed.versionNumber === 2,
    'deploy',
    'a second deploy did not update the same deployment',
  );
  done({
    service: 'apps-script',
    name: 'deploy',
    detail: `${deployed.deploymentId} (v1), deployed again: same id, now v${redeployed.versionNumber}`,
  });
  return created.scriptId;
}

/** run (a result, then a script error with its stack), processes, metrics. */
async function runSteps(gas: AppsScriptClient, scriptId: string, done: Done): Promise<void> {
  const ran = await runFunction(gas, {
    scriptId: scriptId,
    functionName: 'greet',
    parameters: ['Ada'],
  });
  check(
    ran.result === 'Hello, Ada! (from Apps Script)',
    'run',
    `greet returned ${JSON.stringify(ran.result)}`,
  );
  done({ service: 'apps-script', name: 'run', detail: `greet("Ada") → ${JSON.stringify(ran.result)}` });

  let scriptError: ScriptExecutionError | undefined;
  try {
    await runFunction(gas, { scriptId: scriptId, functionName: 'checkout', parameters: [{}] });
  } catch (error) {
    if (!(error instanceof ScriptExecutionError)) throw error;
    scriptError = error;
  }
  const frames = scriptError?.scriptStackTraceElements ?? [];
  check(
    scriptError !== undefined &&
      frames.some((f) => f.function === 'total') &&
      frames.some((f) => f.function === 'checkout'),
    'run',
    'checkout({}) did not fail with a stack through total and checkout',
  );
  done({
    service: 'apps-script',
    name: 'run',
    detail: `checkout({}) → script error: ${scriptError.errorType === undefined ? '' : `${scriptError.errorType}: `}${scriptError.errorMessage}`,
    lines: frames.map((f) => `at ${f.function ?? '?'} (line ${f.lineNumber ?? '?'})`),
  });

  const processes = await listProcesses(gas, { scriptId: scriptId });
  const statuses = processes.map((p) => `${p.functionName} ${p.processStatus}`);
  check(
    statuses.includes('greet COMPLETED') && statuses.includes('checkout FAILED'),
    'processes',
    `listed ${statuses.join(', ')}`,
  );
  done({ service: 'apps-script', name: 'processes', detail: statuses.join(', ') });

  const metrics = await getMetrics(gas, { scriptId: scriptId });
  const runs = metrics.periods.reduce((sum, p) => sum + p.executions, 0);
  const failures = metrics.periods.reduce((sum, p) => sum + p.failures, 0);
  check(runs >= 2 && failures >= 1, 'metrics', `${runs} executions, ${failures} failed`);
  done({
    service: 'apps-script',
    name: 'metrics',
    detail: `${runs} executions, ${failures} failed (${metrics.granularity})`,
  });
}

/** Google services offline: a script keeps a counter in PropertiesService under LockService. */
async function servicesStep(gas: AppsScriptClient, scriptId: string, done: Done): Promise<void> {
  const runs: { visits?: unknown; digest?: unknown }[] = [];
  for (let i = 0; i < 2; i++) {
    const ran = await runFunction(gas, { scriptId, functionName: 'visit' });
    runs.push((ran.result ?? {}) as { visits?: unknown; digest?: unknown });
  }
  check(
    runs[0]?.visits === 1 && runs[1]?.visits === 2 && typeof runs[1]?.digest === 'string',
    'services',
    `visit() returned ${JSON.stringify(runs)}`,
  );
  done({
    service: 'apps-script',
    name: 'services',
    detail: `visit() twice → visits 1, then 2 (PropertiesService, LockService, Utilities.computeDigest ${String(runs[1]?.digest)}…)`,
  });
}

/** SpreadsheetApp offline: a script writes rows to a spreadsheet the emulator keeps, and reads them back. */
async function spreadsheetStep(gas: AppsScriptClient, scriptId: string, done: Done): Promise<void> {
  const ran = await runFunction(gas, { scriptId, functionName: 'report' });
  const out = (ran.result ?? {}) as { rows?: unknown; types?: unknown; shown?: unknown };
  check(
    out.rows === 2 && JSON.stringify(out.types) === '["string","number","Date"]',
    'spreadsheet',
    `report() returned ${JSON.stringify(out)}`,
  );
  done({
    service: 'apps-script',
    name: 'spreadsheet',
    detail: `report() → appendRow(${JSON.stringify(out.shown)}), then getValues reads it back typed: string, number, Date`,
  });
}

/** A time-driven trigger, fired by moving the emulator's clock. */
async function triggerStep(emulator: Emulator, gas: AppsScriptClient, scriptId: string, done: Done) {
  const installed = await runFunction(gas, { scriptId, functionName: 'installTrigger' });
  check(installed.result === 1, 'trigger', `installTrigger() returned ${JSON.stringify(installed.result)}`);
  const response = await fetch(`${emulator.controlUrl}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 15 * 60_000 }),
  });
  const moved = (await response.json()) as { fired?: { functionName: string; status: string }[] };
  const runs = (moved.fired ?? []).map((f) => `${f.functionName} ${f.status}`);
  check(
    response.ok && runs.length === 3 && runs.every((r) => r === 'tick COMPLETED'),
    'trigger',
    `moving the clock 15 minutes fired ${runs.join(', ') || 'nothing'}`,
  );
  done({
    service: 'apps-script',
    name: 'trigger',
    detail: 'tick() every 5 minutes; clock moved 15 minutes → ran 3 times (TIME_DRIVEN processes)',
  });
}

/** The deployment as a web app, opened the way a browser opens it. */
async function webAppStep(emulator: Emulator, gas: AppsScriptClient, scriptId: string, done: Done) {
  const listed = await gas.projects.deployments.list({ scriptId });
  const deployments = 'deployments' in listed ? (listed.deployments ?? []) : [];
  const deployment = deployments.find((d) => d.deploymentConfig?.versionNumber !== undefined);
  const url = `${emulator.appsScriptUrl}/macros/s/${String(deployment?.deploymentId)}/exec?name=%3CAda%3E`;
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const html = await response.text();
  check(
    response.status === 200 && html.includes('<h1>Hello, &#60;Ada&#62;!</h1>'),
    'web app',
    `GET …/exec answered ${response.status}: ${html.slice(0, 120)}`,
  );
  done({
    service: 'apps-script',
    name: 'web app',
    detail: `GET /macros/s/…/exec?name=<Ada> → doGet: <h1>Hello, &#60;Ada&#62;!</h1> (HtmlService, escaped)`,
  });
}

/** BugSmash: a project and reviewers' comments on it. */
async function reviewSteps(emulator: Emulator, done: Done) {
  // BugSmash: a project, reviewers' comments, and a signed webhook delivery to a local receiver.
  const { DEFAULT_BUGSMASH_API_KEY } = await import('@specbound/emulator');
  const bugs = createBugSmashClient({ apiKey: DEFAULT_BUGSMASH_API_KEY, baseUrl: emulator.bugsmashUrl });
  const project = await bugs.projects.create({
    projectName: 'specbound demo site',
    projectType: 'website',
    websiteUrl: 'https://example.com',
  });
  check(
    typeof project.id === 'string' && typeof project.review_link === 'string',
    'project',
    'no id or review link',
  );
  done({
    service: 'bugsmash',
    name: 'project',
    detail: `"specbound demo site" ${project.id}, review link ${project.review_link}`,
  });

  // Comments come from reviewers on the review link; the emulator's control API stands in for them.
  for (const text of ['The logo is blurry on retina screens', 'Typo in the footer: "Copyrihgt"']) {
    const response = await fetch(`${emulator.controlUrl}/bugsmash/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: project.id, text, byName: 'Reviewer' }),
    });
    check(response.ok, 'comments', `the emulator refused a reviewer comment (${response.status})`);
  }
  const listed = await bugs.comments.list({ projectId: project.id, plainText: true });
  check(listed.data.length === 2, 'comments', `listed ${listed.data.length} comments`);
  done({
    service: 'bugsmash',
    name: 'comments',
    detail: `2 reviewer comments listed (${listed.active} active)`,
  });
  return { bugs, projectId: project.id, comments: listed.data };
}

/** A signed webhook delivery to a local receiver, verified there. */
async function webhookStep(
  emulator: Emulator,
  bugs: BugSmashClient,
  comments: readonly Comment[],
  receiver: Server,
  done: Done,
): Promise<void> {
  const received: { event: string; payload: unknown }[] = [];
  let secret = '';
  receiver.on('request', async (req, res) => {
    let raw: Buffer | undefined;
    try {
      raw = await readCapped(req, MAX_DELIVERY_BYTES);
    } catch {
      // The connection failed while sending: there is no one to answer.
      res.destroy();
      return;
    }
    if (raw === undefined) {
      res.writeHead(413, { connection: 'close' }).end();
      req.resume();
      return;
    }
    try {
      const event = await parseWebhookEvent({ rawBody: raw, headers: req.headers, secret });
      received.push({ event: event.type, payload: event.payload });
      res.writeHead(204).end();
    } catch {
      res.writeHead(401).end();
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const hook = (await bugs.webhooks.create({
    webhookUrl: `http://127.0.0.1:${port}/bugsmash`,
    events: ['status_changed'],
  })) as { secret?: string };
  check(typeof hook.secret === 'string', 'webhook', 'no signing secret in the answer');
  secret = hook.secret;
  const first = comments[0];
  check(first !== undefined, 'webhook', 'no comment to resolve');
  await bugs.comments.update({ commentId: first.comment_id, status: 'Resolved' });
  await emulator.webhooksIdle();
  check(
    received.length === 1 && received[0]?.event === 'status_changed',
    'webhook',
    `the receiver verified ${received.length} deliveries`,
  );
  done({
    service: 'bugsmash',
    name: 'webhook',
    detail: 'resolved a comment → status_changed delivered to a local receiver, signature verified',
  });
}
