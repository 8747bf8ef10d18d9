// A project's files: read (all, or the named ones), and update by read-merge-write: the named files
// are replaced or added and every other file is kept. Deleting files, or replacing the whole project
// with exactly the files given, needs confirm: true (an agent sending a partial file list must never
// delete the rest by accident).
import type { AppsScriptClient } from '@specbound/apps-script';
import { UsageError } from '../../errors.js';
import { cutAnswer } from '../answer.js';
import { componentSchema, paramSchema } from '../spec.js';
import { READ, type ToolCall, type ToolDefinition } from '../tool.js';
import { num, requireConfirm, requiredUnless, scriptIdOf } from './common.js';

type Json = { [key: string]: unknown };
type File = NonNullable<Parameters<AppsScriptClient['projects']['updateContent']>[0]['files']>[number];

function fileItem(specs: Parameters<ToolDefinition['input']>[0]): Json {
  const file = componentSchema(specs.appsScript, 'File');
  const properties = file.properties as Record<string, Json>;
  return {
    type: 'object',
    description: file.description,
    properties: { name: properties.name, type: properties.type, source: properties.source },
    required: ['name', 'type', 'source'],
  };
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const getContent: ToolDefinition = {
  name: 'gas_get_content',
  title: 'Get project files',
  service: 'apps-script',
  description:
    "A project's files (name, type, source), all or only the named ones; of a version when versionNumber is given.",
  effect: READ,
  input: (specs, scope) => ({
    properties: {
      scriptId: paramSchema(specs.appsScript, 'getProject', 'scriptId'),
      versionNumber: paramSchema(specs.appsScript, 'getProjectContent', 'versionNumber'),
      files: {
        type: 'array',
        items: { type: 'string' },
        description: 'Only these files (names without extension).',
      },
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const scriptId = scriptIdOf(call);
    const versionNumber = num(call.args, 'versionNumber');
    const content = await (await call.clients.appsScript()).projects.getContent({
      scriptId,
      ...(versionNumber === undefined ? {} : { versionNumber }),
    });
    const wanted = names(call.args.files);
    const files = (content.files ?? []).filter((f) => wanted.length === 0 || wanted.includes(f.name ?? ''));
    const missing = wanted.filter((name) => !files.some((f) => f.name === name));
    const text = [
      `${files.length} file(s) of ${scriptId}${missing.length > 0 ? `; not found: ${missing.join(', ')}` : ''}`,
      ...files.map((f) => `--- ${f.name} (${f.type}) ---\n${f.source ?? ''}`),
    ].join('\n');
    const structured = {
      scriptId,
      files: files.map(({ name, type, source }) => ({ name, type, source })),
      missing,
    };
    return cutAnswer({ text, structured }, call.budget);
  },
};

/** The new file list: the current files with the given ones replaced or added and the deleted ones removed. */
function mergeFiles(current: readonly File[], given: readonly File[], deleted: readonly string[]): File[] {
  const unknown = deleted.filter((name) => !current.some((f) => f.name === name));
  if (unknown.length > 0) {
    throw new UsageError(`No such file to delete: ${unknown.join(', ')}.`, {
      hint: 'Name files as gas_get_content lists them (without extension).',
    });
  }
  const byName = new Map(current.filter((f) => !deleted.includes(f.name ?? '')).map((f) => [f.name, f]));
  for (const file of given) byName.set(file.name, { ...byName.get(file.name), ...file });
  return [...byName.values()];
}

async function writeContent(call: ToolCall, scriptId: string): Promise<{ files: File[]; deleted: string[] }> {
  const given = (call.args.files ?? []) as File[];
  const deleted = names(call.args.deleteFiles);
  const replaceAll = call.args.replaceAll === true;
  if (replaceAll) requireConfirm(call, 'Replacing every file of the project');
  if (deleted.length > 0) requireConfirm(call, `Deleting ${deleted.join(', ')}`);
  if (given.length === 0 && deleted.length === 0) {
    throw new UsageError('Nothing to change: pass files and/or deleteFiles.', {
      hint: 'Pass the files to write.',
    });
  }
  const client = await call.clients.appsScript();
  const current = replaceAll ? [] : ((await client.projects.getContent({ scriptId })).files ?? []);
  const files = mergeFiles(current, given, replaceAll ? [] : deleted);
  await client.projects.updateContent({ scriptId, files });
  const gone = replaceAll ? [] : deleted;
  return { files, deleted: gone };
}

const updateContent: ToolDefinition = {
  name: 'gas_update_content',
  title: 'Write project files',
  service: 'apps-script',
  description:
    'Writes the given files into the project and keeps every other file (read-merge-write). Deleting files (deleteFiles) or replacing the whole project with exactly these files (replaceAll) also needs confirm: true, after asking the user.',
  effect: { readOnly: false, destructive: true, idempotent: true },
  input: (specs, scope) => ({
    properties: {
      scriptId: paramSchema(specs.appsScript, 'getProject', 'scriptId'),
      files: { type: 'array', items: fileItem(specs), description: 'Files to create or replace, by name.' },
      deleteFiles: {
        type: 'array',
        items: { type: 'string' },
        description: 'Files to delete, by name (needs confirm).',
      },
      replaceAll: { type: 'boolean', description: 'The project becomes exactly `files` (needs confirm).' },
      confirm: {
        type: 'boolean',
        description: 'Must be true for deleteFiles or replaceAll: the user has agreed.',
      },
    },
    required: requiredUnless('scriptId', scope.project),
  }),
  async run(call) {
    const scriptId = scriptIdOf(call);
    const { files, deleted } = await writeContent(call, scriptId);
    const written = ((call.args.files ?? []) as File[]).map((f) => f.name);
    const summary = `Wrote ${written.length} file(s) to ${scriptId}${deleted.length > 0 ? `, deleted ${deleted.join(', ')}` : ''}; the project has ${files.length} file(s): ${files.map((f) => f.name).join(', ')}.`;
    return cutAnswer(
      { text: summary, structured: { scriptId, written, deleted, files: files.map((f) => f.name) } },
      call.budget,
    );
  },
};

export const contentTools: readonly ToolDefinition[] = [getContent, updateContent];
