import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { Comparator, type Result } from '@pactflow/openapi-pact-comparator';
import { type Coverage, coverageOf, operationsOf, requestsOf } from './coverage.ts';
import { PACKAGE_DIR, type ProviderName } from './providers.ts';

export interface PactCheck {
  readonly provider: ProviderName;
  readonly specFile: string;
  readonly pactFile: string;
}

/** One finding of the comparator (an error or a warning; its `info` lines are dropped). */
type ValidationMessage = Result;

interface ValidationOutcome {
  readonly errors: readonly ValidationMessage[];
  readonly warnings: readonly ValidationMessage[];
}

export interface PactCheckResult extends PactCheck {
  readonly outcome: ValidationOutcome;
  readonly coverage: Coverage;
  readonly interactions: number;
  /** Validator errors, warnings, uncovered operations and unmatched interactions, one line each. */
  readonly problems: readonly string[];
  readonly ok: boolean;
}

/**
 * One comparator per spec file: it compiles the spec's schemas once (swagger-mock-validator, its
 * predecessor, recompiled them for every interaction, which made this check most of the contract
 * loop's time) and reuses them for every pact compared against that spec.
 */
const comparators = new Map<string, Comparator>();

function comparatorFor(specFile: string): Comparator {
  let comparator = comparators.get(specFile);
  if (comparator === undefined) {
    const oas = JSON.parse(readFileSync(specFile, 'utf8')) as object;
    comparator = new Comparator({ oas });
    comparators.set(specFile, comparator);
  }
  return comparator;
}

/**
 * The check a bi-directional contract test makes: every interaction of the pact must be a request
 * the spec accepts and a response the spec allows (@pactflow/openapi-pact-comparator), and, on top
 * of that, every operation of the spec must be exercised by at least one interaction.
 *
 * Warnings fail the check too: a query parameter or header the spec does not declare is a real
 * drift between client and spec, not a matter of taste.
 */
export async function checkPact(check: PactCheck): Promise<PactCheckResult> {
  const pact = JSON.parse(readFileSync(check.pactFile, 'utf8')) as object;
  const errors: ValidationMessage[] = [];
  const warnings: ValidationMessage[] = [];
  for await (const result of comparatorFor(check.specFile).compare(pact)) {
    if (result.type === 'error') errors.push(result);
    else if (result.type === 'warning') warnings.push(result);
  }
  const outcome: ValidationOutcome = { errors, warnings };
  const requests = requestsOf(check.pactFile);
  const coverage = coverageOf(operationsOf(check.specFile), requests);
  const problems = [
    ...outcome.errors.map(describeMessage),
    ...outcome.warnings.map(describeMessage),
    ...[...coverage.byOperation]
      .filter(([, descriptions]) => descriptions.length === 0)
      .map(
        ([operation]) =>
          `uncovered operation: ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) has no interaction`,
      ),
    ...coverage.unmatched.map(
      (request) =>
        `unmatched interaction: "${request.description}" (${request.method.toUpperCase()} ${request.path}) is no operation of the spec`,
    ),
  ];
  return {
    ...check,
    outcome,
    coverage,
    interactions: requests.length,
    problems,
    ok: problems.length === 0,
  };
}

/** A report a human can act on: per operation the interactions, then every problem with its location. */
export function formatReport(result: PactCheckResult): string {
  const lines: string[] = [];
  const covered = [...result.coverage.byOperation.values()].filter((d) => d.length > 0).length;
  const verdict = result.ok
    ? 'OK'
    : `FAILED (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'})`;
  lines.push(
    `${result.provider}: ${verdict}`,
    `  pact ${relative(PACKAGE_DIR, result.pactFile)} vs spec ${relative(PACKAGE_DIR, result.specFile)}`,
    `  ${result.interactions} interactions, ${covered}/${result.coverage.byOperation.size} operations covered`,
  );
  for (const [operation, descriptions] of result.coverage.byOperation) {
    lines.push(`    ${operation.operationId.padEnd(30)} ${String(descriptions.length).padStart(2)}`);
  }
  for (const problem of result.problems) lines.push(`  ✗ ${problem}`);
  return lines.join('\n');
}

function describeMessage(message: ValidationMessage): string {
  const mock = message.mockDetails;
  const spec = message.specDetails;
  const where = mock?.interactionDescription == null ? '' : ` in "${mock.interactionDescription}"`;
  const state =
    mock?.interactionState == null || mock.interactionState === '[none]'
      ? ''
      : ` [given ${mock.interactionState}]`;
  const at = [mock?.location && `pact ${mock.location}`, spec?.location && `spec ${spec.location}`]
    .filter(Boolean)
    .join(', ');
  const value =
    mock?.value === undefined ? '' : `\n      pact value: ${truncate(JSON.stringify(mock.value))}`;
  return `${message.type} ${message.code}${where}${state}: ${message.message}${at === '' ? '' : `\n      at ${at}`}${value}`;
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
