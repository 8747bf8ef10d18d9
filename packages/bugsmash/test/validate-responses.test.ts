import { describe, expect, it } from 'vitest';
import { createBugSmashClient } from '../src/index.js';
import {
  formatReport,
  type ResponseReport,
  ResponseValidationError,
  validatingFetch,
} from '../src/validate.js';
import { API_KEY, BASE_URL, fakeFetch, IDS, json, ok, type Respond } from './helpers.js';

function clientWith(respond: Respond, mode: 'report' | 'throw', baseUrl = BASE_URL) {
  const fake = fakeFetch(respond);
  const reports: ResponseReport[] = [];
  const fetch = validatingFetch({ mode, fetch: fake.fetch, onReport: (report) => reports.push(report) });
  return { client: createBugSmashClient({ apiKey: API_KEY, baseUrl, fetch, retry: false }), reports };
}

describe('@specbound/bugsmash/validate', () => {
  it('finds the operation under the base path /api/v2, wherever the host is', async () => {
    const { client, reports } = clientWith(
      () => ok([{ id: 'seven' }], { active: 1, resolved: 0 }),
      'report',
      'http://127.0.0.1:8787/api/v2',
    );
    await client.comments.list({ projectId: IDS.project });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ operation: 'listComments', method: 'GET', path: '/api/v2/comments' });
    expect(reports[0]?.problems).toContainEqual({
      pointer: '/data/0/comment_id',
      expected: 'a value (required)',
      got: undefined,
    });
  });

  it('throws before the client reads the body in throw mode', async () => {
    const { client } = clientWith(() => json({ status: 'yes', data: [] }), 'throw');
    const error = await client.projects.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).report.problems).toContainEqual({
      pointer: '/status',
      expected: 'boolean',
      got: 'yes',
    });
  });

  it('reports a status the operation does not declare', async () => {
    const { client, reports } = clientWith(() => json({ status: false, message: 'teapot' }, 418), 'report');
    await client.projects.list().catch(() => {});
    expect(reports[0]?.problems).toEqual([
      { pointer: '', expected: expect.stringMatching(/^a status the spec declares \(200, /), got: 418 },
    ]);
  });

  it('never shows a secret the response carried, even where the spec did not expect it', async () => {
    const { client, reports } = clientWith(() => ok({ id: IDS.webhook, secret: 'whsec_leaked' }), 'report');
    await client.webhooks.list().catch(() => {});
    expect(reports[0]?.problems).toContainEqual({
      pointer: '/data',
      expected: 'array',
      got: { id: IDS.webhook, secret: '[REDACTED]' },
    });
    expect(JSON.stringify(reports)).not.toContain('whsec_leaked');
    expect(JSON.stringify(reports)).not.toContain(API_KEY);
  });

  it('formats a report as Markdown to paste into an issue', () => {
    const markdown = formatReport({
      operation: 'listComments',
      method: 'GET',
      path: '/api/v2/comments',
      status: 200,
      problems: [{ pointer: '/data/0/id', expected: 'integer', got: 'seven' }],
    });
    expect(markdown).toBe(
      [
        '**GET /api/v2/comments** (listComments) answered **200**, which the spec does not expect:',
        '',
        '| pointer | expected | got |',
        '|---|---|---|',
        '| `/data/0/id` | integer | `"seven"` |',
      ].join('\n'),
    );
  });
});
