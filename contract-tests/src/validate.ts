import { relative } from 'node:path';
import {
  SwaggerMockValidatorFactory,
  type ValidationMessage,
  type ValidationOutcome,
} from '@pactflow/swagger-mock-validator';
import { type Coverage, coverageOf, operationsOf, requestsOf } from './coverage.ts';
import { PACKAGE_DIR, type ProviderName } from './providers.ts';

export interface PactCheck {
  readonly provider: ProviderName;
  readonly specFile: string;
  readonly pactFile: string;
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
 * The check a bi-directional contract test makes: every interaction of the pact must be a request
 * the spec accepts and a response the spec allows (swagger-mock-validator), and, on top of that,
 * every operation of the spec must be exercised by at least one interaction.
 *
 * Warnings fail the check too: a query parameter or header the spec does not declare is a real
 * drift between client and spec, not a matter of taste.
 */
export async function checkPact(check: PactCheck): Promise<PactCheckResult> {
  const outcome = await SwaggerMockValidatorFactory.create().validate({
    specPathOrUrl: check.specFile,
    mockPathOrUrl: check.pactFile,
  });
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
  const where = mock?.interactionDescription === undefined ? '' : ` in "${mock.interactionDescription}"`;
  const state =
    mock?.interactionState === undefined || mock.interactionState === '[none]'
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
