// Provider states as emulator state documents: each handler replaces the emulator's whole state
// (PUT /__emulator/state) with exactly what its sentence says, so interactions never depend on
// one another. Values the provider generates (entity tags, page tokens) are read back from the
// emulator through the real clients and handed to Pact for `fromProviderState` expressions.
// States no document can express (a quota or rate limit hit, a plan limit) register a fault
// (POST /__emulator/faults): the emulator gives that answer to the next matching request, and
// refuses to register one its spec does not allow.
import type { VerifierOptions } from '@pact-foundation/pact';
import { WEBHOOK_EVENTS } from '@specbound/bugsmash';
import { appsScriptFilter } from '@specbound/logging';
import { ACCESS_TOKEN, API_KEY, appsScriptAt, bugsmashAt, loggingAt } from './clients.ts';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type Json = Record<string, unknown>;
type Params = Record<string, unknown>;
// What Pact hands a state handler: the interaction's state parameters.
type AnyJson = Parameters<Extract<StateHandlers[string], (...args: never[]) => unknown>>[0];

const ADA = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  domain: 'example.com',
  photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
};
const GRACE = {
  email: 'grace@example.com',
  name: 'Grace Hopper',
  domain: 'example.com',
  photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
};
const CREATED = '2026-05-02T09:14:07.512Z';
const DEFAULT_SOURCE = 'function sendInvoices() {\n  return 3;\n}\n';

/** Replaces the emulator's state through its control API. */
export async function putState(controlUrl: string, document: Json): Promise<void> {
  const response = await fetch(`${controlUrl}/state`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, ...document }),
  });
  if (!response.ok)
    throw new Error(`PUT ${controlUrl}/state answered ${response.status}: ${await response.text()}`);
}

/** A fault as `POST /__emulator/faults` takes it (see the emulator's README). */
interface Fault {
  service: 'apps-script' | 'bugsmash';
  operationId?: string;
  method?: string;
  path?: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  times?: number;
}

/** Registers a fault; the emulator answers 400 (and this throws) when its spec forbids the answer. */
async function addFault(controlUrl: string, fault: Fault): Promise<void> {
  const response = await fetch(`${controlUrl}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (response.status !== 201)
    throw new Error(`POST ${controlUrl}/faults answered ${response.status}: ${await response.text()}`);
}

/** Forgets every fault not used up yet, so one interaction's fault never reaches the next. */
export async function clearFaults(controlUrl: string): Promise<void> {
  const response = await fetch(`${controlUrl}/faults`, { method: 'DELETE' });
  if (response.status !== 204)
    throw new Error(`DELETE ${controlUrl}/faults answered ${response.status}: ${await response.text()}`);
}

function str(params: AnyJson, name: string): string {
  const value = (params as Params | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`provider state parameter "${name}" must be a string`);
  return value;
}

function num(params: AnyJson, name: string): number {
  const value = (params as Params | undefined)?.[name];
  if (typeof value !== 'number') throw new Error(`provider state parameter "${name}" must be a number`);
  return value;
}

// ------------------------------------------------------------------------------------------ Apps Script

function manifest(): Json {
  const source = {
    timeZone: 'Europe/London',
    runtimeVersion: 'V8',
    exceptionLogging: 'STACKDRIVER',
    executionApi: { access: 'MYSELF' },
  };
  return { name: 'appsscript', type: 'JSON', source: JSON.stringify(source) };
}

function scriptProject(
  scriptId: string,
  options: { source?: string; creator?: string; versions?: number; deployments?: Json[] } = {},
): Json {
  const files = [manifest(), { name: 'Code', type: 'SERVER_JS', source: options.source ?? DEFAULT_SOURCE }];
  return {
    scriptId,
    title: 'Invoice mailer',
    creator: options.creator ?? ADA.email,
    createTime: CREATED,
    updateTime: CREATED,
    files,
    versions: Array.from({ length: options.versions ?? 1 }, (_, index) => ({
      versionNumber: index + 1,
      description: index === 0 ? 'First release' : `Release ${index + 1}`,
      createTime: CREATED,
      files,
    })),
    deployments: options.deployments ?? [],
  };
}

function deploymentRecord(deploymentId: string): Json {
  return {
    deploymentId,
    versionNumber: 1,
    manifestFileName: 'appsscript',
    description: 'Invoice mailer API',
    updateTime: CREATED,
  };
}

function processRecords(count: number, fill: Json): Json[] {
  // Recent, so that daily metrics (the last seven days) count them.
  const start = Date.now() - 60 * 60 * 1000;
  return Array.from({ length: count }, (_, index) => ({
    projectName: 'Invoice mailer',
    functionName: 'sendInvoices',
    processType: 'EXECUTION_API',
    processStatus: 'COMPLETED',
    userAccessLevel: 'OWNER',
    user: ADA.email,
    startTime: new Date(start + index * 1000).toISOString(),
    durationMs: 1532,
    runtimeVersion: 'V8',
    ...fill,
  }));
}

function appsScriptState(projects: Json[], processes: Json[] = []): Json {
  return { appsScript: { users: [ADA, GRACE], tokens: { [ACCESS_TOKEN]: ADA.email }, projects, processes } };
}

export function appsScriptStateHandlers(emulator: {
  appsScriptUrl: string;
  controlUrl: string;
}): StateHandlers {
  const put = (document: Json) => putState(emulator.controlUrl, document);
  const client = () => appsScriptAt(emulator.appsScriptUrl);
  const token = (next: string | undefined) => {
    if (next === undefined || next === '')
      throw new Error('the emulator answered the first page without a nextPageToken');
    return { nextPageToken: next };
  };
  return {
    'a script project exists': async (params?: AnyJson) => {
      const scriptId = str(params, 'scriptId');
      await put(appsScriptState([scriptProject(scriptId)], processRecords(2, { scriptId })));
      const { response } = await client().projects.get.withResponse({ scriptId });
      const etag = response.headers.get('ETag');
      if (etag === null) throw new Error('the emulator answered getProject without an ETag');
      return { etag };
    },
    'no script project exists': async () => put(appsScriptState([])),
    'the access token is not valid': async () => put(appsScriptState([])),
    'a script project has a version': async (params?: AnyJson) =>
      put(
        appsScriptState([scriptProject(str(params, 'scriptId'), { versions: num(params, 'versionNumber') })]),
      ),
    'a script project has a deployment': async (params?: AnyJson) =>
      put(
        appsScriptState([
          scriptProject(str(params, 'scriptId'), {
            deployments: [deploymentRecord(str(params, 'deploymentId'))],
          }),
        ]),
      ),
    'a script project has deployments': async (params?: AnyJson) => {
      const scriptId = str(params, 'scriptId');
      const deployments = Array.from({ length: num(params, 'deployments') }, (_, index) =>
        deploymentRecord(`AKfycbxContractDeployment${index}`),
      );
      await put(appsScriptState([scriptProject(scriptId, { deployments })]));
      return token((await client().projects.deployments.list({ scriptId, pageSize: 2 })).nextPageToken);
    },
    'a script project has versions': async (params?: AnyJson) => {
      const scriptId = str(params, 'scriptId');
      await put(appsScriptState([scriptProject(scriptId, { versions: num(params, 'versions') })]));
      return token((await client().projects.versions.list({ scriptId, pageSize: 2 })).nextPageToken);
    },
    'a script is deployed as an API executable': async (params?: AnyJson) =>
      put(
        appsScriptState([
          scriptProject('1ContractRunnableScript', {
            source: str(params, 'source'),
            deployments: [deploymentRecord(str(params, 'deploymentId'))],
          }),
        ]),
      ),
    'a script only its owner may run is deployed as an API executable by another user': async (
      params?: AnyJson,
    ) =>
      put(
        appsScriptState([
          scriptProject('1ContractForeignScript', {
            source: str(params, 'source'),
            creator: GRACE.email,
            deployments: [deploymentRecord(str(params, 'deploymentId'))],
          }),
        ]),
      ),
    'the user has processes': async (params?: AnyJson) => {
      const processStatus = str(params, 'processStatus');
      await put(
        appsScriptState(
          [scriptProject('1ContractProcessScript')],
          processRecords(num(params, 'processes'), { scriptId: '1ContractProcessScript', processStatus }),
        ),
      );
      return token(
        (await client().processes.list({ statuses: ['FAILED', 'TIMED_OUT'], pageSize: 2 })).nextPageToken,
      );
    },
    'a script project has processes': async (params?: AnyJson) => {
      const scriptId = str(params, 'scriptId');
      await put(
        appsScriptState([scriptProject(scriptId)], processRecords(num(params, 'processes'), { scriptId })),
      );
      return token((await client().processes.listScriptProcesses({ scriptId, pageSize: 2 })).nextPageToken);
    },
    // Quota exhaustion is the service's answer before any lookup, so the state needs no project;
    // the fault stands for it on the one read the pacts make in this state.
    'the read quota of the user is exhausted': async (params?: AnyJson) => {
      await put(appsScriptState([]));
      await addFault(emulator.controlUrl, {
        service: 'apps-script',
        operationId: 'listDeployments',
        status: 429,
        headers: { 'Retry-After': String(num(params, 'retryAfterSeconds')) },
        body: {
          error: {
            code: 429,
            message: "Quota exceeded for quota metric 'Read requests' of service 'script.googleapis.com'.",
            status: 'RESOURCE_EXHAUSTED',
          },
        },
      });
    },
  };
}

// ------------------------------------------------------------------------------------------ BugSmash

const LARAVEL_TIME = '2026-01-31T07:58:30.000000Z';

function bsProject(id: string, index = 0): Json {
  return {
    id,
    name: `Acme landing page ${index + 1}`,
    type: 'website',
    short_code: shortCode(index),
    created_at: LARAVEL_TIME,
    updated_at: LARAVEL_TIME,
  };
}

function bsVersion(id: string, projectId: string): Json {
  return {
    id,
    project_id: projectId,
    version_no: 1,
    short_code: 'VeRs1',
    ext_link: 'https://acme.example.com',
    created_at: LARAVEL_TIME,
    updated_at: LARAVEL_TIME,
    files: [
      {
        project_file_id: '8a6c4e2a-0c8e-4a6c-8e2a-4c6e8a0c2e4a',
        filename: 'acme.png',
        extension: '.png',
        content_type: 'image/png',
        file_size: 1759914,
        link: 'https://acme.example.com',
      },
    ],
  };
}

function shortCode(index: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `Pr${letters[Math.floor(index / letters.length) % letters.length]}${letters[index % letters.length]}x`;
}

function uuidOf(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

function bugsmashState(parts: Json): Json {
  return { bugsmash: { projects: [], versions: [], comments: [], folders: [], webhooks: [], ...parts } };
}

export function bugsmashStateHandlers(emulator: { bugsmashUrl: string; controlUrl: string }): StateHandlers {
  const put = (document: Json) => putState(emulator.controlUrl, document);
  const projectWithVersion = (projectId: string, versionId = uuidOf(9001)) => ({
    projects: [bsProject(projectId)],
    versions: [bsVersion(versionId, projectId)],
  });
  return {
    'the workspace has projects': async (params?: AnyJson) => {
      const count = num(params, 'projects');
      await put(
        bugsmashState({
          projects: Array.from({ length: count }, (_, index) => bsProject(uuidOf(index + 1), index)),
        }),
      );
      // The emulator answers with the key it was started with; check it is the pact's.
      await bugsmashAt(emulator.bugsmashUrl, API_KEY).projects.list({ limit: 1 });
    },
    'a project exists': async (params?: AnyJson) =>
      put(bugsmashState(projectWithVersion(str(params, 'projectId')))),
    'an image project exists': async (params?: AnyJson) =>
      put(
        bugsmashState({
          projects: [{ ...bsProject(str(params, 'projectId')), name: 'Acme logo', type: 'image' }],
        }),
      ),
    'no project exists': async () => put(bugsmashState({})),
    'a version exists': async (params?: AnyJson) =>
      put(bugsmashState(projectWithVersion(str(params, 'projectId'), str(params, 'versionId')))),
    'a folder exists': async (params?: AnyJson) =>
      put(
        bugsmashState({
          folders: [
            {
              id: str(params, 'folderId'),
              name: 'Clients',
              created_at: LARAVEL_TIME,
              updated_at: LARAVEL_TIME,
            },
          ],
        }),
      ),
    'a folder and a project exist': async (params?: AnyJson) =>
      put(
        bugsmashState({
          ...projectWithVersion(str(params, 'projectId')),
          folders: [
            {
              id: str(params, 'folderId'),
              name: 'Clients',
              created_at: LARAVEL_TIME,
              updated_at: LARAVEL_TIME,
            },
          ],
        }),
      ),
    'a comment with a reply exists': async (params?: AnyJson) => {
      const projectId = str(params, 'projectId');
      await put(
        bugsmashState({
          ...projectWithVersion(projectId),
          comments: [
            {
              comment_id: str(params, 'commentId'),
              project_id: projectId,
              comment_number: 106,
              comment: '<p>The logo is blurry on retina screens.</p>',
              priority: 'P2',
              comment_by_name: 'Grace Hopper',
              comment_by_email: 'grace@example.com',
              created_at: LARAVEL_TIME,
              updated_at: LARAVEL_TIME,
              replies: [
                {
                  id: str(params, 'replyId'),
                  comment: '<p>Fixed in V2.</p>',
                  is_private: false,
                  comment_by_name: 'Ada Lovelace',
                  comment_by_email: 'ada@example.com',
                  created_at: LARAVEL_TIME,
                  updated_at: LARAVEL_TIME,
                },
              ],
            },
          ],
        }),
      );
    },
    'a webhook exists': async (params?: AnyJson) =>
      put(
        bugsmashState({
          webhooks: [
            {
              id: str(params, 'webhookId'),
              webhook_url: 'https://hooks.example.com/bugsmash',
              events: ['new_comment', 'status_changed'],
              secret: 'whsec_contract_test_only',
            },
          ],
        }),
      ),
    // The emulator has no rate limiter (BugSmash's limits are not public): the fault answers the
    // one request the pacts make in this state as Laravel's throttle does.
    'the workspace has hit its rate limit': async (params?: AnyJson) => {
      await put(bugsmashState({ projects: [bsProject(uuidOf(1))] }));
      await addFault(emulator.controlUrl, {
        service: 'bugsmash',
        operationId: 'listProjects',
        status: 429,
        headers: { 'Retry-After': String(num(params, 'retryAfterSeconds')) },
        body: { status: false, message: 'Too Many Attempts.' },
      });
    },
    // Plans are not modelled by the emulator: the fault refuses this project's update the way the
    // envelope reports a refusal, `status: false` on HTTP 200.
    'a project exists and the workspace plan forbids public projects': async (params?: AnyJson) => {
      const projectId = str(params, 'projectId');
      await put(bugsmashState(projectWithVersion(projectId)));
      await addFault(emulator.controlUrl, {
        service: 'bugsmash',
        method: 'PATCH',
        path: `/project/${projectId}`,
        status: 200,
        body: { status: false, message: 'Your plan does not allow public projects.' },
      });
    },
    // Real behaviour, no fault: a webhook exists but listens to every event except this one, and
    // the emulator refuses a test delivery nobody would receive.
    'no webhook is subscribed to an event': async (params?: AnyJson) => {
      const event = str(params, 'event');
      await put(
        bugsmashState({
          webhooks: [
            {
              id: uuidOf(7001),
              webhook_url: 'https://hooks.example.com/bugsmash',
              events: WEBHOOK_EVENTS.filter((other) => other !== event),
              secret: 'whsec_contract_test_only',
            },
          ],
        }),
      );
    },
  };
}

// ------------------------------------------------------------------------------------------ Cloud Logging

/**
 * The emulator's log entries come from its own runs, so a state that has entries is a deployed
 * script whose function the handler runs through the real Apps Script client; the page token is
 * read back through the real Logging client with the query the pact's first page sends.
 */
export function loggingStateHandlers(emulator: { appsScriptUrl: string; controlUrl: string }): StateHandlers {
  return {
    'an Apps Script function has run and logged three lines': async (params?: AnyJson) => {
      const deploymentId = 'AKfycbContractLoggingDeployment';
      const functionName = str(params, 'functionName');
      const source = str(params, 'source');
      await putState(
        emulator.controlUrl,
        appsScriptState([
          scriptProject('1ContractLoggingScript', { source, deployments: [deploymentRecord(deploymentId)] }),
        ]),
      );
      await appsScriptAt(emulator.appsScriptUrl).scripts.run({ deploymentId, function: functionName });
      const page = await loggingAt(emulator.appsScriptUrl).entries.list({
        resourceNames: ['projects/specbound-contract'],
        filter: appsScriptFilter({ functionName }),
        orderBy: 'timestamp asc',
        pageSize: 2,
      });
      if (page.nextPageToken === undefined)
        throw new Error('the emulator answered the first page of entries without a nextPageToken');
      return { nextPageToken: page.nextPageToken };
    },
  };
}

// ------------------------------------------------------------------------------------------ Drive

/** Drive's states: its files are the emulator's script projects (and containers, none needed yet). */
export function driveStateHandlers(emulator: { controlUrl: string }): StateHandlers {
  const put = (document: Json) => putState(emulator.controlUrl, document);
  return {
    'a script project exists': async (params?: AnyJson) => {
      const project = { ...scriptProject(str(params, 'scriptId')), title: str(params, 'title') };
      await put(appsScriptState([project]));
    },
    'no Drive file exists': async () => put(appsScriptState([])),
  };
}

// ------------------------------------------------------------------------------------------ Sheets

/** A spreadsheet in the state document's `sheets` part: one sheet, `Sheet1`, holding `rows`. */
function spreadsheetState(params: AnyJson, rows: unknown[][] = []): Json {
  const spreadsheet = {
    spreadsheetId: str(params, 'spreadsheetId'),
    title: str(params, 'title'),
    sheets: [{ sheetId: 0, title: 'Sheet1', rows }],
  };
  return { sheets: { spreadsheets: [spreadsheet] } };
}

export function sheetsStateHandlers(emulator: { controlUrl: string }): StateHandlers {
  const put = (document: Json) => putState(emulator.controlUrl, document);
  return {
    'a spreadsheet exists': async (params?: AnyJson) => {
      await put(spreadsheetState(params));
    },
    'a spreadsheet has values': async (params?: AnyJson) => {
      const values = (params as Params | undefined)?.values;
      if (!Array.isArray(values) || !values.every(Array.isArray))
        throw new Error('provider state parameter "values" must be an array of rows');
      await put(spreadsheetState(params, values as unknown[][]));
    },
  };
}
