import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OperationRef } from './operations.ts';
import { SAMPLES_DIR } from './paths.ts';

/** samples/<service>/<operationId>.ts: the file the typecheck task compiles and the docs show. */
function sampleFile(serviceId: string, operationId: string): string {
  return join(SAMPLES_DIR, serviceId, `${operationId}.ts`);
}

/** The operationIds that have a sample file for this service. */
export async function listSampleIds(serviceId: string): Promise<string[]> {
  const files = await readdir(join(SAMPLES_DIR, serviceId));
  return files
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

/** Problems that keep the samples and the spec from matching one to one; empty when they do. */
export function sampleProblems(operationIds: readonly string[], sampleIds: readonly string[]): string[] {
  const ops = new Set(operationIds);
  const samples = new Set(sampleIds);
  return [
    ...operationIds.filter((id) => !samples.has(id)).map((id) => `no sample for operation ${id}`),
    ...sampleIds.filter((id) => !ops.has(id)).map((id) => `sample ${id}.ts matches no operation`),
  ];
}

/** Sets each operation's `x-codeSamples` to its sample file; throws unless they match one to one. */
export async function injectSamples(serviceId: string, operations: readonly OperationRef[]): Promise<void> {
  const problems = sampleProblems(
    operations.map((o) => o.operationId),
    await listSampleIds(serviceId),
  );
  if (problems.length > 0) throw new Error(`samples/${serviceId}: ${problems.join('; ')}`);
  for (const op of operations) {
    const source = (await readFile(sampleFile(serviceId, op.operationId), 'utf8')).trimEnd();
    op.operation['x-codeSamples'] = [{ lang: 'TypeScript', label: 'specbound', source }];
    // Redoc 3 shows only the payload beside a webhook delivery, never its code samples, so the
    // receiving side's sample goes into the description, where it renders as a code block.
    if (op.webhook) op.operation.description = appendSample(op.operation.description, source);
  }
}

function appendSample(description: unknown, source: string): string {
  const intro = typeof description === 'string' ? `${description.trimEnd()}\n\n` : '';
  return `${intro}#### Receive it with specbound\n\n\`\`\`typescript\n${source}\n\`\`\`\n`;
}
