// The CSV export read back by independent readers: csv-parse, Papa Parse and, where python3 exists
// (it does on CI), Python's `csv` module, which is stricter than csv-parse about bare line breaks.
// Each reader must see one record per comment, every cell as written (plus the formula guard's
// apostrophe), and a `;`-delimited reader must find no cell that starts a formula.
import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportComments, type TextSink } from '../../src/bugsmash/export.js';
import { CSV_COLUMNS } from '../../src/bugsmash/format.js';
import { clientOver, type FakeProject, fakeBugSmash, fakeComment } from './fake-bugsmash.js';

type Rows = string[][];
type Reader = (text: string, delimiter: ',' | ';') => Rows;

const PYTHON_READER = `
import csv, io, json, sys
data = sys.stdin.buffer.read().decode('utf-8-sig')
print(json.dumps(list(csv.reader(io.StringIO(data, newline=''), delimiter=sys.argv[1]))))
`;

const hasPython = spawnSync('python3', ['--version']).status === 0;

const readers: Record<string, Reader> = {
  'csv-parse': (text, delimiter) => parse(text, { bom: true, delimiter }),
  papaparse: (text, delimiter) =>
    Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, newline: '\r\n', skipEmptyLines: true })
      .data,
  ...(hasPython
    ? {
        python: (text: string, delimiter: string) => {
          const run = spawnSync('python3', ['-c', PYTHON_READER, delimiter], {
            input: text,
            encoding: 'utf8',
          });
          if (run.status !== 0) throw new Error(run.stderr);
          return JSON.parse(run.stdout) as Rows;
        },
      }
    : {}),
};

/** What a comma reader must find in a cell: the text, behind an apostrophe when it starts a formula. */
function expectedCell(text: string): string {
  const inner = text.replace(/([;\r\n][" \t]*)(?=[=+\-@＝＋－＠])/g, "$1'");
  return /^[=+\-@＝＋－＠\t\r]/.test(inner) ? `'${inner}` : inner;
}

const LIVE_CELL = /^[\s"]*[=+\-@＝＋－＠]/;

interface Sample {
  text: string;
  replies: { name: string; text: string }[];
}

async function exportCsv(samples: readonly Sample[]): Promise<string> {
  const comments = samples.map((s, i) => fakeComment(i + 1, { comment: s.text }));
  const project: FakeProject = {
    id: 'p1',
    name: 'Project; =1',
    comments,
    replies: Object.fromEntries(
      samples.map((s, i) => [
        comments[i]?.comment_id,
        s.replies.map((r) => ({ comment: r.text, comment_by_name: r.name })),
      ]),
    ),
  };
  const chunks: string[] = [];
  const sink: TextSink = { write: async (chunk) => void chunks.push(chunk) };
  await exportComments(clientOver(fakeBugSmash([project])), sink, { projects: 'all', format: 'csv' });
  return chunks.join('');
}

function checkCommaReading(rows: Rows, samples: readonly Sample[]): void {
  expect(rows).toHaveLength(samples.length + 1);
  expect(rows[0]).toEqual([...CSV_COLUMNS]);
  const at = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
  samples.forEach((sample, i) => {
    const row = rows[i + 1] ?? [];
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(row[at('project_name')]).toBe(expectedCell('Project; =1'));
    expect(row[at('comment')]).toBe(expectedCell(sample.text));
    expect(row[at('reply_count')]).toBe(String(sample.replies.length));
    expect(row[at('replies')]).toBe(
      expectedCell(sample.replies.map((r) => `${r.name}: ${r.text}`).join('\n')),
    );
  });
}

/**
 * Read as a `;` file, a `,` file is malformed (its quotes sit mid-cell), and csv-parse rightly
 * refuses it; Papa Parse and Python read on as a spreadsheet does, so they stand in for it.
 */
const SEMICOLON_READERS = ['papaparse', 'python'];

function checkSemicolonReading(text: string): void {
  for (const name of SEMICOLON_READERS) {
    const rows = readers[name]?.(text, ';') ?? [];
    for (const cell of rows.flat()) expect(cell, name).not.toMatch(LIVE_CELL);
  }
}

const NASTY = [
  'line one\nline two',
  'first\r\n=cmd|" /C calc"!A0',
  'bare CR\r=HYPERLINK("x")',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  'a;=cmd',
  'a;"=cmd',
  'x;"" =1',
  ' leading space',
  'trailing space ',
  '"quoted", with comma',
  '\tTab',
  '@mention',
  'plain',
  '',
];

const SAMPLES: Sample[] = NASTY.map((text, i) => ({
  text,
  replies: Array.from({ length: i % 4 }, (_, r) => ({ name: NASTY[(i + r + 1) % NASTY.length] ?? '', text })),
}));

describe('CSV export read back by independent readers', () => {
  it(`every reader (${Object.keys(readers).join(', ')}) finds one record per comment, cells intact and guarded`, async () => {
    expect(hasPython || process.env.CI === undefined, 'python3 is present on CI').toBe(true);
    const text = await exportCsv(SAMPLES);
    expect(text.endsWith('\r\n')).toBe(true);
    for (const read of Object.values(readers)) {
      checkCommaReading(read(text, ','), SAMPLES);
    }
    checkSemicolonReading(text);
  });

  it('quotes a field with a bare LF, a bare CR, a `;` or edge spaces, so no reader splits it', async () => {
    const text = await exportCsv([
      { text: 'a\nb', replies: [] },
      { text: 'a\rb', replies: [] },
      { text: 'a;b', replies: [] },
      { text: ' a', replies: [] },
    ]);
    for (const cell of ['"a\nb"', '"a\rb"', '"a;b"', '" a"']) expect(text).toContain(`,${cell},`);
  });

  const textArb = fc.string({
    unit: fc.constantFrom(
      'a',
      ' ',
      ',',
      ';',
      '"',
      '\n',
      '\r',
      '\t',
      '=',
      '+',
      '-',
      '@',
      '＝',
      '＠',
      'é',
      "'",
    ),
    maxLength: 12,
  });
  const sampleArb = fc.record({
    text: textArb,
    replies: fc.array(fc.record({ name: textArb, text: textArb }), { maxLength: 3 }),
  });

  it('property: any comment texts and reply counts read back intact with csv-parse and Papa Parse', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sampleArb, { minLength: 1, maxLength: 5 }), async (samples) => {
        const text = await exportCsv(samples);
        for (const name of ['csv-parse', 'papaparse']) {
          checkCommaReading(readers[name]?.(text, ',') ?? [], samples);
        }
        const rows = readers.papaparse?.(text, ';') ?? [];
        for (const cell of rows.flat()) expect(cell).not.toMatch(LIVE_CELL);
      }),
      { numRuns: 150 },
    );
  });

  it('property: 300 random comments in one file read back intact by every reader (one python3 run)', async () => {
    const samples = fc.sample(sampleArb, { numRuns: 300, seed: 25 });
    const text = await exportCsv(samples);
    for (const read of Object.values(readers)) {
      checkCommaReading(read(text, ','), samples);
    }
    checkSemicolonReading(text);
  });
});
