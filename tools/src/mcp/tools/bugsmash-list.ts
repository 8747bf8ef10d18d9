// BugSmash reads: projects, versions, folders, webhooks and review links. Lists are collected with
// the client's iterators and paged into answers by the size budget.
import { objectAnswer, pageAnswer } from '../answer.js';
import { bodyProperty, paramSchema } from '../spec.js';
import { READ, type ToolCall, type ToolDefinition } from '../tool.js';
import {
  bugsmashProjectOf,
  LIMIT,
  num,
  OFFSET,
  refuseWhenNarrowed,
  requiredUnless,
  requireStr,
} from './common.js';

type Specs = Parameters<ToolDefinition['input']>[0];

export function projectIdProperty(specs: Specs) {
  return paramSchema(specs.bugsmash, 'getProject', 'projectId');
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export function page<T>(
  call: ToolCall,
  items: readonly T[],
  noun: string,
  tool: string,
  line: (item: T) => string,
  summary?: (item: T) => unknown,
) {
  return pageAnswer({
    summary,
    items,
    offset: num(call.args, 'offset') ?? 0,
    limit: num(call.args, 'limit') ?? 50,
    line,
    noun,
    tool,
    budget: call.budget,
  });
}

const listProjects: ToolDefinition = {
  name: 'bs_list_projects',
  title: 'List BugSmash projects',
  service: 'bugsmash',
  description:
    "The workspace's review projects (id, name, type, review link); only the server's project when it is narrowed.",
  effect: READ,
  input: (specs) => ({
    properties: {
      folderId: paramSchema(specs.bugsmash, 'listProjects', 'folderId'),
      offset: OFFSET,
      limit: LIMIT,
    },
  }),
  async run(call) {
    const client = await call.clients.bugsmash();
    const folderId = typeof call.args.folderId === 'string' ? call.args.folderId : undefined;
    const all = await collect(client.projects.iterate(folderId === undefined ? {} : { folderId }));
    const only = call.scope.bugsmashProject;
    const projects = only === undefined ? all : all.filter((p) => p.id === only);
    return page(call, projects, 'projects', 'bs_list_projects', (p) =>
      [p.id, p.type, p.name, p.short_url ?? ''].join('\t'),
    );
  },
};

const getProject: ToolDefinition = {
  name: 'bs_get_project',
  title: 'Get a BugSmash project',
  service: 'bugsmash',
  description: 'A project with its versions and users.',
  effect: READ,
  input: (specs, scope) => ({
    properties: { projectId: projectIdProperty(specs) },
    required: requiredUnless('projectId', scope.bugsmashProject),
  }),
  async run(call) {
    const project = await (await call.clients.bugsmash()).projects.get({
      projectId: bugsmashProjectOf(call),
    });
    return objectAnswer(`Project ${project.id}: ${project.name}`, { ...project }, call.budget);
  },
};

const listVersions: ToolDefinition = {
  name: 'bs_list_versions',
  title: 'List project versions',
  service: 'bugsmash',
  description: "A project's versions (number, name, status, review link).",
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      projectId: paramSchema(specs.bugsmash, 'listVersions', 'projectId'),
      offset: OFFSET,
      limit: LIMIT,
    },
    required: requiredUnless('projectId', scope.bugsmashProject),
  }),
  async run(call) {
    const client = await call.clients.bugsmash();
    const versions = await collect(client.versions.iterate({ projectId: bugsmashProjectOf(call) }));
    return page(call, versions, 'versions', 'bs_list_versions', (v) =>
      [v.id, v.version_no, v.version_name, v.status, v.short_url ?? ''].join('\t'),
    );
  },
};

const listFolders: ToolDefinition = {
  name: 'bs_list_folders',
  title: 'List folders',
  service: 'bugsmash',
  description: "The workspace's folders (id, name, parent).",
  effect: READ,
  input: () => ({ properties: { offset: OFFSET, limit: LIMIT } }),
  async run(call) {
    const folders = await collect((await call.clients.bugsmash()).folders.iterate({}));
    return page(call, folders, 'folders', 'bs_list_folders', (f) =>
      [f.id, f.name, f.parent_id ?? ''].join('\t'),
    );
  },
};

const reviewLinkTool: ToolDefinition = {
  name: 'bs_review_link',
  title: 'Get a review link',
  service: 'bugsmash',
  description: "The review link of a project's latest version, to share with reviewers.",
  effect: READ,
  input: (specs, scope) => ({
    properties: { projectId: projectIdProperty(specs) },
    required: requiredUnless('projectId', scope.bugsmashProject),
  }),
  async run(call) {
    const { reviewLink } = await import('../../bugsmash/projects.js');
    const link = await reviewLink(await call.clients.bugsmash(), bugsmashProjectOf(call));
    return objectAnswer(`Review link of ${link.name}: ${link.reviewLink}`, { ...link }, call.budget);
  },
};

const createReviewLink: ToolDefinition = {
  name: 'bs_create_review_link',
  title: 'Create a website review link',
  service: 'bugsmash',
  description:
    'Creates a website review project from a URL and answers its review link, to share with reviewers.',
  effect: { readOnly: false, destructive: false, idempotent: false },
  input: (specs) => ({
    properties: {
      projectName: bodyProperty(specs.bugsmash, 'generateReviewLink', 'projectName'),
      websiteUrl: bodyProperty(specs.bugsmash, 'generateReviewLink', 'websiteUrl'),
      anonymousComments: bodyProperty(specs.bugsmash, 'generateReviewLink', 'anonymousComments'),
    },
    required: ['projectName', 'websiteUrl'],
  }),
  async run(call) {
    refuseWhenNarrowed(call.scope, 'bugsmash', 'creating a project');
    const project = await (await call.clients.bugsmash()).projects.create({
      projectType: 'website',
      projectName: requireStr(call.args, 'projectName'),
      websiteUrl: requireStr(call.args, 'websiteUrl'),
      ...(call.args.anonymousComments === true ? { anonymousComments: true } : {}),
    });
    return objectAnswer(
      `Created review project ${project.name} (${project.id}): ${project.review_link}`,
      { ...project },
      call.budget,
    );
  },
};

/** Projects, versions, folders and review links (one write among them: a new review link). */
export const BUGSMASH_PROJECT_TOOLS: readonly ToolDefinition[] = [
  listProjects,
  getProject,
  listVersions,
  listFolders,
  reviewLinkTool,
  createReviewLink,
];
