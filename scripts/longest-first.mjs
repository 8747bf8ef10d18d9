// A vitest sequencer for the long suites (emulator, tools): the files named, started first and in
// that order, so that no long file begins last and runs alone at the end. Vitest orders by the
// durations of the previous run when it has them, else by file size, which puts some of them late
// on a fresh clone.
import { BaseSequencer } from 'vitest/node';

/** A sequencer class starting `longest` (paths relative to the package, e.g. `test/a.test.ts`) first. */
export function longestFirst(longest) {
  return class LongestFirst extends BaseSequencer {
    async sort(files) {
      const rank = (file) => {
        const index = longest.findIndex((name) => file.moduleId.endsWith(name));
        return index === -1 ? longest.length : index;
      };
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
