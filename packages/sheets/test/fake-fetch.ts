import { STATUS_CODES } from 'node:http';
/** Test helper: a fake fetch that records each request and answers from a responder. */
export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
}

export type Responder = (request: Request, call: number) => Response | Promise<Response>;

export function fakeFetch(respond: Responder) {
  const calls: Recorded[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    });
    return respond(request, calls.length);
  };
  return { fetch, calls };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    // The reason phrase an HTTP/1.1 server sends (Node's own), which error messages quote.
    statusText: STATUS_CODES[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Google's error body. */
export function googleError(code: number, status: string, message: string, details?: unknown[]): Response {
  return json(code, { error: { code, message, status, ...(details === undefined ? {} : { details }) } });
}

/** The single recorded call, failing when there was not exactly one. */
export function only(calls: readonly Recorded[]): Recorded {
  if (calls.length !== 1) throw new Error(`expected exactly one request, got ${calls.length}`);
  const [call] = calls;
  if (call === undefined) throw new Error('unreachable');
  return call;
}

export const SPREADSHEET = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
export const TOKEN = 'ya29.secret-access-token-value';
export const BASE = 'https://sheets.googleapis.com';
