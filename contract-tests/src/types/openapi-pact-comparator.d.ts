// The package's own declarations re-export `./compare` without an extension, which NodeNext
// resolution cannot follow (so `Comparator` looks missing). tsconfig.json's `paths` points the
// module here instead: the part of its API (2.3.x, dist/src/{compare,results}/index.d.ts) we use.
export interface Result {
  code: string;
  message: string;
  mockDetails?: {
    interactionDescription?: string | null;
    interactionState?: string | null;
    location: string;
    value: unknown;
  };
  specDetails?: {
    location: string;
    pathMethod?: string | null;
    pathName?: string | null;
    value: unknown;
  };
  type: 'error' | 'warning' | 'info';
  causes?: Result[];
}

export interface ComparatorOptions {
  /** An OpenAPI 3 (or Swagger 2) document, parsed. */
  oas?: object;
}

export declare class Comparator {
  constructor(options?: ComparatorOptions);
  /** Yields every finding for one parsed pact file. */
  compare(pact: object): AsyncGenerator<Result>;
}
