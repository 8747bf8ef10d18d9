// Terminal safety (issue #22, defect 7): remote or user text never drives the terminal. Every Io write
// escapes control characters; only the CLI's own colours stay escape sequences.
import { describe, expect, it } from 'vitest';
import { renderPulled } from '../../src/cli/commands/apps-script/render.js';
import { triageCard } from '../../src/cli/commands/bugsmash/comments/triage.js';
import { Io } from '../../src/cli/output.js';
import { escapeControl } from '../../src/cli/terminal.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join('') };
}

function io(options: { tty?: boolean; json?: boolean; env?: Record<string, string> } = {}) {
  const stdout = stream(options.tty ?? false);
  const stderr = stream(options.tty ?? false);
  const out = new Io({ stdout, stderr, env: options.env ?? {}, json: options.json ?? false });
  return { io: out, stdout, stderr, all: () => stdout.text() + stderr.text() };
}

const TITLE = '\u001b]0;pwned\u0007'; // sets the window title
const CLIPBOARD = '\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007'; // OSC 52: writes the clipboard
const FAKE_LINE = 'rejected\r2026-01-01  verified'; // CR: the line overwrites itself
const CSI_C1 = '\u009b2J'; // C1 CSI: clears the screen on terminals that honour C1
// Any control character except tab and newline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('terminal safety', () => {
  it('escapes C0 (but tab and newline), DEL and C1 as visible text', () => {
    expect(escapeControl(`a${TITLE}b`)).toBe('a\\x1b]0;pwned\\x07b');
    expect(escapeControl(FAKE_LINE)).toBe('rejected\\r2026-01-01  verified');
    expect(escapeControl(CSI_C1)).toBe('\\x9b2J');
    expect(escapeControl('tab\tand\nnewline stay; é ✓ stay')).toBe('tab\tand\nnewline stay; é ✓ stay');
  });

  it('every human write escapes them: lines, text, tables, progress, hints, warnings, errors', () => {
    for (const tty of [true, false]) {
      const t = io({ tty, env: { FORCE_COLOR: '1' } });
      t.io.line(`file ${TITLE}`);
      t.io.text(`content ${CLIPBOARD}\n`);
      t.io.table([{ name: FAKE_LINE }], [{ header: 'name', value: (r) => r.name }]);
      t.io.progress(CSI_C1);
      t.io.hint(TITLE);
      t.io.warn(CLIPBOARD);
      t.io.errText(`error: ${FAKE_LINE}\n`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      const printed = t.all().replace(/\u001b\[\d+m/g, ''); // the CLI's own colours (SGR) are fine
      expect(printed).not.toMatch(UNSAFE);
      expect(printed).toContain('\\x1b]0;pwned\\x07');
      expect(printed).toContain('rejected\\r2026-01-01  verified');
    }
  });

  it("keeps the CLI's own colours, and text cannot forge one", () => {
    const t = io({ tty: true, env: { FORCE_COLOR: '1' } });
    t.io.line(`${t.io.style('green', 'verified')} \u001b[32mfake\u001b[39m`);
    expect(t.stdout.text()).toBe('\u001b[32mverified\u001b[39m \\x1b[32mfake\\x1b[39m\n');
  });

  it('with --json, the same text is escaped as JSON escapes it and parses back unchanged', () => {
    const t = io({ json: true });
    const value = { name: `${TITLE}${CLIPBOARD}${FAKE_LINE}${CSI_C1}\u007f` };
    t.io.jsonDocument(value);
    t.io.jsonLine(value);
    expect(t.stdout.text()).not.toMatch(UNSAFE);
    const [doc, line] = t.stdout.text().trim().split('\n}\n');
    expect(JSON.parse(`${doc}\n}`)).toEqual(value);
    expect(JSON.parse(line ?? '')).toEqual(value);
  });

  it('remote file names of a pull are printed escaped', () => {
    const t = io();
    renderPulled(
      t.io,
      {
        scriptId: 's',
        versionNumber: undefined,
        root: '/p',
        files: [{ name: `Code${TITLE}`, type: 'SERVER_JS', path: `Code${TITLE}`, changed: true }],
        kept: [`x${FAKE_LINE}`],
        keptLocalChanges: [],
        conflictCopies: [],
        skipped: [],
        deleted: [],
        deletedRemotely: [`y${FAKE_LINE}`],
      },
      'Pulled',
    );
    expect(t.all()).not.toMatch(UNSAFE);
    expect(t.stdout.text()).toContain('Code\\x1b]0;pwned\\x07');
  });

  it("the triage card (written by the prompts, not Io) escapes the reviewer's text and name", () => {
    const card = triageCard({
      comment: `Looks good${CLIPBOARD}`,
      comment_by_name: `Eve${FAKE_LINE}`,
      created_at: '2026-01-01',
      priority: 'P1',
    });
    expect(card).not.toMatch(UNSAFE);
    expect(card).toContain('Looks good\\x1b]52;');
  });
});
