// Fault injection: the control API can tell the emulator to answer the next matching request(s) of
// one operation with a chosen status, headers and body (a 429 with Retry-After, a `status: false`
// envelope on 200, ...), so that tests and provider states can reach answers no state produces.
// A fault answer is held to the spec like any other response: one the spec does not allow is
// refused when it is registered, never sent, unless it was registered with `checked: false`, which
// is how a test gets an answer that breaks the spec on purpose (to exercise response validation).
import type { CompiledSpec, Operation } from '../spec/operations.ts';
import type { Reply } from './types.ts';

export type ServiceName = 'apps-script' | 'bugsmash' | 'sheets';

/** A registered fault as the control API reports it. */
export interface FaultInfo {
  id: number;
  service: ServiceName;
  operationId: string;
  method: string;
  pathTemplate: string;
  /** The exact path (relative to the service's base URL) the fault is limited to, when one was given. */
  path?: string;
  status: number;
  /** How many more matching requests get the fault. */
  remaining: number;
  /** false when the answer was registered unchecked and may break the spec. */
  checked: boolean;
}

interface Fault extends FaultInfo {
  reply: Reply;
}

/** A fault the control API refuses (malformed, unknown operation, or an answer the spec forbids). */
export class FaultError extends Error {
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = []) {
    super(message);
    this.name = 'FaultError';
    this.problems = problems;
  }
}

const SERVICES: readonly ServiceName[] = ['apps-script', 'bugsmash', 'sheets'];
const FIELDS = new Set([
  'service',
  'operationId',
  'method',
  'path',
  'status',
  'headers',
  'body',
  'times',
  'checked',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class FaultInjector {
  readonly #specs: Record<ServiceName, CompiledSpec>;
  readonly #faults: Fault[] = [];
  #nextId = 1;

  constructor(specs: Record<ServiceName, CompiledSpec>) {
    this.#specs = specs;
  }

  /**
   * Registers a fault from the control API's JSON:
   * `{ service, operationId | (method, path), status, headers?, body?, times? }`.
   * Throws a FaultError naming every problem when the request is malformed or the answer breaks
   * the spec (undeclared status, body off-schema, undeclared or malformed header).
   */
  add(input: unknown): FaultInfo {
    if (!isRecord(input)) throw new FaultError('a fault is a JSON object');
    const unknown = Object.keys(input).filter((key) => !FIELDS.has(key));
    if (unknown.length > 0) throw new FaultError(`unknown fault field(s): ${unknown.join(', ')}`);
    const service = input.service;
    if (typeof service !== 'string' || !(SERVICES as readonly string[]).includes(service))
      throw new FaultError(`service must be one of ${SERVICES.join(', ')}`);
    const spec = this.#specs[service as ServiceName];
    const { operation, path } = this.#target(spec, input);
    const status = input.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
      throw new FaultError('status must be an integer HTTP status (100-599)');
    const headers = input.headers ?? {};
    if (!isRecord(headers) || Object.values(headers).some((value) => typeof value !== 'string'))
      throw new FaultError('headers must be an object of string values');
    const times = input.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1)
      throw new FaultError('times must be a positive integer');

    const checked = input.checked ?? true;
    if (typeof checked !== 'boolean') throw new FaultError('checked must be true or false');
    const problems = checked
      ? [
          ...spec.validateResponse(operation, status, input.body),
          ...spec.validateResponseHeaders(operation, status, headers as Record<string, string>),
        ]
      : [];
    // validateResponse and validateResponseHeaders both report an undeclared status; say it once.
    const unique = [...new Set(problems)];
    if (unique.length > 0)
      throw new FaultError(
        `the ${service} spec does not allow this answer to ${operation.operationId}`,
        unique,
      );

    const reply: Reply = { status, headers: { ...(headers as Record<string, string>) } };
    if (input.body !== undefined) reply.body = input.body;
    const fault: Fault = {
      id: this.#nextId++,
      service: service as ServiceName,
      operationId: operation.operationId,
      method: operation.method,
      pathTemplate: operation.pathTemplate,
      status,
      remaining: times,
      checked,
      reply,
    };
    if (path !== undefined) fault.path = path;
    this.#faults.push(fault);
    return info(fault);
  }

  /** Resolves the operation a fault targets: by operationId, or by method and a concrete path. */
  #target(spec: CompiledSpec, input: Record<string, unknown>): { operation: Operation; path?: string } {
    const { operationId, method, path } = input;
    if (operationId !== undefined) {
      if (method !== undefined || path !== undefined)
        throw new FaultError('give either operationId or method and path, not both');
      const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
      if (operation === undefined) throw new FaultError(`no operation ${String(operationId)} in the spec`);
      return { operation };
    }
    if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/') || path.includes('?'))
      throw new FaultError(
        'give operationId, or method and path (the request path relative to the service base URL, without a query)',
      );
    const match = spec.match(method.toUpperCase(), path);
    if (match.kind !== 'found') throw new FaultError(`no operation of the spec serves ${method} ${path}`);
    return { operation: match.operation, path };
  }

  /**
   * The answer for a request that reached the operation's handler, when a fault matches it (the
   * oldest first), and whether it was checked; counts the fault down and forgets it once used up.
   */
  take(
    // Any service's name: one a fault cannot name (the control API, say) matches none.
    service: string,
    operation: Operation,
    path: string,
  ): { reply: Reply; checked: boolean } | undefined {
    const index = this.#faults.findIndex(
      (fault) =>
        fault.service === service &&
        fault.operationId === operation.operationId &&
        (fault.path === undefined || fault.path === path),
    );
    const fault = this.#faults[index];
    if (fault === undefined) return undefined;
    fault.remaining--;
    if (fault.remaining === 0) this.#faults.splice(index, 1);
    return { reply: structuredClone(fault.reply), checked: fault.checked };
  }

  list(): FaultInfo[] {
    return this.#faults.map(info);
  }

  clear(): void {
    this.#faults.length = 0;
  }
}

function info(fault: Fault): FaultInfo {
  const { reply: _reply, ...rest } = fault;
  return { ...rest };
}
