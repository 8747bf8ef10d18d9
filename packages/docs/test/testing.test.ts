import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../src/paths.ts';
import { readTestingSamples, renderTesting, TESTING_SAMPLES, testingSections } from '../src/testing.ts';

describe('the Testing your code page', async () => {
  const samples = await readTestingSamples();
  const html = renderTesting(samples);

  it('covers the in-process fetch, MSW, the HTTP emulator, and the fixture with validation', () => {
    expect(testingSections(samples).map((s) => s.id)).toEqual([
      'in-process',
      'msw',
      'http',
      'fixture-and-validation',
    ]);
    for (const { id, title } of testingSections(samples))
      expect(html).toContain(`<a href="#${id}">${title}</a>`);
  });

  it('shows each runnable sample of samples/testing/ whole (the unit tests run them)', async () => {
    for (const name of TESTING_SAMPLES) {
      const source = await readFile(join(SAMPLES_DIR, 'testing', name), 'utf8');
      const firstLine = source.split('\n')[0] ?? '';
      expect(html).toContain(firstLine.replaceAll("'", '&#39;'));
    }
    expect(html).toContain('createEmulatorFetch');
    expect(html).toContain('emulatorHandlers');
    expect(html).toContain('startEmulator');
  });
});
