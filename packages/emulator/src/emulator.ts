// startEmulator(): one loopback HTTP server that serves the Apps Script API at `/v1/...`, the BugSmash
// API under `/api/v2/...`, and the emulator's own control API under the reserved `/__emulator/` prefix.
// All three are routed and validated by their specs (specs/apps-script, specs/bugsmash, specs/emulator).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppsScriptBackend } from './apps-script/backend.ts';
import { appsScriptService } from './apps-script/service.ts';
import { BugsmashBackend } from './bugsmash/backend.ts';
import { bugsmashService } from './bugsmash/service.ts';
import { type DeliveryRecord, WebhookDispatcher } from './bugsmash/webhooks.ts';
import { controlService } from './control/service.ts';
import { Changes, type Collection } from './core/changes.ts';
import { applyCors } from './core/cors.ts';
import { type FaultInfo, FaultInjector } from './core/faults.ts';
import { type HostPolicy, refuseForeignHost } from './core/host.ts';
import { handleServiceRequest, send } from './core/pipeline.ts';
import { StateFileError, StateStore } from './core/store.ts';
import { ServiceError } from './core/types.ts';
import { type Violation, ViolationLog } from './core/violations.ts';
import { handleGoogleOAuth, isGoogleOAuthPath } from './google-oauth.ts';
import { allowFetch } from './runtime/urlfetch.ts';
import { handleWebApp, isWebAppPath } from './runtime/webapp.ts';
import { defaultPoolSize, SandboxPool } from './sandbox/pool.ts';
import { seedDemo } from './seed.ts';
import { DEFAULT_SPEC_PATHS, loadSpec } from './spec/load.ts';
import { CompiledSpec } from './spec/operations.ts';
import {
  emptyState,
  normalizeOwnedState,
  normalizeState,
  type StateDocument,
  StateDocumentError,
} from './state.ts';

/** The BugSmash key the emulator accepts when none is configured: a well-known local value, not a secret. */
export const DEFAULT_BUGSMASH_API_KEY = 'local-emulator-key';

/** Largest BugSmash upload request by default: four files of the 25 MiB a file may have. */
export const DEFAULT_MAX_UPLOAD_REQUEST_BYTES = 100 * 1024 * 1024;

/** Largest timer delay Node accepts (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /**
   * Names besides loopback ones and `host` that requests may carry in `Host` (a Docker service name,
   * say). Any other name gets 403: that is what keeps a DNS-rebinding web page out.
   */
  allowedHosts?: readonly string[];
  /**
   * Web origins besides loopback ones and the emulator's own whose pages may call it (CORS); `*`
   * allows any. A request from any other origin gets 403: the emulator takes any token, so this is
   * what keeps a web page from creating, deploying and running code in it.
   */
  allowedOrigins?: readonly string[];
  /**
   * Hosts besides loopback ones that scripts may reach with UrlFetchApp (`api.example.com`); any
   * other host fails at once with Google's "Address unavailable".
   */
  allowFetch?: readonly string[];
  /**
   * A state database file (SQLite; created when missing, every change committed before its answer is
   * sent; a state file of the old JSON format is imported once) or an initial state document kept in
   * memory only.
   */
  state?: string | StateDocument;
  /** Called with the one line that says a JSON state file was imported (default: printed to stderr). */
  onStateImport?: (message: string) => void;
  /** Fill the demo data set at start when the state is empty. */
  seed?: boolean;
  /** The `X-API-Key` BugSmash requests must carry (default `local-emulator-key`). */
  bugsmashApiKey?: string;
  /** Limit of one `scripts.run` in ms (default 6 minutes, as Apps Script); a whole number up to 2^31 - 1. */
  runTimeoutMs?: number;
  /** Heap limit of one `scripts.run` in bytes (default 64 MiB). */
  runMemoryBytes?: number;
  /** Worker threads running scripts (default: one per core, 2 to 8). */
  sandboxWorkers?: number;
  /** Runs that may wait for a worker before new ones get 429 RESOURCE_EXHAUSTED (default 4 per worker). */
  sandboxQueue?: number;
  /** Largest BugSmash upload per file in bytes (default 25 MiB). */
  maxUploadBytes?: number;
  /**
   * Largest BugSmash upload request, all files and fields together, in bytes (default 100 MiB): a
   * larger one gets 413 before more than this is read.
   */
  maxUploadRequestBytes?: number;
  /** Answer 500 instead of any response that breaks the spec (tests); default false (count and log). */
  strict?: boolean;
  /** Webhook retries after the first attempt (default 3) and the first backoff in ms (default 250). */
  webhookRetries?: number;
  webhookBackoffMs?: number;
  /** Paths of the root `openapi.yaml` of each spec (default: the repository's `specs/`). */
  specs?: { appsScript?: string; bugsmash?: string };
  /** Called for every spec violation (the CLI logs them). */
  onViolation?: (violation: Violation) => void;
  /** Called once per answered request (the CLI logs one line each). */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Called for every line a script writes with `Logger.log` or `console.*` during `scripts.run`. */
  onScriptLog?: (entry: ScriptLogEntry) => void;
}

/** One answered request: the path without its query (which may carry an API key), the status and the time taken. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** One line of script output, as `GET /__emulator/logs` lists it. */
export interface ScriptLogEntry {
  at: string;
  scriptId: string;
  functionName: string;
  line: string;
}

export interface RunningEmulator {
  /** Base URL for `createAppsScriptClient({ baseUrl })`: serves `/v1/...`. */
  appsScriptUrl: string;
  /** Base URL for `createBugSmashClient({ baseUrl })`: serves `/projects`, `/comments`, ... */
  bugsmashUrl: string;
  /** Base URL of the control API (`/__emulator`). */
  controlUrl: string;
  port: number;
  violations(): Violation[];
  /** Faults registered through `POST /__emulator/faults` and not used up yet. */
  faults(): FaultInfo[];
  deliveries(): DeliveryRecord[];
  /** Resolves once every queued webhook delivery has finished. */
  webhooksIdle(): Promise<void>;
  state(): StateDocument;
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
  if (value === undefined) return 6 * 60_000;
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
 * What tests inject below the public options: a state database that is full at `maxPages` pages of
 * 4 KiB (SQLite's max_page_count). Not exported from the package; named without Node types.
 */
export interface EmulatorInternals {
  store?: { maxPages?: number };
}

export function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulatorWith(options, {});
}

export async function startEmulatorWith(
  options: EmulatorOptions,
  internals: EmulatorInternals,
): Promise<RunningEmulator> {
  const runTimeoutMs = checkedRunTimeout(options.runTimeoutMs);
  const [appsDoc, bugsDoc, controlDoc] = await Promise.all([
    loadSpec(options.specs?.appsScript ?? DEFAULT_SPEC_PATHS.appsScript),
    loadSpec(options.specs?.bugsmash ?? DEFAULT_SPEC_PATHS.bugsmash),
    loadSpec(DEFAULT_SPEC_PATHS.emulator),
  ]);
  const appsSpec = new CompiledSpec(appsDoc, 'https://specbound.local/apps-script.json');
  const bugsSpec = new CompiledSpec(bugsDoc, 'https://specbound.local/bugsmash.json');
  const controlSpec = new CompiledSpec(controlDoc, 'https://specbound.local/emulator.json');
  const violations = new ViolationLog(options.onViolation);
  const strict = options.strict ?? false;
  const statePath = typeof options.state === 'string' ? options.state : undefined;
  const changes = new Changes();

  // A state database that cannot be loaded is refused, never overwritten: it may be the only copy of
  // someone's data.
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

  let origin = '';
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
    validate: (event, payload) => bugsSpec.validateWebhook(event, payload),
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
    ownOrigin: () => origin,
  });
  const bugs = new BugsmashBackend({
    webhooks: dispatcher,
    maxUploadBytes: options.maxUploadBytes ?? 25 * 1024 * 1024,
    maxUploadRequestBytes: options.maxUploadRequestBytes ?? DEFAULT_MAX_UPLOAD_REQUEST_BYTES,
    filesBaseUrl: () => `${origin}/__emulator/files`,
    changes,
    ...(opened === undefined ? {} : { blobs: opened.store.blobs }),
    ownOrigin: () => origin,
  });
  const load = (state: StateDocument) => {
    apps.load(state.appsScript);
    bugs.load(state.bugsmash);
  };
  const snapshot = (): StateDocument => ({ version: 1, appsScript: apps.export(), bugsmash: bugs.export() });
  load(initial ?? emptyState());
  if (options.seed === true && initial === undefined) seedDemo(apps, bugs);
  const stateStore = opened?.store;
  try {
    stateStore?.attach(
      {
        snapshot,
        lookup: (collection: Collection, key: string) =>
          collection.startsWith('as.') ? apps.lookup(collection, key) : bugs.lookup(collection, key),
        // After a failed save: memory goes back to what the database holds (runs in progress are orphaned).
        restore: (document) => load(normalizeOwnedState(document)),
      },
      opened?.document,
    );
  } catch (error) {
    // A new (or seeded) state could not be written: on a full disk, say.
    stateStore?.close();
    await pool.close();
    throw new StateDocumentError(
      `state database ${statePath} could not be written (${error instanceof Error ? error.message : String(error)}); it holds what it held before.`,
    );
  }
  const persist = () => stateStore?.flush() ?? Promise.resolve();

  const faults = new FaultInjector({ 'apps-script': appsSpec, bugsmash: bugsSpec });
  const services = {
    appsScript: appsScriptService(appsSpec, apps),
    bugsmash: bugsmashService(bugsSpec, bugs, options.bugsmashApiKey ?? DEFAULT_BUGSMASH_API_KEY),
    control: controlService(controlSpec, {
      origin: () => origin,
      apps,
      bugs,
      violations,
      faults,
      dispatcher,
      snapshot,
      replaceState(next) {
        // Running scripts belong to the state being replaced: stop them.
        pool.stopAll();
        apps.logs.clear();
        load(next === 'empty' || next === 'demo' ? emptyState() : next);
        if (next === 'demo') seedDemo(apps, bugs);
        changes.replaceAll();
      },
      async file(fileId) {
        const file = bugs.findFile(fileId);
        if (file?.sha256 === undefined) return undefined;
        const data = await bugs.blobs.get(file.sha256);
        return data === undefined ? undefined : { data, contentType: file.content_type };
      },
    }),
  };
  const pipeline = { violations, strict, afterRequest: persist, faults };

  const hostPolicy: HostPolicy = {
    listenHost: options.host ?? '127.0.0.1',
    allowedHosts: options.allowedHosts ?? [],
  };
  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = requestUrl(req.url ?? '/', origin || 'http://127.0.0.1');
    const onRequest = options.onRequest;
    if (onRequest !== undefined) {
      const started = performance.now();
      const method = req.method ?? 'GET';
      const path = url?.pathname ?? '(malformed)';
      res.once('finish', () =>
        onRequest({ method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }),
      );
    }
    if (refuseForeignHost(req.headers, res, hostPolicy)) return;
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
    else if (isWebAppPath(url.pathname)) work = handleWebApp(apps, req, res, url, persist);
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
  // The state changes a request makes are counted for it (a failed save may undo them).
  const server = createServer((req, res) => changes.inRequest(() => handleRequest(req, res)));
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    // A port in use, say: the state database is closed again (another start may open it).
    stateStore?.close();
    await pool.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    appsScriptUrl: origin,
    bugsmashUrl: `${origin}/api/v2`,
    controlUrl: `${origin}/__emulator`,
    port: address.port,
    violations: () => violations.list(),
    faults: () => faults.list(),
    deliveries: () => dispatcher.deliveries(),
    webhooksIdle: () => dispatcher.idle(),
    state: snapshot,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await dispatcher.close();
        await pool.close();
        stateStore?.close();
      })();
      return closing;
    },
  };
}
