// Projects and their content (HEAD): created with a default manifest, read, and replaced by
// `updateContent`, which refuses what Apps Script refuses (see content.ts) including syntax errors.
import { ServiceError } from '../core/types.ts';
import { PoolBusy } from '../sandbox/pool.ts';
import type { AppsScriptBackend } from './backend.ts';
import { newDeploymentId, newScriptId, nowIso } from './backend.ts';
import { contentProblems, DEFAULT_MANIFEST, isFileType, MANIFEST } from './content.ts';
import { googleError, invalidArgument, notFound } from './errors.ts';
import { type AppsScriptHandlers, ok } from './handlers.ts';
import { fileJson, projectJson } from './json.ts';
import type { AsProject, AsUser } from './model.ts';

function createProject(
  b: AppsScriptBackend,
  user: AsUser,
  title: string | undefined,
  parentId: string | undefined,
): AsProject {
  const time = nowIso();
  const project: AsProject = {
    scriptId: newScriptId(),
    title: title ?? 'Untitled project',
    createTime: time,
    updateTime: time,
    creator: user.email,
    lastModifyUser: user.email,
    files: [
      {
        name: MANIFEST,
        type: 'JSON',
        source: DEFAULT_MANIFEST,
        createTime: time,
        updateTime: time,
        lastModifyUser: user.email,
      },
    ],
    versions: [],
    deployments: [
      {
        deploymentId: newDeploymentId(),
        manifestFileName: MANIFEST,
        description: 'Head deployment',
        updateTime: time,
      },
    ],
  };
  if (parentId !== undefined) project.parentId = parentId;
  b.projects.set(project.scriptId, project);
  b.touch('as.projects', project.scriptId);
  return project;
}

export function projectHandlers(
  b: AppsScriptBackend,
): AppsScriptHandlers<'createProject' | 'getProject' | 'getProjectContent' | 'updateProjectContent'> {
  return {
    createProject: (ctx) => {
      const body = ctx.body ?? {};
      return ok(projectJson(b, createProject(b, ctx.principal, body.title, body.parentId)));
    },
    getProject: (ctx) => ok(projectJson(b, b.project(ctx.params.path.scriptId))),
    getProjectContent: (ctx) => {
      const project = b.project(ctx.params.path.scriptId);
      const v = ctx.params.query.versionNumber;
      const files = v === undefined ? project.files : b.version(project, v).files;
      return ok({ scriptId: project.scriptId, files: files.map((f) => fileJson(b, f)) });
    },
    updateProjectContent: async (ctx) => {
      const scriptId = ctx.params.path.scriptId;
      const project = b.project(scriptId);
      const body = ctx.body ?? {};
      if (body.scriptId !== undefined && body.scriptId !== scriptId)
        throw invalidArgument(
          `Script ID ${body.scriptId} in the body does not match ${scriptId}.`,
          'scriptId',
        );
      const inputs = body.files?.map((f) => ({ name: f.name, type: f.type, source: f.source }));
      const problem = contentProblems(inputs)[0];
      if (problem !== undefined) throw invalidArgument(problem.message, problem.field);
      const files = (inputs ?? []).map((f) => ({
        name: f.name ?? '',
        type: isFileType(f.type) ? f.type : 'SERVER_JS',
        source: f.source ?? '',
      }));
      // Apps Script compiles the code when it is saved and refuses syntax errors.
      const generation = b.generation;
      const check = await b.options.pool
        .check({
          files: files.filter((f) => f.type === 'SERVER_JS'),
          memoryLimitBytes: b.options.runMemoryBytes,
        })
        .catch((error: unknown) => {
          // Busy is not a syntax error: the client should retry (429), not edit its code.
          if (error instanceof PoolBusy)
            throw new ServiceError(
              googleError(429, `Resource has been exhausted: ${error.message}. Retry later.`),
            );
          return {
            ok: false as const,
            file: '(project)',
            message: 'the code could not be compiled',
            lineNumber: 0,
          };
        });
      if (!check.ok) {
        throw invalidArgument(
          `Syntax error: SyntaxError: ${check.message} line: ${check.lineNumber} file: ${check.file}`,
          'files',
        );
      }
      // The state may have been reset (or the project deleted) while the code compiled.
      if (b.generation !== generation || b.projects.get(scriptId) !== project) throw notFound();
      const time = nowIso();
      const previous = new Map(project.files.map((f) => [f.name, f]));
      project.files = files.map((f) => {
        const before = previous.get(f.name);
        const unchanged = before !== undefined && before.type === f.type && before.source === f.source;
        return unchanged
          ? before
          : {
              ...f,
              createTime: before?.createTime ?? time,
              updateTime: time,
              lastModifyUser: ctx.principal.email,
            };
      });
      project.updateTime = time;
      project.lastModifyUser = ctx.principal.email;
      b.touch('as.projects', scriptId);
      return ok({ scriptId, files: project.files.map((f) => fileJson(b, f)) });
    },
  };
}
