import { STATUS_CODES } from 'node:http';
/** Test helpers: a fake fetch that records every request it receives. */

export interface Call {
  request: Request;
  body: string;
  /** `Date.now()` when the call arrived (fake timers make this exact). */
  at: number;
}

export type Responder = (request: Request, callNumber: number) => Response | Promise<Response>;

export function fakeFetch(respond: Responder): {
  fetch: (request: Request) => Promise<Response>;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const at = Date.now();
    const body = await request.clone().text();
    calls.push({ request, body, at });
    return respond(request, calls.length);
  };
  return { fetch, calls };
}

/** A response that never comes; rejects like real fetch when the request's signal aborts. */
export function hang(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    // The reason phrase an HTTP/1.1 server sends (Node's own), which error messages quote.
    statusText: STATUS_CODES[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  });
}
