// One handler per operation of specs/emulator, typed by its generated `operations`.
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import type { BugsmashBackend } from '../bugsmash/backend.ts';
import { addComment } from '../bugsmash/comments.ts';
import { commentJson } from '../bugsmash/json.ts';
import type { WebhookDispatcher } from '../bugsmash/webhooks.ts';
import { FaultError, type FaultInjector } from '../core/faults.ts';
import type { TypedHandlers } from '../core/typed.ts';
import type { ViolationLog } from '../core/violations.ts';
import type { operations } from '../generated/emulator.ts';
import { clockOf } from '../runtime/clock.ts';
import { advanceClock } from '../runtime/fire.ts';
import { outboxOf } from '../runtime/mail.ts';
import { editSpreadsheet, openSpreadsheet } from '../runtime/sheet-triggers.ts';
import { SheetsError } from '../sheets/errors.ts';
import { normalizeState, type StateDocument, StateDocumentError } from '../state.ts';
import { SecretRedactor, UnknownRedactedSecret } from './redact.ts';

export interface ControlDeps {
  /** `http://127.0.0.1:<port>`, once listening. */
  origin(): string;
  apps: AppsScriptBackend;
  bugs: BugsmashBackend;
  violations: ViolationLog;
  faults: FaultInjector;
  dispatcher: WebhookDispatcher;
  /** Stops every running script and replaces the state (empty, the demo set, or a document). */
  replaceState(next: 'empty' | 'demo' | StateDocument): void;
  snapshot(): StateDocument;
  /** An uploaded file's bytes and type, or undefined. */
  file(fileId: string): Promise<{ data: Uint8Array; contentType: string } | undefined>;
}

/** The control API's 400: what was wrong, and each problem when there are several. */
function badRequest(message: string, problems?: readonly string[]) {
  return {
    status: 400 as const,
    body: problems === undefined ? { error: message } : { error: message, problems: [...problems] },
  };
}

export function controlHandlers(deps: ControlDeps): TypedHandlers<operations, 'control'> {
  // Secrets leave only as fingerprints, which a PUT of the same dump turns back into the secrets.
  const redactor = new SecretRedactor();
  return {
    getHealth: () => ({
      status: 200,
      body: { ok: true, appsScriptUrl: deps.origin(), bugsmashUrl: `${deps.origin()}/api/v2` },
    }),
    resetState: (ctx) => {
      deps.replaceState(ctx.params.query.seed === 'demo' ? 'demo' : 'empty');
      deps.violations.clear();
      deps.faults.clear();
      return { status: 200, body: { ok: true } };
    },
    seedState: () => {
      deps.replaceState('demo');
      return { status: 200, body: { ok: true } };
    },
    getState: () => ({ status: 200, body: redactor.redact(deps.snapshot()) }),
    setState: (ctx) => {
      let doc: StateDocument;
      try {
        doc = normalizeState(redactor.restore(ctx.body, deps.snapshot()));
      } catch (error) {
        if (error instanceof StateDocumentError || error instanceof UnknownRedactedSecret)
          return badRequest(error.message);
        throw error;
      }
      deps.replaceState(doc);
      return { status: 200, body: { ok: true } };
    },
    createComment: (ctx) => {
      const comment = addComment(deps.bugs, ctx.body);
      return {
        status: 201,
        body: commentJson(deps.bugs, comment, { plainText: false, locationMetadata: true, replies: true }),
      };
    },
    listFaults: () => ({ status: 200, body: deps.faults.list() }),
    createFault: (ctx) => {
      try {
        return { status: 201, body: deps.faults.add(ctx.body) };
      } catch (error) {
        if (error instanceof FaultError) return badRequest(error.message, error.problems);
        throw error;
      }
    },
    deleteFaults: () => {
      deps.faults.clear();
      return { status: 204 };
    },
    listViolations: () => ({
      status: 200,
      body: { total: deps.violations.total, violations: deps.violations.list() },
    }),
    deleteViolations: () => {
      deps.violations.clear();
      return { status: 204 };
    },
    listWebhookDeliveries: () => ({ status: 200, body: deps.dispatcher.deliveries() }),
    listLogs: () => ({ status: 200, body: deps.apps.logs.list() }),
    listOutbox: () => ({ status: 200, body: outboxOf(deps.apps) }),
    ...triggerHandlers(deps),
    getFile: async (ctx) => {
      const file = await deps.file(ctx.params.path.fileId);
      if (file === undefined) return { status: 404, body: { error: 'no such file' } };
      return { status: 200, body: file.data, headers: { 'content-type': file.contentType } };
    },
  };
}

/**
 * The control API's clock and spreadsheet events: moving the clock, opening or editing a
 * spreadsheet, each answering with the triggers it fired.
 */
function triggerHandlers(
  deps: ControlDeps,
): Pick<
  TypedHandlers<operations, 'control'>,
  'getClock' | 'updateClock' | 'runSpreadsheetOpen' | 'runSpreadsheetEdit'
> {
  return {
    getClock: () => {
      const clock = clockOf(deps.apps);
      return {
        status: 200,
        body: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs, fired: [] },
      };
    },
    updateClock: async (ctx) => {
      const fired = await advanceClock(deps.apps, ctx.body.advanceMs);
      const clock = clockOf(deps.apps);
      return {
        status: 200,
        body: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs, fired },
      };
    },
    runSpreadsheetOpen: async (ctx) => {
      const id = ctx.params.path.spreadsheetId;
      if (deps.apps.spreadsheets.get(id) === undefined)
        return { status: 404, body: { error: `no spreadsheet ${id}` } };
      return { status: 200, body: { fired: await openSpreadsheet(deps.apps, id, ctx.body?.user) } };
    },
    runSpreadsheetEdit: async (ctx) => {
      const id = ctx.params.path.spreadsheetId;
      if (deps.apps.spreadsheets.get(id) === undefined)
        return { status: 404, body: { error: `no spreadsheet ${id}` } };
      try {
        return {
          status: 200,
          body: {
            fired: await editSpreadsheet(deps.apps, id, ctx.body.range, ctx.body.value, ctx.body.user),
          },
        };
      } catch (error) {
        if (error instanceof SheetsError) return badRequest(error.message);
        throw error;
      }
    },
  };
}
