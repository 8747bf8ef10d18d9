// The subset of the Logging query language the emulator understands: comparisons joined by AND (or
// a space, as Google reads them): `timestamp>="…"`, `severity>=WARNING`, `resource.type="…"`,
// `resource.labels.function_name="…"`, `labels."script.googleapis.com/process_id"="…"`, `logName`,
// `insertId`, `textPayload` and `jsonPayload.message` (`=`, `!=`, `:` for "has"). Anything else (OR,
// NOT, parentheses, other fields) is refused as Google refuses a filter it cannot parse: 400
// INVALID_ARGUMENT, never silently matched.
import { SEVERITIES } from './store.ts';

type Op = '=' | '!=' | '>' | '>=' | '<' | '<=' | ':';
type Entry = Record<string, unknown>;
export type Predicate = (entry: Entry) => boolean;

export class FilterError extends Error {}

const TIME_FIELDS = new Set(['timestamp', 'receiveTimestamp']);
const TEXT_FIELDS =
  /^(resource\.type|resource\.labels\.[A-Za-z_]+|labels\..+|logName|insertId|textPayload|jsonPayload\.message)$/;
const TOKEN = /\s*(?:(AND)(?=[\s"])|("(?:[^"\\]|\\.)*")|(>=|<=|!=|[=<>:])|([^\s"=<>!:]+))/y;

interface Token {
  kind: 'and' | 'string' | 'op' | 'word';
  text: string;
  column: number;
}

function tokenize(filter: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < filter.length) {
    if (/^\s*$/.test(filter.slice(TOKEN.lastIndex))) break;
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(filter);
    if (m === null) throw unparseable(filter, start);
    const column = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').length + 1;
    if (m[1] !== undefined) tokens.push({ kind: 'and', text: m[1], column });
    else if (m[2] !== undefined) tokens.push({ kind: 'string', text: JSON.parse(m[2]) as string, column });
    else if (m[3] !== undefined) tokens.push({ kind: 'op', text: m[3], column });
    else tokens.push({ kind: 'word', text: m[4] ?? '', column });
  }
  return tokens;
}

function unparseable(filter: string, index: number): FilterError {
  return new FilterError(
    `Unparseable filter: syntax error at line 1, column ${index + 1}, token '${filter.slice(index).trim().split(/\s/)[0] ?? ''}'`,
  );
}

/** `labels."a/b"` arrives as the word `labels.` and the string `a/b`: one field name. */
function readField(tokens: Token[], at: number): { field: string; next: number } {
  const first = tokens[at];
  if (first?.kind !== 'word')
    throw new FilterError(`Unparseable filter: expected a field at column ${first?.column ?? 'end'}`);
  const quoted = tokens[at + 1];
  if (first.text.endsWith('.') && quoted?.kind === 'string')
    return { field: `${first.text}${quoted.text}`, next: at + 2 };
  return { field: first.text, next: at + 1 };
}

/** Compiles a filter into a predicate over rendered entries; throws FilterError for what it cannot read. */
export function compileFilter(filter: string): Predicate {
  const tokens = tokenize(filter);
  const terms: Predicate[] = [];
  let at = 0;
  while (at < tokens.length) {
    if (tokens[at]?.kind === 'and' && terms.length > 0) at++;
    const { field, next } = readField(tokens, at);
    const op = tokens[next];
    const value = tokens[next + 1];
    if (op?.kind !== 'op' || value === undefined || value.kind === 'op' || value.kind === 'and') {
      throw new FilterError(
        `Unparseable filter: expected a comparison after "${field}" at column ${op?.column ?? 'end'} (the emulator reads comparisons joined by AND)`,
      );
    }
    terms.push(term(field, op.text as Op, value.text));
    at = next + 2;
  }
  return (entry) => terms.every((matches) => matches(entry));
}

function term(field: string, op: Op, value: string): Predicate {
  if (TIME_FIELDS.has(field)) {
    const wanted = Date.parse(value);
    if (Number.isNaN(wanted)) throw new FilterError(`Invalid timestamp in filter: "${value}"`);
    return (entry) => compare(Date.parse(String(entry[field])) - wanted, op);
  }
  if (field === 'severity') {
    const rank = SEVERITIES.indexOf(value.toUpperCase());
    if (rank < 0)
      throw new FilterError(`Invalid severity in filter: "${value}" (one of ${SEVERITIES.join(', ')})`);
    return (entry) => compare(SEVERITIES.indexOf(String(entry.severity)) - rank, op);
  }
  if (!TEXT_FIELDS.test(field)) throw new FilterError(`Unsupported field in filter: "${field}"`);
  if (op !== '=' && op !== '!=' && op !== ':')
    throw new FilterError(`Unsupported comparison "${op}" on "${field}"`);
  return (entry) => {
    const actual = valueAt(entry, field);
    if (op === ':') return actual?.toLowerCase().includes(value.toLowerCase()) === true;
    return (actual === value) === (op === '=');
  };
}

function compare(difference: number, op: Op): boolean {
  if (Number.isNaN(difference)) return false;
  if (op === '=' || op === ':') return difference === 0;
  if (op === '!=') return difference !== 0;
  if (op === '>') return difference > 0;
  if (op === '>=') return difference >= 0;
  if (op === '<') return difference < 0;
  return difference <= 0;
}

/** `labels.<key>` takes the rest as one key (label keys hold dots and slashes); other paths split on dots. */
function valueAt(entry: Entry, field: string): string | undefined {
  if (field.startsWith('labels.'))
    return (entry.labels as Record<string, string> | undefined)?.[field.slice(7)];
  let value: unknown = entry;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : undefined;
}
