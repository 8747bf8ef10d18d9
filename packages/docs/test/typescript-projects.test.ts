import { describe, expect, it } from 'vitest';
import { renderLocalDevelopment } from '../src/local-development.ts';
import { TYPESCRIPT_SECTION } from '../src/typescript-projects.ts';

describe('the "TypeScript projects" section of the Local development page', () => {
  const html = renderLocalDevelopment();

  it('is on the page, listed in its table of contents', () => {
    expect(html).toContain('<a href="#typescript">TypeScript projects</a>');
    expect(html).toContain('<section id="typescript">\n<h2>TypeScript projects</h2>');
  });

  it('says which functions stay callable, where the map is kept, and shows a stack at .ts lines', () => {
    expect(TYPESCRIPT_SECTION.html).toContain('no other kept <code>.ts</code> file imports');
    expect(TYPESCRIPT_SECTION.html).toContain('<code>.specbound/**</code> to <code>.claspignore</code>');
    expect(TYPESCRIPT_SECTION.html).toContain('at total (src/lib/prices.ts:3:5)');
    expect(TYPESCRIPT_SECTION.html).toContain('tsc --noEmit');
  });
});
