import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../src/index.js';
import { API_KEY, BASE_URL, IDS, json, ok, setup } from './helpers.js';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('envelope errors', () => {
  it('raises status:false on HTTP 200 with the service message', async () => {
    const { client } = setup(() => json({ status: false, message: 'Project not found', data: [] }));
    const error = await failure(client.projects.get({ projectId: IDS.project }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('200 OK: Project not found');
    expect(error.body).toEqual({ status: false, message: 'Project not found', data: [] });
    // Typed as the envelope: no cast needed to read the service's message.
    expect(error.body?.message).toBe('Project not found');
    expect(error.request).toEqual({ method: 'GET', url: `${BASE_URL}/project/${IDS.project}` });
  });

  it.each([
    [401, 'Invalid X-API-Key', AuthenticationError],
    [403, 'Plan limit reached', PermissionDeniedError],
    [404, 'Project not found', NotFoundError],
    [422, 'The name field is required.', UnprocessableEntityError],
    [500, 'Server Error', InternalServerError],
    [503, 'Down for maintenance', InternalServerError],
  ])('maps HTTP %i to its class with the envelope message', async (status, message, ErrorClass) => {
    const { client } = setup(() => json({ status: false, message }, status));
    const error = await failure(client.folders.list());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.status).toBe(status);
    expect(error.message).toContain(message);
    expect(error.message.startsWith(String(status))).toBe(true);
  });

  it('turns a 429 into a RateLimitError carrying the wait', async () => {
    const { client } = setup(() =>
      json({ status: false, message: 'Too Many Attempts.' }, 429, { 'retry-after': '7' }),
    );
    const error = await failure(client.comments.list({ projectId: IDS.project }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
  });

  it('retries a 429 after the Retry-After wait (the shared runtime honours it)', async () => {
    const { client, requests } = setup(
      [
        () => json({ status: false, message: 'Too Many Attempts.' }, 429, { 'retry-after': '0' }),
        () => ok([]),
      ],
      { retry: { maxRetries: 1, initialDelayMs: 0 } },
    );
    await expect(client.folders.list()).resolves.toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('raises a clear error for a non-JSON error page, with the status and the first bytes', async () => {
    const html = `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(500)}</body></html>`;
    const { client } = setup(
      () =>
        new Response(html, {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await failure(client.projects.get({ projectId: IDS.project }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.message).toContain(
      '502 Bad Gateway: the answer is not JSON (text/html): "<!DOCTYPE html> <html><head>',
    );
    // The body is typed as the error envelope; a page that is not one is quoted in the message only.
    expect(error.body).toBeUndefined();
    expect(error.message.length).toBeLessThan(300);
  });

  it('raises a clear error for an HTML page sent with HTTP 200', async () => {
    const { client } = setup(() => new Response('<html>captive portal</html>', { status: 200 }));
    const error = await failure(client.versions.get({ versionId: IDS.version }));
    expect(error.status).toBe(200);
    expect(error.message).toContain('the answer is not JSON');
    expect(error.message).toContain('<html>captive portal</html>');
    expect(error.body).toBeUndefined();
  });

  it('raises on JSON that is not an envelope', async () => {
    const { client } = setup(() => json([1, 2, 3]));
    const error = await failure(client.folders.list());
    expect(error.message).toContain('not a BugSmash envelope');
  });

  it('raises when the review-link answer lacks `project` (it never uses `data`)', async () => {
    const { client } = setup(() => ok({ id: IDS.project }));
    const error = await failure(
      client.projects.create({
        projectName: 'Site',
        projectType: 'website',
        websiteUrl: 'https://example.com',
      }),
    );
    expect(error.message).toContain('the answer carries no `project`');
  });

  it('raises when a documented payload is missing, but accepts an empty body where the payload is unconfirmed', async () => {
    const empty = () => new Response('', { status: 200 });
    await expect(
      failure(setup(empty).client.projects.get({ projectId: IDS.project })),
    ).resolves.toBeInstanceOf(ApiError);
    await expect(setup(empty).client.projects.delete({ projectId: IDS.project })).resolves.toBeUndefined();
  });

  it('never shows the API key in errors', async () => {
    const { client } = setup(() => json({ status: false, message: `Invalid X-API-Key ${API_KEY}` }, 401));
    const error = await failure(client.projects.get({ projectId: IDS.project }));
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(JSON.stringify(error.body)).not.toContain(API_KEY);
  });
});
