import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSpecs } from '../../src/bundle.ts';
import { PROVIDERS, type ProviderName, pactFileOf, TMP_DIR } from '../../src/providers.ts';
import { checkPact, formatReport } from '../../src/validate.ts';

// Proves the pact-vs-spec check bites: on temporary copies of the real specs, with one response
// field's type changed, one operation removed or one response header undeclared, validating the
// real pact files fails.

type Spec = {
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }>;
    responses?: Record<string, { headers?: Record<string, unknown> }>;
  };
};

const scratch = join(TMP_DIR, 'bite');
const specs = new Map<ProviderName, Spec>();

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  for (const contract of PROVIDERS) {
    if (!existsSync(pactFileOf(contract.provider))) {
      throw new Error(
        `No pact file for ${contract.provider}: run the consumer tests first (./tools/dev test:contract).`,
      );
    }
  }
  const originals = bundleSpecs(PROVIDERS, (contract) => join(scratch, `${contract.slug}.original.json`));
  for (const { contract, file } of originals)
    specs.set(contract.provider, JSON.parse(readFileSync(file, 'utf8')) as Spec);
});

async function validateCopy(provider: ProviderName, name: string, mutate: (spec: Spec) => void) {
  const spec = structuredClone(specs.get(provider)) as Spec;
  mutate(spec);
  const specFile = join(scratch, `${provider}.${name}.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  return checkPact({ provider, specFile, pactFile: pactFileOf(provider) });
}

describe('the pact-vs-spec check', () => {
  it.each(PROVIDERS.map((contract) => contract.provider))(
    'passes on an unmodified copy of the %s spec',
    async (provider) => {
      const result = await validateCopy(provider, 'unmodified', () => {});
      expect(result.problems, formatReport(result)).toEqual([]);
    },
  );

  it('fails when a response field changes type (Apps Script Project.title: string → integer)', async () => {
    const result = await validateCopy('apps-script-api', 'title-integer', (spec) => {
      const title = spec.components.schemas.Project?.properties?.title;
      if (title === undefined) throw new Error('the Apps Script spec has no Project.title to mutate');
      title.type = 'integer';
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors.map((error) => error.code)).toContain('response.body.incompatible');
    expect(formatReport(result)).toMatch(/FAILED[\s\S]*response\.body\.incompatible[\s\S]*title/);
  });

  it('fails when a Cloud Logging response field changes type (LogEntry.textPayload: string → integer)', async () => {
    const result = await validateCopy('cloud-logging-api', 'text-payload-integer', (spec) => {
      const textPayload = spec.components.schemas.LogEntry?.properties?.textPayload;
      if (textPayload === undefined)
        throw new Error('the Cloud Logging spec has no LogEntry.textPayload to mutate');
      textPayload.type = 'integer';
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors.map((error) => error.code)).toContain('response.body.incompatible');
  });

  it('fails when a Sheets response field changes type (ClearValuesResponse.clearedRange: string → integer)', async () => {
    const result = await validateCopy('sheets-api', 'cleared-range-integer', (spec) => {
      const clearedRange = spec.components.schemas.ClearValuesResponse?.properties?.clearedRange;
      if (clearedRange === undefined)
        throw new Error('the Sheets spec has no ClearValuesResponse.clearedRange to mutate');
      clearedRange.type = 'integer';
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors.map((error) => error.code)).toContain('response.body.incompatible');
  });

  it('fails when a Sheets custom verb is renamed (:append → :add)', async () => {
    const result = await validateCopy('sheets-api', 'append-renamed', (spec) => {
      const from = '/v4/spreadsheets/{spreadsheetId}/values/{range}:append';
      const item = spec.paths[from];
      if (item === undefined) throw new Error(`the Sheets spec has no ${from} to rename`);
      delete spec.paths[from];
      spec.paths['/v4/spreadsheets/{spreadsheetId}/values/{range}:add'] = item;
    });
    expect(result.ok).toBe(false);
  });

  it('fails when an operation is removed (BugSmash DELETE /reply/{replyId})', async () => {
    const result = await validateCopy('bugsmash-api', 'no-delete-reply', (spec) => {
      const item = spec.paths['/reply/{replyId}'];
      if (item?.delete === undefined)
        throw new Error('the BugSmash spec has no DELETE /reply/{replyId} to remove');
      delete item.delete;
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors.map((error) => error.code)).toContain('request.path-or-method.unknown');
    expect(result.problems.some((problem) => problem.startsWith('unmatched interaction'))).toBe(true);
  });

  it('fails on a warning too: a 429 that stops declaring Retry-After (BugSmash TooManyRequests)', async () => {
    const result = await validateCopy('bugsmash-api', 'no-retry-after', (spec) => {
      const response = spec.components.responses?.TooManyRequests;
      if (response?.headers?.['Retry-After'] === undefined)
        throw new Error('the BugSmash spec has no TooManyRequests response with Retry-After to mutate');
      delete response.headers;
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors).toEqual([]);
    expect(result.outcome.warnings.map((warning) => warning.code)).toContain('response.header.undefined');
    expect(formatReport(result)).toMatch(/FAILED[\s\S]*response\.header\.undefined[\s\S]*retry-after/);
  });

  it('fails when a custom-verb path changes (Apps Script /v1/scripts/{scriptId}:run → :exec)', async () => {
    const result = await validateCopy('apps-script-api', 'run-renamed', (spec) => {
      const item = spec.paths['/v1/scripts/{scriptId}:run'];
      if (item === undefined)
        throw new Error('the Apps Script spec has no /v1/scripts/{scriptId}:run to rename');
      delete spec.paths['/v1/scripts/{scriptId}:run'];
      spec.paths['/v1/scripts/{scriptId}:exec'] = item;
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.errors.map((error) => error.code)).toContain('request.path-or-method.unknown');
    expect(formatReport(result)).toMatch(/a request to run a function that returns/);
  });

  it('fails when a literal query name stops being declared (Apps Script userProcessFilter.statuses)', async () => {
    const result = await validateCopy('apps-script-api', 'no-statuses', (spec) => {
      const operation = spec.paths['/v1/processes']?.get as {
        parameters?: { name?: string; $ref?: string }[];
      };
      const before = operation?.parameters?.length ?? 0;
      operation.parameters = (operation.parameters ?? []).filter(
        (parameter) =>
          parameter.name !== 'userProcessFilter.statuses' &&
          !parameter.$ref?.endsWith('UserProcessFilterStatuses'),
      );
      if (operation.parameters.length === before)
        throw new Error('the Apps Script spec has no userProcessFilter.statuses parameter to remove');
    });
    expect(result.ok).toBe(false);
    expect(result.outcome.warnings.map((warning) => warning.code)).toContain('request.query.unknown');
    expect(formatReport(result)).toMatch(/userProcessFilter\.statuses/);
  });

  it('fails when the spec grows an operation no interaction exercises', async () => {
    const result = await validateCopy('apps-script-api', 'extra-operation', (spec) => {
      spec.paths['/v1/projects/{scriptId}:archive'] = {
        post: { operationId: 'archiveProject', responses: { '200': { description: 'Archived.' } } },
      };
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(
      'uncovered operation: archiveProject (POST /v1/projects/{scriptId}:archive) has no interaction',
    );
  });
});
