// Google's time limits on a run: 6 minutes (the emulator's default run limit) and 30 seconds for a
// custom function, whatever longer limit the emulator was given.
import { describe, expect, it } from 'vitest';
import { CUSTOM_FUNCTION_TIME_LIMIT_MS, RUN_TIME_LIMIT_MS, runTimeLimitMs } from '../src/apps-script/runs.ts';

describe('run time limits', () => {
  it("keeps Google's 6 minutes per run (the default runTimeoutMs)", () => {
    expect(RUN_TIME_LIMIT_MS).toBe(360_000);
  });

  it('caps a custom function at 30 seconds, under any longer run limit', () => {
    expect(CUSTOM_FUNCTION_TIME_LIMIT_MS).toBe(30_000);
    expect(runTimeLimitMs(RUN_TIME_LIMIT_MS, { customFunction: true })).toBe(30_000);
    expect(runTimeLimitMs(3_600_000, { customFunction: true })).toBe(30_000);
    expect(runTimeLimitMs(1_000, { customFunction: true })).toBe(1_000);
    expect(runTimeLimitMs(RUN_TIME_LIMIT_MS, {})).toBe(360_000);
  });
});
