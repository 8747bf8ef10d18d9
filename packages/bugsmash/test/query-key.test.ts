// An API key in the URL (query auth added by middleware, or a key the client was never told
// about) never shows in errors or log lines: its value is masked by the parameter's name.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createBugSmashClient, type LogEvent } from '../src/index.js';
import { API_KEY, BASE_URL, json } from './helpers.js';

const UNKNOWN = 'qk-never-told-0123456789';

/** A client sending the key in the query under `name`, as BugSmash query auth does. */
function queryAuthClient(name: string, fetch: (request: Request) => Promise<Response>) {
  const events: LogEvent[] = [];
  const client = createBugSmashClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    retry: false,
    fetch,
    logger: (event) => events.push(event),
  });
  client.raw.use({
    onRequest({ request }) {
      const url = new URL(request.url);
      url.searchParams.set(name, UNKNOWN);
      return new Request(url, request);
    },
  });
  return { client, events };
}

function rendered(error: unknown, events: LogEvent[]): string {
  return [
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(events),
  ].join('\n');
}

describe.each(['key', 'api_key', 'apiKey', 'access_token'])('a key in the query as `%s`', (name) => {
  it('is masked in a connection error (whose cause quotes the URL) and in the log line', async () => {
    let sent = '';
    const { client, events } = queryAuthClient(name, async (request) => {
      sent = request.url;
      throw new TypeError(`fetch failed: ${request.url}`, {
        cause: new Error(`connect ECONNREFUSED ${request.url}`),
      });
    });
    const error = await client.projects.list().catch((failure: unknown) => failure);
    expect(new URL(sent).searchParams.get(name)).toBe(UNKNOWN);
    expect((error as Error).message).toContain(`${name}=[REDACTED]`);
    expect(events[0]?.url).toContain(`${name}=[REDACTED]`);
    expect(rendered(error, events)).not.toContain(UNKNOWN);
  });

  it('is masked in an ApiError whose service message quotes the URL', async () => {
    const { client, events } = queryAuthClient(name, async (request) =>
      json({ status: false, message: `Invalid API key in ${request.url}` }, 401),
    );
    const error = await client.projects.list().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 401 });
    expect((error as { request: { url: string } }).request.url).toContain(`${name}=[REDACTED]`);
    expect(rendered(error, events)).not.toContain(UNKNOWN);
  });
});
