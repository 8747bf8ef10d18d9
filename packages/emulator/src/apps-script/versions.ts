// Versions: immutable, numbered snapshots of a project's content.
import type { AppsScriptBackend } from './backend.ts';
import { nowIso, page } from './backend.ts';
import { failedPrecondition, MAX_VERSIONS } from './errors.ts';
import { type AppsScriptHandlers, ok } from './handlers.ts';
import { versionJson } from './json.ts';
import type { AsVersion } from './model.ts';

function createVersion(b: AppsScriptBackend, scriptId: string, description: string | undefined): AsVersion {
  const project = b.project(scriptId);
  // Google documents the cap but not its error body: this one is our conservative choice (see the spec).
  if (project.versions.length >= MAX_VERSIONS)
    throw failedPrecondition(
      `Scripts may only have up to ${MAX_VERSIONS} versions. Delete old versions in the Apps Script editor before creating a new one.`,
    );
  const number = project.versions.reduce((max, v) => Math.max(max, v.versionNumber), 0) + 1;
  const version: AsVersion = {
    versionNumber: number,
    createTime: nowIso(),
    files: structuredClone(project.files),
  };
  if (description !== undefined) version.description = description;
  project.versions.push(version);
  b.touch('as.projects', scriptId);
  return version;
}

export function versionHandlers(
  b: AppsScriptBackend,
): AppsScriptHandlers<'createVersion' | 'getVersion' | 'listVersions'> {
  return {
    createVersion: (ctx) => {
      const scriptId = ctx.params.path.scriptId;
      return ok(versionJson(scriptId, createVersion(b, scriptId, ctx.body?.description)));
    },
    getVersion: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      return ok(versionJson(project.scriptId, b.version(project, Number(ctx.params.path.versionNumber))));
    },
    listVersions: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      // Newest first, as the Apps Script editor and API list them.
      const all = [...project.versions].sort((x, y) => y.versionNumber - x.versionNumber);
      const { items, next } = page(all, ctx.params.query.pageSize, ctx.params.query.pageToken);
      const out: { versions?: ReturnType<typeof versionJson>[]; nextPageToken?: string } = {};
      if (items.length > 0) out.versions = items.map((v) => versionJson(project.scriptId, v));
      if (next !== undefined) out.nextPageToken = next;
      return ok(out);
    },
  };
}
