// A fake `fetch` for the real Apps Script client: routes answer by method and path, every request is
// recorded (method, URL, body) so tests can assert what was sent.
import { createAppsScriptClient } from '@specbound/apps-script';

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (sent: Sent) => unknown | Response;

export function fakeAppsScript(routes: Record<string, Handler>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = await request.text();
    const entry: Sent = {
      method: request.method,
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      body: text === '' ? undefined : JSON.parse(text),
      headers: request.headers,
    };
    sent.push(entry);
    const handler = routes[`${entry.method} ${entry.path}`];
    if (handler === undefined) {
      return Response.json(
        { error: { code: 404, message: `no fake route ${entry.method} ${entry.path}`, status: 'NOT_FOUND' } },
        { status: 404 },
      );
    }
    const answer = handler(entry);
    return answer instanceof Response ? answer : Response.json(answer);
  };
  const client = createAppsScriptClient({
    baseUrl: 'https://script.test',
    auth: 'unit-token',
    fetch,
    retry: false,
  });
  return { client, sent, writes: () => sent.filter((s) => s.method !== 'GET') };
}

export function googleError(code: number, status: string, message: string): Response {
  return Response.json({ error: { code, message, status } }, { status: code });
}

export const MANIFEST = '{"timeZone":"Etc/UTC","runtimeVersion":"V8"}';
