// Web apps: a deployment whose manifest has `webapp` answers `GET`/`POST /macros/s/{deploymentId}/exec`
// (and `/dev` for the head deployment, its owner only) by running `doGet(e)`/`doPost(e)` with Google's
// event object, as the deploying or the accessing user (`webapp.executeAs`), for the callers
// `webapp.access` lets in; what the function returns (HtmlService or ContentService output) is served.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import { manifestFrom } from '../apps-script/content.ts';
import type { AsDeployment, AsProject, AsUser } from '../apps-script/model.ts';
import { executeRun } from '../apps-script/runs.ts';
import { BodyTooLarge, readBody } from '../core/body.ts';
import { ServiceError } from '../core/types.ts';
import { userOf } from './fire.ts';

const PATH = /^\/macros\/s\/([A-Za-z0-9_-]+)\/(exec|dev)(\/[^?]*)?$/;
/** Largest POST body a web app takes here, in bytes. */
const WEBAPP_BODY_BYTES = 10 * 1024 * 1024;

export function isWebAppPath(pathname: string): boolean {
  return PATH.test(pathname);
}

type WebOutput =
  | { kind: 'html'; content: string; title: string }
  | { kind: 'text'; content: string; mimeType: string; fileName: string | null };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, message: string): void {
  const body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Apps Script</title></head><body><p>${escapeHtml(message)}</p></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function find(
  b: AppsScriptBackend,
  id: string,
): { project: AsProject; deployment: AsDeployment } | undefined {
  for (const project of b.projects.values()) {
    const deployment = project.deployments.find((d) => d.deploymentId === id);
    if (deployment !== undefined) return { project, deployment };
  }
  return undefined;
}

/** The POST body, or undefined past WEBAPP_BODY_BYTES: core/body.ts's reader, as the services read theirs. */
async function readPostBody(req: IncomingMessage): Promise<Buffer | undefined> {
  try {
    return await readBody(req, WEBAPP_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return undefined;
    throw error;
  }
}

/** Google's event object: `parameter` (first values), `parameters` (all), `queryString`, `postData`. */
function eventOf(
  url: URL,
  pathInfo: string | undefined,
  body: Buffer | undefined,
  type: string,
): Record<string, unknown> {
  const parameters: Record<string, string[]> = {};
  const add = (params: URLSearchParams) => {
    for (const [key, value] of params) {
      parameters[key] ??= [];
      parameters[key].push(value);
    }
  };
  add(url.searchParams);
  const text = body?.toString('utf8') ?? '';
  if (body !== undefined && type.startsWith('application/x-www-form-urlencoded'))
    add(new URLSearchParams(text));
  const parameter = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, v[0]]));
  const event: Record<string, unknown> = {
    queryString: url.search.slice(1),
    parameter,
    parameters,
    contextPath: '',
    contentLength: body === undefined ? -1 : body.length,
  };
  if (pathInfo !== undefined && pathInfo.length > 1) event.pathInfo = decodeURIComponent(pathInfo.slice(1));
  if (body !== undefined)
    event.postData = {
      length: body.length,
      type: type || 'application/octet-stream',
      contents: text,
      name: 'postData',
    };
  return event;
}

function serve(res: ServerResponse, output: WebOutput): void {
  if (output.kind === 'html') {
    const body =
      output.title === '' ? output.content : `<title>${escapeHtml(output.title)}</title>${output.content}`;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return;
  }
  const headers: Record<string, string | number> = {
    'content-type': `${output.mimeType}; charset=utf-8`,
    'content-length': Buffer.byteLength(output.content),
  };
  if (output.fileName !== null)
    headers['content-disposition'] = `attachment; filename="${output.fileName.replace(/"/g, '')}"`;
  res.writeHead(200, headers);
  res.end(output.content);
}

/** Who may open the web app, and as whom it runs; a message when the caller may not. */
function admit(
  b: AppsScriptBackend,
  project: AsProject,
  webapp: Record<string, unknown>,
  dev: boolean,
  caller: AsUser | undefined,
): { status: number; message: string } | { runAs: AsUser } {
  const owner = userOf(b, project.creator);
  const access = typeof webapp.access === 'string' ? webapp.access : 'MYSELF';
  const signIn = {
    status: 401,
    message: 'Sign in to open this web app: send a bearer token (Authorization or access_token).',
  };
  const denied = { status: 403, message: 'You do not have permission to access the requested document.' };
  if (dev || access !== 'ANYONE_ANONYMOUS') {
    if (caller === undefined) return signIn;
    const isOwner = caller.email === project.creator;
    if ((dev || access === 'MYSELF') && !isOwner) return denied;
    if (access === 'DOMAIN' && caller.domain !== owner.domain) return denied;
  }
  const runAs = webapp.executeAs === 'USER_ACCESSING' ? caller : owner;
  return runAs === undefined ? signIn : { runAs };
}

/** Answers one web app request; `persist` saves the state changes of the run before the answer. */
export async function handleWebApp(
  b: AppsScriptBackend,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  persist: () => Promise<void>,
): Promise<void> {
  const [, id = '', mode, pathInfo] = PATH.exec(url.pathname) ?? [];
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') {
    req.resume();
    return page(res, 405, `${method} is not supported: web apps answer GET (doGet) and POST (doPost).`);
  }
  if (method === 'GET') req.resume();
  const body = method === 'POST' ? await readPostBody(req) : undefined;
  if (method === 'POST' && body === undefined)
    return page(res, 413, `The request body is larger than ${WEBAPP_BODY_BYTES} bytes.`);
  const found = find(b, id);
  const dev = mode === 'dev';
  const head = found !== undefined && found.deployment.versionNumber === undefined;
  const files =
    found === undefined
      ? []
      : head
        ? found.project.files
        : b.deploymentFiles(found.project, found.deployment);
  const webapp = manifestFrom(files, found?.deployment.manifestFileName).webapp;
  if (found === undefined || head !== dev || webapp === null || typeof webapp !== 'object')
    return page(
      res,
      404,
      'Sorry, unable to open the file at this time. Please check the address and try again.',
    );
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : url.searchParams.get('access_token');
  const caller = token ? b.userForToken(token) : undefined;
  const admitted = admit(b, found.project, webapp as Record<string, unknown>, dev, caller);
  if ('status' in admitted) return page(res, admitted.status, admitted.message);
  const functionName = method === 'GET' ? 'doGet' : 'doPost';
  let outcome: Awaited<ReturnType<typeof executeRun>>;
  try {
    outcome = await executeRun(b, {
      project: found.project,
      files,
      manifestFileName: found.deployment.manifestFileName,
      deploymentId: found.deployment.deploymentId,
      user: admitted.runAs,
      functionName,
      parameters: [eventOf(url, pathInfo, body, req.headers['content-type'] ?? '')],
      processType: 'WEBAPP',
    });
  } catch (error) {
    if (error instanceof ServiceError)
      return page(res, error.reply.status, 'The script could not be run now. Retry later.');
    throw error;
  }
  await persist();
  if (outcome.kind === 'not-found') return page(res, 404, `Script function not found: ${functionName}`);
  if (outcome.kind !== 'ok')
    return page(
      res,
      500,
      `${outcome.errorType === 'Exception' ? 'Exception' : outcome.errorType}: ${outcome.errorMessage}`,
    );
  const output = (outcome.result as { __webOutput?: WebOutput } | undefined)?.__webOutput;
  if (output === undefined) return page(res, 200, 'The script completed but did not return anything.');
  serve(res, output);
}
