// A user's actions in a spreadsheet, as the control API stands for them (POST
// /__emulator/spreadsheets/{id}/open and …/edit): the simple triggers `onOpen(e)` / `onEdit(e)` of
// every project bound to the spreadsheet run (SIMPLE_TRIGGER, authMode LIMITED), then the
// installable triggers made with ScriptApp.newTrigger(…).forSpreadsheet(…) (TRIGGER, authMode FULL,
// as the user who made them), one after another, with Google's event object. The guest turns the
// `$sheetsEvent` parameter into that object (sandbox/engine.ts, guest/spreadsheetapp.ts).
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import type { AsProject, ProcessType, RunEndStatus } from '../apps-script/model.ts';
import { readCells, resolveRange, writeCells } from '../sheets/grid.ts';
import { cellValue, isDateCell, toCell } from '../sheets/values.ts';
import { triggerRun } from './fire.ts';
import { peekRuntime } from './state.ts';

type SheetEventType = 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE';

interface FiredSheetTrigger {
  triggerUid?: string;
  scriptId: string;
  functionName: string;
  processType: Extract<ProcessType, 'SIMPLE_TRIGGER' | 'TRIGGER'>;
  status: RunEndStatus;
}

/** What the guest builds the event object from. */
interface EventData {
  spreadsheetId: string;
  authMode: 'LIMITED' | 'FULL';
  user: string;
  triggerUid?: string;
  range?: string;
  value?: unknown;
  oldValue?: unknown;
  changeType?: 'EDIT';
}

/** Whether the project's code declares `name` as a function (a simple trigger runs only then). */
function declares(project: AsProject, name: string): boolean {
  const pattern = new RegExp(`\\bfunction\\s+${name}\\s*\\(|\\b(?:var|let|const)\\s+${name}\\s*=`);
  return project.files.some((f) => f.type === 'SERVER_JS' && pattern.test(f.source));
}

async function runTrigger(
  b: AppsScriptBackend,
  project: AsProject,
  email: string,
  functionName: string,
  processType: FiredSheetTrigger['processType'],
  event: EventData,
): Promise<FiredSheetTrigger> {
  const status = await triggerRun(b, project, email, functionName, [{ $sheetsEvent: event }], processType);
  return {
    ...(event.triggerUid === undefined ? {} : { triggerUid: event.triggerUid }),
    scriptId: project.scriptId,
    functionName,
    processType,
    status,
  };
}

/** Runs the simple trigger `simple` of bound projects, then the installable triggers of `types`. */
async function fire(
  b: AppsScriptBackend,
  spreadsheetId: string,
  simple: 'onOpen' | 'onEdit',
  types: SheetEventType[],
  user: string | undefined,
  event: Omit<EventData, 'authMode' | 'user' | 'spreadsheetId'>,
): Promise<FiredSheetTrigger[]> {
  const fired: FiredSheetTrigger[] = [];
  const projects = [...b.projects.values()];
  for (const project of projects.filter((p) => p.parentId === spreadsheetId && declares(p, simple))) {
    const email = user ?? project.creator;
    const data = { ...event, spreadsheetId, authMode: 'LIMITED' as const, user: email };
    fired.push(await runTrigger(b, project, email, simple, 'SIMPLE_TRIGGER', data));
  }
  for (const project of projects)
    for (const trigger of [...(peekRuntime(project)?.triggers ?? [])]) {
      if (trigger.sourceId !== spreadsheetId || trigger.eventType === undefined) continue;
      if (!types.includes(trigger.eventType)) continue;
      const data: EventData = {
        ...event,
        spreadsheetId,
        authMode: 'FULL',
        user: user ?? trigger.owner,
        triggerUid: trigger.uid,
      };
      if (trigger.eventType === 'ON_CHANGE') {
        delete data.range;
        delete data.value;
        delete data.oldValue;
        data.changeType = 'EDIT';
      }
      fired.push(await runTrigger(b, project, trigger.owner, trigger.handler, 'TRIGGER', data));
    }
  return fired;
}

/** A user opens the spreadsheet. */
export function openSpreadsheet(b: AppsScriptBackend, spreadsheetId: string, user?: string) {
  return fire(b, spreadsheetId, 'onOpen', ['ON_OPEN'], user, {});
}

/**
 * A user types `value` into `range` (every cell of it): written first, then the triggers run. For a
 * single cell the event carries `value` and, when the cell held one, `oldValue`, as Google's does.
 */
export function editSpreadsheet(
  b: AppsScriptBackend,
  spreadsheetId: string,
  range: string,
  value: string,
  user?: string,
) {
  const ss = b.spreadsheets.require(spreadsheetId);
  const w = resolveRange(ss, range);
  const before = readCells(w)[0]?.[0] ?? null;
  const cell = toCell(value, 'USER_ENTERED', ss);
  writeCells(
    w,
    Array.from({ length: w.numRows }, () => new Array(w.numColumns).fill(cell)),
  );
  b.spreadsheets.changed(ss);
  const single = w.numRows === 1 && w.numColumns === 1;
  // Google's e.value and e.oldValue are strings (a checkbox's are "TRUE" and "FALSE").
  const text = (v: unknown) => (typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v));
  const old = before === null || isDateCell(before) ? '' : text(cellValue(before));
  const typed = cellValue(cell);
  const event = {
    range,
    ...(single ? { value: typeof typed === 'boolean' ? text(typed) : value } : {}),
    ...(single && old !== '' ? { oldValue: old } : {}),
  };
  return fire(b, spreadsheetId, 'onEdit', ['ON_EDIT', 'ON_CHANGE'], user, event);
}
