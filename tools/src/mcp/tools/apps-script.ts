// The Apps Script tools: projects, content (read-merge-write), versions, deployments, runs, processes
// and metrics, each over the typed client or the CLI library's workflow of the same name.

import { objectAnswer, pageAnswer } from '../answer.js';
import { bodyProperty, componentSchema, paramSchema } from '../spec.js';
import { READ, type ToolCall, type ToolDefinition } from '../tool.js';
import { contentTools } from './apps-script-content.js';
import { runTool } from './apps-script-run.js';
import {
  LIMIT,
  num,
  OFFSET,
  refuseWhenNarrowed,
  requireConfirm,
  requiredUnless,
  requireStr,
  scriptIdOf,
  str,
} from './common.js';

type Json = { [key: string]: unknown };
type Specs = Parameters<ToolDefinition['input']>[0];

/** `scriptId` as the spec describes it (a path parameter of every project operation). */
function scriptIdProperty(specs: Specs): Json {
  return paramSchema(specs.appsScript, 'getProject', 'scriptId');
}

function page<T>(call: ToolCall, items: readonly T[], noun: string, tool: string, line: (item: T) => string) {
  return pageAnswer({
    items,
    offset: num(call.args, 'offset') ?? 0,
    limit: num(call.args, 'limit') ?? 50,
    line,
    noun,
    tool,
    budget: call.budget,
  });
}

const WRITE = { readOnly: false, destructive: false, idempotent: false };

const getProject: ToolDefinition = {
  name: 'gas_get_project',
  title: 'Get an Apps Script project',
  service: 'apps-script',
  description: "An Apps Script project's metadata: title, parent file, creator, last modification.",
  effect: READ,
  input: (specs, scope) => ({
    properties: { scriptId: scriptIdProperty(specs) },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const project = await (await call.clients.appsScript()).projects.get({ scriptId: scriptIdOf(call) });
    return objectAnswer(
      `Project ${project.scriptId}: ${project.title ?? '(untitled)'}`,
      project,
      call.budget,
    );
  },
};

const listProjects: ToolDefinition = {
  name: 'gas_list_projects',
  title: 'List Apps Script projects',
  service: 'apps-script',
  description:
    "The user's Apps Script projects (script id and title), found through Drive: every project is a Drive file of the script MIME type. Paged; a server narrowed with --project lists only that one.",
  effect: READ,
  input: () => ({ properties: { offset: OFFSET, limit: LIMIT } }),
  async run(call) {
    const { listScripts } = await import('../../apps-script/drive.js');
    const all = await call.memo('gas_list_projects', async () => listScripts(await call.clients.drive()));
    const scripts = call.scope.project === undefined ? all : all.filter((s) => s.id === call.scope.project);
    return page(call, scripts, 'projects', 'gas_list_projects', (s) => `${s.id}\t${s.name}`);
  },
};

const createProject: ToolDefinition = {
  name: 'gas_create_project',
  title: 'Create an Apps Script project',
  service: 'apps-script',
  description: 'Creates a new Apps Script project (standalone, or bound to a Drive file with parentId).',
  effect: WRITE,
  input: (specs) => ({
    properties: {
      title: bodyProperty(specs.appsScript, 'createProject', 'title'),
      parentId: bodyProperty(specs.appsScript, 'createProject', 'parentId'),
    },
    required: ['title'],
  }),
  async run(call) {
    refuseWhenNarrowed(call.scope, 'apps-script', 'creating a project');
    const title = requireStr(call.args, 'title');
    const parentId = str(call.args, 'parentId');
    const project = await (await call.clients.appsScript()).projects.create({
      title,
      ...(parentId === undefined ? {} : { parentId }),
    });
    return objectAnswer(
      `Created project ${project.scriptId}: ${project.title ?? title}`,
      project,
      call.budget,
    );
  },
};

const listVersions: ToolDefinition = {
  name: 'gas_list_versions',
  title: 'List versions',
  service: 'apps-script',
  description: "A project's immutable versions (number, description, creation time), oldest first.",
  effect: READ,
  input: (specs, scope) => ({
    properties: { scriptId: scriptIdProperty(specs), offset: OFFSET, limit: LIMIT },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { listVersions } = await import('../../apps-script/deploy.js');
    const versions = await listVersions(await call.clients.appsScript(), { scriptId: scriptIdOf(call) });
    return page(call, versions, 'versions', 'gas_list_versions', (v) =>
      [v.versionNumber, v.createTime, v.description ?? ''].join('\t'),
    );
  },
};

const createVersion: ToolDefinition = {
  name: 'gas_create_version',
  title: 'Create a version',
  service: 'apps-script',
  description: "Freezes the project's current content as a new numbered version (what deployments serve).",
  effect: WRITE,
  input: (specs, scope) => ({
    properties: {
      scriptId: scriptIdProperty(specs),
      description: bodyProperty(specs.appsScript, 'createVersion', 'description'),
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { createVersion } = await import('../../apps-script/deploy.js');
    const version = await createVersion(await call.clients.appsScript(), {
      scriptId: scriptIdOf(call),
      description: str(call.args, 'description'),
    });
    return objectAnswer(`Created version ${version.versionNumber}.`, version, call.budget);
  },
};

const listDeployments: ToolDefinition = {
  name: 'gas_list_deployments',
  title: 'List deployments',
  service: 'apps-script',
  description: "A project's deployments: id, version served (none for the HEAD deployment), entry points.",
  effect: READ,
  input: (specs, scope) => ({
    properties: { scriptId: scriptIdProperty(specs), offset: OFFSET, limit: LIMIT },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { listDeployments } = await import('../../apps-script/deploy.js');
    const deployments = await listDeployments(await call.clients.appsScript(), {
      scriptId: scriptIdOf(call),
    });
    return page(call, deployments, 'deployments', 'gas_list_deployments', (d) =>
      [
        d.deploymentId,
        d.deploymentConfig?.versionNumber ?? 'HEAD',
        (d.entryPoints ?? []).map((e) => e.entryPointType).join(','),
        d.deploymentConfig?.description ?? '',
      ].join('\t'),
    );
  },
};

const deploy: ToolDefinition = {
  name: 'gas_deploy',
  title: 'Deploy a version',
  service: 'apps-script',
  description:
    "Deploys a version (by default a new one from the current content). Updates the named deployment, or the project's only versioned one, keeping its id and URL; creates a deployment only when there is none.",
  effect: WRITE,
  input: (specs, scope) => ({
    properties: {
      scriptId: scriptIdProperty(specs),
      deploymentId: {
        ...paramSchema(specs.appsScript, 'updateDeployment', 'deploymentId'),
        description:
          'The deployment to update (its id and URL stay); omit to update the only one or create the first.',
      },
      versionNumber: {
        ...((componentSchema(specs.appsScript, 'DeploymentConfig').properties as Json).versionNumber as Json),
      },
      description: (componentSchema(specs.appsScript, 'DeploymentConfig').properties as Json)
        .description as Json,
      access: {
        ...((componentSchema(specs.appsScript, 'WebAppConfig').properties as Json).access as Json),
        description:
          "Who may open the web app: set in the manifest's webapp block of the new version deployed (not with versionNumber).",
      },
      executeAs: {
        ...((componentSchema(specs.appsScript, 'WebAppConfig').properties as Json).executeAs as Json),
        description: "Whom the web app runs as: set in the manifest's webapp block like access.",
      },
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { deploy } = await import('../../apps-script/deploy.js');
    const { parseWebAppSettings } = await import('../../apps-script/webapp-access.js');
    const webApp = parseWebAppSettings({
      access: str(call.args, 'access'),
      executeAs: str(call.args, 'executeAs'),
    });
    const result = await deploy(await call.clients.appsScript(), {
      scriptId: scriptIdOf(call),
      deploymentId: str(call.args, 'deploymentId'),
      versionNumber: num(call.args, 'versionNumber'),
      description: str(call.args, 'description'),
      webApp,
    });
    const near = result.warnings.map(
      (w) => ` ${w.count} of ${w.cap} ${w.what}: delete old ones at ${w.url}.`,
    );
    return objectAnswer(
      `Deployment ${result.deploymentId} ${result.action}: serves version ${result.versionNumber}${result.versionCreated ? ' (new)' : ''}.${near.join('')}`,
      { ...result },
      call.budget,
    );
  },
};

const deleteDeployment: ToolDefinition = {
  name: 'gas_delete_deployment',
  title: 'Delete a deployment',
  service: 'apps-script',
  description:
    'Deletes a deployment: its URL stops working for every user. Needs confirm: true, after asking the user.',
  effect: { readOnly: false, destructive: true, idempotent: true },
  input: (specs, scope) => ({
    properties: {
      scriptId: scriptIdProperty(specs),
      deploymentId: paramSchema(specs.appsScript, 'deleteDeployment', 'deploymentId'),
      confirm: { type: 'boolean', description: 'Must be true: the user has confirmed the deletion.' },
    },
    required: [...requiredUnless('scriptId', scope.project), 'deploymentId', 'confirm'],
  }),
  async run(call) {
    const scriptId = scriptIdOf(call);
    const deploymentId = requireStr(call.args, 'deploymentId');
    requireConfirm(call, `Deleting deployment ${deploymentId}`);
    const { undeploy } = await import('../../apps-script/deploy.js');
    await undeploy(await call.clients.appsScript(), { scriptId, deploymentId });
    return objectAnswer(
      `Deleted deployment ${deploymentId}.`,
      { scriptId, deploymentId, deleted: true },
      call.budget,
    );
  },
};

const listProcessesTool: ToolDefinition = {
  name: 'gas_list_processes',
  title: 'List processes',
  service: 'apps-script',
  description: "A project's recent executions (newest first): function, type, status, start time, duration.",
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      scriptId: scriptIdProperty(specs),
      functionName: paramSchema(specs.appsScript, 'listScriptProcesses', 'scriptProcessFilter.functionName'),
      statuses: paramSchema(specs.appsScript, 'listScriptProcesses', 'scriptProcessFilter.statuses'),
      offset: OFFSET,
      limit: LIMIT,
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { listProcesses } = await import('../../apps-script/processes.js');
    const statuses = call.args.statuses as Parameters<typeof listProcesses>[1]['statuses'];
    const processes = await listProcesses(await call.clients.appsScript(), {
      scriptId: scriptIdOf(call),
      functionName: str(call.args, 'functionName'),
      statuses,
      limit: (num(call.args, 'offset') ?? 0) + (num(call.args, 'limit') ?? 50),
    });
    return page(call, processes, 'processes', 'gas_list_processes', (p) =>
      [p.functionName, p.processType, p.processStatus, p.startTime, p.duration ?? ''].join('\t'),
    );
  },
};

const metrics: ToolDefinition = {
  name: 'gas_get_metrics',
  title: 'Get usage metrics',
  service: 'apps-script',
  description: "A project's active users, total and failed executions per day or week.",
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      scriptId: scriptIdProperty(specs),
      granularity: paramSchema(specs.appsScript, 'getProjectMetrics', 'metricsGranularity'),
      deploymentId: paramSchema(specs.appsScript, 'getProjectMetrics', 'metricsFilter.deploymentId'),
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const { getMetrics } = await import('../../apps-script/metrics.js');
    const granularity = str(call.args, 'granularity') === 'DAILY' ? 'DAILY' : 'WEEKLY';
    const result = await getMetrics(await call.clients.appsScript(), {
      scriptId: scriptIdOf(call),
      granularity,
      deploymentId: str(call.args, 'deploymentId'),
    });
    return objectAnswer(`Metrics of ${result.scriptId} (${result.granularity}).`, { ...result }, call.budget);
  },
};

export const APPS_SCRIPT_TOOLS: readonly ToolDefinition[] = [
  listProjects,
  getProject,
  ...contentTools,
  createProject,
  listVersions,
  createVersion,
  listDeployments,
  deploy,
  deleteDeployment,
  runTool,
  listProcessesTool,
  metrics,
];
