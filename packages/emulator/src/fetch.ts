// createEmulatorFetch(): the whole emulator behind a `fetch`, in-process. Each request goes through
// the listener the HTTP server uses (assemble.ts), handed a minimal request/response pair
// (in-process-exchange.ts), so routing, validation, faults, state and scripts are the server's own:
// no port, no socket, nothing to start or find.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AssembledEmulator, assembleEmulator, type StateChoice } from './assemble.ts';
import type { DeliveryRecord } from './bugsmash/webhooks.ts';
import type { FaultInfo } from './core/faults.ts';
import type { Violation } from './core/violations.ts';
import type { EmulatorOptions, ScriptLogEntry } from './emulator.ts';
import type { components } from './generated/emulator.ts';
import { type ExchangeAnswer, InProcessResponse, inProcessRequest } from './in-process-exchange.ts';
import { REDIRECTED_HOSTS } from './redirect-install.ts';
import { normalizeState, type StateDocument } from './state.ts';

/** Where the in-process emulator's own API (`/__emulator/...`) and uploaded files are reached. */
export const EMULATOR_ORIGIN = 'http://emulator.specbound.localhost';

/** The hosts the in-process fetch serves, and the path each one is served under in the emulator. */
export const SERVED_HOSTS: Readonly<Record<string, string>> = {
  ...REDIRECTED_HOSTS,
  'api.bugsmash.io': '',
  [new URL(EMULATOR_ORIGIN).host]: '',
};

/** The options of startEmulator() that mean something without a server. */
export type EmulatorFetchOptions = Omit<EmulatorOptions, 'port' | 'host' | 'allowedHosts'>;

/** A fault as `POST /__emulator/faults` takes it (`checked: false` serves an answer the spec forbids). */
export type FaultRequest = components['schemas']['FaultRequest'];

/** Thrown by the emulator's fetch for a URL whose host it does not serve: nothing was sent anywhere. */
export class UnservedHostError extends TypeError {
  readonly code = 'EMULATOR_UNSERVED_HOST';
  readonly host: string;
  constructor(host: string) {
    super(
      `The emulator's fetch does not serve ${host}; it serves ${Object.keys(SERVED_HOSTS).join(', ')}. ` +
        'Leave the clients on their default base URLs, or use the real fetch for other hosts.',
    );
    this.name = 'UnservedHostError';
    this.host = host;
  }
}

/** Thrown by `emulator.addFault` when the control API refuses the fault; `problems` says why. */
export class FaultRefusedError extends Error {
  readonly code = 'EMULATOR_FAULT_REFUSED';
  readonly problems: readonly string[];
  constructor(message: string, problems: readonly string[]) {
    super(problems.length > 0 ? `${message}: ${problems.join('; ')}` : message);
    this.name = 'FaultRefusedError';
    this.problems = problems;
  }
}

/** What a test reads from (and does to) the in-process emulator besides requests. */
export interface InProcessEmulator {
  /** Base URL of the control API (served by the emulator's fetch only). */
  readonly controlUrl: string;
  violations(): Violation[];
  faults(): FaultInfo[];
  /** Registers a fault through the control API (so it is checked the same way); returns it as listed. */
  addFault(fault: FaultRequest): Promise<FaultInfo>;
  scriptLogs(): ScriptLogEntry[];
  deliveries(): DeliveryRecord[];
  webhooksIdle(): Promise<void>;
  state(): StateDocument;
}

export interface ResetOptions {
  /** Start from the demo data set (true) or a state document instead of an empty state. */
  seed?: boolean | StateDocument;
}

export interface EmulatorFetch {
  /** Pass it to `createAppsScriptClient({ fetch })`, `createBugSmashClient({ fetch })` or any code that takes a fetch. */
  fetch: typeof globalThis.fetch;
  emulator: InProcessEmulator;
  /** A fresh state (empty, or seeded), with no violations, faults or script logs left from before. */
  reset(options?: ResetOptions): Promise<void>;
  /** Stops script workers and webhook deliveries and closes the state database, if any. */
  close(): Promise<void>;
}

/** Statuses and methods whose response has no body, which `new Response` refuses one for. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Hands one request to the listener. A caller's abort rejects the fetch with the signal's reason (as
 * fetch does) and destroys the response, which the pipeline takes as a client gone: the work done
 * for it (a script run, say) stops, as it does when an HTTP client disconnects.
 */
function exchange(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  req: IncomingMessage,
  signal: AbortSignal,
): Promise<ExchangeAnswer> {
  const res = new InProcessResponse();
  return new Promise<ExchangeAnswer>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      res.destroy();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    res.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    listener(req, res.asServerResponse());
  });
}

function inProcessFetch(emulator: AssembledEmulator): typeof globalThis.fetch {
  const listener = emulator.listener({ listenHost: '127.0.0.1', allowedHosts: Object.keys(SERVED_HOSTS) });
  return async (input, init) => {
    // The clients pass a Request: used as is, not copied.
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const prefix = SERVED_HOSTS[url.host];
    if (prefix === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new UnservedHostError(url.host);
    request.signal.throwIfAborted();
    const payload = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    // What an HTTP client sends with a body, and what the pipeline reads to know there is one.
    if (payload !== undefined) headers['content-length'] = String(payload.length);
    const req = inProcessRequest(request.method, `${prefix}${url.pathname}${url.search}`, headers, payload);
    const answer = await exchange(listener, req, request.signal);
    const empty = NULL_BODY_STATUSES.has(answer.status) || request.method === 'HEAD';
    return new Response(empty ? null : (answer.body ?? null), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

async function postFault(fetch: typeof globalThis.fetch, fault: FaultRequest): Promise<FaultInfo> {
  const response = await fetch(`${EMULATOR_ORIGIN}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  const body = (await response.json()) as FaultInfo & { error?: string; problems?: string[] };
  if (!response.ok)
    throw new FaultRefusedError(body.error ?? `fault refused (${response.status})`, body.problems ?? []);
  return body;
}

/**
 * The emulator in-process, behind a `fetch` that serves script.googleapis.com, oauth2.googleapis.com,
 * logging.googleapis.com
 * and api.bugsmash.io (the clients' default base URLs) and the control API at EMULATOR_ORIGIN.
 * Its state is in memory unless `state` names a database file.
 */
export async function createEmulatorFetch(options: EmulatorFetchOptions = {}): Promise<EmulatorFetch> {
  const emulator = await assembleEmulator(options, {});
  emulator.setOrigin(EMULATOR_ORIGIN);
  const fetch = inProcessFetch(emulator);
  let closing: Promise<void> | undefined;
  return {
    fetch,
    emulator: {
      controlUrl: `${EMULATOR_ORIGIN}/__emulator`,
      violations: () => emulator.violations.list(),
      faults: () => emulator.faults.list(),
      addFault: (fault) => postFault(fetch, fault),
      scriptLogs: () => emulator.scriptLogs(),
      deliveries: () => emulator.dispatcher.deliveries(),
      webhooksIdle: () => emulator.dispatcher.idle(),
      state: emulator.snapshot,
    },
    async reset(resetOptions = {}) {
      const seed = resetOptions.seed ?? false;
      const next: StateChoice = seed === true ? 'demo' : seed === false ? 'empty' : normalizeState(seed);
      await emulator.replaceState(next);
      emulator.violations.clear();
      emulator.faults.clear();
    },
    close() {
      closing ??= emulator.close();
      return closing;
    },
  };
}
