import { describe, expect, it } from 'vitest';
import { renderLanding, type ServiceSummary } from '../src/landing.ts';
import type { OperationRef } from '../src/operations.ts';
import { SERVICES } from '../src/services.ts';

const op = (operationId: string, webhook: boolean): OperationRef => ({
  operationId,
  summary: operationId,
  method: 'post',
  path: '/x',
  webhook,
  operation: {},
});

const summaries: ServiceSummary[] = SERVICES.map((service) => ({
  service,
  doc: { info: { title: service.name, summary: `<${service.id}> & co` } },
  operations: service.id === 'bugsmash' ? [op('a', false), op('b', true)] : [op('a', false), op('c', false)],
}));

describe('renderLanding', () => {
  const html = renderLanding(summaries);

  it('links to each reference page', () => {
    expect(html).toContain('href="apps-script.html"');
    expect(html).toContain('href="bugsmash.html"');
    expect(html).toContain('href="logging.html"');
    expect(html).toContain('href="drive.html"');
    expect(html).toContain('href="sheets.html"');
  });

  it('counts operations and webhook deliveries from the specs and escapes spec text', () => {
    expect(html).toContain('2 operations ·');
    expect(html).toContain('1 operations and 1 webhook deliveries');
    expect(html).toContain('&lt;bugsmash&gt; &amp; co');
  });

  it('shows both quick-start sample files, escaped', () => {
    expect(html).toContain('createAppsScriptClient');
    expect(html).toContain('createBugSmashClient');
    expect(html).toContain('createLoggingClient');
    expect(html).toContain('createDriveClient');
    expect(html).toContain('createSheetsClient');
    expect(html).toContain('.get({ versionId: &#39;00000000-0000-4000-8000-000000000000&#39; })');
  });

  it('links each package README, the CLI and the Local development page', () => {
    for (const folder of [
      'packages/http',
      'packages/apps-script',
      'packages/bugsmash',
      'packages/logging',
      'packages/drive',
      'packages/sheets',
      'packages/emulator',
      'tools',
    ])
      expect(html).toContain(`href="https://github.com/specbound/specbound/tree/main/${folder}#readme"`);
    expect(html).toContain('specbound CLI</a>');
    expect(html).toContain('href="local-development.html"');
    expect(html).toContain('https://github.com/specbound/specbound#install');
  });

  it('loads nothing from outside: no external scripts, stylesheets, images or fonts', () => {
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
    expect(html).not.toMatch(/url\(\s*['"]?https?:/);
  });
});
