// What the emulator's benches share: the median they report and a sequential latency probe. The
// project they deploy to call `scripts.run` on comes from the tests' deployScript (test/helpers.ts).

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Median ms of `count` sequential calls. */
export async function latency(call: () => Promise<unknown>, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}
