// The subset of Drive's search syntax (`q`) the CLI and users need: `mimeType = '…'`, `name = '…'`,
// `name contains '…'`, `trashed = false`, `starred = false`, `'<id>' in parents`, with `!=`, `not`,
// `and`, `or` (and binding tighter than or) and parentheses. Anything else is refused with 400, as
// Drive refuses a query it cannot parse, rather than silently matching everything.
import type { DriveFileRecord } from '../apps-script/model.ts';

export type FilePredicate = (file: DriveFileRecord) => boolean;

export class QueryError extends Error {}

type Token = { kind: 'string' | 'word' | 'op'; text: string };

const TOKEN = /\s*(?:'((?:[^'\\]|\\.)*)'|(!=|=|\(|\))|([A-Za-z_][\w.]*))/y;

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < q.length) {
    if (/^\s*$/.test(q.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(q);
    if (m === null) throw new QueryError(`cannot read the query at character ${at + 1}`);
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].replace(/\\(.)/g, '$1') });
    else if (m[2] !== undefined) tokens.push({ kind: 'op', text: m[2] });
    else tokens.push({ kind: 'word', text: m[3] ?? '' });
  }
  return tokens;
}

const FIELDS: ReadonlySet<string> = new Set(['name', 'mimeType', 'trashed', 'starred']);

/** The value a term compares, by field name (one of FIELDS). */
function fieldValue(file: DriveFileRecord, field: string): string | boolean | undefined {
  if (field === 'name') return file.name;
  if (field === 'mimeType') return file.mimeType;
  // Nothing is ever trashed or starred here: files.delete deletes for good.
  if (field === 'trashed' || field === 'starred') return false;
  return undefined;
}

class Parser {
  #pos = 0;
  readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  #peekWord(word: string): boolean {
    const token = this.tokens[this.#pos];
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }

  #next(what: string): Token {
    const token = this.tokens[this.#pos++];
    if (token === undefined) throw new QueryError(`the query ends where ${what} was expected`);
    return token;
  }

  parse(): FilePredicate {
    const predicate = this.#or();
    const rest = this.tokens[this.#pos];
    if (rest !== undefined) throw new QueryError(`unexpected "${rest.text}"`);
    return predicate;
  }

  #or(): FilePredicate {
    const parts = [this.#and()];
    while (this.#peekWord('or')) {
      this.#pos++;
      parts.push(this.#and());
    }
    return parts.length === 1 ? (parts[0] as FilePredicate) : (file) => parts.some((p) => p(file));
  }

  #and(): FilePredicate {
    const parts = [this.#unary()];
    while (this.#peekWord('and')) {
      this.#pos++;
      parts.push(this.#unary());
    }
    return parts.length === 1 ? (parts[0] as FilePredicate) : (file) => parts.every((p) => p(file));
  }

  #unary(): FilePredicate {
    if (this.#peekWord('not')) {
      this.#pos++;
      const inner = this.#unary();
      return (file) => !inner(file);
    }
    const token = this.tokens[this.#pos];
    if (token?.kind === 'op' && token.text === '(') {
      this.#pos++;
      const inner = this.#or();
      const close = this.#next('")"');
      if (close.text !== ')') throw new QueryError(`expected ")" but found "${close.text}"`);
      return inner;
    }
    return this.#term();
  }

  #term(): FilePredicate {
    const first = this.#next('a search term');
    if (first.kind === 'string') {
      const id = first.text;
      if (!this.#peekWord('in')) throw new QueryError(`expected "in parents" after '${id}'`);
      this.#pos++;
      const target = this.#next('"parents"');
      if (target.text !== 'parents')
        throw new QueryError(`only "in parents" is supported, not "in ${target.text}"`);
      return (file) => (file.parents ?? []).includes(id);
    }
    if (first.kind !== 'word' || !FIELDS.has(first.text))
      throw new QueryError(
        `"${first.text}" is not a field this emulator searches by (name, mimeType, trashed, starred, parents)`,
      );
    return this.#comparison(first.text);
  }

  #comparison(field: string): FilePredicate {
    const op = this.#next('an operator');
    const value = this.#next('a value');
    const isBool = field === 'trashed' || field === 'starred';
    const expected = isBool
      ? value.kind === 'word' && (value.text === 'true' || value.text === 'false')
        ? value.text === 'true'
        : undefined
      : value.kind === 'string'
        ? value.text
        : undefined;
    if (expected === undefined)
      throw new QueryError(
        `${field} takes ${isBool ? 'true or false' : 'a quoted string'}, not ${value.text}`,
      );
    if (op.text === 'contains' && field === 'name') {
      const needle = String(expected).toLowerCase();
      return (file) => file.name.toLowerCase().includes(needle);
    }
    if (op.text === '=') return (file) => fieldValue(file, field) === expected;
    if (op.text === '!=') return (file) => fieldValue(file, field) !== expected;
    throw new QueryError(`"${op.text}" is not an operator ${field} takes`);
  }
}

/** Parses `q` into a predicate over files; throws QueryError naming what it could not read. */
export function parseQuery(q: string | undefined): FilePredicate {
  if (q === undefined || q.trim() === '') return () => true;
  return new Parser(tokenize(q)).parse();
}
