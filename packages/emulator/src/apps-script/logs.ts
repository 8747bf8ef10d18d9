// Script output (`Logger.log`, `console.*`) kept for `GET /__emulator/logs`: a ring bounded both in
// lines and in bytes, so no amount of logging grows the emulator's memory past it.

export interface LogLine {
  at: string;
  scriptId: string;
  functionName: string;
  line: string;
}

export class LogRing {
  readonly #lines: LogLine[] = [];
  readonly #maxLines: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxLines = 5_000, maxBytes = 4 * 1024 * 1024) {
    this.#maxLines = maxLines;
    this.#maxBytes = maxBytes;
  }

  add(entry: LogLine): void {
    this.#lines.push(entry);
    this.#bytes += entry.line.length * 2;
    while (this.#lines.length > this.#maxLines || this.#bytes > this.#maxBytes) {
      const dropped = this.#lines.shift();
      if (dropped === undefined) break;
      this.#bytes -= dropped.line.length * 2;
    }
  }

  list(): LogLine[] {
    return this.#lines.map((l) => ({ ...l }));
  }

  /** Bytes held by the lines (UTF-16). */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#lines.length = 0;
    this.#bytes = 0;
  }
}
