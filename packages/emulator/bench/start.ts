// Start time on an existing state database of 10 000 comments, against a start on an empty database
// in the same run: fixed counts (STARTS_PER_ROUND starts of each per round), rounds alternating
// which goes first; the figures are medians over rounds, with the median of per-round ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/index.ts';
import { median } from './stats.ts';

const ROUNDS = 7;
const STARTS_PER_ROUND = 3;
const START_COMMENTS = 10_000;

/** A state database holding one BugSmash project with `count` comments (written through the control API). */
async function databaseWithComments(file: string, count: number): Promise<void> {
  const emulator = await startEmulator({ state: file });
  const time = '2026-01-31T07:58:30.000000Z';
  const projectId = '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f';
  const comments = Array.from({ length: count }, (_, i) => ({
    comment_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    project_id: projectId,
    comment_number: i + 1,
    comment: `<p>Comment ${i}: the logo is blurry on the pricing page, please look again.</p>`,
    created_at: time,
    updated_at: time,
  }));
  const project = {
    id: projectId,
    name: 'Bench',
    type: 'website',
    short_code: 'AbCdE',
    created_at: time,
    updated_at: time,
  };
  const answer = await fetch(`${emulator.controlUrl}/state`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, bugsmash: { projects: [project], comments } }),
  });
  if (answer.status !== 200) throw new Error(`PUT /state answered ${answer.status}: ${await answer.text()}`);
  await emulator.close();
}

/** Median ms of `count` starts (to listening, state loaded) on `file`; each emulator is closed untimed. */
async function startRound(file: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const emulator = await startEmulator({ state: file });
    times.push(performance.now() - started);
    await emulator.close();
  }
  return median(times);
}

export interface StartFigures {
  empty: number[];
  full: number[];
}

export async function startTimes(): Promise<StartFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'emu-bench-start-'));
  const emptyFile = join(dir, 'empty.db');
  const fullFile = join(dir, 'comments.db');
  await startEmulator({ state: emptyFile }).then((e) => e.close());
  await databaseWithComments(fullFile, START_COMMENTS);
  const empty: number[] = [];
  const full: number[] = [];
  await startRound(emptyFile, 1);
  await startRound(fullFile, 1);
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      empty.push(await startRound(emptyFile, STARTS_PER_ROUND));
      full.push(await startRound(fullFile, STARTS_PER_ROUND));
    } else {
      full.push(await startRound(fullFile, STARTS_PER_ROUND));
      empty.push(await startRound(emptyFile, STARTS_PER_ROUND));
    }
  }
  await rm(dir, { recursive: true, force: true });
  return { empty, full };
}

export function startReport(f: StartFigures): string[] {
  const ratios = f.full.map((x, i) => x / (f.empty[i] ?? Number.NaN));
  const range = (values: readonly number[], digits: number) =>
    `${median(values).toFixed(digits)} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;
  return [
    '## Start on an existing state database',
    '',
    `Fixed counts: ${ROUNDS} rounds of ${STARTS_PER_ROUND} starts on each database, alternating which goes first; a start is`,
    '`startEmulator({ state })` until it listens with the state loaded (specs compiled, database checked:',
    'quick_check, every entity CRC and upload hash, the document validated); each figure is the median over rounds.',
    '',
    `| measure | empty database | ${START_COMMENTS.toLocaleString('en-US')} comments | ratio (median of per-round ratios, min, max) |`,
    '|---|---|---|---|',
    `| start (ms, median over rounds; min–max) | ${range(f.empty, 0)} ms | ${range(f.full, 0)} ms | ${range(ratios, 2)} |`,
    '',
  ];
}

if (import.meta.main) {
  const figures = await startTimes();
  console.log(startReport(figures).join('\n'));
}
