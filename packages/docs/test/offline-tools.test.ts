import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderLocalDevelopment } from '../src/local-development.ts';
import { CI_WORKFLOW, OFFLINE_TOOLS_SECTION } from '../src/offline-tools.ts';

const EMULATOR_README = new URL('../../emulator/README.md', import.meta.url);

describe('the "Use your existing tools offline" section of the Local development page', () => {
  const html = renderLocalDevelopment();

  it('is on the page, listed in its table of contents', () => {
    expect(html).toContain('<a href="#offline-tools">Use your existing tools offline</a>');
    expect(html).toContain('<section id="offline-tools">\n<h2>Use your existing tools offline</h2>');
  });

  it('shows clasp with the preload, googleapis with rootUrl, and a CI job with no secrets', () => {
    expect(OFFLINE_TOOLS_SECTION.html).toContain(
      'export NODE_OPTIONS=&quot;--import @specbound/emulator/redirect&quot;',
    );
    expect(OFFLINE_TOOLS_SECTION.html).toContain('export SPECBOUND_EMULATOR_URL=http://127.0.0.1:8787');
    for (const step of [
      'clasp push --force',
      'clasp create-version',
      'clasp create-deployment',
      'clasp run-function',
      'clasp pull',
    ]) {
      expect(OFFLINE_TOOLS_SECTION.html).toContain(step);
    }
    expect(OFFLINE_TOOLS_SECTION.html).toContain('rootUrl: &#39;http://127.0.0.1:8787/&#39;');
    expect(CI_WORKFLOW).toContain('NODE_OPTIONS: --import @specbound/emulator/redirect');
    expect(CI_WORKFLOW).not.toMatch(/secrets\./);
  });

  it("is the same CI job as the emulator README's (which the emulator's e2e test runs)", async () => {
    const readme = await readFile(EMULATOR_README, 'utf8');
    expect(readme).toContain(`\`\`\`yaml\n${CI_WORKFLOW.trim()}\n\`\`\``);
  });
});
