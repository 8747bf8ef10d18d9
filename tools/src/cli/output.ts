// Everything the CLI writes goes through an `Io`: data on stdout (a table on a TTY, tab-separated
// text when piped, JSON with --json), progress, hints and errors on stderr. Every write passes
// through the secret filter, so a token that reached a message is printed as [REDACTED], and through
// the terminal filter (terminal.ts), so control characters in remote or user text print as escapes.
import { styleText } from 'node:util';
import { Redactor } from '../redact.js';
import { escapeControl, escapeJsonControl, StyleMarks } from './terminal.js';

/** The part of a stream the CLI uses; tests pass a collecting fake. */
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean | undefined;
}

export type Style = Parameters<typeof styleText>[0];

export interface Column<Row> {
  /** Header on a TTY. */
  header: string;
  /** The cell's text. */
  value: (row: Row) => string | number | boolean | undefined | null;
  /** Right-align (numbers). */
  align?: 'left' | 'right';
}

export interface IoOptions {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  /** `--json`: stdout carries JSON only. */
  json: boolean;
}

/**
 * Whether to colour a stream: FORCE_COLOR (other than 0) forces it, NO_COLOR (any non-empty value)
 * disables it, otherwise only a TTY gets colour. See https://no-color.org and https://force-color.org.
 */
export function useColor(stream: OutStream, env: Record<string, string | undefined>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export class Io {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly json: boolean;
  /** stdout is a terminal: tables, charts and colour are welcome there. */
  readonly isTTY: boolean;
  readonly #colorOut: boolean;
  readonly #colorErr: boolean;
  readonly #secrets = new Redactor();
  readonly #marks = new StyleMarks();

  constructor(options: IoOptions) {
    this.stdout = options.stdout;
    this.stderr = options.stderr;
    this.json = options.json;
    this.isTTY = options.stdout.isTTY === true;
    this.#colorOut = useColor(options.stdout, options.env);
    this.#colorErr = useColor(options.stderr, options.env);
  }

  /** Registers a value that must never be printed (tokens, keys); later writes show [REDACTED]. */
  addSecret(value: string | undefined): void {
    this.#secrets.add(value);
  }

  redact(text: string): string {
    return this.#secrets.redact(text);
  }

  /**
   * Human text made safe to print: secrets redacted, control characters escaped (`\x1b`, `\r`),
   * and only the CLI's own colours (from style()/styleErr()) left as escape sequences.
   */
  clean(text: string): string {
    return this.#marks.restore(escapeControl(this.redact(text)));
  }

  /** Styles text for stdout (a no-op without colour). */
  style(format: Style, text: string): string {
    return this.#colorOut ? this.#styled(format, text) : text;
  }

  /** Styles text for stderr. */
  styleErr(format: Style, text: string): string {
    return this.#colorErr ? this.#styled(format, text) : text;
  }

  // The text is escaped before it is styled: only the style's own escapes get marked as the CLI's.
  #styled(format: Style, text: string): string {
    return this.#marks.mark(styleText(format, escapeControl(text), { validateStream: false }));
  }

  /** One line of human output on stdout (suppressed with --json: stdout is for the JSON then). */
  line(text = ''): void {
    if (!this.json) this.stdout.write(`${this.clean(text)}\n`);
  }

  /** Raw text to stdout (diffs, file contents) unless --json. */
  text(text: string): void {
    if (!this.json) this.stdout.write(this.clean(text));
  }

  /** Human text on stderr as is (commander's messages), made safe like every other write. */
  errText(text: string): void {
    this.stderr.write(this.clean(text));
  }

  /** Progress for humans, on stderr. */
  progress(text: string): void {
    this.stderr.write(`${this.clean(text)}\n`);
  }

  /** A "what next" line, on stderr. */
  hint(text: string): void {
    this.stderr.write(`${this.clean(this.styleErr('dim', text))}\n`);
  }

  /** A warning, on stderr. */
  warn(text: string): void {
    this.stderr.write(`${this.clean(`${this.styleErr('yellow', 'warning:')} ${text}`)}\n`);
  }

  /** With --json, an error as one compact JSON line on stderr (stdout is for results). */
  errJsonLine(value: unknown): void {
    this.stderr.write(`${this.redact(escapeJsonControl(JSON.stringify(value)))}\n`);
  }

  /** With --json, the one JSON document of the command. */
  jsonDocument(value: unknown): void {
    this.stdout.write(`${this.redact(escapeJsonControl(JSON.stringify(value, null, 2)))}\n`);
  }

  /** With --json, one item of a stream (NDJSON: one compact JSON value per line). */
  jsonLine(value: unknown): void {
    this.stdout.write(`${this.redact(escapeJsonControl(JSON.stringify(value)))}\n`);
  }

  /**
   * The command's result: with --json the data as one JSON document; otherwise `human()` renders it.
   */
  result<T>(data: T, human: (data: T) => void): void {
    if (this.json) this.jsonDocument(data);
    else human(data);
  }

  /**
   * Rows: on a TTY an aligned table with a header; piped, tab-separated lines without a header
   * (easy for cut/awk); with --json, a JSON array of the rows themselves.
   */
  table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], empty = 'nothing to show'): void {
    if (this.json) {
      this.jsonDocument(rows);
      return;
    }
    const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
    if (!this.isTTY) {
      for (const line of cells) this.stdout.write(`${this.clean(line.join('\t'))}\n`);
      return;
    }
    if (rows.length === 0) {
      this.stderr.write(`${this.styleErr('dim', empty)}\n`);
      return;
    }
    const widths = columns.map((column, i) =>
      Math.max(column.header.length, ...cells.map((line) => (line[i] ?? '').length)),
    );
    const render = (line: readonly string[]) =>
      line
        .map((text, i) => {
          const width = widths[i] ?? 0;
          return columns[i]?.align === 'right' ? text.padStart(width) : text.padEnd(width);
        })
        .join('  ')
        .trimEnd();
    this.stdout.write(
      `${this.clean(this.style('bold', render(columns.map((c) => c.header.toUpperCase()))))}\n`,
    );
    for (const line of cells) this.stdout.write(`${this.clean(render(line))}\n`);
  }
}

function cell(value: string | number | boolean | undefined | null): string {
  if (value === undefined || value === null) return '';
  // Tabs and newlines would break both the table and the tab-separated form; escaping here (not
  // only at the write) keeps the column widths those of the printed text.
  return escapeControl(String(value).replace(/[\t\r\n]+/g, ' '));
}
