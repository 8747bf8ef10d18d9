/** The slice of an OpenAPI document the docs build reads and writes. */
interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  'x-codeSamples'?: CodeSample[];
  [key: string]: unknown;
}

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface OpenApiDocument {
  info: { title: string; 'x-logo'?: { url: string; href: string; altText: string }; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface OperationRef {
  readonly operationId: string;
  readonly summary: string;
  readonly method: string;
  /** The path, or the webhook's name for a delivery. */
  readonly path: string;
  readonly webhook: boolean;
  readonly operation: OperationObject;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function collect(
  items: Record<string, Record<string, unknown>> | undefined,
  webhook: boolean,
): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = value as OperationObject;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      out.push({
        operationId: operation.operationId,
        summary: operation.summary ?? operation.operationId,
        method,
        path,
        webhook,
        operation,
      });
    }
  }
  return out;
}

/** Every operation of a bundled document: its paths, then its webhook deliveries. */
export function listOperations(doc: OpenApiDocument): OperationRef[] {
  return [...collect(doc.paths, false), ...collect(doc.webhooks, true)];
}
