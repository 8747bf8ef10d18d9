// The export formats. Each turns one exported comment at a time into text, so the export never
// needs more than the comment in hand: a JSON array is written as "[", items, "]".
import { createRequire } from 'node:module';
import type * as CsvStringify from 'csv-stringify/sync';
import type { ExportedComment } from './types.js';

export const FORMATS = ['csv', 'json', 'ndjson', 'md'] as const;
export type ExportFormat = (typeof FORMATS)[number];

export interface RecordWriter {
  /** Text before the first record. */
  head(): string;
  record(item: ExportedComment, index: number): string;
  /** Text after the last record. */
  tail(count: number): string;
}

/** The CSV columns, in order. */
export const CSV_COLUMNS = [
  'project_id',
  'project_name',
  'comment_id',
  'comment_number',
  'status',
  'priority',
  'is_private',
  'author_name',
  'author_email',
  'assigned_to_name',
  'assigned_to_email',
  'created_at',
  'updated_at',
  'page_url',
  'tags',
  'comment',
  'reply_count',
  'replies',
] as const;

/**
 * What starts a formula: = + - @ in ASCII and full width (Excel and LibreOffice fold U+FF1D ＝,
 * U+FF0B ＋, U+FF0D － and U+FF20 ＠ to ASCII on import), a tab and a carriage return.
 */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/;

/**
 * Where another reader may start a cell inside ours: a `;`-delimited locale splits at `;` and,
 * since the quotes of a `,` file mean nothing to it mid-cell, breaks the record at CR or LF. A
 * formula character there (after any quotes, spaces or tabs) gets the same apostrophe.
 */
const INNER_FORMULA = /([;\r\n][" \t]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A cell a spreadsheet will not run: text starting with a formula character is read as a formula
 * by Excel, LibreOffice and Sheets (CSV injection, OWASP), so it gets a leading apostrophe, which
 * spreadsheets show as plain text.
 */
export function safeCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : String(value);
  const inner = text.replace(INNER_FORMULA, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

function pageUrl(item: ExportedComment): string | undefined {
  const location = (item.comment as { location_metadata?: unknown }).location_metadata;
  if (typeof location === 'object' && location !== null && 'page_url' in location) {
    const url = (location as { page_url?: unknown }).page_url;
    return typeof url === 'string' ? url : undefined;
  }
  return undefined;
}

function csvRow(item: ExportedComment): string[] {
  const c = item.comment;
  const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    project_id: item.project_id,
    project_name: item.project_name,
    comment_id: c.comment_id,
    comment_number: c.comment_number,
    status: c.status,
    priority: c.priority,
    is_private: c.is_private === true || c.is_private === 1 ? 'true' : 'false',
    author_name: c.comment_by_name,
    author_email: c.comment_by_email,
    assigned_to_name: c.assigned_to_name,
    assigned_to_email: c.assigned_to_email,
    created_at: c.created_at,
    updated_at: c.updated_at,
    page_url: pageUrl(item),
    tags: c.tags.map((tag) => tag.name).join(', '),
    comment: c.comment,
    reply_count: item.replies.length,
    replies: item.replies.map((r) => `${r.comment_by_name ?? 'someone'}: ${r.comment ?? ''}`).join('\n'),
  };
  return CSV_COLUMNS.map((column) => safeCell(values[column]));
}

/**
 * RFC 4180 with CRLF record ends. csv-stringify quotes a field holding the delimiter, a quote or
 * the whole record delimiter, but not a bare LF or CR, which Python's `csv` and spreadsheets read
 * as a record break; `;` is quoted too, so a `;`-delimited locale does not split `a;=cmd` into a
 * live cell; leading or trailing space is quoted so no reader trims it.
 */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[;\r\n]|^\s|\s$/ } as const;

function csv(): RecordWriter {
  // Required here, not imported: it cost every `import '@specbound/tools'` ~7 ms, for an export format
  // few calls use.
  const { stringify } = createRequire(import.meta.url)('csv-stringify/sync') as typeof CsvStringify;
  return {
    // A UTF-8 byte order mark, so Excel opens accented names correctly; RFC 4180 CRLF line ends.
    head: () => `\uFEFF${stringify([[...CSV_COLUMNS]], CSV_OPTIONS)}`,
    record: (item) => stringify([csvRow(item)], CSV_OPTIONS),
    tail: () => '',
  };
}

function jsonItem(item: ExportedComment) {
  return {
    project_id: item.project_id,
    project_name: item.project_name,
    ...item.comment,
    replies: item.replies,
  };
}

function json(): RecordWriter {
  return {
    head: () => '[',
    record: (item, index) => `${index === 0 ? '\n' : ',\n'}${JSON.stringify(jsonItem(item))}`,
    tail: (count) => (count === 0 ? ']\n' : '\n]\n'),
  };
}

function ndjson(): RecordWriter {
  return {
    head: () => '',
    record: (item) => `${JSON.stringify(jsonItem(item))}\n`,
    tail: () => '',
  };
}

/** Markdown text without the characters that would start a heading, list or table cell by accident. */
function mdText(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*_[\]<>|#])/g, '\\$1');
}

function md(): RecordWriter {
  let project: string | undefined;
  return {
    head: () => '# BugSmash comments\n',
    record: (item) => {
      const c = item.comment;
      let out = '';
      if (item.project_id !== project) {
        project = item.project_id;
        out += `\n## ${mdText(item.project_name)}\n`;
      }
      const who = c.comment_by_name ?? c.comment_by_email ?? 'someone';
      const url = pageUrl(item);
      out += `\n### #${c.comment_number} · ${c.status} · ${c.priority}\n\n`;
      out += `- id: \`${c.comment_id}\`\n- by: ${mdText(String(who))}, ${c.created_at}\n`;
      if (url !== undefined) out += `- page: <${url.replace(/[<>\s]/g, encodeURIComponent)}>\n`;
      out += `\n${mdText(c.comment)}\n`;
      for (const reply of item.replies) {
        out += `\n> **${mdText(String(reply.comment_by_name ?? 'someone'))}:** ${mdText(String(reply.comment ?? ''))}\n`;
      }
      return out;
    },
    tail: (count) => (count === 0 ? '\n_No comments._\n' : ''),
  };
}

export function recordWriter(format: ExportFormat): RecordWriter {
  switch (format) {
    case 'csv':
      return csv();
    case 'json':
      return json();
    case 'ndjson':
      return ndjson();
    case 'md':
      return md();
  }
}
