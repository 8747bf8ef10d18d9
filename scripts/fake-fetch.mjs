// The unit tests' fake `fetch` for the Google service clients (apps-script, drive, logging,
// sheets): the real client is given this `fetch`, which records each request and answers from the
// test's responder. One copy here; each package's test/fake-fetch.ts adds its own IDs and base URL.
import { STATUS_CODES } from 'node:http';

/** A fake fetch that records each request (method, URL, headers, parsed JSON body) and answers from `respond`. */
export function fakeFetch(respond) {
  const calls = [];
  const fetch = async (request) => {
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

/** A JSON response with the reason phrase an HTTP/1.1 server sends (Node's own), which error messages quote. */
export function json(status, body, headers = {}) {
  return new Response(JSON.stringify(body), {
    status,
    statusText: STATUS_CODES[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Google's error body. */
export function googleError(code, status, message, details) {
  return json(code, { error: { code, message, status, ...(details === undefined ? {} : { details }) } });
}

/** The single recorded call, failing when there was not exactly one. */
export function only(calls) {
  if (calls.length !== 1) throw new Error(`expected exactly one request, got ${calls.length}`);
  return calls[0];
}

/** Query parameters as [name, value] pairs in wire order (repeated names kept). */
export function queryPairs(url) {
  return [...url.searchParams.entries()];
}
