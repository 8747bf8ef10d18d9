import { describe, expectTypeOf, it } from 'vitest';
import type { STANDARD_PARAMS } from '../src/core.js';
import type { components } from '../src/generated/schema.js';
import {
  type Content,
  createAppsScriptClient,
  type Deployment,
  type NotModified,
  type Process,
  type Project,
  type ScriptExecutionError,
  type ScriptStackTraceElement,
  type Version,
} from '../src/index.js';
import type { SCRIPT_PROCESS_FILTERS, USER_PROCESS_FILTERS } from '../src/processes.js';
import type { QueryParams, StandardParamName } from '../src/types.js';

// These tests are checked by `tsc` (the `typecheck` script covers test/). The bodies passed to
// `compileOnly` are never run: each `@ts-expect-error` fails the typecheck if its line compiles.
function compileOnly(_body: () => unknown): void {}

const client = createAppsScriptClient({ auth: 'token', fetch: async () => new Response('{}') });

describe('method signatures come from the generated types', () => {
  it('types results from the spec', () => {
    compileOnly(() => {
      expectTypeOf(client.projects.get({ scriptId: 's' })).resolves.toEqualTypeOf<Project>();
      expectTypeOf(client.projects.get({ scriptId: 's', ifNoneMatch: '"e"' })).resolves.toEqualTypeOf<
        Project | NotModified
      >();
      expectTypeOf(client.projects.getContent({ scriptId: 's' })).resolves.toEqualTypeOf<Content>();
      expectTypeOf(
        client.projects.deployments.create({ scriptId: 's', versionNumber: 1 }),
      ).resolves.toEqualTypeOf<Deployment>();
      expectTypeOf(client.projects.versions.create({ scriptId: 's' })).resolves.toEqualTypeOf<Version>();
      expectTypeOf(client.scripts.run({ deploymentId: 'd', function: 'f' })).resolves.toBeUnknown();
      expectTypeOf(client.processes.iterate({})).toExtend<AsyncIterable<Process>>();
      expectTypeOf(client.processes.iterate({}).all()).resolves.toEqualTypeOf<Process[]>();
      expectTypeOf<components['schemas']['MetricsValue']['value']>().toEqualTypeOf<string | undefined>();
    });
    expectTypeOf<ScriptExecutionError['scriptStackTraceElements']>().toEqualTypeOf<
      readonly ScriptStackTraceElement[]
    >();
    expectTypeOf<Process['processStatus']>().toEqualTypeOf<
      components['schemas']['ProcessStatus'] | undefined
    >();
  });

  it('keeps the runtime name lists exactly equal to the spec', () => {
    expectTypeOf<(typeof STANDARD_PARAMS)[number]>().toEqualTypeOf<StandardParamName>();
    expectTypeOf<`userProcessFilter.${(typeof USER_PROCESS_FILTERS)[number]}`>().toEqualTypeOf<
      Extract<keyof QueryParams<'listUserProcesses'>, `userProcessFilter.${string}`>
    >();
    expectTypeOf<`scriptProcessFilter.${(typeof SCRIPT_PROCESS_FILTERS)[number]}`>().toEqualTypeOf<
      Extract<keyof QueryParams<'listScriptProcesses'>, `scriptProcessFilter.${string}`>
    >();
  });

  it('rejects wrong parameter names, enum values and types at compile time', () => {
    compileOnly(() => [
      // @ts-expect-error wrong parameter name: scriptID instead of scriptId
      client.projects.get({ scriptID: 's' }),
      // @ts-expect-error misspelled standard parameter
      client.projects.get({ scriptId: 's', feilds: 'title' }),
      // @ts-expect-error unknown process status
      client.processes.list({ statuses: ['DONE'] }),
      // @ts-expect-error the wire name with prefix is not the parameter name
      client.processes.list({ 'userProcessFilter.statuses': ['FAILED'] }),
      // @ts-expect-error listScriptProcesses has no projectName filter
      client.processes.listScriptProcesses({ scriptId: 's', projectName: 'x' }),
      // @ts-expect-error unknown metrics granularity
      client.projects.getMetrics({ scriptId: 's', metricsGranularity: 'HOURLY' }),
      // @ts-expect-error versionNumber is an integer, not a string
      client.projects.versions.get({ scriptId: 's', versionNumber: '3' }),
      client.projects.updateContent({
        scriptId: 's',
        // @ts-expect-error unknown file type
        files: [{ name: 'Code', type: 'JAVASCRIPT', source: '' }],
      }),
      // @ts-expect-error run needs the function name
      client.scripts.run({ deploymentId: 'd' }),
      // @ts-expect-error run takes deploymentId, not scriptId
      client.scripts.run({ scriptId: 's', function: 'f' }),
      // @ts-expect-error reads of a list have no body
      client.projects.deployments.list({ scriptId: 's', deploymentConfig: {} }),
      // @ts-expect-error unknown user access level
      client.processes.iterateScriptProcesses({ scriptId: 's', userAccessLevels: ['ADMIN'] }),
      client.projects.deployments.update({
        scriptId: 's',
        deploymentId: 'd',
        // @ts-expect-error versionNumber in a deployment config is an integer
        deploymentConfig: { versionNumber: '1' },
      }),
      // @ts-expect-error iterate does not take ifNoneMatch
      client.processes.iterate({ ifNoneMatch: '"e"' }),
      // @ts-expect-error unknown $.xgafv value
      client.projects.get({ scriptId: 's', '$.xgafv': '3' }),
    ]);
  });
});
