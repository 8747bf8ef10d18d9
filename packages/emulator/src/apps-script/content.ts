// Rules Apps Script applies when content is saved, and what it derives from content (function sets,
// entry points from the manifest).
import {
  type components,
  executionApiConfigAccessValues,
  fileTypeValues,
} from '@specbound/apps-script/schema';
import type { AsDeployment, AsFile, FileType, RuntimeVersion } from './model.ts';

type Schemas = components['schemas'];
type Access = NonNullable<Schemas['ExecutionApiConfig']['access']>;

export const MANIFEST = 'appsscript';

export const DEFAULT_MANIFEST = JSON.stringify({
  timeZone: 'America/New_York',
  exceptionLogging: 'STACKDRIVER',
  runtimeVersion: 'V8',
});

export interface ContentFileInput {
  name: string | undefined;
  type: string | undefined;
  source: string | undefined;
}

/** Problems with a set of files, as `{ field, message }`, in the order found (none when valid). */
export function contentProblems(
  files: readonly ContentFileInput[] | undefined,
): { field: string; message: string }[] {
  if (files === undefined)
    return [{ field: 'files', message: 'The project must contain the manifest file "appsscript".' }];
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  let manifests = 0;
  files.forEach((file, i) => {
    const at = `files[${i}]`;
    if (file.name === undefined || file.name.trim() === '') {
      problems.push({ field: `${at}.name`, message: 'File name must not be empty.' });
    } else if (seen.has(file.name)) {
      problems.push({ field: `${at}.name`, message: `Duplicate file name: ${file.name}.` });
    } else {
      seen.add(file.name);
    }
    if (file.type === undefined || file.type === 'ENUM_TYPE_UNSPECIFIED') {
      problems.push({ field: `${at}.type`, message: 'File type must be SERVER_JS, HTML or JSON.' });
    }
    if (file.source === undefined)
      problems.push({ field: `${at}.source`, message: 'File source must be set.' });
    if (file.name === MANIFEST) {
      manifests++;
      if (file.type !== 'JSON') {
        problems.push({
          field: `${at}.type`,
          message: 'The manifest file "appsscript" must be of type JSON.',
        });
      } else if (manifestOf(file.source) === undefined) {
        problems.push({
          field: `${at}.source`,
          message: 'Invalid manifest: the manifest must be a JSON object.',
        });
      }
    } else if (file.type === 'JSON') {
      problems.push({
        field: `${at}.type`,
        message: 'Only the manifest file "appsscript" may be of type JSON.',
      });
    }
  });
  if (manifests === 0) {
    problems.push({ field: 'files', message: 'The project must contain the manifest file "appsscript".' });
  }
  return problems;
}

export type Manifest = Record<string, unknown>;

function manifestOf(source: string | undefined): Manifest | undefined {
  if (source === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(source);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Manifest)
      : undefined;
  } catch {
    return undefined;
  }
}

export function manifestFrom(files: readonly AsFile[], name = MANIFEST): Manifest {
  return manifestOf(files.find((f) => f.name === name && f.type === 'JSON')?.source) ?? {};
}

export function runtimeOf(manifest: Manifest): RuntimeVersion {
  return manifest.runtimeVersion === 'DEPRECATED_ES5' ? 'DEPRECATED_ES5' : 'V8';
}

// What a manifest may name (the spec's values less the UNKNOWN_ACCESS placeholder).
const ACCESS: readonly Access[] = executionApiConfigAccessValues.filter((a) => a !== 'UNKNOWN_ACCESS');
const accessOf = (value: unknown): Access | undefined => ACCESS.find((a) => a === value);

/** The execution API access the manifest grants, or undefined when it is not an API executable. */
export function executionApiAccess(manifest: Manifest): Access | undefined {
  const api = manifest.executionApi;
  if (api === null || typeof api !== 'object') return undefined;
  return accessOf((api as Record<string, unknown>).access) ?? 'MYSELF';
}

/** Entry points a deployment gets from its manifest, as the Deployment resource shows them. */
export function entryPointsOf(manifest: Manifest, deployment: AsDeployment): Schemas['EntryPoint'][] {
  const points: Schemas['EntryPoint'][] = [];
  const web = manifest.webapp;
  if (web !== null && typeof web === 'object') {
    const w = web as Record<string, unknown>;
    const access = accessOf(w.access) ?? 'MYSELF';
    const executeAs = w.executeAs === 'USER_ACCESSING' ? 'USER_ACCESSING' : 'USER_DEPLOYING';
    const suffix = deployment.versionNumber === undefined ? 'dev' : 'exec';
    points.push({
      entryPointType: 'WEB_APP',
      webApp: {
        url: `https://script.google.com/macros/s/${deployment.deploymentId}/${suffix}`,
        entryPointConfig: { access, executeAs },
      },
    });
  }
  const api = executionApiAccess(manifest);
  if (api !== undefined) {
    points.push({ entryPointType: 'EXECUTION_API', executionApi: { entryPointConfig: { access: api } } });
  }
  const addOns = manifest.addOns;
  if (addOns !== null && typeof addOns === 'object') {
    const a = addOns as Record<string, unknown>;
    const common = (a.common ?? {}) as Record<string, unknown>;
    const addOn: Schemas['AddOnEntryPoint'] = { addOnType: 'gmail' in a ? 'GMAIL' : 'UNKNOWN_ADDON_TYPE' };
    if (typeof common.name === 'string') addOn.title = common.name;
    points.push({ entryPointType: 'ADD_ON', addOn });
  }
  return points;
}

/** Top-level `function name(params)` declarations of a SERVER_JS file, as `File.functionSet` lists them. */
export function functionSetOf(source: string): Schemas['Function'][] {
  const out: Schemas['Function'][] = [];
  for (const m of source.matchAll(/^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/gm)) {
    const name = m[1] ?? '';
    if (name.endsWith('_')) continue; // private functions are not listed
    const parameters = (m[2] ?? '')
      .split(',')
      .map((p) => p.trim().replace(/=.*$/, '').trim())
      .filter((p) => p !== '');
    out.push(parameters.length > 0 ? { name, parameters } : { name });
  }
  return out;
}

export function isFileType(value: string | undefined): value is FileType {
  return (fileTypeValues as readonly (string | undefined)[]).includes(value);
}
