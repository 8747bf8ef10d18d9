import { STATUS_CODES } from 'node:http';
import { createBugSmashClient, createBugSmashCore } from '../src/index.js';

export const API_KEY = 'bs_live_s3cr3t-key';
export const BASE_URL = 'https://api.bugsmash.test/api/v2';

export const IDS = {
  project: '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f',
  version: '5d0c2a8e-7f1b-4c3d-9e8f-2b3c4d5e6f70',
  folder: '3a7e9c2d-1b4f-4a6e-8d2c-5f6a7b8c9d0e',
  comment: '7c1d3e5f-2a4b-4c6d-8e0f-1a3b5c7d9e2f',
  reply: '8e2f4a6c-3b5d-4e7f-9a1b-2c4d6e8f0a3b',
  webhook: '6f3a5b7d-4c6e-4f8a-8b2c-3d5e7f9a1b4c',
} as const;

export type Respond = (request: Request) => Response | Promise<Response>;

/** A JSON response; `init.headers` add to `content-type: application/json`. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    // The reason phrase an HTTP/1.1 server sends (Node's own), which error messages quote.
    statusText: STATUS_CODES[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A successful envelope around `data`. */
export function ok(data: unknown, extra: Record<string, unknown> = {}): Response {
  return json({ status: true, message: 'OK', data, ...extra });
}

/**
 * A fake fetch answering each request with `respond` (one function, or a queue used in order),
 * and the requests it saw (clones, so their bodies can still be read).
 */
export function fakeFetch(respond: Respond | readonly Respond[]) {
  const requests: Request[] = [];
  const queue = typeof respond === 'function' ? undefined : [...respond];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request.clone());
    const next = queue === undefined ? (respond as Respond) : queue.shift();
    if (next === undefined)
      throw new Error(`fake fetch: no response queued for ${request.method} ${request.url}`);
    return next(request);
  };
  return { fetch, requests };
}

/** A client on a fake fetch, without retries unless asked. */
export function setup(
  respond: Respond | readonly Respond[],
  options: { retry?: false | { maxRetries: number; initialDelayMs: number } } = {},
) {
  const fake = fakeFetch(respond);
  const client = createBugSmashClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    retry: options.retry ?? false,
  });
  // A core on the same fake, for the operation functions.
  const core = createBugSmashCore({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    retry: options.retry ?? false,
  });
  return { client, core, requests: fake.requests };
}

/** The only request the fake saw. */
export function only(requests: readonly Request[]): Request {
  if (requests.length !== 1) throw new Error(`expected exactly one request, saw ${requests.length}`);
  return requests[0] as Request;
}
