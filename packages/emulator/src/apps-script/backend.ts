// The Apps Script service's state and behaviour, independent of HTTP.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxPool } from '../sandbox/pool.ts';
import type { RunOutcome } from '../sandbox/types.ts';
import {
  contentProblems,
  DEFAULT_MANIFEST,
  entryPointsOf,
  executionApiAccess,
  functionSetOf,
  isFileType,
  MANIFEST,
  manifestFrom,
  runtimeOf,
} from './content.ts';
import { invalidArgument, notFound, permissionDenied } from './errors.ts';
import type {
  AppsScriptState,
  AsDeployment,
  AsFile,
  AsProject,
  AsUser,
  AsVersion,
  ProcessStatus,
} from './model.ts';
import { type ProcessFilter, ProcessStore } from './processes.ts';

type Json = Record<string, unknown>;

export interface AppsScriptOptions {
  pool: SandboxPool;
  /** Limit of one `scripts.run`, in ms (Apps Script's is 6 minutes). */
  runTimeoutMs: number;
  /** Heap limit of one run, in bytes. */
  runMemoryBytes: number;
  /** Called after every change of state. */
  onChange: () => void;
  /** Called for every line of script output as it is recorded. */
  onLog?: (entry: { at: string; scriptId: string; functionName: string; line: string }) => void;
}

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');
const nowIso = () => new Date().toISOString();

export const newScriptId = () => `1${randomId(42)}`;
export const newDeploymentId = () => `AKfycb${randomId(48)}`;

/** `1.532s`: Google's duration encoding. */
export function formatDuration(ms: number): string {
  return `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')}s`;
}

/** Opaque page tokens: a versioned offset, base64url encoded. */
export function encodePageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodePageToken(token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (m?.[1] === undefined) throw invalidArgument('Invalid page token.', 'pageToken');
  return Number(m[1]);
}

export function pageSizeOf(size: unknown): number {
  // Documented default 50; Google caps list sizes silently, here at 1000.
  return typeof size === 'number' && size > 0 ? Math.min(size, 1000) : 50;
}

export class AppsScriptBackend {
  readonly users = new Map<string, AsUser>();
  /** Bearer token → user email, for tokens the state names; other tokens get a derived user. */
  readonly tokens = new Map<string, string>();
  readonly projects = new Map<string, AsProject>();
  readonly processes = new ProcessStore();
  readonly #options: AppsScriptOptions;

  constructor(options: AppsScriptOptions) {
    this.#options = options;
  }

  // ---------------------------------------------------------------- state document

  load(state: AppsScriptState & { tokens?: Record<string, string> }): void {
    this.users.clear();
    this.projects.clear();
    this.tokens.clear();
    for (const user of state.users) this.users.set(user.email, user);
    for (const project of state.projects) this.projects.set(project.scriptId, structuredClone(project));
    for (const [token, email] of Object.entries(state.tokens ?? {})) this.tokens.set(token, email);
    this.processes.load(state.processes);
  }

  export(): AppsScriptState & { tokens: Record<string, string> } {
    return {
      users: [...this.users.values()],
      tokens: Object.fromEntries(this.tokens),
      projects: [...this.projects.values()],
      processes: [...this.processes.records()],
    };
  }

  // ---------------------------------------------------------------- users

  /** Any well-formed token identifies a user: a stable one derived from the token unless the state names it. */
  userForToken(token: string): AsUser {
    let email = this.tokens.get(token);
    if (email === undefined) {
      const id = createHash('sha256').update(token).digest('hex').slice(0, 10);
      email = `user-${id}@example.com`;
    }
    let user = this.users.get(email);
    if (user === undefined) {
      const local = email.split('@')[0] ?? email;
      user = {
        email,
        name: local,
        domain: email.split('@')[1] ?? 'example.com',
        photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
      };
      this.users.set(email, user);
    }
    return user;
  }

  userJson(email: string): Json {
    const user = this.users.get(email);
    return user === undefined ? { email } : { ...user };
  }

  // ---------------------------------------------------------------- projects

  project(scriptId: string): AsProject {
    const project = this.projects.get(scriptId);
    if (project === undefined) throw notFound();
    return project;
  }

  projectJson(p: AsProject): Json {
    const out: Json = {
      scriptId: p.scriptId,
      title: p.title,
      createTime: p.createTime,
      updateTime: p.updateTime,
      creator: this.userJson(p.creator),
      lastModifyUser: this.userJson(p.lastModifyUser),
    };
    if (p.parentId !== undefined) out.parentId = p.parentId;
    return out;
  }

  createProject(user: AsUser, title: string | undefined, parentId: string | undefined): AsProject {
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
    this.projects.set(project.scriptId, project);
    this.#options.onChange();
    return project;
  }

  fileJson(file: AsFile): Json {
    const out: Json = {
      name: file.name,
      type: file.type,
      source: file.source,
      lastModifyUser: this.userJson(file.lastModifyUser),
      createTime: file.createTime,
      updateTime: file.updateTime,
    };
    if (file.type === 'SERVER_JS') out.functionSet = { values: functionSetOf(file.source) };
    return out;
  }

  content(scriptId: string, versionNumber: number | undefined): Json {
    const project = this.project(scriptId);
    const files = versionNumber === undefined ? project.files : this.version(project, versionNumber).files;
    return { scriptId, files: files.map((f) => this.fileJson(f)) };
  }

  async updateContent(
    user: AsUser,
    scriptId: string,
    body: { scriptId?: string; files?: Json[] },
  ): Promise<Json> {
    const project = this.project(scriptId);
    if (body.scriptId !== undefined && body.scriptId !== scriptId) {
      throw invalidArgument(`Script ID ${body.scriptId} in the body does not match ${scriptId}.`, 'scriptId');
    }
    const inputs = body.files?.map((f) => ({
      name: typeof f.name === 'string' ? f.name : undefined,
      type: typeof f.type === 'string' ? f.type : undefined,
      source: typeof f.source === 'string' ? f.source : undefined,
    }));
    const problem = contentProblems(inputs)[0];
    if (problem !== undefined) throw invalidArgument(problem.message, problem.field);
    const files = (inputs ?? []).map((f) => ({
      name: f.name ?? '',
      type: isFileType(f.type) ? f.type : 'SERVER_JS',
      source: f.source ?? '',
    }));
    // Apps Script compiles the code when it is saved and refuses syntax errors.
    const check = await this.#options.pool.check({ files: files.filter((f) => f.type === 'SERVER_JS') });
    if (!check.ok) {
      throw invalidArgument(
        `Syntax error: SyntaxError: ${check.message} line: ${check.lineNumber} file: ${check.file}`,
        'files',
      );
    }
    const time = nowIso();
    const previous = new Map(project.files.map((f) => [f.name, f]));
    project.files = files.map((f) => {
      const before = previous.get(f.name);
      const unchanged = before !== undefined && before.type === f.type && before.source === f.source;
      return unchanged
        ? before
        : { ...f, createTime: before?.createTime ?? time, updateTime: time, lastModifyUser: user.email };
    });
    project.updateTime = time;
    project.lastModifyUser = user.email;
    this.#options.onChange();
    return { scriptId, files: project.files.map((f) => this.fileJson(f)) };
  }

  // ---------------------------------------------------------------- versions

  version(project: AsProject, versionNumber: number): AsVersion {
    const version = project.versions.find((v) => v.versionNumber === versionNumber);
    if (version === undefined) throw notFound();
    return version;
  }

  versionJson(scriptId: string, v: AsVersion): Json {
    const out: Json = { scriptId, versionNumber: v.versionNumber, createTime: v.createTime };
    if (v.description !== undefined) out.description = v.description;
    return out;
  }

  createVersion(scriptId: string, description: string | undefined): Json {
    const project = this.project(scriptId);
    const number = project.versions.reduce((max, v) => Math.max(max, v.versionNumber), 0) + 1;
    const version: AsVersion = {
      versionNumber: number,
      createTime: nowIso(),
      files: structuredClone(project.files),
    };
    if (description !== undefined) version.description = description;
    project.versions.push(version);
    this.#options.onChange();
    return this.versionJson(scriptId, version);
  }

  listVersions(scriptId: string, pageSize: unknown, pageToken: string | undefined): Json {
    const project = this.project(scriptId);
    // Newest first, as the Apps Script editor and API list them.
    const all = [...project.versions].sort((a, b) => b.versionNumber - a.versionNumber);
    const { items, next } = page(all, pageSize, pageToken);
    const out: Json = {};
    if (items.length > 0) out.versions = items.map((v) => this.versionJson(scriptId, v));
    if (next !== undefined) out.nextPageToken = next;
    return out;
  }

  // ---------------------------------------------------------------- deployments

  deployment(project: AsProject, deploymentId: string): AsDeployment {
    const deployment = project.deployments.find((d) => d.deploymentId === deploymentId);
    if (deployment === undefined) throw notFound();
    return deployment;
  }

  /** The files a deployment serves: its version's snapshot, or HEAD for the HEAD deployment. */
  deploymentFiles(project: AsProject, d: AsDeployment): AsFile[] {
    return d.versionNumber === undefined ? project.files : this.version(project, d.versionNumber).files;
  }

  deploymentJson(project: AsProject, d: AsDeployment): Json {
    const config: Json = { scriptId: project.scriptId, manifestFileName: d.manifestFileName };
    if (d.versionNumber !== undefined) config.versionNumber = d.versionNumber;
    if (d.description !== undefined) config.description = d.description;
    const out: Json = { deploymentId: d.deploymentId, deploymentConfig: config, updateTime: d.updateTime };
    const points = entryPointsOf(manifestFrom(this.deploymentFiles(project, d), d.manifestFileName), d);
    if (points.length > 0) out.entryPoints = points;
    return out;
  }

  #checkConfig(
    project: AsProject,
    config: Json | undefined,
  ): { versionNumber: number; manifestFileName: string } {
    if (config === undefined) throw invalidArgument('Deployment config must be set.', 'deploymentConfig');
    if (config.scriptId !== undefined && config.scriptId !== project.scriptId) {
      throw invalidArgument(
        `Script ID ${String(config.scriptId)} does not match ${project.scriptId}.`,
        'scriptId',
      );
    }
    const versionNumber = config.versionNumber;
    if (typeof versionNumber !== 'number')
      throw invalidArgument('Version number must be set.', 'versionNumber');
    if (!project.versions.some((v) => v.versionNumber === versionNumber)) {
      throw invalidArgument(`Version ${versionNumber} does not exist.`, 'versionNumber');
    }
    const manifestFileName = typeof config.manifestFileName === 'string' ? config.manifestFileName : MANIFEST;
    if (manifestFileName !== MANIFEST)
      throw invalidArgument(`Manifest file ${manifestFileName} does not exist.`, 'manifestFileName');
    return { versionNumber, manifestFileName };
  }

  createDeployment(scriptId: string, config: Json): Json {
    const project = this.project(scriptId);
    const { versionNumber, manifestFileName } = this.#checkConfig(project, config);
    const d: AsDeployment = {
      deploymentId: newDeploymentId(),
      versionNumber,
      manifestFileName,
      updateTime: nowIso(),
    };
    if (typeof config.description === 'string') d.description = config.description;
    project.deployments.push(d);
    this.#options.onChange();
    return this.deploymentJson(project, d);
  }

  updateDeployment(scriptId: string, deploymentId: string, config: Json | undefined): Json {
    const project = this.project(scriptId);
    const d = this.deployment(project, deploymentId);
    if (d.versionNumber === undefined) throw invalidArgument('Read-only deployments may not be modified.');
    const { versionNumber, manifestFileName } = this.#checkConfig(project, config);
    d.versionNumber = versionNumber;
    d.manifestFileName = manifestFileName;
    if (typeof config?.description === 'string') d.description = config.description;
    d.updateTime = nowIso();
    this.#options.onChange();
    return this.deploymentJson(project, d);
  }

  deleteDeployment(scriptId: string, deploymentId: string): void {
    const project = this.project(scriptId);
    const d = this.deployment(project, deploymentId);
    if (d.versionNumber === undefined) throw invalidArgument('Read-only deployments may not be modified.');
    project.deployments = project.deployments.filter((x) => x !== d);
    this.#options.onChange();
  }

  listDeployments(scriptId: string, pageSize: unknown, pageToken: string | undefined): Json {
    const project = this.project(scriptId);
    const { items, next } = page(project.deployments, pageSize, pageToken);
    const out: Json = {};
    if (items.length > 0) out.deployments = items.map((d) => this.deploymentJson(project, d));
    if (next !== undefined) out.nextPageToken = next;
    return out;
  }

  // ---------------------------------------------------------------- scripts.run

  /**
   * Resolves what `scripts.run` runs: the path id names an API-executable deployment (or, as it did
   * before several deployments existed, the script, whose newest API-executable deployment runs).
   * `devMode` runs HEAD and only for the owner.
   */
  #resolveRun(
    user: AsUser,
    id: string,
    devMode: boolean,
  ): { project: AsProject; deployment: AsDeployment; files: AsFile[] } {
    let project: AsProject | undefined;
    let deployment: AsDeployment | undefined;
    for (const p of this.projects.values()) {
      const d = p.deployments.find((x) => x.deploymentId === id);
      if (d !== undefined) {
        project = p;
        deployment = d;
        break;
      }
    }
    if (project === undefined) {
      project = this.projects.get(id);
      if (project === undefined) throw notFound();
      const p = project;
      deployment = [...p.deployments]
        .reverse()
        .find(
          (d) =>
            d.versionNumber !== undefined &&
            executionApiAccess(manifestFrom(this.deploymentFiles(p, d))) !== undefined,
        );
      if (deployment === undefined && devMode) deployment = p.deployments[0];
    }
    if (deployment === undefined) throw notFound();
    const isOwner = project.creator === user.email;
    const head = devMode || deployment.versionNumber === undefined;
    if (head && !isOwner) throw permissionDenied();
    const files = head ? project.files : this.deploymentFiles(project, deployment);
    const access = executionApiAccess(manifestFrom(files, deployment.manifestFileName));
    // Not deployed as an API executable: Google answers with a plain 404.
    if (access === undefined) throw notFound();
    if (!isOwner) {
      const ownerDomain = project.creator.split('@')[1];
      if (access === 'MYSELF' || (access === 'DOMAIN' && user.domain !== ownerDomain))
        throw permissionDenied();
    }
    return { project, deployment, files };
  }

  async run(
    user: AsUser,
    id: string,
    request: { function?: string; parameters?: unknown[]; devMode?: boolean },
  ): Promise<Json> {
    const functionName = request.function;
    if (functionName === undefined || functionName === '')
      throw invalidArgument('Function name must be set.', 'function');
    const { project, deployment, files } = this.#resolveRun(user, id, request.devMode === true);
    // Functions ending in an underscore are private to the script.
    if (functionName.split('.').some((part) => part.endsWith('_')))
      throw notFound(`Script function not found: ${functionName}`);
    const manifest = manifestFrom(files, deployment.manifestFileName);
    const index = this.processes.append({
      scriptId: project.scriptId,
      deploymentId: deployment.deploymentId,
      projectName: project.title,
      functionName,
      processType: 'EXECUTION_API',
      processStatus: 'RUNNING',
      userAccessLevel: project.creator === user.email ? 'OWNER' : 'READ',
      user: user.email,
      startTime: nowIso(),
      runtimeVersion: runtimeOf(manifest),
    });
    this.#options.onChange();
    let outcome: RunOutcome;
    try {
      outcome = await this.#options.pool.run({
        files: files.filter((f) => f.type === 'SERVER_JS').map((f) => ({ name: f.name, source: f.source })),
        functionName,
        parameters: request.parameters ?? [],
        timeoutMs: this.#options.runTimeoutMs,
        memoryLimitBytes: this.#options.runMemoryBytes,
      });
    } catch (error) {
      this.processes.finish(index, 'FAILED', 0);
      this.#options.onChange();
      throw error;
    }
    this.#recordLogs(project.scriptId, functionName, outcome.logs);
    const status: ProcessStatus =
      outcome.kind === 'ok' ? 'COMPLETED' : outcome.kind === 'timeout' ? 'TIMED_OUT' : 'FAILED';
    this.processes.finish(index, status, outcome.durationMs);
    this.#options.onChange();
    if (outcome.kind === 'not-found') throw notFound(`Script function not found: ${functionName}`);
    if (outcome.kind === 'ok') {
      const response: Json = { '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse' };
      if ('result' in outcome) response.result = outcome.result;
      return { done: true, response };
    }
    return {
      done: true,
      error: {
        code: outcome.kind === 'timeout' ? 10 : 3,
        message: 'ScriptError',
        details: [
          {
            '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
            errorMessage: outcome.errorMessage,
            errorType: outcome.errorType,
            scriptStackTraceElements: outcome.stack,
          },
        ],
      },
    };
  }

  /** Recent script output (`Logger.log`, `console.*`), newest last; a bounded ring. */
  readonly logs: { at: string; scriptId: string; functionName: string; line: string }[] = [];

  #recordLogs(scriptId: string, functionName: string, lines: string[]): void {
    const at = nowIso();
    for (const line of lines) {
      const entry = { at, scriptId, functionName, line };
      this.logs.push(entry);
      this.#options.onLog?.(entry);
    }
    if (this.logs.length > 5_000) this.logs.splice(0, this.logs.length - 5_000);
  }

  // ---------------------------------------------------------------- processes and metrics

  processJson(i: number): Json {
    const p = this.processes.get(i);
    const out: Json = {
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

  listProcesses(filter: ProcessFilter, pageSize: unknown, pageToken: string | undefined): Json {
    // The token is the store index to continue below; processes only ever append, so it stays valid.
    const before =
      pageToken === undefined || pageToken === '' ? this.processes.size : decodePageToken(pageToken);
    const { indexes, next } = this.processes.scan(filter, before, pageSizeOf(pageSize));
    const out: Json = {};
    if (indexes.length > 0) out.processes = indexes.map((i) => this.processJson(i));
    if (next !== undefined) out.nextPageToken = encodePageToken(next);
    return out;
  }

  metrics(scriptId: string, granularity: string | undefined, deploymentId: string | undefined): Json {
    this.project(scriptId);
    if (granularity !== 'DAILY' && granularity !== 'WEEKLY') return {};
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    // DAILY: one value per day of the last 7; WEEKLY: one value for the 7 days together.
    const buckets =
      granularity === 'DAILY'
        ? Array.from({ length: 7 }, (_, k) => ({ start: today - (6 - k) * day, end: today - (5 - k) * day }))
        : [{ start: today - 6 * day, end: today + day }];
    const totals = buckets.map(() => ({ total: 0, failed: 0, users: new Set<number>() }));
    const filter: ProcessFilter = { scriptId, startTime: buckets[0]?.start ?? today };
    if (deploymentId !== undefined) filter.deploymentId = deploymentId;
    this.processes.each(filter, (start, _duration, status, userId) => {
      const k = buckets.findIndex((b) => start >= b.start && start < b.end);
      const t = totals[k];
      if (t === undefined) return;
      t.total++;
      if (status === 'FAILED' || status === 'TIMED_OUT') t.failed++;
      t.users.add(userId);
    });
    const values = (pick: (t: (typeof totals)[number]) => number) =>
      buckets.map((b, k) => ({
        value: String(pick(totals[k] ?? { total: 0, failed: 0, users: new Set() })),
        startTime: new Date(b.start).toISOString(),
        endTime: new Date(b.end).toISOString(),
      }));
    return {
      activeUsers: values((t) => t.users.size),
      totalExecutions: values((t) => t.total),
      failedExecutions: values((t) => t.failed),
    };
  }
}

function page<T>(
  all: readonly T[],
  pageSize: unknown,
  pageToken: string | undefined,
): { items: T[]; next: string | undefined } {
  const offset = decodePageToken(pageToken);
  const size = pageSizeOf(pageSize);
  const items = all.slice(offset, offset + size);
  return { items, next: offset + size < all.length ? encodePageToken(offset + size) : undefined };
}
