// startEmulator(): one loopback HTTP server that serves the Apps Script API at `/v1/...`, the BugSmash
// API under `/api/v2/...`, and the emulator's own control API under the reserved `/__emulator/` prefix.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppsScriptBackend } from './apps-script/backend.ts';
import { appsScriptService } from './apps-script/service.ts';
import { BugsmashBackend } from './bugsmash/backend.ts';
import type { BsComment } from './bugsmash/model.ts';
import { bugsmashService } from './bugsmash/service.ts';
import { type DeliveryRecord, WebhookDispatcher } from './bugsmash/webhooks.ts';
import { readBody } from './core/body.ts';
import { FaultError, type FaultInfo, FaultInjector } from './core/faults.ts';
import { StateFile } from './core/persist.ts';
import { handleServiceRequest, send } from './core/pipeline.ts';
import { ServiceError } from './core/types.ts';
import { type Violation, ViolationLog } from './core/violations.ts';
import { handleGoogleOAuth, isGoogleOAuthPath } from './google-oauth.ts';
import { SandboxPool } from './sandbox/pool.ts';
import { seedDemo } from './seed.ts';
import { DEFAULT_SPEC_PATHS, loadSpec } from './spec/load.ts';
import { CompiledSpec } from './spec/operations.ts';
import { emptyState, normalizeState, type StateDocument, StateDocumentError } from './state.ts';

/** The BugSmash key the emulator accepts when none is configured: a well-known local value, not a secret. */
export const DEFAULT_BUGSMASH_API_KEY = 'local-emulator-key';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /**
   * A state file (loaded at start when it exists, saved atomically after every change) or an initial
   * state document kept in memory only.
   */
  state?: string | StateDocument;
  /** Fill the demo data set at start when the state is empty. */
  seed?: boolean;
  /** The `X-API-Key` BugSmash requests must carry (default `local-emulator-key`). */
  bugsmashApiKey?: string;
  /** Limit of one `scripts.run` in ms (default 6 minutes, as Apps Script). */
  runTimeoutMs?: number;
  /** Heap limit of one `scripts.run` in bytes (default 64 MiB). */
  runMemoryBytes?: number;
  /** Worker threads running scripts (default 2). */
  sandboxWorkers?: number;
  /** Largest BugSmash upload per file in bytes (default 25 MiB). */
  maxUploadBytes?: number;
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

async function initialState(
  option: EmulatorOptions['state'],
): Promise<{ state: StateDocument; file?: string; fresh: boolean }> {
  if (option === undefined) return { state: emptyState(), fresh: true };
  if (typeof option !== 'string') return { state: normalizeState(option), fresh: false };
  let text: string;
  try {
    text = await readFile(option, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { state: emptyState(), file: option, fresh: true };
    throw error;
  }
  // A file that does not parse is refused, never overwritten: it may be the only copy of someone's data.
  try {
    return { state: normalizeState(JSON.parse(text)), file: option, fresh: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StateDocumentError(`state file ${option} cannot be loaded (left untouched): ${reason}`);
  }
}

/**
 * Parses a request target without treating `//x` as a host (which `new URL(target, base)` would) and
 * without throwing on a target the HTTP parser let through.
 */
function requestUrl(target: string, base: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`${base}${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

/**
 * The control API answers only a request whose path was written under `/__emulator/`. URL parsing
 * removes dot segments, so `/v1/../__emulator/reset` (or `%2e%2e`) would otherwise turn a service
 * request into a control request; such a request stays with the service and gets its 404.
 */
function isControlRequest(target: string, url: URL): boolean {
  const rawPath = target.startsWith('/') ? target : url.pathname;
  return rawPath.startsWith('/__emulator/') && url.pathname.startsWith('/__emulator/');
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const [appsDoc, bugsDoc] = await Promise.all([
    loadSpec(options.specs?.appsScript ?? DEFAULT_SPEC_PATHS.appsScript),
    loadSpec(options.specs?.bugsmash ?? DEFAULT_SPEC_PATHS.bugsmash),
  ]);
  const appsSpec = new CompiledSpec(appsDoc, 'https://specbound.local/apps-script.json');
  const bugsSpec = new CompiledSpec(bugsDoc, 'https://specbound.local/bugsmash.json');
  const violations = new ViolationLog(options.onViolation);
  const strict = options.strict ?? false;
  const initial = await initialState(options.state);

  let stateFile: StateFile | undefined;
  const onChange = () => stateFile?.changed();
  let origin = '';

  const pool = new SandboxPool(options.sandboxWorkers ?? 2);
  const apps = new AppsScriptBackend({
    pool,
    runTimeoutMs: options.runTimeoutMs ?? 6 * 60_000,
    runMemoryBytes: options.runMemoryBytes ?? 64 * 1024 * 1024,
    onChange,
    ...(options.onScriptLog === undefined ? {} : { onLog: options.onScriptLog }),
  });
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
  });
  const bugs = new BugsmashBackend({
    webhooks: dispatcher,
    maxUploadBytes: options.maxUploadBytes ?? 25 * 1024 * 1024,
    filesBaseUrl: () => `${origin}/__emulator/files`,
    onChange,
  });
  const load = (state: StateDocument) => {
    apps.load(state.appsScript);
    bugs.load(state.bugsmash);
  };
  const snapshot = (): StateDocument => ({ version: 1, appsScript: apps.export(), bugsmash: bugs.export() });
  load(initial.state);
  if (initial.file !== undefined) stateFile = new StateFile(initial.file, snapshot);
  if (options.seed === true && initial.fresh) seedDemo(apps, bugs);
  const persist = () => stateFile?.flush() ?? Promise.resolve();
  if (stateFile !== undefined && initial.fresh) {
    stateFile.changed();
    await persist();
  }

  const services = {
    appsScript: appsScriptService(appsSpec, apps),
    bugsmash: bugsmashService(bugsSpec, bugs, options.bugsmashApiKey ?? DEFAULT_BUGSMASH_API_KEY),
  };
  const faults = new FaultInjector({ 'apps-script': appsSpec, bugsmash: bugsSpec });
  const pipeline = { violations, strict, afterRequest: persist, faults };

  const control = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const route = `${req.method ?? 'GET'} ${url.pathname.replace(/\/+$/, '')}`;
    const json = async (): Promise<unknown> => {
      const raw = await readBody(req, 512 * 1024 * 1024);
      return raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
    };
    const done = async (status: number, body?: unknown) => {
      onChange();
      await persist();
      send(res, body === undefined ? { status } : { status, body });
    };
    if (route === 'GET /__emulator/health') {
      return send(res, {
        status: 200,
        body: { ok: true, appsScriptUrl: origin, bugsmashUrl: `${origin}/api/v2` },
      });
    }
    if (route === 'POST /__emulator/reset') {
      load(emptyState());
      violations.clear();
      faults.clear();
      if (url.searchParams.get('seed') === 'demo') seedDemo(apps, bugs);
      return done(200, { ok: true });
    }
    if (route === 'POST /__emulator/seed') {
      load(emptyState());
      seedDemo(apps, bugs);
      return done(200, { ok: true });
    }
    if (route === 'GET /__emulator/state') return send(res, { status: 200, body: snapshot() });
    if (route === 'PUT /__emulator/state') {
      load(normalizeState(await json()));
      return done(200, { ok: true });
    }
    if (route === 'GET /__emulator/violations') {
      return send(res, { status: 200, body: { total: violations.total, violations: violations.list() } });
    }
    if (route === 'DELETE /__emulator/violations') {
      violations.clear();
      return send(res, { status: 204 });
    }
    if (route === 'POST /__emulator/faults') {
      try {
        return send(res, { status: 201, body: faults.add(await json()) });
      } catch (error) {
        if (!(error instanceof FaultError)) throw error;
        return send(res, { status: 400, body: { error: error.message, problems: error.problems } });
      }
    }
    if (route === 'GET /__emulator/faults') return send(res, { status: 200, body: faults.list() });
    if (route === 'DELETE /__emulator/faults') {
      faults.clear();
      return send(res, { status: 204 });
    }
    if (route === 'GET /__emulator/webhook-deliveries')
      return send(res, { status: 200, body: dispatcher.deliveries() });
    if (route === 'GET /__emulator/logs') return send(res, { status: 200, body: apps.logs });
    if (route === 'POST /__emulator/bugsmash/comments') {
      const b = (await json()) as Record<string, unknown>;
      if (typeof b.projectId !== 'string' || typeof b.text !== 'string') {
        return send(res, { status: 400, body: { error: 'projectId and text are required strings' } });
      }
      const comment = bugs.addComment(b as Parameters<BugsmashBackend['addComment']>[0]);
      return done(
        201,
        bugs.commentJson(comment as BsComment, { plainText: false, locationMetadata: true, replies: true }),
      );
    }
    const fileRoute = /^GET \/__emulator\/files\/([^/]+)(?:\/[^/]*)?$/.exec(route);
    if (fileRoute?.[1] !== undefined) {
      const file = bugs.findFile(fileRoute[1]);
      if (file?.data_base64 === undefined) return send(res, { status: 404, body: { error: 'no such file' } });
      const data = Buffer.from(file.data_base64, 'base64');
      res.writeHead(200, { 'content-type': file.content_type, 'content-length': String(data.length) });
      res.end(data);
      return;
    }
    send(res, { status: 404, body: { error: `no control route ${route}` } });
  };

  const server = createServer((req, res) => {
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
    if (url === undefined) {
      req.resume();
      send(res, { status: 400, body: { error: 'malformed request target' } });
      return;
    }
    let work: Promise<void>;
    if (isControlRequest(req.url ?? '/', url)) work = control(req, res, url);
    else if (isGoogleOAuthPath(url.pathname)) work = handleGoogleOAuth(req, res, url);
    else if (url.pathname === '/api/v2' || url.pathname.startsWith('/api/v2/'))
      work = handleServiceRequest(services.bugsmash, req, res, url, pipeline);
    else work = handleServiceRequest(services.appsScript, req, res, url, pipeline);
    work.catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof ServiceError) return send(res, error.reply);
      if (error instanceof StateDocumentError || error instanceof SyntaxError)
        return send(res, { status: 400, body: { error: message } });
      send(res, { status: 500, body: { error: message } });
    });
  });
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
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
        await persist();
      })();
      return closing;
    },
  };
}
