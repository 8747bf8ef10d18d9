import { readFileSync } from 'node:fs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface SpecOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
}

export interface PactRequest {
  readonly description: string;
  readonly method: string;
  readonly path: string;
}

export interface Coverage {
  /** Interaction descriptions per operationId, in spec order. */
  readonly byOperation: ReadonlyMap<SpecOperation, readonly string[]>;
  /** Interactions that match no operation (the validator reports these too, with detail). */
  readonly unmatched: readonly PactRequest[];
}

/** Every operation of a bundled (single-file, JSON) spec. */
export function operationsOf(specFile: string): SpecOperation[] {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (operation === undefined) continue;
      operations.push({ operationId: operation.operationId ?? `${method} ${path}`, method, path });
    }
  }
  return operations;
}

/** The HTTP interactions of a pact file (V4 `Synchronous/HTTP`, or V2/V3 plain interactions). */
export function requestsOf(pactFile: string): PactRequest[] {
  const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as {
    interactions?: { description: string; type?: string; request?: { method: string; path: string } }[];
  };
  return (pact.interactions ?? [])
    .filter(
      (interaction) =>
        interaction.request !== undefined && (interaction.type ?? 'Synchronous/HTTP') === 'Synchronous/HTTP',
    )
    .map((interaction) => ({
      description: interaction.description,
      method: (interaction.request?.method ?? '').toLowerCase(),
      path: interaction.request?.path ?? '',
    }));
}

/**
 * Which interactions exercise which operation. A literal path segment beats a template one, so
 * `POST /project/generate-review-link` is not counted as `/project/{projectId}`.
 */
export function coverageOf(operations: readonly SpecOperation[], requests: readonly PactRequest[]): Coverage {
  const byOperation = new Map<SpecOperation, string[]>(operations.map((operation) => [operation, []]));
  const ranked = operations
    .map((operation) => ({ operation, pattern: patternOf(operation.path) }))
    .sort((a, b) => paramCount(a.operation.path) - paramCount(b.operation.path));
  const unmatched: PactRequest[] = [];
  for (const request of requests) {
    const hit = ranked.find(
      ({ operation, pattern }) => operation.method === request.method && pattern.test(request.path),
    );
    if (hit === undefined) unmatched.push(request);
    else byOperation.get(hit.operation)?.push(request.description);
  }
  return { byOperation, unmatched };
}

function paramCount(path: string): number {
  return path.split('{').length - 1;
}

function patternOf(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
