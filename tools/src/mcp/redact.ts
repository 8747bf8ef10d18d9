// Every credential value the server learns (tokens, API keys, the credentials' own secrets) is
// registered here; answers and log lines pass through `redact` before they leave the process.
export class Redactor {
  readonly #secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short values would blank out ordinary words; real credentials are long.
    if (secret !== undefined && secret.length >= 8) this.#secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.replaceAll(secret, '[REDACTED]');
    return out;
  }

  /** A JSON value with every secret inside its strings replaced. */
  redactJson<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
