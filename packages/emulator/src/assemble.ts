// The emulator without a server: specs, state, backends, services and the request listener, put
// together once. startEmulator() (emulator.ts) puts it behind a loopback HTTP server;
// createEmulatorFetch() (fetch.ts) calls the same listener in-process. Both therefore share every
// step a request goes through: Host check, CORS, routing, validation, faults, handlers, persistence.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppsScriptBackend } from './apps-script/backend.ts';
import { RUN_TIME_LIMIT_MS } from './apps-script/runs.ts';
import { appsScriptService } from './apps-script/service.ts';
import { BugsmashBackend } from './bugsmash/backend.ts';
import { bugsmashService } from './bugsmash/service.ts';
import { WebhookDispatcher } from './bugsmash/webhooks.ts';
import type { ControlDeps } from './control/handlers.ts';
import { controlService } from './control/service.ts';
import { Changes, type Collection } from './core/changes.ts';
import { applyCors } from './core/cors.ts';
import { FaultInjector } from './core/faults.ts';
import { type HostPolicy, refuseForeignHost } from './core/host.ts';
import { handleServiceRequest, type PipelineOptions, send } from './core/pipeline.ts';
import { StateFileError, StateStore } from './core/store.ts';
import { ServiceError } from './core/types.ts';
import { ViolationLog } from './core/violations.ts';
import { DEFAULT_BUGSMASH_API_KEY, DEFAULT_MAX_UPLOAD_REQUEST_BYTES } from './defaults.ts';
import { registerContainer } from './drive/files.ts';
import { driveService } from './drive/service.ts';
import type { EmulatorInternals, EmulatorOptions, ScriptLogEntry } from './emulator.ts';
import { handleGoogleOAuth, isGoogleOAuthPath } from './google-oauth.ts';
import { isLoggingPath, loggingService } from './logging/service.ts';
import { allowFetch } from './runtime/urlfetch.ts';
import { handleWebApp, isWebAppPath } from './runtime/webapp.ts';
import { defaultPoolSize, SandboxPool } from './sandbox/pool.ts';
import { seedDemo } from './seed.ts';
import { createSpreadsheet } from './sheets/store.ts';
import { isSheetsPath, sheetsService } from './sheets-api/service.ts';
import { DEFAULT_SPEC_PATHS, loadSpec } from './spec/load.ts';
import { CompiledSpec } from './spec/operations.ts';
import {
  emptyState,
  normalizeOwnedState,
  normalizeState,
  type StateDocument,
  StateDocumentError,
} from './state.ts';

const SPREADSHEET_MIME_TYPE = 'application/vnd.google-apps.spreadsheet';

/** Largest timer delay Node accepts (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type StateChoice = 'empty' | 'demo' | StateDocument;

export interface AssembledEmulator {
  /** The listener of one request; `policy` says which `Host` names it serves. */
  listener(policy: HostPolicy): (req: IncomingMessage, res: ServerResponse) => void;
  /** The origin the emulator is reached at (file URLs and `getHealth` name it). */
  setOrigin(origin: string): void;
  violations: ViolationLog;
  faults: FaultInjector;
  dispatcher: WebhookDispatcher;
  snapshot(): StateDocument;
  /** What scripts wrote with `Logger.log` or `console.*` since the last state change, oldest first. */
  scriptLogs(): ScriptLogEntry[];
  /** Stops running scripts, replaces the state and saves it (when there is a state database). */
  replaceState(next: StateChoice): Promise<void>;
  /** Stops webhook deliveries and script workers and closes the state database. */
  close(): Promise<void>;
}

/**
 * Parses a request target without treating `//x` as a host (which `new URL(target, base)` would) and
 * without throwing on a target the HTTP parser let through.
 */
function requestUrl(target: string, base: string): URL | undefined {
  try {
    // An absolute-form target (`http://host/path`) is taken for its path only, on this server.
    return new URL(`${base}${rawPathOf(target)}`);
  } catch {
    return undefined;
  }
}

/** The path of a request target as written: origin-form as is, absolute-form without scheme and authority. */
function rawPathOf(target: string): string {
  if (target.startsWith('/')) return target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(target);
  const rest = absolute?.[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function checkedRunTimeout(value: number | undefined): number {
  if (value === undefined) return RUN_TIME_LIMIT_MS;
  if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS)
    throw new RangeError(
      `runTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (about 24.8 days), got ${String(value)}`,
    );
  return value;
}

/**
 * The control API answers only a request whose path was written under `/__emulator/`. URL parsing
 * removes dot segments, so `/v1/../__emulator/reset` (or `%2e%2e`) would otherwise turn a service
 * request into a control request; such a request stays with the service and gets its 404.
 */
function isControlRequest(target: string, url: URL): boolean {
  return rawPathOf(target).startsWith('/__emulator/') && url.pathname.startsWith('/__emulator/');
}

/**
 * Compiled specs by file, once per process like loadSpec's documents (tests start many emulators): a
 * CompiledSpec holds only routes and the Ajv validators it compiles on first use, no emulator's state,
 * and compiling those validators again for every emulator was about 2 s of CPU in the tools tests.
 */
const compiled = new Map<string, Promise<CompiledSpec>>();

function compiledSpec(path: string, id: string): Promise<CompiledSpec> {
  const key = `${id} ${path}`;
  let pending = compiled.get(key);
  if (pending === undefined) {
    pending = loadSpec(path).then((doc) => new CompiledSpec(doc, id));
    compiled.set(key, pending);
    pending.catch(() => compiled.delete(key));
  }
  return pending;
}

async function compileSpecs(options: EmulatorOptions) {
  const [apps, bugs, drive, control, logging, sheets] = await Promise.all([
    compiledSpec(
      options.specs?.appsScript ?? DEFAULT_SPEC_PATHS.appsScript,
      'https://specbound.local/apps-script.json',
    ),
    compiledSpec(
      options.specs?.bugsmash ?? DEFAULT_SPEC_PATHS.bugsmash,
      'https://specbound.local/bugsmash.json',
    ),
    compiledSpec(DEFAULT_SPEC_PATHS.drive, 'https://specbound.local/drive.json'),
    compiledSpec(DEFAULT_SPEC_PATHS.emulator, 'https://specbound.local/emulator.json'),
    compiledSpec(DEFAULT_SPEC_PATHS.logging, 'https://specbound.local/logging.json'),
    compiledSpec(options.specs?.sheets ?? DEFAULT_SPEC_PATHS.sheets, 'https://specbound.local/sheets.json'),
  ]);
  return { apps, bugs, drive, control, logging, sheets };
}

/**
 * Opens the state database, or takes the initial document. A state database that cannot be loaded
 * is refused, never overwritten: it may be the only copy of someone's data.
 */
function openState(options: EmulatorOptions, changes: Changes, internals: EmulatorInternals) {
  const statePath = typeof options.state === 'string' ? options.state : undefined;
  let opened: ReturnType<typeof StateStore.open> | undefined;
  let initial: StateDocument | undefined;
  if (statePath !== undefined) {
    try {
      opened = StateStore.open(statePath, changes, internals.store);
      if (opened.document !== undefined) initial = normalizeOwnedState(opened.document);
    } catch (error) {
      opened?.store.close();
      if (error instanceof StateFileError) throw new StateDocumentError(error.message);
      if (error instanceof StateDocumentError)
        throw new StateDocumentError(
          `state database ${statePath} cannot be loaded (left untouched): ${error.message}`,
        );
      throw error;
    }
    if (opened.imported !== undefined) (options.onStateImport ?? console.error)(opened.imported);
  } else if (options.state !== undefined && typeof options.state !== 'string') {
    initial = normalizeState(options.state);
  }
  return { statePath, opened, initial };
}

type Specs = Awaited<ReturnType<typeof compileSpecs>>;
type OpenedState = ReturnType<typeof openState>;

function buildBackends(
  options: EmulatorOptions,
  specs: Specs,
  changes: Changes,
  violations: ViolationLog,
  blobs: StateStore['blobs'] | undefined,
  origin: () => string,
) {
  const runTimeoutMs = checkedRunTimeout(options.runTimeoutMs);
  const pool = new SandboxPool({
    size: options.sandboxWorkers ?? defaultPoolSize(),
    ...(options.sandboxQueue === undefined ? {} : { queueLimit: options.sandboxQueue }),
    // A worker a run has grown well past the run's own heap is replaced; a run never grows one past
    // the same bound (typed arrays included), so the host holds at most workers × (that + V8 heap).
    recycleBytes: 2 * (options.runMemoryBytes ?? 64 * 1024 * 1024) + 64 * 1024 * 1024,
    wasmMemoryBytes: 2 * (options.runMemoryBytes ?? 64 * 1024 * 1024) + 64 * 1024 * 1024,
  });
  const apps = new AppsScriptBackend({
    pool,
    runTimeoutMs,
    runMemoryBytes: options.runMemoryBytes ?? 64 * 1024 * 1024,
    changes,
    ...(options.onScriptLog === undefined ? {} : { onLog: options.onScriptLog }),
  });
  allowFetch(apps, options.allowFetch ?? []);
  const dispatcher = new WebhookDispatcher({
    retries: options.webhookRetries ?? 3,
    backoffMs: options.webhookBackoffMs ?? 250,
    timeoutMs: 5_000,
    validate: (event, payload) => specs.bugs.validateWebhook(event, payload),
    onViolation: (event, problems) =>
      violations.record({
        at: new Date().toISOString(),
        service: 'bugsmash',
        operationId: `webhook:${event}`,
        method: 'POST',
        path: '(delivery)',
        status: 0,
        problems,
      }),
    ownOrigin: origin,
  });
  const bugs = new BugsmashBackend({
    webhooks: dispatcher,
    maxUploadBytes: options.maxUploadBytes ?? 25 * 1024 * 1024,
    maxUploadRequestBytes: options.maxUploadRequestBytes ?? DEFAULT_MAX_UPLOAD_REQUEST_BYTES,
    filesBaseUrl: () => `${origin()}/__emulator/files`,
    changes,
    ...(blobs === undefined ? {} : { blobs }),
    ownOrigin: origin,
  });
  return { pool, apps, dispatcher, bugs };
}

/** A spreadsheet made through Sheets or a script is a Drive file too (a container). */
function listSpreadsheetsInDrive(apps: AppsScriptBackend): void {
  apps.spreadsheets.onAdd = (ss) => {
    if (!apps.driveFiles.has(ss.spreadsheetId))
      registerContainer(apps, {
        id: ss.spreadsheetId,
        name: ss.title,
        mimeType: SPREADSHEET_MIME_TYPE,
      });
  };
}

/** The state document over the backends: loaded into them, taken from them, one entity looked up. */
function stateOf(apps: AppsScriptBackend, bugs: BugsmashBackend) {
  const sheets = apps.spreadsheets;
  return {
    load: (state: StateDocument) => {
      apps.load(state.appsScript);
      bugs.load(state.bugsmash);
      sheets.load(state.sheets);
    },
    snapshot: (): StateDocument => ({
      version: 1,
      appsScript: apps.export(),
      bugsmash: bugs.export(),
      sheets: sheets.export(),
    }),
    lookup: (collection: Collection, key: string) => {
      if (collection.startsWith('sh.')) return sheets.lookup(collection, key);
      return collection.startsWith('as.') ? apps.lookup(collection, key) : bugs.lookup(collection, key);
    },
  };
}

/**
 * Starts saving the state to the state database, when there is one. A new (or seeded) state that
 * cannot be written, on a full disk say, ends the start with the database holding what it held.
 */
async function attachState(
  opened: OpenedState['opened'],
  statePath: string | undefined,
  state: ReturnType<typeof stateOf>,
  pool: SandboxPool,
): Promise<void> {
  const stateStore = opened?.store;
  try {
    stateStore?.attach(
      {
        snapshot: state.snapshot,
        lookup: state.lookup,
        // After a failed save: memory goes back to what the database holds (runs in progress are orphaned).
        restore: (document) => state.load(normalizeOwnedState(document)),
      },
      opened?.document,
    );
  } catch (error) {
    stateStore?.close();
    await pool.close();
    throw new StateDocumentError(
      `state database ${statePath} could not be written (${error instanceof Error ? error.message : String(error)}); it holds what it held before.`,
    );
  }
}

export async function assembleEmulator(
  options: EmulatorOptions,
  internals: EmulatorInternals,
): Promise<AssembledEmulator> {
  checkedRunTimeout(options.runTimeoutMs);
  const specs = await compileSpecs(options);
  const violations = new ViolationLog(options.onViolation);
  const changes = new Changes();
  const { statePath, opened, initial } = openState(options, changes, internals);
  let origin = '';
  const { pool, apps, dispatcher, bugs } = buildBackends(
    options,
    specs,
    changes,
    violations,
    opened?.store.blobs,
    () => origin,
  );
  listSpreadsheetsInDrive(apps);
  const state = stateOf(apps, bugs);
  const { load, snapshot } = state;
  load(initial ?? emptyState());
  if (options.seed === true && initial === undefined) seedDemo(apps, bugs);
  const stateStore = opened?.store;
  await attachState(opened, statePath, state, pool);
  const persist = () => stateStore?.flush() ?? Promise.resolve();
  const replaceStateNow = (next: StateChoice) => {
    // Running scripts belong to the state being replaced: stop them.
    pool.stopAll();
    apps.logs.clear();
    load(next === 'empty' || next === 'demo' ? emptyState() : next);
    if (next === 'demo') seedDemo(apps, bugs);
    changes.replaceAll();
  };

  const faults = new FaultInjector({ 'apps-script': specs.apps, bugsmash: specs.bugs, sheets: specs.sheets });
  const services = buildServices(specs, apps, bugs, options.bugsmashApiKey ?? DEFAULT_BUGSMASH_API_KEY, {
    origin: () => origin,
    violations,
    faults,
    dispatcher,
    snapshot,
    replaceState: replaceStateNow,
  });
  const pipeline: PipelineOptions = {
    violations,
    strict: options.strict ?? false,
    afterRequest: persist,
    faults,
  };
  return {
    listener: (policy) => {
      const handle = requestHandler(services, pipeline, policy, () => origin, options);
      // The state changes a request makes are counted for it (a failed save may undo them).
      return (req, res) => changes.inRequest(() => handle(req, res));
    },
    setOrigin: (next) => {
      origin = next;
    },
    violations,
    faults,
    dispatcher,
    snapshot,
    scriptLogs: () => apps.logs.list(),
    async replaceState(next) {
      replaceStateNow(next);
      await persist();
    },
    async close() {
      await dispatcher.close();
      await pool.close();
      stateStore?.close();
    },
  };
}

/** What the control API works with besides the backends and their files, which buildServices adds. */
type ControlWiring = Omit<ControlDeps, 'apps' | 'bugs' | 'file'>;

/** The services requests are routed to, each over its spec and the backends. */
function buildServices(
  specs: Specs,
  apps: AppsScriptBackend,
  bugs: BugsmashBackend,
  bugsmashApiKey: string,
  control: ControlWiring,
): Services {
  const sheets = apps.spreadsheets;
  return {
    apps,
    appsScript: appsScriptService(specs.apps, apps),
    bugsmash: bugsmashService(specs.bugs, bugs, bugsmashApiKey),
    logging: loggingService(specs.logging, apps),
    // A spreadsheet made through Drive has cells; one made through Sheets or a script is a Drive file.
    drive: driveService(specs.drive, apps, {
      spreadsheetCreated: (file) => {
        if (sheets.get(file.id) === undefined) createSpreadsheet(sheets, { id: file.id, title: file.name });
      },
    }),
    sheets: sheetsService(specs.sheets, apps),
    control: controlService(specs.control, {
      ...control,
      apps,
      bugs,
      async file(fileId) {
        const file = bugs.findFile(fileId);
        if (file?.sha256 === undefined) return undefined;
        const data = await bugs.blobs.get(file.sha256);
        return data === undefined ? undefined : { data, contentType: file.content_type };
      },
    }),
  };
}

interface Services {
  /** The Apps Script backend itself: web apps run its scripts outside the spec-routed service. */
  apps: AppsScriptBackend;
  appsScript: ReturnType<typeof appsScriptService>;
  bugsmash: ReturnType<typeof bugsmashService>;
  logging: ReturnType<typeof loggingService>;
  drive: ReturnType<typeof driveService>;
  sheets: ReturnType<typeof sheetsService>;
  control: ReturnType<typeof controlService>;
}

function requestHandler(
  services: Services,
  pipeline: PipelineOptions,
  hostPolicy: HostPolicy,
  origin: () => string,
  options: Pick<EmulatorOptions, 'onRequest' | 'allowedOrigins'>,
) {
  const onRequest = options.onRequest;
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = requestUrl(req.url ?? '/', origin() || 'http://127.0.0.1');
    if (onRequest !== undefined) {
      const started = performance.now();
      const method = req.method ?? 'GET';
      const path = url?.pathname ?? '(malformed)';
      res.once('finish', () =>
        onRequest({ method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }),
      );
    }
    if (refuseForeignHost(req, res, hostPolicy)) return;
    // The control API refuses every cross-site request itself, loopback pages included.
    const control = url !== undefined && isControlRequest(req.url ?? '/', url);
    if (applyCors(req, res, control ? ['*'] : options.allowedOrigins)) return;
    if (url === undefined) {
      req.resume();
      send(res, { status: 400, body: { error: 'malformed request target' } });
      return;
    }
    let work: Promise<void>;
    if (control) work = handleServiceRequest(services.control, req, res, url, pipeline);
    else if (isGoogleOAuthPath(url.pathname)) work = handleGoogleOAuth(req, res, url);
    else if (url.pathname === '/api/v2' || url.pathname.startsWith('/api/v2/'))
      work = handleServiceRequest(services.bugsmash, req, res, url, pipeline);
    else if (isLoggingPath(url.pathname))
      work = handleServiceRequest(services.logging, req, res, url, pipeline);
    else if (url.pathname.startsWith('/drive/v3/'))
      work = handleServiceRequest(services.drive, req, res, url, pipeline);
    else if (isSheetsPath(url.pathname))
      work = handleServiceRequest(services.sheets, req, res, url, pipeline);
    else if (isWebAppPath(url.pathname))
      work = handleWebApp(services.apps, req, res, url, pipeline.afterRequest);
    else work = handleServiceRequest(services.appsScript, req, res, url, pipeline);
    work.catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof ServiceError) return send(res, error.reply);
      send(res, { status: 500, body: { error: message } });
    });
  };
}
