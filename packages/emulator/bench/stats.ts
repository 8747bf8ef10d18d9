// What the emulator's benches share: the median they report, a sequential latency probe, and the
// API-executable project they deploy to call `scripts.run` on.
import type { createAppsScriptClient } from '@specbound/apps-script';

type AppsScriptClient = ReturnType<typeof createAppsScriptClient>;

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Median ms of `count` sequential calls. */
export async function latency(call: () => Promise<unknown>, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Creates a project holding `code`, versions it and deploys it as an API executable anyone may run. */
export async function deployScript(
  client: AppsScriptClient,
  title: string,
  code: string,
): Promise<{ deploymentId: string; scriptId: string }> {
  const { scriptId } = await client.projects.create({ title });
  const id = String(scriptId);
  await client.projects.updateContent({
    scriptId: id,
    files: [
      { name: 'appsscript', type: 'JSON', source: '{"executionApi":{"access":"ANYONE"}}' },
      { name: 'Code', type: 'SERVER_JS', source: code },
    ],
  });
  await client.projects.versions.create({ scriptId: id });
  const deployment = await client.projects.deployments.create({ scriptId: id, versionNumber: 1 });
  return { deploymentId: String(deployment.deploymentId), scriptId: id };
}
