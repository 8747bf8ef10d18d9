import type { BaseSequencer } from 'vitest/node';

/** A sequencer class starting `longest` (paths relative to the package, e.g. `test/a.test.ts`) first. */
export declare function longestFirst(longest: readonly string[]): typeof BaseSequencer;
