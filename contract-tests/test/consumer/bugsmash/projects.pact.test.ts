import { ApiError, AuthenticationError, NotFoundError, RateLimitError } from '@specbound/bugsmash';
import { describe, expect, it } from 'vitest';
import {
  envelope,
  failure,
  PROJECT_ID,
  project,
  projectListItem,
  reviewLinkProject,
} from '../../support/bugsmash.ts';
import { apiKeyHeader, bugsmashAt } from '../../support/clients.ts';
import { eachLike, integer, like } from '../../support/matchers.ts';
import { multipartBody, PNG_BYTES } from '../../support/multipart.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('bugsmash-api', import.meta.url);
const auth = { 'X-API-Key': apiKeyHeader };

describe('BugSmash projects', () => {
  it('generateReviewLink: creates a website project (JSON)', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to create a website project')
      .withRequest('POST', '/project/generate-review-link', (builder) =>
        builder.headers(auth).jsonBody({
          projectName: like('Acme landing page'),
          projectType: 'website',
          websiteUrl: like('https://acme.example.com'),
          anonymousComments: true,
        }),
      )
      // The one answer that carries its payload in `project`, not `data`.
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ ...envelope('Success'), project: reviewLinkProject }),
      )
      .executeTest(async (mockserver) => {
        const created = await bugsmashAt(mockserver.url).projects.create({
          projectName: 'Acme landing page',
          projectType: 'website',
          websiteUrl: 'https://acme.example.com',
          anonymousComments: true,
        });
        expect(created.id).toBe(PROJECT_ID);
        expect(created.review_link).toMatch(/^https:\/\//);
      });
  });

  it('generateReviewLink: creates an image project from an upload (multipart)', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a multipart request to create an image project')
      .withRequest('POST', '/project/generate-review-link', (builder) =>
        multipartBody(
          builder.headers(auth),
          [
            { name: 'projectName', value: 'Acme logo', pattern: '^.+$' },
            { name: 'projectType', value: 'image', pattern: '^image$' },
            { name: 'privateComments', value: 'false', pattern: '^(true|false)$' },
          ],
          [{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG_BYTES }],
        ),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ ...envelope('Success'), project: reviewLinkProject }),
      )
      .executeTest(async (mockserver) => {
        const created = await bugsmashAt(mockserver.url).projects.create({
          projectName: 'Acme logo',
          projectType: 'image',
          file: new File([PNG_BYTES], 'logo.png', { type: 'image/png' }),
          privateComments: false,
        });
        expect(created.id).toBe(PROJECT_ID);
      });
  });

  it('listProjects: iterates over two pages', async () => {
    const state = { projects: 51 };
    const page = (current: number) => ({
      ...envelope('All Projects'),
      data: eachLike(projectListItem),
      current_page: integer(current),
      last_page: integer(2),
    });
    pact
      .addInteraction()
      .given('the workspace has projects', state)
      .uponReceiving('a request for the first page of website projects')
      .withRequest('GET', '/projects', (builder) =>
        builder.headers(auth).query({ page: '1', limit: '50', 'types[]': 'website' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(page(1)));
    await pact
      .addInteraction()
      .given('the workspace has projects', state)
      .uponReceiving('a request for the second page of website projects')
      .withRequest('GET', '/projects', (builder) =>
        builder.headers(auth).query({ page: '2', limit: '50', 'types[]': 'website' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(page(2)))
      .executeTest(async (mockserver) => {
        const all = await bugsmashAt(mockserver.url)
          .projects.iterate({ types: ['website'] })
          .all();
        expect(all).toHaveLength(2);
        expect(all[0]?.id).toBe(PROJECT_ID);
        expect(all[0]?.share_access).toBe('private');
      });
  });

  it('listProjects: a bad key is an AuthenticationError', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to list projects with an invalid API key')
      .withRequest('GET', '/projects', (builder) => builder.headers({ 'X-API-Key': 'bsk_revoked_key' }))
      .willRespondWith(401, (builder) => builder.jsonBody(failure('Invalid X-API-Key')))
      .executeTest(async (mockserver) => {
        const error = await bugsmashAt(mockserver.url, 'bsk_revoked_key')
          .projects.list()
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AuthenticationError);
        expect((error as AuthenticationError).message).toContain('Invalid X-API-Key');
        expect(JSON.stringify(error)).not.toContain('bsk_revoked_key');
      });
  });

  it('listProjects: a 429 is a RateLimitError carrying Retry-After', async () => {
    await pact
      .addInteraction()
      .given('the workspace has hit its rate limit', { retryAfterSeconds: 60 })
      .uponReceiving('a request to list projects over the rate limit')
      .withRequest('GET', '/projects', (builder) => builder.headers(auth))
      .willRespondWith(429, (builder) =>
        builder.headers({ 'Retry-After': '60' }).jsonBody(failure('Too Many Attempts.')),
      )
      .executeTest(async (mockserver) => {
        const error = await bugsmashAt(mockserver.url)
          .projects.list()
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RateLimitError);
        expect((error as RateLimitError).retryAfterMs).toBe(60_000);
      });
  });

  it('getProject: reads a project with its versions', async () => {
    await pact
      .addInteraction()
      .given('a project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to get a project')
      .withRequest('GET', `/project/${PROJECT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Project Details', project)))
      .executeTest(async (mockserver) => {
        const found = await bugsmashAt(mockserver.url).projects.get({ projectId: PROJECT_ID });
        expect(found.name).toBe('Acme landing page');
        expect(found.project_versions[0]?.is_latest).toBe(true);
      });
  });

  it('getProject: a missing project is a NotFoundError', async () => {
    await pact
      .addInteraction()
      .given('no project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to get a project that does not exist')
      .withRequest('GET', `/project/${PROJECT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) => builder.jsonBody(failure('Project not found')))
      .executeTest(async (mockserver) => {
        const error = await bugsmashAt(mockserver.url)
          .projects.get({ projectId: PROJECT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).message).toContain('Project not found');
      });
  });

  it('updateProject: changes settings (snake_case wire names)', async () => {
    await pact
      .addInteraction()
      .given('a project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to update a project')
      .withRequest('PATCH', `/project/${PROJECT_ID}`, (builder) =>
        builder.headers(auth).jsonBody({ name: like('Acme landing page v2'), share_access: 'public' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Project updated')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).projects.update({
            projectId: PROJECT_ID,
            name: 'Acme landing page v2',
            share_access: 'public',
          }),
        ).resolves.not.toThrow();
      });
  });

  it('updateProject: `status: false` on HTTP 200 is an ApiError', async () => {
    await pact
      .addInteraction()
      .given('a project exists and the workspace plan forbids public projects', { projectId: PROJECT_ID })
      .uponReceiving('a request to make a project public that the plan forbids')
      .withRequest('PATCH', `/project/${PROJECT_ID}`, (builder) =>
        builder.headers(auth).jsonBody({ share_access: 'public' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(failure('Your plan does not allow public projects.')),
      )
      .executeTest(async (mockserver) => {
        const error = await bugsmashAt(mockserver.url)
          .projects.update({ projectId: PROJECT_ID, share_access: 'public' })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(200);
        expect((error as ApiError).message).toContain('does not allow public projects');
      });
  });

  it('deleteProject: deletes a project', async () => {
    await pact
      .addInteraction()
      .given('a project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to delete a project')
      .withRequest('DELETE', `/project/${PROJECT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Project deleted')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).projects.delete({ projectId: PROJECT_ID }),
        ).resolves.not.toThrow();
      });
  });
});
