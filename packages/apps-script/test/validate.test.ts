import { describe, expect, it } from 'vitest';
import { createAppsScriptClient, NotFoundError, ValidationError } from '../src/index.js';
import { type ResponseReport, ResponseValidationError, validatingFetch } from '../src/validate.js';
import { fakeFetch, googleError, json, SCRIPT_ID } from './fake-fetch.js';

const PROJECT = { scriptId: SCRIPT_ID, title: 'Invoices', createTime: '2026-01-31T07:58:30.000Z' };

function clientWith(respond: () => Response, mode: 'off' | 'report' | 'throw') {
  const fake = fakeFetch(respond);
  const reports: ResponseReport[] = [];
  const fetch = validatingFetch({ mode, fetch: fake.fetch, onReport: (report) => reports.push(report) });
  return { client: createAppsScriptClient({ auth: 'tok', fetch, retry: false }), reports, fake };
}

describe('@specbound/apps-script/validate', () => {
  it('throws a ResponseValidationError with the report in throw mode', async () => {
    const { client } = clientWith(() => json(200, { ...PROJECT, title: 42 }), 'throw');
    const error = await client.projects.get({ scriptId: SCRIPT_ID }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).report).toEqual({
      operation: 'getProject',
      method: 'GET',
      path: `/v1/projects/${SCRIPT_ID}`,
      status: 200,
      problems: [{ pointer: '/title', expected: 'string', got: 42 }],
    });
    expect((error as Error).message).toMatch(/answered 200 .* \(getProject\) at \/title: expected string/);
  });

  it('hands the report to onReport and returns the data in report mode', async () => {
    const { client, reports } = clientWith(() => json(200, { ...PROJECT, title: 42 }), 'report');
    const project = await client.projects.get({ scriptId: SCRIPT_ID });
    expect(project.title).toBe(42);
    expect(reports).toEqual([expect.objectContaining({ operation: 'getProject', status: 200 })]);
  });

  it('reports nothing for a response the spec allows, errors included', async () => {
    const ok = clientWith(() => json(200, PROJECT), 'throw');
    await expect(ok.client.projects.get({ scriptId: SCRIPT_ID })).resolves.toMatchObject(PROJECT);
    const missing = clientWith(
      () => googleError(404, 'NOT_FOUND', 'Requested entity was not found.'),
      'throw',
    );
    await expect(missing.client.projects.get({ scriptId: SCRIPT_ID })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports an error body off the spec (Google’s error shape is declared for every status)', async () => {
    const { client, reports } = clientWith(() => json(404, { message: 'gone' }), 'report');
    await expect(client.projects.get({ scriptId: SCRIPT_ID })).rejects.toBeInstanceOf(NotFoundError);
    expect(reports[0]?.problems).toContainEqual({
      pointer: '/error',
      expected: 'a value (required)',
      got: undefined,
    });
  });

  it('checks nothing in off mode', async () => {
    const { client, reports } = clientWith(() => json(200, { ...PROJECT, title: 42 }), 'off');
    await expect(client.projects.get({ scriptId: SCRIPT_ID })).resolves.toMatchObject({ title: 42 });
    expect(reports).toEqual([]);
  });

  it('refuses report mode without onReport, and an unknown mode, naming the option', () => {
    expect(() => validatingFetch({ mode: 'report' })).toThrow(ValidationError);
    expect(() => validatingFetch({ mode: 'report' })).toThrow(/mode "report" needs an "onReport" function/);
    expect(() => validatingFetch({ mode: 'loud' as 'off' })).toThrow(
      /"mode" must be one of off, report, throw/,
    );
  });

  it('never names the query in the report (an API key may be in it)', async () => {
    const fake = fakeFetch(() => json(200, { ...PROJECT, title: 42 }));
    const reports: ResponseReport[] = [];
    const fetch = validatingFetch({ mode: 'report', fetch: fake.fetch, onReport: (r) => reports.push(r) });
    await fetch(`https://script.googleapis.com/v1/projects/${SCRIPT_ID}?key=AIzaSecretKey`);
    expect(JSON.stringify(reports)).not.toContain('AIzaSecretKey');
    expect(reports[0]?.path).toBe(`/v1/projects/${SCRIPT_ID}`);
  });
});
