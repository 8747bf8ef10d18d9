// Terminal safety: text that came from a server, a file name or a flag must not drive the terminal.
// An ESC sequence can set the window title, write the clipboard (OSC 52) or move the cursor, and a
// bare CR lets a line overwrite itself ("rejected" becoming a fake "verified"). Io passes every human
// write through escapeControl() and every JSON write through escapeJsonControl(), so no command has to.
import { randomBytes } from 'node:crypto';

// C0 except tab and newline, DEL, and C1 (which some terminals read as ESC-sequence introducers).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Control characters shown as visible escapes (`\x1b`, `\r`), so the text prints but cannot act. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => {
    if (char === '\r') return '\\r';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

// JSON.stringify escapes C0 already; DEL and C1 are legal raw in JSON, and a terminal showing the
// JSON would still act on them, so they are escaped too (`\u009b`): the same string once parsed.
const JSON_RAW = /[\u007f-\u009f]/g;

export function escapeJsonControl(json: string): string {
  return json.replace(JSON_RAW, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The escapes of the CLI's own colours. `styleText` output is marked with a random token instead of
 * ESC, so escapeControl() leaves the marks alone and `restore` turns them back into ESC afterwards;
 * text from elsewhere cannot guess the token, so it cannot smuggle a colour or a sequence through.
 */
export class StyleMarks {
  readonly #mark = `\u{F8FF}${randomBytes(6).toString('hex')}\u{F8FF}`;

  mark(styled: string): string {
    return styled.split('\u001b').join(this.#mark);
  }

  restore(text: string): string {
    return text.split(this.#mark).join('\u001b');
  }
}
