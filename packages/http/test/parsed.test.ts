// A body read and parsed once by a fetch wrapper (response validation, issue 26) is neither read nor
// parsed again by the client: the reading fetch hands that response on, jsonBody takes the value.
import { describe, expect, it } from 'vitest';
import { ResponseTooLargeError } from '../src/errors.js';
import { createReadingFetch } from '../src/fetch.js';
import { type Answer, jsonBody, withParsedJson } from '../src/index.js';

const URL_ = 'https://api.example.test/v1/comments';
const HEADERS = { 'content-type': 'application/json' };

/** What the client decodes from a response that `answer` hands to the reading fetch. */
async function decoded(answer: () => Response): Promise<unknown> {
  const http = createReadingFetch({ fetch: async () => answer(), retry: false });
  const response = await http(new Request(URL_));
  const given: Answer = { data: await response.text(), response, request: { method: 'GET', url: URL_ } };
  return jsonBody(given, [], () => true);
}

describe('withParsedJson()', () => {
  it('hands the client the value recorded for the body instead of a second parse', async () => {
    const value = { comments: [{ id: 1 }] };
    const text = JSON.stringify(value);
    expect(
      await decoded(() => withParsedJson(new Response(text, { headers: HEADERS }), value, text.length)),
    ).toBe(value);
  });

  it('parses the body of a response nothing was recorded for, such as one replaced on the way', async () => {
    const text = '{"comments":[{"id":2}]}';
    const recorded = withParsedJson(new Response(text, { headers: HEADERS }), { comments: [] }, text.length);
    for (const answer of [
      () => new Response(recorded.body, recorded),
      () => new Response(text, { headers: HEADERS }),
    ]) {
      expect(await decoded(answer)).toEqual({ comments: [{ id: 2 }] });
    }
  });

  it('still refuses a recorded value nesting deeper than 1000', async () => {
    const text = `${'['.repeat(1001)}${']'.repeat(1001)}`;
    const value: unknown = JSON.parse(text);
    await expect(
      decoded(() => withParsedJson(new Response(text, { headers: HEADERS }), value, text.length)),
    ).rejects.toThrow('the answer nests over 1000 deep');
  });

  it('holds a recorded body to maxResponseBytes too', async () => {
    const text = JSON.stringify({ comments: 'x'.repeat(2000) });
    const http = createReadingFetch({
      fetch: async () => withParsedJson(new Response(text, { headers: HEADERS }), {}, text.length),
      retry: false,
      maxResponseBytes: 1000,
    });
    await expect(http(new Request(URL_))).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
