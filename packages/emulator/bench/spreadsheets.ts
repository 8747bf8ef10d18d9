// SpreadsheetApp's budget (issue 23): a script that reads a 10,000 × 10 range with getValues and
// writes it back with setValues, ≤ 150 ms median, against its peer in the same run, a warm
// `scripts.run` of a trivial function (what a run costs before it touches a spreadsheet). Also the
// same script with a state database (each write saves the spreadsheet). Fixed counts per round,
// the order rotating per round; the median of per-round ratios with its min and max.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppsScriptClient } from '@specbound/apps-script';
import { normalizeState, type RunningEmulator, startEmulator } from '../src/index.ts';
import { deployScript } from '../test/helpers.ts';
import { latency, median } from './stats.ts';

const ROUNDS = 7;
const RUNS_PER_ROUND = 5;
const ROWS = 10_000;
const COLUMNS = 10;
const SHEET_ID = '1benchSpreadsheet00000000000000000000000000';

const CODE = `
function trivial() { return 1; }
function readWrite() {
  var range = SpreadsheetApp.openById('${SHEET_ID}').getSheets()[0].getRange(1, 1, ${ROWS}, ${COLUMNS});
  var values = range.getValues();
  range.setValues(values);
  return values.length;
}`;

/** 10,000 rows of numbers, text and booleans (a date every tenth row). */
function seededState() {
  const rows = Array.from({ length: ROWS }, (_, i) =>
    Array.from({ length: COLUMNS }, (_, j) => {
      if (j === 9 && i % 10 === 0) return { v: 45_000 + i, fmt: 'date' };
      return j % 3 === 0 ? i * COLUMNS + j : j % 3 === 1 ? `row ${i} col ${j}` : i % 2 === 0;
    }),
  );
  return normalizeState({
    version: 1,
    sheets: {
      spreadsheets: [
        {
          spreadsheetId: SHEET_ID,
          title: 'Bench',
          sheets: [{ sheetId: 0, title: 'Data', rowCount: ROWS, columnCount: COLUMNS, rows }],
        },
      ],
    },
  });
}

async function deploy(emulator: RunningEmulator) {
  const client = createAppsScriptClient({ baseUrl: emulator.appsScriptUrl, auth: 'bench-token' });
  const { deploymentId } = await deployScript(client, { title: 'Spreadsheet bench', code: CODE });
  return (fn: string) => async () => {
    const out = (await client.scripts.run({ deploymentId, function: fn })) as {
      error?: unknown;
    };
    if (out.error !== undefined) throw new Error(JSON.stringify(out.error));
  };
}

export interface SpreadsheetFigures {
  trivial: number[];
  readWrite: number[];
  saved: number[];
}

export async function spreadsheetBench(): Promise<SpreadsheetFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'specbound-sheets-bench-'));
  const memory = await startEmulator({ sandboxWorkers: 1, state: seededState() });
  const onDisk = await startEmulator({ sandboxWorkers: 1, state: join(dir, 'state.db') });
  const out: SpreadsheetFigures = { trivial: [], readWrite: [], saved: [] };
  try {
    await fetch(`${onDisk.controlUrl}/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(seededState()),
    });
    const [inMemory, saved] = [await deploy(memory), await deploy(onDisk)];
    const tasks = {
      trivial: inMemory('trivial'),
      readWrite: inMemory('readWrite'),
      saved: saved('readWrite'),
    };
    for (const task of Object.values(tasks)) await latency(task, 3);
    const names = Object.keys(tasks) as (keyof typeof tasks)[];
    for (let round = 0; round < ROUNDS; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length] as keyof typeof tasks);
      for (const name of order) out[name].push(await latency(tasks[name], RUNS_PER_ROUND));
    }
  } finally {
    await Promise.all([memory.close(), onDisk.close()]);
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

export function spreadsheetReport(f: SpreadsheetFigures): string[] {
  const ms = (values: number[]) =>
    `${median(values).toFixed(1)} (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}) ms`;
  const ratio = (a: number[], b: number[]) => {
    const r = a.map((x, i) => x / (b[i] ?? Number.NaN));
    return `${median(r).toFixed(1)} (min ${Math.min(...r).toFixed(1)}, max ${Math.max(...r).toFixed(1)})`;
  };
  return [
    '',
    '## SpreadsheetApp: a 10,000 × 10 range',
    '',
    `Fixed counts: ${ROUNDS} rounds of ${RUNS_PER_ROUND} sequential \`scripts.run\` calls of each, the order rotating per`,
    'round; each figure is the median over rounds of the per-round median (min–max over rounds). The script',
    `reads ${ROWS.toLocaleString('en')} × ${COLUMNS} cells (numbers, text, booleans, dates) with \`getValues\` and writes them back with`,
    '`setValues`: one host call each way. Budget: ≤ 150 ms.',
    '',
    '| measure | median ms per run | ratio to `trivial()` (median of per-round ratios, min, max) |',
    '|---|---|---|',
    `| \`scripts.run\` of \`trivial()\` (the peer) | ${ms(f.trivial)} | 1 |`,
    `| getValues + setValues of 10,000 × 10, state in memory | ${ms(f.readWrite)} | ${ratio(f.readWrite, f.trivial)} |`,
    `| the same with \`--state\` (the spreadsheet saved after the run) | ${ms(f.saved)} | ${ratio(f.saved, f.trivial)} |`,
  ];
}
