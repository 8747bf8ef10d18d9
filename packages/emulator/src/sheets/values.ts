// What a written value becomes in a cell, and what a cell reads as. RAW keeps a string a string;
// USER_ENTERED reads it as a user typing it would be read: `=` starts a formula, a leading `'` forces
// text, numbers (with the locale's grouping), percents, TRUE/FALSE and dates or times in the
// spreadsheet's locale become typed values. Formulas are not evaluated: their value reads as "".
import type { components } from '@specbound/sheets/schema';
import { zoneOffsetMinutes } from '../runtime/dates.ts';
import type { Cell, CellValue, NumberFormat, RichCell, Spreadsheet } from './model.ts';

/** How a written value is read: the spec's `ValueInputOption` less its unspecified value. */
export type InputOption = Exclude<
  components['schemas']['ValueInputOption'],
  'INPUT_VALUE_OPTION_UNSPECIFIED'
>;

/** A value written to a cell: JSON values, or a Date from a script (a date-time cell). */
export type Input = CellValue | Date | null | undefined;

const MS_PER_DAY = 86_400_000;
/** 1899-12-30, day 0 of Sheets' serial numbers, as epoch days. */
const SERIAL_EPOCH_DAYS = -25_569;

/** Locales that write the month first (`3/14/2025`); every other one writes the day first. */
const MONTH_FIRST = new Set(['en_US', 'en_PH', 'en_CA', 'es_US', 'fil_PH']);

const rich = (v: CellValue | null, fmt?: NumberFormat, f?: string): RichCell => {
  const cell: RichCell = { v };
  if (fmt !== undefined) cell.fmt = fmt;
  if (f !== undefined) cell.f = f;
  return cell;
};

/**
 * The zone's offset at `epochMs`, cached per quarter hour: zones change their offsets on a quarter
 * hour (only 19th-century local mean time did not: within the quarter hour of such a change the
 * cached offset may be the other one), and asking Intl costs about 20 µs, which a range of 10,000
 * dates would pay each time.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;
function offsetMinutes(epochMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(epochMs / QUARTER_HOUR)}`;
  let minutes = offsets.get(key);
  if (minutes === undefined) {
    if (offsets.size >= 50_000) offsets.clear();
    minutes = zoneOffsetMinutes(epochMs, timeZone);
    offsets.set(key, minutes);
  }
  return minutes;
}

/** Serial number of a wall-clock date-time (UTC fields stand for the wall time). */
function serialOfWall(wallMs: number): number {
  return wallMs / MS_PER_DAY - SERIAL_EPOCH_DAYS;
}

/** The serial number of an instant in the spreadsheet's zone. */
export function serialOfDate(epochMs: number, timeZone: string): number {
  return serialOfWall(epochMs + offsetMinutes(epochMs, timeZone) * 60_000);
}

/** The instant a serial number stands for in the spreadsheet's zone. */
export function dateOfSerial(serial: number, timeZone: string): number {
  const wall = Math.round((serial + SERIAL_EPOCH_DAYS) * MS_PER_DAY);
  // The offset at the wall time itself, then once more at the instant found (right across a DST change).
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  return wall - offsetMinutes(first, timeZone) * 60_000;
}

/** What a number, date, time, percent or TRUE/FALSE can start with. */
const PARSEABLE_START = /^[\d+\-.tTfF]/;

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text) || !/\d/.test(text)) return undefined;
  const n = Number(text.replaceAll(',', ''));
  return Number.isFinite(n) ? n : undefined;
}

function timeFraction(text: string | undefined): number | undefined {
  if (text === undefined) return 0;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text);
  if (m === null) return undefined;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3] ?? 0);
  if (m[4] !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (m[4].toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return (hour * 3600 + minute * 60 + second) / 86_400;
}

/** `2025-03-14`, `3/14/2025` (en_US) or `14/3/2025`, `14.3.2025` (day-first locales), with an optional time. */
function parseDate(text: string, locale: string): RichCell | undefined {
  const [datePart, ...timeParts] = text.split(/\s+/);
  const timeText = timeParts.length === 0 ? undefined : timeParts.join(' ');
  let y: number;
  let mo: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(datePart ?? '');
  const local = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(datePart ?? '');
  if (iso !== null) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local !== null) {
    const [a, b] = [Number(local[1]), Number(local[2])];
    [mo, d] = MONTH_FIRST.has(locale) ? [a, b] : [b, a];
    y = Number(local[3]);
  } else {
    // A time alone: `9:30`, `17:45:10`, `9:30 PM`.
    const time = timeText === undefined && datePart !== undefined ? timeFraction(datePart) : undefined;
    return time === undefined ? undefined : rich(time, 'time');
  }
  const wall = Date.UTC(y, mo - 1, d);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  const time = timeFraction(timeText);
  if (time === undefined) return undefined;
  return rich(serialOfWall(wall) + time, timeText === undefined ? 'date' : 'datetime');
}

/** A string as Sheets reads what a user types. */
function userEntered(text: string, locale: string): Cell {
  if (text === '') return null;
  if (text.startsWith("'")) return text.slice(1);
  if (text.startsWith('=') && text.length > 1) return rich(null, undefined, text);
  const trimmed = text.trim();
  // Text that cannot be a number, date, time, percent or boolean stays text without the parsers.
  if (!PARSEABLE_START.test(trimmed)) return text;
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
  const number = parseNumber(trimmed);
  if (number !== undefined) return number;
  if (trimmed.endsWith('%')) {
    const percent = parseNumber(trimmed.slice(0, -1).trim());
    if (percent !== undefined) return rich(percent / 100, 'percent');
  }
  return parseDate(trimmed, locale) ?? text;
}

/** The cell a written value makes. A Date (from a script) is a date-time in the spreadsheet's zone. */
export function toCell(
  input: Input,
  option: InputOption,
  ss: Pick<Spreadsheet, 'locale' | 'timeZone'>,
): Cell {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) return rich(serialOfDate(input.getTime(), ss.timeZone), 'datetime');
  if (typeof input === 'number') return Number.isFinite(input) ? input : String(input);
  if (typeof input === 'boolean') return input;
  if (option === 'RAW') return input === '' ? null : input;
  return userEntered(input, ss.locale);
}

/** The value of a cell without formatting: a date is its serial number, an empty cell and a formula "". */
export function cellValue(cell: Cell): CellValue {
  if (cell === null) return '';
  if (typeof cell !== 'object') return cell;
  return cell.v ?? '';
}

/** The formula of a cell as written, or "". */
export function formulaOf(cell: Cell): string {
  return cell !== null && typeof cell === 'object' ? (cell.f ?? '') : '';
}

/** Whether a cell holds a date, date-time or time (its value then is a serial number). */
export function isDateCell(cell: Cell): cell is RichCell & { v: number } {
  return (
    cell !== null &&
    typeof cell === 'object' &&
    typeof cell.v === 'number' &&
    cell.fmt !== undefined &&
    cell.fmt !== 'percent'
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatSerial(serial: number, fmt: NumberFormat, locale: string): string {
  const wall = new Date(Math.round((serial + SERIAL_EPOCH_DAYS) * MS_PER_DAY));
  const [day, month, year] = [wall.getUTCDate(), wall.getUTCMonth() + 1, wall.getUTCFullYear()];
  const date = MONTH_FIRST.has(locale) ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
  const time = `${wall.getUTCHours()}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  if (fmt === 'date') return date;
  return fmt === 'time' ? time : `${date} ${time}`;
}

/** A number as Sheets' automatic format shows it: at most 10 significant digits after rounding. */
function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(10)));
}

/** What the cell shows (FORMATTED_VALUE, getDisplayValue). */
export function displayOf(cell: Cell, locale: string): string {
  const value = cellValue(cell);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const fmt = cell !== null && typeof cell === 'object' ? cell.fmt : undefined;
  if (fmt === 'percent') return `${formatNumber(value * 100)}%`;
  if (fmt !== undefined) return formatSerial(value, fmt, locale);
  return formatNumber(value);
}
