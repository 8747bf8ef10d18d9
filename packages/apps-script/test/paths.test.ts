import { describe, expect, it } from 'vitest';
import { createAppsScriptClient, ValidationError } from '../src/index.js';
import { fakeFetch, json } from './fake-fetch.js';

function client() {
  const fake = fakeFetch(() => json(200, { done: true, response: { result: null } }));
  return { client: createAppsScriptClient({ fetch: fake.fetch }), calls: fake.calls };
}

// The raw request line, as the server sees it (URL parsing must not have undone the encoding).
const rawPath = (url: URL) => url.href.slice(url.origin.length).split('?')[0];

describe('path parameters', () => {
  it.each([
    ['a/b', 'a%2Fb'],
    ['50%', '50%25'],
    ['my script', 'my%20script'],
    ['naïve-脚本', 'na%C3%AFve-%E8%84%9A%E6%9C%AC'],
    ['a?b#c', 'a%3Fb%23c'],
    ['...', '...'],
  ])('encodes %j as %s in one segment', async (id, encoded) => {
    const { client: c, calls } = client();
    await c.projects.deployments.get({ scriptId: id, deploymentId: id });
    expect(rawPath(calls[0]?.url as URL)).toBe(`/v1/projects/${encoded}/deployments/${encoded}`);
    await c.scripts.run({ deploymentId: id, function: 'f' });
    expect(rawPath(calls[1]?.url as URL)).toBe(`/v1/scripts/${encoded}:run`);
  });

  it.each(['', '.', '..'])('refuses the id %j before any request', async (id) => {
    const { client: c, calls } = client();
    const attempts = [
      () => c.projects.get({ scriptId: id }),
      () => c.projects.getContent({ scriptId: id }),
      () => c.projects.getMetrics({ scriptId: id }),
      () => c.projects.updateContent({ scriptId: id, files: [] }),
      () => c.projects.deployments.create({ scriptId: id }),
      () => c.projects.deployments.list({ scriptId: id }),
      () => c.projects.deployments.get({ scriptId: 'ok', deploymentId: id }),
      () => c.projects.deployments.update({ scriptId: 'ok', deploymentId: id }),
      () => c.projects.deployments.delete({ scriptId: 'ok', deploymentId: id }),
      () => c.projects.versions.create({ scriptId: id }),
      () => c.projects.versions.list({ scriptId: id }),
      () => c.projects.versions.get({ scriptId: id, versionNumber: 1 }),
      () => c.scripts.run({ deploymentId: id, function: 'f' }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toThrow(ValidationError);
    }
    expect(calls).toHaveLength(0);
  });

  it.each([1.5, Number.NaN, 2 ** 31, '3'])('refuses versionNumber %j', async (versionNumber) => {
    const { client: c, calls } = client();
    await expect(
      c.projects.versions.get({ scriptId: 's', versionNumber: versionNumber as number }),
    ).rejects.toThrow(expect.objectContaining({ name: 'ValidationError', field: 'versionNumber' }));
    expect(calls).toHaveLength(0);
  });
});
