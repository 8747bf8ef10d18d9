import { describe, expect, it } from 'vitest';
import { renderLanding } from '../src/landing.ts';
import { renderLocalDevelopment } from '../src/local-development.ts';
import { RUNTIME_SECTIONS, RUNTIME_SERVICES, renderRuntime } from '../src/runtime.ts';

describe('the Apps Script runtime page', () => {
  const html = renderRuntime();

  it('lists every service with its methods, and what the emulator does not implement', () => {
    for (const service of RUNTIME_SERVICES) {
      expect(html).toContain(`<code>${service.name}</code>`);
      for (const method of service.methods) expect(html).toContain(`<code>${method}</code>`);
    }
    expect(html).toContain('is not implemented in the emulator.');
    expect(html).toContain('<code>SpreadsheetApp</code>');
    expect(html).toContain('<strong>Formulas are stored as written and never evaluated</strong>');
  });

  it('has its sections in the table of contents, the limits and the CORS policy, and is linked', () => {
    expect(RUNTIME_SECTIONS.map((s) => s.id)).toEqual([
      'overview',
      'services',
      'clock',
      'web-apps',
      'limits',
      'browsers',
    ]);
    for (const { id, title } of RUNTIME_SECTIONS) expect(html).toContain(`<a href="#${id}">${title}</a>`);
    expect(html).toContain('Exception: Exceeded memory limit.');
    expect(html).toContain('/__emulator/clock');
    expect(html).toContain('/macros/s/&lt;deploymentId&gt;/exec');
    expect(html).toContain('--allow-origin https://app.example.com');
    expect(renderLocalDevelopment()).toContain('href="apps-script-runtime.html"');
    expect(renderLanding([], [])).toContain('href="apps-script-runtime.html"');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
  });
});
