// Apps Script resources on the wire, typed by the spec's schemas (`@specbound/apps-script/schema`, the client's generated types).
import type { components } from '@specbound/apps-script/schema';
import type { AppsScriptBackend } from './backend.ts';
import { formatDuration } from './backend.ts';
import { entryPointsOf, functionSetOf, manifestFrom } from './content.ts';
import type { AsDeployment, AsFile, AsProject, AsVersion } from './model.ts';

type Schemas = components['schemas'];

function userJson(b: AppsScriptBackend, email: string): Schemas['User'] {
  const user = b.users.get(email);
  return user === undefined ? { email } : { ...user };
}

export function projectJson(b: AppsScriptBackend, p: AsProject): Schemas['Project'] {
  const out: Schemas['Project'] = {
    scriptId: p.scriptId,
    title: p.title,
    createTime: p.createTime,
    updateTime: p.updateTime,
    creator: userJson(b, p.creator),
    lastModifyUser: userJson(b, p.lastModifyUser),
  };
  if (p.parentId !== undefined) out.parentId = p.parentId;
  return out;
}

export function fileJson(b: AppsScriptBackend, file: AsFile): Schemas['File'] {
  const out: Schemas['File'] = {
    name: file.name,
    type: file.type,
    source: file.source,
    lastModifyUser: userJson(b, file.lastModifyUser),
    createTime: file.createTime,
    updateTime: file.updateTime,
  };
  if (file.type === 'SERVER_JS') out.functionSet = { values: functionSetOf(file.source) };
  return out;
}

export function versionJson(scriptId: string, v: AsVersion): Schemas['Version'] {
  const out: Schemas['Version'] = { scriptId, versionNumber: v.versionNumber, createTime: v.createTime };
  if (v.description !== undefined) out.description = v.description;
  return out;
}

export function deploymentJson(
  b: AppsScriptBackend,
  project: AsProject,
  d: AsDeployment,
): Schemas['Deployment'] {
  const config: Schemas['DeploymentConfig'] = {
    scriptId: project.scriptId,
    manifestFileName: d.manifestFileName,
  };
  if (d.versionNumber !== undefined) config.versionNumber = d.versionNumber;
  if (d.description !== undefined) config.description = d.description;
  const out: Schemas['Deployment'] = {
    deploymentId: d.deploymentId,
    deploymentConfig: config,
    updateTime: d.updateTime,
  };
  const points = entryPointsOf(manifestFrom(b.deploymentFiles(project, d), d.manifestFileName), d);
  if (points.length > 0) out.entryPoints = points;
  return out;
}

export function processJson(b: AppsScriptBackend, i: number): Schemas['Process'] {
  const p = b.processes.get(i);
  const out: Schemas['Process'] = {
    projectName: p.projectName,
    functionName: p.functionName,
    processType: p.processType,
    processStatus: p.processStatus,
    userAccessLevel: p.userAccessLevel,
    startTime: p.startTime,
    runtimeVersion: p.runtimeVersion,
  };
  if (p.durationMs !== undefined) out.duration = formatDuration(p.durationMs);
  return out;
}
