// All-or-nothing writes of several files: every file is first written to a temporary file next to its
// target, and only when all of them are written are they renamed into place; a failure while staging
// removes the temporary files and leaves every target as it was. (One function, so a shared staging
// helper in atomic-file.ts can replace it.)
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface StagedFile {
  /** Absolute path of the target. */
  path: string;
  content: string;
}

export async function writeFilesAllOrNothing(files: readonly StagedFile[]): Promise<void> {
  const temps: { temp: string; target: string }[] = [];
  try {
    for (const { path, content } of files) {
      const temp = `${path}.specbound-${process.pid}.tmp`;
      temps.push({ temp, target: path });
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, content);
    }
  } catch (error) {
    await Promise.all(temps.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  for (const { temp, target } of temps) await rename(temp, target);
}
