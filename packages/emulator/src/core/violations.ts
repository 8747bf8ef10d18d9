/** A response the emulator produced that its own spec forbids: always a bug in the emulator. */
export interface Violation {
  at: string;
  service: string;
  operationId: string;
  method: string;
  path: string;
  status: number;
  problems: string[];
}

/** Keeps the most recent violations (and a total count) for `GET /__emulator/violations`. */
export class ViolationLog {
  readonly #items: Violation[] = [];
  #total = 0;
  readonly #onViolation: ((violation: Violation) => void) | undefined;

  constructor(onViolation?: (violation: Violation) => void) {
    this.#onViolation = onViolation;
  }

  record(violation: Violation): void {
    this.#total++;
    this.#items.push(violation);
    if (this.#items.length > 1_000) this.#items.shift();
    this.#onViolation?.(violation);
  }

  get total(): number {
    return this.#total;
  }

  list(): Violation[] {
    return [...this.#items];
  }

  clear(): void {
    this.#items.length = 0;
    this.#total = 0;
  }
}
