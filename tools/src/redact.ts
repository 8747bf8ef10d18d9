// The secrets the CLI and the MCP server have seen (tokens, API keys, the credentials' own secrets),
// and the text they print redacted of them. The matching is @specbound/http's, the clients' own
// (percent-encoded spellings too, longest first); its `./redact` entry loads nothing else.
import { redactor } from '@specbound/http/redact';

export class Redactor {
  readonly #secrets = new Set<string>();
  #redact: (text: string) => string = (text) => text;

  /** Registers a value that must never be printed; later text shows [REDACTED] in its place. */
  add(secret: string | undefined): void {
    // Very short values would blank out ordinary words; real credentials are long.
    if (secret === undefined || secret.length < 8 || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    this.#redact = redactor([...this.#secrets]);
  }

  redact(text: string): string {
    return this.#redact(text);
  }

  /** A JSON value with every secret inside its strings replaced. */
  redactJson<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
