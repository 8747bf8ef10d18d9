import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  conventionProblems,
  fillPath,
  iterateFunctionOf,
  methodAt,
  operationFunctionProblems,
  operationsOf,
  type UnnamedPathParams,
} from '../../http/test/convention.js';
import type { BugSmashClient, operations } from '../src/index.js';
import * as api from '../src/index.js';
import { BASE_URL, json, ok, setup } from './helpers.js';

type OperationFunction = ((core: object, params: object) => Promise<unknown>) & {
  withResponse: (core: object, params: object) => Promise<{ data: unknown; response: Response }>;
};
const operationFunction = (id: string) => (api as Record<string, unknown>)[id] as OperationFunction;

// Every operation of the spec and the method that exposes it (see ../http/CONVENTIONS.md). A new
// operation in the spec fails this test until it has a row here and a method in the client.
const TABLE = {
  generateReviewLink: 'projects.create',
  listProjects: 'projects.list',
  getProject: 'projects.get',
  updateProject: 'projects.update',
  deleteProject: 'projects.delete',
  createVersion: 'versions.create',
  listVersions: 'versions.list',
  getVersion: 'versions.get',
  deleteVersion: 'versions.delete',
  listFolders: 'folders.list',
  createFolder: 'folders.create',
  getFolder: 'folders.get',
  updateFolder: 'folders.update',
  deleteFolder: 'folders.delete',
  listComments: 'comments.list',
  getComment: 'comments.get',
  updateComment: 'comments.update',
  deleteComment: 'comments.delete',
  listReplies: 'replies.list',
  createReply: 'replies.create',
  deleteReply: 'replies.delete',
  listWebhooks: 'webhooks.list',
  createWebhook: 'webhooks.create',
  updateWebhook: 'webhooks.update',
  deleteWebhook: 'webhooks.delete',
  testWebhook: 'webhooks.test',
} as const satisfies Record<CalledOperation, string>;

// The spec's `webhooks` (receiveNewComment, …) are deliveries BugSmash sends: they are read with
// parseWebhookEvent, not called.
type CalledOperation = Exclude<keyof operations, `receive${string}`>;

// Required fields besides the path ones, under the spec's names.
const REQUIRED: Partial<Record<keyof operations, Record<string, unknown>>> = {
  generateReviewLink: { projectName: 'Site', projectType: 'website', websiteUrl: 'https://example.com' },
  updateProject: { name: 'New' },
  createVersion: { projectId: 'p-1', websiteUrl: 'https://example.com/v2' },
  listVersions: { projectId: 'p-1' },
  createFolder: { name: 'Clients' },
  updateFolder: { name: 'Clients' },
  listComments: { projectId: 'p-1' },
  updateComment: { text: 'Hi' },
  createReply: { commentId: 'c-1', text: 'Fixed' },
  createWebhook: { webhookUrl: 'https://hooks.example.com', events: ['new_comment'] },
  updateWebhook: { webhookUrl: 'https://hooks.example.com', events: ['new_comment'] },
  testWebhook: { event: 'new_comment' },
};

const operationList = operationsOf(
  readFileSync(new URL('../src/generated/schema.ts', import.meta.url), 'utf8'),
);

// An answer every reader accepts: `data` for most, the counts' envelope for lists, `project`.
const anyAnswer = () => json({ status: true, message: 'OK', data: [], project: { id: 'p-1' } });

describe('the convention, over every operation of the spec', () => {
  it('reads all 26 operations from the generated schema', () => {
    expect(operationList).toHaveLength(26);
  });

  it('exposes each as a method with .withResponse, and each list with its iterate', () => {
    expect(conventionProblems(setup(anyAnswer).client, TABLE, operationList)).toEqual([]);
  });

  it('exports each as an operation function under its operationId, and each list with its iterate', () => {
    expect(operationFunctionProblems(api, operationList)).toEqual([]);
  });

  it.each(operationList)(
    '$id: the operation function sends what the method sends, on a core or on a client',
    async (operation) => {
      const { client, core, requests } = setup(anyAnswer);
      const pathParams = Object.fromEntries(
        Array.from(operation.path.matchAll(/\{([^}]+)\}/g), ([, param]) => [param as string, `${param}-1`]),
      );
      const params = { ...pathParams, ...REQUIRED[operation.id as keyof operations] };
      const fn = operationFunction(operation.id);
      const method = methodAt(client, TABLE[operation.id as keyof typeof TABLE]);
      await (method as (params: object) => Promise<unknown>)(params);
      await fn(core, params);
      const { response } = await fn.withResponse(client, params);
      expect(response.status).toBe(200);
      expect(requests).toHaveLength(3);
      const [viaMethod, ...viaFunction] = await Promise.all(
        requests.map(async (request) => ({
          method: request.method,
          url: request.url,
          body: await request.text(),
        })),
      );
      for (const call of viaFunction) expect(call).toEqual(viaMethod);
    },
  );

  it('iterate functions page like the iterate methods', async () => {
    const page = (n: number) =>
      json({ status: true, message: 'OK', data: [{ id: `p${n}` }], current_page: n, last_page: 2 });
    const { core, requests } = setup([() => page(1), () => page(2)]);
    const iterate = operationFunction(iterateFunctionOf('listProjects')) as unknown as (
      core: object,
      params: object,
    ) => { all(): Promise<{ id: string }[]> };
    expect((await iterate(core, {}).all()).map((project) => project.id)).toEqual(['p1', 'p2']);
    expect(new URL(requests[1]?.url ?? '').searchParams.get('page')).toBe('2');
  });

  it('lists answered whole iterate as one page', async () => {
    const { core } = setup(() => ok([{ id: 'f1' }, { id: 'f2' }]));
    const iterate = api.iterateFolders as unknown as (core: object) => { all(): Promise<{ id: string }[]> };
    expect(await iterate(core).all()).toEqual([{ id: 'f1' }, { id: 'f2' }]);
  });

  it.each(operationList)(
    '$id: one params object with the spec names, sent as $verb $path',
    async (operation) => {
      const { client, requests } = setup(anyAnswer);
      const name = TABLE[operation.id as keyof typeof TABLE];
      const pathParams = Object.fromEntries(
        Array.from(operation.path.matchAll(/\{([^}]+)\}/g), ([, param]) => [param as string, `${param}-1`]),
      );
      const params = { ...pathParams, ...REQUIRED[operation.id as keyof operations] };
      const method = methodAt(client, name) as (params: object) => Promise<unknown>;
      await method(params);
      const [request] = requests;
      expect(request?.method).toBe(operation.verb);
      const url = new URL(request?.url ?? '');
      expect(url.pathname).toBe(new URL(`${BASE_URL}${fillPath(operation.path, params)}`).pathname);
      const body = request?.headers.get('content-type') === 'application/json' ? await request.json() : {};
      for (const [field, value] of Object.entries(REQUIRED[operation.id as keyof operations] ?? {})) {
        const sent = url.searchParams.get(field) ?? (body as Record<string, unknown>)[field];
        expect(sent, `${operation.id} sends ${field}`).toEqual(value);
      }
    },
  );

  it('types every path parameter into the params of its method', () => {
    expectTypeOf<UnnamedPathParams<BugSmashClient, typeof TABLE, operations>>().toEqualTypeOf<never>();
  });
});
