// The spreadsheets the emulator holds, shared by SpreadsheetApp (in scripts) and the Sheets API: one
// map by id, loaded from and exported to the state document's `sheets` part, each change noted as
// the entity `sh.spreadsheets/<id>` so a save writes only the spreadsheets a request changed.
import { randomBytes, randomInt } from 'node:crypto';
import { Changes, type Collection } from '../core/changes.ts';
import { SheetsError } from './errors.ts';
import {
  DEFAULT_COLUMNS,
  DEFAULT_LOCALE,
  DEFAULT_ROWS,
  DEFAULT_TIME_ZONE,
  type Sheet,
  type SheetsState,
  type Spreadsheet,
} from './model.ts';

export interface NewSpreadsheet {
  /** Given by the caller (a Drive file's id, a seed); a new one otherwise. */
  id?: string;
  title: string;
  /** Sheet titles with an optional size; one sheet `Sheet1` when absent or empty. */
  sheets?: { title: string; rowCount?: number; columnCount?: number }[];
  locale?: string;
  timeZone?: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new id shaped like Google's: 44 characters of the URL-safe alphabet. */
function newSpreadsheetId(): string {
  let id = '1';
  for (const byte of randomBytes(43)) id += ID_ALPHABET[byte % 64];
  return id;
}

/** A new sheet; the first of a spreadsheet has id 0, as in Google. */
export function newSheet(
  ss: Pick<Spreadsheet, 'sheets'>,
  init: { title: string; index?: number; rowCount?: number; columnCount?: number },
): Sheet {
  let sheetId = ss.sheets.length === 0 ? 0 : randomInt(1, 2 ** 31 - 1);
  while (ss.sheets.some((s) => s.sheetId === sheetId)) sheetId = randomInt(1, 2 ** 31 - 1);
  return {
    sheetId,
    title: init.title,
    index: init.index ?? ss.sheets.length,
    rowCount: init.rowCount ?? DEFAULT_ROWS,
    columnCount: init.columnCount ?? DEFAULT_COLUMNS,
    rows: [],
  };
}

export class SpreadsheetStore {
  readonly #byId = new Map<string, Spreadsheet>();
  readonly changes: Changes;

  constructor(options: { changes?: Changes } = {}) {
    this.changes = options.changes ?? new Changes();
  }

  load(state: SheetsState): void {
    this.#byId.clear();
    for (const ss of state.spreadsheets) this.#byId.set(ss.spreadsheetId, structuredClone(ss));
  }

  export(): SheetsState {
    return { spreadsheets: [...this.#byId.values()] };
  }

  /** The current value of one entity, for the state database's row of it. */
  lookup(collection: Collection, key: string): unknown {
    return collection === 'sh.spreadsheets' ? this.#byId.get(key) : undefined;
  }

  get(id: string): Spreadsheet | undefined {
    return this.#byId.get(id);
  }

  /** The spreadsheet, or Google's not-found error. */
  require(id: string): Spreadsheet {
    const ss = this.#byId.get(id);
    if (ss === undefined) throw new SheetsError('NOT_FOUND', 'Requested entity was not found.');
    return ss;
  }

  list(): Spreadsheet[] {
    return [...this.#byId.values()];
  }

  /** Notes that `ss` changed (call after every write, so the request's save keeps it). */
  changed(ss: Spreadsheet): void {
    this.changes.touch('sh.spreadsheets', ss.spreadsheetId);
  }

  /**
   * Called for each spreadsheet a request or script creates (not for those a state load brings):
   * the emulator lists it in Drive as the container file it is.
   */
  onAdd: ((ss: Spreadsheet) => void) | undefined;

  /** Adds a spreadsheet; an id already taken is refused. */
  add(ss: Spreadsheet): Spreadsheet {
    if (this.#byId.has(ss.spreadsheetId))
      throw new SheetsError('INVALID_ARGUMENT', `A spreadsheet with id ${ss.spreadsheetId} already exists.`);
    this.#byId.set(ss.spreadsheetId, ss);
    this.changed(ss);
    this.onAdd?.(ss);
    return ss;
  }

  delete(id: string): boolean {
    const had = this.#byId.delete(id);
    if (had) this.changes.touch('sh.spreadsheets', id);
    return had;
  }
}

/** The one way a spreadsheet is created (SpreadsheetApp.create, the Sheets API, Drive, the seed). */
export function createSpreadsheet(store: SpreadsheetStore, init: NewSpreadsheet): Spreadsheet {
  const ss: Spreadsheet = {
    spreadsheetId: init.id ?? newSpreadsheetId(),
    title: init.title,
    locale: init.locale ?? DEFAULT_LOCALE,
    timeZone: init.timeZone ?? DEFAULT_TIME_ZONE,
    sheets: [],
    namedRanges: [],
  };
  const sheets = init.sheets === undefined || init.sheets.length === 0 ? [{ title: 'Sheet1' }] : init.sheets;
  const titles = new Set<string>();
  for (const sheet of sheets) {
    if (titles.has(sheet.title))
      throw new SheetsError('INVALID_ARGUMENT', `A sheet with the name "${sheet.title}" already exists.`);
    titles.add(sheet.title);
    ss.sheets.push(newSheet(ss, sheet));
  }
  return store.add(ss);
}
