// The state document: everything the emulator holds, as one JSON value. `--state <file>` stores it,
// `GET/PUT /__emulator/state` read and replace it. Missing collections default to empty, so a provider
// state can name only what it needs. README.md documents the format.
import { fileTypeValues } from '@specbound/apps-script/schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AppsScriptState } from './apps-script/model.ts';
import type { BugsmashState } from './bugsmash/model.ts';
import { MAX_JSON_DEPTH } from './core/limits.ts';
import type { SheetsState } from './sheets/model.ts';

export type StateDocument = {
  version: 1;
  appsScript: AppsScriptState & { tokens: Record<string, string> };
  bugsmash: BugsmashState;
  sheets: SheetsState;
};

const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const time = { type: 'string', format: 'date-time' };
const list = (items: object) => ({ type: 'array', items, default: [] });
const obj = (required: string[], properties: Record<string, object>, extra = true) => ({
  type: 'object',
  required,
  properties,
  additionalProperties: extra,
});

const file = obj(['name', 'type', 'source'], {
  name: str,
  type: { enum: fileTypeValues.filter((type) => type !== 'ENUM_TYPE_UNSPECIFIED') },
  source: str,
  createTime: { ...time, default: '1970-01-01T00:00:00.000Z' },
  updateTime: { ...time, default: '1970-01-01T00:00:00.000Z' },
  lastModifyUser: { ...str, default: 'owner@example.com' },
});

// Spreadsheets: the cells are checked by shape only (a row is an array of JSON values and objects).
const sheetsSchema = {
  type: 'object',
  default: {},
  additionalProperties: false,
  properties: {
    spreadsheets: list(
      obj(['spreadsheetId', 'title'], {
        spreadsheetId: str,
        title: str,
        locale: { ...str, default: 'en_US' },
        timeZone: { ...str, default: 'America/New_York' },
        namedRanges: list(
          obj(['namedRangeId', 'name', 'range'], { namedRangeId: str, name: str, range: { type: 'object' } }),
        ),
        sheets: list(
          obj(['sheetId', 'title'], {
            sheetId: { type: 'integer', minimum: 0 },
            title: str,
            index: { type: 'integer', minimum: 0 },
            rowCount: { type: 'integer', minimum: 1, default: 1000 },
            columnCount: { type: 'integer', minimum: 1, default: 26 },
            rows: list({ type: 'array' }),
          }),
        ),
      }),
    ),
  },
};
const SCHEMA = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    sheets: sheetsSchema,
    appsScript: {
      type: 'object',
      default: {},
      additionalProperties: false,
      properties: {
        users: list(obj(['email', 'name'], { email: str, name: str, domain: str, photoUrl: str })),
        tokens: { type: 'object', additionalProperties: str, default: {} },
        projects: list(
          obj(['scriptId', 'title', 'creator', 'createTime', 'updateTime', 'files'], {
            scriptId: str,
            title: str,
            parentId: str,
            creator: str,
            lastModifyUser: str,
            createTime: time,
            updateTime: time,
            files: list(file),
            versions: list(
              obj(['versionNumber', 'createTime', 'files'], {
                versionNumber: { type: 'integer', minimum: 1 },
                description: str,
                createTime: time,
                files: list(file),
              }),
            ),
            deployments: list(
              obj(['deploymentId', 'updateTime'], {
                deploymentId: str,
                versionNumber: { type: 'integer', minimum: 1 },
                manifestFileName: { ...str, default: 'appsscript' },
                description: str,
                updateTime: time,
              }),
            ),
          }),
        ),
        processes: list(
          obj(['scriptId', 'functionName', 'processType', 'processStatus', 'user', 'startTime'], {
            scriptId: str,
            deploymentId: str,
            projectName: { ...str, default: '' },
            functionName: str,
            processType: str,
            processStatus: str,
            userAccessLevel: { ...str, default: 'OWNER' },
            user: str,
            startTime: time,
            durationMs: { type: 'number', minimum: 0 },
            runtimeVersion: { ...str, default: 'V8' },
          }),
        ),
        driveFiles: list(
          obj(['id', 'name', 'mimeType', 'owner'], {
            id: str,
            name: str,
            mimeType: str,
            parents: list(str),
            owner: str,
            createdTime: { ...time, default: '1970-01-01T00:00:00.000Z' },
            modifiedTime: { ...time, default: '1970-01-01T00:00:00.000Z' },
          }),
        ),
      },
    },
    bugsmash: {
      type: 'object',
      default: {},
      additionalProperties: false,
      properties: {
        workspace: obj(['id', 'owner_name', 'owner_email'], { id: str, owner_name: str, owner_email: str }),
        projects: list(
          obj(['id', 'name', 'type', 'short_code', 'created_at', 'updated_at'], {
            id: str,
            name: str,
            type: str,
            folder_id: nullableStr,
          }),
        ),
        versions: list(
          obj(['id', 'project_id', 'version_no', 'short_code', 'created_at', 'updated_at'], {
            id: str,
            project_id: str,
            version_no: { type: 'integer' },
          }),
        ),
        comments: list(
          obj(['comment_id', 'project_id', 'comment_number', 'comment', 'created_at', 'updated_at'], {
            comment_id: str,
            project_id: str,
          }),
        ),
        folders: list(
          obj(['id', 'name', 'created_at', 'updated_at'], { id: str, name: str, parent_id: nullableStr }),
        ),
        webhooks: list(
          obj(['id', 'webhook_url', 'events', 'secret'], {
            id: str,
            webhook_url: str,
            events: list(str),
            secret: str,
          }),
        ),
      },
    },
  },
};

const ajv = new Ajv2020({ useDefaults: true, allErrors: true, strict: false });
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
const validate = ajv.compile(SCHEMA);

export class StateDocumentError extends Error {}

/** A state document holds request bodies a few levels down, so it may nest a little deeper than one. */
export const MAX_STATE_DEPTH = MAX_JSON_DEPTH + 16;

/** Whether a JSON value nests deeper than `max` (iterative: a deep value cannot overflow the stack here). */
export function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Checks a state document and fills the defaults in (of every entity, so the emulator can rely on them). */
export function normalizeState(input: unknown): StateDocument {
  return normalizeOwnedState(input, false);
}

/**
 * The same for a document nobody else holds (just parsed from the state database): checked and
 * filled in place, without the copy that protects a caller's document.
 */
export function normalizeOwnedState(input: unknown, owned = true): StateDocument {
  // Too deep to clone, save or send safely: refused before anything else looks at it.
  if (depthExceeds(input, MAX_STATE_DEPTH))
    throw new StateDocumentError(`invalid state document: it nests deeper than ${MAX_STATE_DEPTH} levels`);
  const doc = owned ? input : structuredClone(input);
  if (!validate(doc)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
    );
    throw new StateDocumentError(`invalid state document: ${problems.join('; ')}`);
  }
  const state = doc as unknown as StateDocument;
  // Two entities with one id would load, and the next save would silently keep only one of them.
  const unique = <T>(what: string, items: readonly T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    for (const item of items) {
      const id = key(item);
      if (seen.has(id)) throw new StateDocumentError(`invalid state document: two ${what} have the id ${id}`);
      seen.add(id);
    }
  };
  unique('Apps Script users', state.appsScript.users, (u) => u.email);
  unique('Apps Script projects', state.appsScript.projects, (p) => p.scriptId);
  // A container and a script share Drive's id space.
  unique(
    'Drive files',
    [...state.appsScript.driveFiles.map((f) => f.id), ...state.appsScript.projects.map((p) => p.scriptId)],
    (id) => id,
  );
  unique('BugSmash projects', state.bugsmash.projects, (p) => p.id);
  unique('BugSmash versions', state.bugsmash.versions, (v) => v.id);
  unique('BugSmash comments', state.bugsmash.comments, (c) => c.comment_id);
  unique('BugSmash folders', state.bugsmash.folders, (f) => f.id);
  unique('BugSmash webhooks', state.bugsmash.webhooks, (w) => w.id);
  unique('spreadsheets', state.sheets.spreadsheets, (s) => s.spreadsheetId);
  for (const s of state.sheets.spreadsheets) {
    unique(`sheets of spreadsheet ${s.spreadsheetId}`, s.sheets, (sheet) => String(sheet.sheetId));
    unique(`sheet titles of spreadsheet ${s.spreadsheetId}`, s.sheets, (sheet) => sheet.title);
    s.sheets.forEach((sheet, i) => {
      sheet.index ??= i;
    });
  }
  for (const p of state.appsScript.projects) {
    unique(`deployments of project ${p.scriptId}`, p.deployments, (d) => d.deploymentId);
    unique(`versions of project ${p.scriptId}`, p.versions, (v) => String(v.versionNumber));
  }
  const time = new Date().toISOString();
  fillAppsScriptDefaults(state.appsScript, time);
  fillBugsmashDefaults(state.bugsmash, time);
  return state;
}

/** Fills in what an Apps Script entity may leave out; every project gets its HEAD deployment. */
function fillAppsScriptDefaults(appsScript: AppsScriptState, time: string): void {
  for (const p of appsScript.projects) {
    p.lastModifyUser ??= p.creator;
    // Every project has its read-only HEAD deployment first.
    if (!p.deployments.some((d) => d.versionNumber === undefined)) {
      p.deployments.unshift({
        deploymentId: `AKfycbHEAD${p.scriptId.slice(0, 40)}`,
        manifestFileName: 'appsscript',
        description: 'Head deployment',
        updateTime: time,
      });
    }
  }
}

/** Fills in what a BugSmash entity may leave out, the workspace included. */
function fillBugsmashDefaults(bugsmash: BugsmashState, time: string): void {
  bugsmash.workspace ??= {
    id: '00000000-0000-4000-8000-000000000000',
    owner_name: 'Workspace Owner',
    owner_email: 'owner@example.com',
  };
  for (const p of bugsmash.projects) {
    p.share_access ??= 'private';
    p.anonymous_comments ??= false;
    p.private_comments ??= false;
    p.review_language ??= 'en';
    p.folder_id ??= null;
    p.banner ??= null;
    p.users ??= [];
    // Counted only where missing: a scan of every comment per project would make a start quadratic.
    p.next_comment_number ??=
      bugsmash.comments.reduce(
        (max, c) => (c.project_id === p.id ? Math.max(max, c.comment_number) : max),
        0,
      ) + 1;
  }
  for (const v of bugsmash.versions) {
    v.version_name ??= `V${v.version_no}`;
    v.ext_link ??= null;
    v.status ??= 'To Review';
    v.upload_status ??= 'completed';
    v.approved_by ??= null;
    v.approved_by_email ??= null;
    v.files ??= [];
  }
  for (const c of bugsmash.comments) {
    c.version_id ??= null;
    c.status ??= 'Active';
    c.priority ??= 'Unset';
    c.is_private ??= false;
    c.comment_by_name ??= 'Guest Reviewer';
    c.comment_by_email ??= 'reviewer@example.com';
    c.assigned_to_name ??= null;
    c.assigned_to_email ??= null;
    c.attachment_file_url ??= null;
    c.audio_file_url ??= null;
    c.comment_screenshot_file_url ??= null;
    c.tags ??= [];
    c.replies ??= [];
  }
  for (const f of bugsmash.folders) {
    f.parent_id ??= null;
    f.share_access ??= 'private';
  }
  for (const w of bugsmash.webhooks) {
    w.created_at ??= time;
    w.updated_at ??= time;
  }
}

export function emptyState(): StateDocument {
  return normalizeState({ version: 1 });
}
