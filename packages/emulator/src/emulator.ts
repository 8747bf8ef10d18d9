// startEmulator(): one loopback HTTP server that serves the Apps Script API at `/v1/...`, the BugSmash
// API under `/api/v2/...`, and the emulator's own control API under the reserved `/__emulator/` prefix.
// All three are routed and validated by their specs (specs/apps-script, specs/bugsmash, specs/emulator).
// The emulator itself is put together in assemble.ts; this file only adds the server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assembleEmulator } from './assemble.ts';
import type { DeliveryRecord } from './bugsmash/webhooks.ts';
import type { FaultInfo } from './core/faults.ts';
import type { Violation } from './core/violations.ts';
import type { StateDocument } from './state.ts';

export { DEFAULT_BUGSMASH_API_KEY } from './defaults.ts';

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
  specs?: { appsScript?: string; bugsmash?: string; sheets?: string };
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
  const emulator = await assembleEmulator(options, internals);
  const server = createServer(
    emulator.listener({ listenHost: options.host ?? '127.0.0.1', allowedHosts: options.allowedHosts ?? [] }),
  );
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    // A port in use, say: the state database is closed again (another start may open it).
    await emulator.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  emulator.setOrigin(origin);

  let closing: Promise<void> | undefined;
  return {
    appsScriptUrl: origin,
    bugsmashUrl: `${origin}/api/v2`,
    controlUrl: `${origin}/__emulator`,
    port: address.port,
    violations: () => emulator.violations.list(),
    faults: () => emulator.faults.list(),
    deliveries: () => emulator.dispatcher.deliveries(),
    webhooksIdle: () => emulator.dispatcher.idle(),
    state: emulator.snapshot,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await emulator.close();
      })();
      return closing;
    },
  };
}
