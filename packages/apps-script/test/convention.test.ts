import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  conventionProblems,
  fillPath,
  iterateFunctionOf,
  methodAt,
  operationFunctionProblems,
  operationsOf,
  type ParamsAtName,
  type UnnamedPathParams,
} from '../../http/test/convention.js';
import * as api from '../src/index.js';
import {
  type AppsScriptClient,
  createAppsScriptClient,
  createAppsScriptCore,
  getProject,
  type operations,
  ValidationError,
} from '../src/index.js';
import { BASE, fakeFetch, json, only, TOKEN } from './fake-fetch.js';

// Every operation of the spec and the method that exposes it (see ../http/CONVENTIONS.md). A new
// operation in the spec fails this test until it has a row here and a method in the client.
const TABLE = {
  createProject: 'projects.create',
  getProject: 'projects.get',
  getProjectContent: 'projects.getContent',
  updateProjectContent: 'projects.updateContent',
  getProjectMetrics: 'projects.getMetrics',
  listDeployments: 'projects.deployments.list',
  createDeployment: 'projects.deployments.create',
  getDeployment: 'projects.deployments.get',
  updateDeployment: 'projects.deployments.update',
  deleteDeployment: 'projects.deployments.delete',
  listVersions: 'projects.versions.list',
  createVersion: 'projects.versions.create',
  getVersion: 'projects.versions.get',
  runScriptFunction: 'scripts.run',
  listUserProcesses: 'processes.list',
  listScriptProcesses: 'processes.listScriptProcesses',
} as const satisfies Record<keyof operations, string>;

// The one path parameter the client names differently: Google documents `{scriptId}` of `:run`
// as the deployment's ID.
const RENAMED: Readonly<Record<string, string>> = { runScriptFunction: 'deploymentId' };

// Required fields besides the path ones, under the spec's names.
const REQUIRED: Partial<Record<keyof operations, Record<string, unknown>>> = {
  updateProjectContent: {
    files: [{ name: 'appsscript', type: 'JSON', source: '{"timeZone":"Europe/London"}' }],
  },
  createDeployment: { versionNumber: 1 },
  runScriptFunction: { function: 'main' },
};

const operationList = operationsOf(
  readFileSync(new URL('../src/generated/schema.ts', import.meta.url), 'utf8'),
);

// An answer every method accepts (`scripts.run` needs the function's `response`).
const client = () => {
  const fake = fakeFetch(() => json(200, { response: { result: 1 } }));
  return {
    client: createAppsScriptClient({ auth: TOKEN, fetch: fake.fetch, retry: false }),
    core: createAppsScriptCore({ auth: TOKEN, fetch: fake.fetch, retry: false }),
    calls: fake.calls,
  };
};

type OperationFunction = ((core: object, params: object) => Promise<unknown>) & {
  withResponse: (core: object, params: object) => Promise<{ data: unknown; response: Response }>;
};
const operationFunction = (id: string) => (api as Record<string, unknown>)[id] as OperationFunction;

describe('the convention, over every operation of the spec', () => {
  it('reads all 16 operations from the generated schema', () => {
    expect(operationList).toHaveLength(16);
  });

  it('exposes each as a method with .withResponse, and each list with its iterate', () => {
    expect(conventionProblems(client().client, TABLE, operationList)).toEqual([]);
  });

  it('exports each as an operation function under its operationId, and each list with its iterate', () => {
    expect(operationFunctionProblems(api, operationList)).toEqual([]);
  });

  it.each(operationList)(
    '$id: one params object with the spec names, sent as $verb $path',
    async (operation) => {
      const { client: apps, calls } = client();
      const name = TABLE[operation.id as keyof typeof TABLE];
      const renamed = RENAMED[operation.id];
      const pathParams: Record<string, unknown> = {};
      for (const [, param] of operation.path.matchAll(/\{([^}]+)\}/g)) {
        pathParams[param as string] = param === 'versionNumber' ? 3 : `${param}-1`;
      }
      const params = { ...pathParams, ...REQUIRED[operation.id as keyof operations] };
      const given =
        renamed === undefined ? params : { ...params, [renamed]: params.scriptId, scriptId: undefined };
      const method = methodAt(apps, name) as (params: object) => Promise<unknown>;
      await method(given);
      const call = only(calls);
      expect(call.method).toBe(operation.verb);
      expect(call.url.pathname).toBe(new URL(`${BASE}${fillPath(operation.path, params)}`).pathname);
      for (const [field, value] of Object.entries(REQUIRED[operation.id as keyof operations] ?? {})) {
        const sent = call.url.searchParams.get(field) ?? (call.body as Record<string, unknown>)[field];
        expect(sent, `${operation.id} sends ${field}`).toEqual(value);
      }
    },
  );

  it.each(operationList)(
    '$id: the operation function sends what the method sends, on a core or on a client',
    async (operation) => {
      const { client: apps, core, calls } = client();
      const renamed = RENAMED[operation.id];
      const params: Record<string, unknown> = { ...REQUIRED[operation.id as keyof operations] };
      for (const [, param] of operation.path.matchAll(/\{([^}]+)\}/g)) {
        params[param === 'scriptId' && renamed !== undefined ? renamed : (param as string)] =
          param === 'versionNumber' ? 3 : `${param}-1`;
      }
      const fn = operationFunction(operation.id);
      await (methodAt(apps, TABLE[operation.id as keyof typeof TABLE]) as (p: object) => Promise<unknown>)(
        params,
      );
      await fn(core, params);
      const { data, response } = await fn.withResponse(apps, params);
      expect(response.status).toBe(200);
      expect(data).toBeDefined();
      const [viaMethod, viaCore, viaClient] = calls;
      expect(calls).toHaveLength(3);
      for (const call of [viaCore, viaClient]) {
        expect(call?.method).toBe(viaMethod?.method);
        expect(call?.url.href).toBe(viaMethod?.url.href);
        expect(call?.body).toEqual(viaMethod?.body);
      }
    },
  );

  it('iterate functions page like the iterate methods', async () => {
    const pages = [
      { deployments: [{ deploymentId: 'd1' }], nextPageToken: 'next' },
      { deployments: [{ deploymentId: 'd2' }] },
    ];
    const fake = fakeFetch((_request, n) => json(200, pages[(n - 1) % 2]));
    const core = createAppsScriptCore({ auth: TOKEN, fetch: fake.fetch });
    const iterate = operationFunction(iterateFunctionOf('listDeployments')) as unknown as (
      core: object,
      params: object,
    ) => AsyncIterable<{ deploymentId: string }>;
    const ids: string[] = [];
    for await (const deployment of iterate(core, { scriptId: 's1' })) ids.push(deployment.deploymentId);
    expect(ids).toEqual(['d1', 'd2']);
    expect(fake.calls[1]?.url.searchParams.get('pageToken')).toBe('next');
  });

  it('refuses anything but a client or a core as the first argument, at once', () => {
    for (const wrong of [{}, null, 'token', { raw: {} }]) {
      let error: unknown;
      try {
        void getProject(wrong as never, { scriptId: 's1' });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('core');
    }
  });

  it('keeps the context out of the keys and JSON of a client or core', () => {
    const { client: apps, core } = client();
    expect(Object.keys(core)).toEqual(['raw']);
    expect(Object.keys(apps)).toEqual(['raw', 'projects', 'scripts', 'processes']);
    expect(JSON.stringify(core)).toBe('{"raw":{}}');
  });

  it('types every path parameter into the params of its method', () => {
    // `scripts.run` takes `deploymentId` for the `{scriptId}` of its path.
    expectTypeOf<UnnamedPathParams<AppsScriptClient, typeof TABLE, operations>>().toEqualTypeOf<'scriptId'>();
    expectTypeOf<ParamsAtName<AppsScriptClient, 'scripts.run'>>().toHaveProperty('deploymentId');
  });
});
