import { describe, expect, it } from 'vitest';
import { LOCAL_DEVELOPMENT_SECTIONS, renderLocalDevelopment } from '../src/local-development.ts';

describe('the Local development page', () => {
  const html = renderLocalDevelopment();

  it('covers the emulator, the CLI, state and faults, each listed in its table of contents', () => {
    expect(LOCAL_DEVELOPMENT_SECTIONS.map((s) => s.id)).toEqual([
      'emulator',
      'cli',
      'state',
      'faults',
      'offline-tools',
      'typescript',
    ]);
    for (const { id, title } of LOCAL_DEVELOPMENT_SECTIONS) {
      expect(html).toContain(`<a href="#${id}">${title}</a>`);
      expect(html).toContain(`<section id="${id}">\n<h2>${title}</h2>`);
    }
  });

  it('starts the emulator the way a user can, and links home', () => {
    expect(html).toContain('npx specbound-emulator --port 0 --seed');
    expect(html).toContain('./tools/dev emulator --port 0 --seed');
    expect(html).toContain('npx specbound --help');
    expect(html).toContain('href="index.html"');
  });

  it('escapes code and loads nothing from outside', () => {
    expect(html).toContain('&#39;content-type: application/json&#39;');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
  });
});
