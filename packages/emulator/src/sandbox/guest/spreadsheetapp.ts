// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): SpreadsheetApp's core. Each piece below is
// installed by its source text and adds its constructors to `api`; the engine runs them in order
// (see engine.ts). Objects hold ids only and ask the host each time, so two handles of one sheet
// always agree; a range's values cross in one host call each way. Members outside the core throw
// "… is not implemented in the emulator" (k.service), never `undefined is not a function`.
import type { GuestValue, Kernel } from './kernel.ts';

type Api = Record<string, GuestValue>;

/** Range: values (typed, as shown, formulas) and writing them with Google's shape checks. */
export function defineRangeValues(k: Kernel, api: Api): void {
  // The host lists the date cells (epoch ms in `values`) by their index in the flattened range.
  const decode = (read: { values: GuestValue[][]; dates: number[] }) => {
    const rows = read.values;
    const width = rows.length > 0 ? (rows[0] as GuestValue[]).length : 1;
    for (const at of read.dates) {
      const row = rows[Math.floor(at / width)] as GuestValue[];
      row[at % width] = new Date(row[at % width]);
    }
    return rows;
  };
  const encode = (v: GuestValue) => {
    if (v instanceof Date) return { $date: v.getTime() };
    if (v === undefined || v === null) return null;
    return typeof v === 'object' ? String(v) : v;
  };
  api.encode = encode;
  api.rangeValues = (r: Api) => {
    const read = (mode: string) => k.host('SpreadsheetApp', 'read', [r.ssId, mode, ...r.grid()]);
    const write = (rows: GuestValue[][]) => k.host('SpreadsheetApp', 'write', [r.ssId, rows, ...r.grid()]);
    const checkShape = (method: string, values: GuestValue, args: ArrayLike<GuestValue>) => {
      if (!Array.isArray(values) || values.some((row) => !Array.isArray(row)))
        throw k.signature(`SpreadsheetApp.Range.${method}`, args);
      if (values.length !== r.numRows)
        throw k.exception(
          `The number of rows in the data does not match the number of rows in the range. The data has ${values.length} but the range has ${r.numRows}.`,
        );
      for (const row of values)
        if (row.length !== r.numColumns)
          throw k.exception(
            `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${r.numColumns}.`,
          );
    };
    const first = (rows: GuestValue[][]) => (rows[0] as GuestValue[])[0];
    return {
      getValues: () => decode(read('value')),
      getValue: () => first(decode(k.host('SpreadsheetApp', 'read', [r.ssId, 'value', ...r.grid(1, 1)]))),
      getDisplayValues: () => read('display'),
      getDisplayValue: () => first(k.host('SpreadsheetApp', 'read', [r.ssId, 'display', ...r.grid(1, 1)])),
      getFormulas: () => read('formula'),
      getFormula: () => first(k.host('SpreadsheetApp', 'read', [r.ssId, 'formula', ...r.grid(1, 1)])),
      setValues(values: GuestValue) {
        checkShape('setValues', values, arguments);
        // Serialised natively, a Date as { $date } for the time of the call: no walk over every cell.
        const proto = Date.prototype as GuestValue;
        const own = Object.getOwnPropertyDescriptor(proto, 'toJSON');
        proto.toJSON = function (this: Date) {
          return { $date: this.getTime() };
        };
        try {
          write(values);
        } finally {
          if (own === undefined) delete proto.toJSON;
          else Object.defineProperty(proto, 'toJSON', own);
        }
        return r.self;
      },
      setValue(value: GuestValue) {
        if (arguments.length === 0) throw k.signature('SpreadsheetApp.Range.setValue', arguments);
        const cell = encode(value);
        const row = [];
        for (let j = 0; j < r.numColumns; j++) row.push(cell);
        const rows = [];
        for (let i = 0; i < r.numRows; i++) rows.push(row);
        write(rows);
        return r.self;
      },
      setFormula(formula: GuestValue) {
        if (typeof formula !== 'string') throw k.signature('SpreadsheetApp.Range.setFormula', arguments);
        return r.self.setValue(formula);
      },
    };
  };
}

/** Range: where it is, and clearing and sorting it. */
export function defineRange(k: Kernel, api: Api): void {
  const letters = (column: number) => {
    let out = '';
    for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
      out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    return out;
  };
  api.range = (
    sheet: GuestValue,
    ssId: string,
    sheetId: number,
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ) => {
    const r: Api = { ssId, numRows, numColumns };
    r.grid = (rows?: number, columns?: number) => [
      sheetId,
      row,
      column,
      rows ?? numRows,
      columns ?? numColumns,
    ];
    const sortKeys = (spec: GuestValue, args: ArrayLike<GuestValue>) => {
      const list = Array.isArray(spec) ? spec : [spec];
      return list.map((s: GuestValue) => {
        const key =
          typeof s === 'number'
            ? { column: s, ascending: true }
            : { column: s?.column, ascending: s?.ascending !== false };
        if (typeof key.column !== 'number') throw k.signature('SpreadsheetApp.Range.sort', args);
        if (key.column < column || key.column >= column + numColumns)
          throw k.exception(`The column specified for sorting (${key.column}) is outside the range.`);
        return key;
      });
    };
    const members = {
      getRow: () => row,
      getColumn: () => column,
      getNumRows: () => numRows,
      getNumColumns: () => numColumns,
      getLastRow: () => row + numRows - 1,
      getLastColumn: () => column + numColumns - 1,
      getGridId: () => sheetId,
      getSheet: () => sheet,
      getA1Notation() {
        const start = letters(column) + row;
        return numRows === 1 && numColumns === 1
          ? start
          : `${start}:${letters(column + numColumns - 1)}${row + numRows - 1}`;
      },
      getCell(i: GuestValue, j: GuestValue) {
        if (typeof i !== 'number' || typeof j !== 'number')
          throw k.signature('SpreadsheetApp.Range.getCell', arguments);
        if (i < 1 || j < 1 || i > numRows || j > numColumns)
          throw k.exception('The coordinates of the range are outside the dimensions of the sheet.');
        return api.range(sheet, ssId, sheetId, row + i - 1, column + j - 1, 1, 1);
      },
      clear() {
        k.host('SpreadsheetApp', 'clear', [ssId, ...r.grid()]);
        return r.self;
      },
      clearContent() {
        k.host('SpreadsheetApp', 'clear', [ssId, ...r.grid()]);
        return r.self;
      },
      sort(spec: GuestValue) {
        k.host('SpreadsheetApp', 'sort', [ssId, sortKeys(spec, arguments), ...r.grid()]);
        return r.self;
      },
      toString: () => 'Range',
    };
    r.self = k.service('SpreadsheetApp.Range', Object.assign(members, api.rangeValues(r)));
    return r.self;
  };
}

/** Sheet: its ranges by A1 or by numbers, with Google's argument checks and messages. */
export function defineSheetRanges(k: Kernel, api: Api): void {
  api.sheetRanges = (s: Api) => {
    const numeric = (args: ArrayLike<GuestValue>) => {
      for (let i = 0; i < args.length; i++)
        if (typeof args[i] !== 'number') throw k.signature('SpreadsheetApp.Sheet.getRange', args);
      const [row, column, numRows, numColumns]: GuestValue[] = [
        args[0],
        args[1],
        args[2] ?? 1,
        args[3] ?? 1,
      ].map(Math.floor);
      if (row < 1) throw k.exception('The starting row of the range is too small.');
      if (column < 1) throw k.exception('The starting column of the range is too small.');
      if (numRows < 1) throw k.exception('The number of rows in the range must be at least 1.');
      if (numColumns < 1) throw k.exception('The number of columns in the range must be at least 1.');
      const info = s.info();
      if (row + numRows - 1 > info.maxRows || column + numColumns - 1 > info.maxColumns)
        throw k.exception('The coordinates of the range are outside the dimensions of the sheet.');
      return api.range(s.self, s.ssId, s.sheetId, row, column, numRows, numColumns);
    };
    return {
      getRange(first: GuestValue) {
        if (typeof first === 'string' && arguments.length === 1) return api.rangeAt(s.ssId, s.sheetId, first);
        if (arguments.length === 0 || arguments.length > 4)
          throw k.signature('SpreadsheetApp.Sheet.getRange', arguments);
        return numeric(arguments);
      },
      getDataRange() {
        const info = s.info();
        return api.range(
          s.self,
          s.ssId,
          s.sheetId,
          1,
          1,
          Math.max(info.lastRow, 1),
          Math.max(info.lastColumn, 1),
        );
      },
      getSheetValues(row: GuestValue, column: GuestValue, numRows: GuestValue, numColumns: GuestValue) {
        return numeric([row, column, numRows, numColumns]).getValues();
      },
      getLastRow: () => s.info().lastRow,
      getLastColumn: () => s.info().lastColumn,
      getMaxRows: () => s.info().maxRows,
      getMaxColumns: () => s.info().maxColumns,
      clear() {
        const info = s.info();
        k.host('SpreadsheetApp', 'clear', [s.ssId, s.sheetId, 1, 1, info.maxRows, info.maxColumns]);
        return s.self;
      },
      clearContents() {
        return s.self.clear();
      },
      sort(columnPosition: GuestValue, ascending?: GuestValue) {
        if (typeof columnPosition !== 'number') throw k.signature('SpreadsheetApp.Sheet.sort', arguments);
        const info = s.info();
        if (info.lastRow > 0)
          k.host('SpreadsheetApp', 'sort', [
            s.ssId,
            [{ column: columnPosition, ascending: ascending !== false }],
            s.sheetId,
            1,
            1,
            info.lastRow,
            Math.max(info.lastColumn, columnPosition),
          ]);
        return s.self;
      },
    };
  };
}

/** Sheet: rows (append, insert, delete) and naming. */
export function defineSheet(k: Kernel, api: Api): void {
  api.sheet = (ssId: string, sheetId: number) => {
    const s: Api = { ssId, sheetId };
    s.info = () => k.host('SpreadsheetApp', 'sheet', [ssId, sheetId]);
    const rows = (method: string, args: ArrayLike<GuestValue>, min: number) => {
      for (let i = 0; i < min; i++)
        if (typeof args[i] !== 'number') throw k.signature(`SpreadsheetApp.Sheet.${method}`, args);
    };
    const insert = (before: number, count: number) => {
      k.host('SpreadsheetApp', 'insertRows', [ssId, sheetId, before, count]);
      return s.self;
    };
    const remove = (start: number, count: number) => {
      k.host('SpreadsheetApp', 'deleteRows', [ssId, sheetId, start, count]);
      return s.self;
    };
    const members = {
      getName: () => s.info().name,
      getSheetName: () => s.info().name,
      getSheetId: () => sheetId,
      getIndex: () => s.info().index + 1,
      getParent: () => api.spreadsheet(ssId),
      setName(name: GuestValue) {
        if (typeof name !== 'string') throw k.signature('SpreadsheetApp.Sheet.setName', arguments);
        k.host('SpreadsheetApp', 'renameSheet', [ssId, sheetId, name]);
        return s.self;
      },
      activate() {
        api.active[ssId] = sheetId;
        return s.self;
      },
      appendRow(values: GuestValue) {
        if (!Array.isArray(values)) throw k.signature('SpreadsheetApp.Sheet.appendRow', arguments);
        k.host('SpreadsheetApp', 'appendRow', [ssId, sheetId, values.map(api.encode)]);
        return s.self;
      },
      insertRowBefore(n: GuestValue) {
        rows('insertRowBefore', arguments, 1);
        return insert(n, 1);
      },
      insertRowAfter(n: GuestValue) {
        rows('insertRowAfter', arguments, 1);
        return insert(n + 1, 1);
      },
      insertRowsBefore(n: GuestValue, c: GuestValue) {
        rows('insertRowsBefore', arguments, 2);
        return insert(n, c);
      },
      insertRowsAfter(n: GuestValue, c: GuestValue) {
        rows('insertRowsAfter', arguments, 2);
        return insert(n + 1, c);
      },
      insertRows(n: GuestValue, c?: GuestValue) {
        rows('insertRows', arguments, 1);
        insert(n, c ?? 1);
      },
      deleteRow(n: GuestValue) {
        rows('deleteRow', arguments, 1);
        return remove(n, 1);
      },
      deleteRows(n: GuestValue, c: GuestValue) {
        rows('deleteRows', arguments, 2);
        remove(n, c);
      },
      toString: () => 'Sheet',
    };
    s.self = k.service('SpreadsheetApp.Sheet', Object.assign(members, api.sheetRanges(s)));
    return s.self;
  };
}

/** Spreadsheet: its sheets, and ranges named by A1 (with a sheet name) or by a named range. */
export function defineSpreadsheet(k: Kernel, api: Api): void {
  api.active = {};
  api.rangeAt = (ssId: string, sheetId: number | null, a1: string) => {
    const found = k.host('SpreadsheetApp', 'resolve', [ssId, sheetId, a1]);
    if (found === null) throw k.exception('Range not found');
    return api.range(api.sheet(ssId, found[0]), ssId, ...found);
  };
  api.spreadsheet = (ssId: string) => {
    const info = () => k.host('SpreadsheetApp', 'info', [ssId]);
    const sheets = () => info().sheets.map((s: GuestValue) => api.sheet(ssId, s.sheetId));
    const active = () => {
      const list = info().sheets;
      const chosen = list.filter((s: GuestValue) => s.sheetId === api.active[ssId])[0] ?? list[0];
      return api.sheet(ssId, chosen.sheetId);
    };
    const self = k.service('SpreadsheetApp.Spreadsheet', {
      getId: () => ssId,
      getName: () => info().name,
      getUrl: () => info().url,
      getSpreadsheetTimeZone: () => info().timeZone,
      getSpreadsheetLocale: () => info().locale,
      rename(name: GuestValue) {
        if (typeof name !== 'string') throw k.signature('SpreadsheetApp.Spreadsheet.rename', arguments);
        k.host('SpreadsheetApp', 'rename', [ssId, name]);
      },
      getSheets: sheets,
      getNumSheets: () => info().sheets.length,
      getSheetByName(name: GuestValue) {
        if (typeof name !== 'string')
          throw k.signature('SpreadsheetApp.Spreadsheet.getSheetByName', arguments);
        const found = info().sheets.filter((s: GuestValue) => s.name === name)[0];
        return found === undefined ? null : api.sheet(ssId, found.sheetId);
      },
      getSheetById: (id: GuestValue) => {
        const found = info().sheets.filter((s: GuestValue) => s.sheetId === id)[0];
        return found === undefined ? null : api.sheet(ssId, found.sheetId);
      },
      insertSheet(a?: GuestValue, b?: GuestValue) {
        const name = typeof a === 'string' ? a : null;
        const index = typeof a === 'number' ? a : typeof b === 'number' ? b : null;
        const made = k.host('SpreadsheetApp', 'insertSheet', [ssId, name, index]);
        api.active[ssId] = made.sheetId;
        return api.sheet(ssId, made.sheetId);
      },
      deleteSheet(sheet: GuestValue) {
        if (sheet === null || typeof sheet !== 'object' || typeof sheet.getSheetId !== 'function')
          throw k.signature('SpreadsheetApp.Spreadsheet.deleteSheet', arguments);
        k.host('SpreadsheetApp', 'deleteSheet', [ssId, sheet.getSheetId()]);
      },
      getActiveSheet: active,
      setActiveSheet(sheet: GuestValue) {
        api.active[ssId] = sheet.getSheetId();
        return sheet;
      },
      getRange(a1: GuestValue) {
        if (typeof a1 !== 'string') throw k.signature('SpreadsheetApp.Spreadsheet.getRange', arguments);
        return api.rangeAt(ssId, active().getSheetId(), a1);
      },
      getRangeByName(name: GuestValue) {
        const found = k.host('SpreadsheetApp', 'named', [ssId, String(name)]);
        return found === null ? null : api.range(api.sheet(ssId, found[0]), ssId, ...found);
      },
      getDataRange: () => active().getDataRange(),
      getLastRow: () => active().getLastRow(),
      getLastColumn: () => active().getLastColumn(),
      appendRow: (values: GuestValue) => active().appendRow(values),
      toString: () => 'Spreadsheet',
    });
    return self;
  };
}

/** The SpreadsheetApp global; `documentId` is the spreadsheet a bound script's project belongs to. */
export function installSpreadsheetApp(
  g: GuestValue,
  k: Kernel,
  context: { documentId?: string },
  api: Api,
): void {
  const open = (id: string, method: string) => {
    if (k.host('SpreadsheetApp', 'open', [id]) === null)
      throw k.exception(
        `Unexpected error while getting the method or property ${method} on object SpreadsheetApp.`,
      );
    return api.spreadsheet(id);
  };
  const bound = () =>
    context.documentId !== undefined && k.host('SpreadsheetApp', 'open', [context.documentId]) !== null
      ? api.spreadsheet(context.documentId)
      : null;
  g.SpreadsheetApp = k.service('SpreadsheetApp', {
    create(name: GuestValue, rows?: GuestValue, columns?: GuestValue) {
      if (typeof name !== 'string' || (rows !== undefined && typeof rows !== 'number'))
        throw k.signature('SpreadsheetApp.create', arguments);
      return api.spreadsheet(k.host('SpreadsheetApp', 'create', [name, rows ?? null, columns ?? null]).id);
    },
    openById(id: GuestValue) {
      if (typeof id !== 'string') throw k.signature('SpreadsheetApp.openById', arguments);
      return open(id, 'openById');
    },
    openByUrl(url: GuestValue) {
      if (typeof url !== 'string') throw k.signature('SpreadsheetApp.openByUrl', arguments);
      const m = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(url);
      if (m === null) throw k.exception('Invalid argument: url');
      return open(m[1] as string, 'openByUrl');
    },
    getActiveSpreadsheet: bound,
    getActive: bound,
    getActiveSheet() {
      const ss = bound();
      return ss === null ? null : ss.getActiveSheet();
    },
    flush() {},
    // The event object of a spreadsheet trigger, from what the host sent (runtime/sheet-triggers.ts).
    __event(d: GuestValue) {
      const e: Record<string, GuestValue> = {
        authMode: d.authMode,
        source: api.spreadsheet(d.spreadsheetId),
      };
      e.user = k.service('User', {
        getEmail: () => d.user,
        getNickname: () => String(d.user).split('@')[0],
        toString: () => d.user,
      });
      if (d.triggerUid !== undefined) e.triggerUid = d.triggerUid;
      if (d.range !== undefined) e.range = api.rangeAt(d.spreadsheetId, null, d.range);
      for (const key of ['value', 'oldValue', 'changeType']) if (d[key] !== undefined) e[key] = d[key];
      return e;
    },
    toString: () => 'SpreadsheetApp',
  });
}
