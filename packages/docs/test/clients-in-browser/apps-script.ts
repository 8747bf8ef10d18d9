// A browser app using @specbound/apps-script, bundled by clients-in-browser.test.ts with the
// settings of the size budget (esbuild, browser platform, ESM, minified) and run in headless
// Chromium against the emulator on another origin. It returns what it saw as plain data; the test
// asserts it.
import {
  createAppsScriptClient,
  createAppsScriptCore,
  getProject,
  iterateVersions,
  NotFoundError,
  runScriptFunction,
  ScriptExecutionError,
} from '@specbound/apps-script';

const MANIFEST = JSON.stringify({ timeZone: 'Europe/London', executionApi: { access: 'MYSELF' } });
const CODE =
  'function add(a, b) { return { sum: a + b }; }\nfunction explode(why) { throw new RangeError(why); }';

export async function run(baseUrl: string, token: string): Promise<Record<string, unknown>> {
  const client = createAppsScriptClient({ auth: token, baseUrl, retry: false });
  // POST with a JSON body.
  const created = await client.projects.create({ title: 'Made in a browser' });
  const scriptId = String(created.scriptId);
  // PUT with a JSON body (checked on the client first), then a version and a deployment.
  await client.projects.updateContent({
    scriptId,
    files: [
      { name: 'appsscript', type: 'JSON', source: MANIFEST },
      { name: 'Code', type: 'SERVER_JS', source: CODE },
    ],
  });
  for (const description of ['one', 'two', 'three'])
    await client.projects.versions.create({ scriptId, description });
  const deployment = await client.projects.deployments.create({ scriptId, versionNumber: 3 });
  const deploymentId = String(deployment.deploymentId);

  // GET, with the response next to the data.
  const { data: project, response } = await client.projects.get.withResponse({ scriptId });
  // Every version, one per page.
  const versions = await client.projects.versions.iterate({ scriptId, pageSize: 1 }).all();
  const sum = await client.scripts.run({ deploymentId, function: 'add', parameters: [2, 3] });
  const thrown = await client.scripts
    .run({ deploymentId, function: 'explode', parameters: ['no'] })
    .catch((e) => e);
  const missing = await client.projects.get({ scriptId: 'no-such-script' }).catch((e: unknown) => e);
  // The same calls through the operation functions, on a core (the tree-shakeable form).
  const core = createAppsScriptCore({ auth: token, baseUrl, retry: false });
  const functions = {
    title: (await getProject(core, { scriptId })).title,
    versions: (await iterateVersions(core, { scriptId, pageSize: 2 }).all()).length,
    sum: await runScriptFunction(core, { deploymentId, function: 'add', parameters: [4, 5] }),
  };
  return {
    functions,
    title: project.title,
    status: response.status,
    versions: versions.map((v) => v.description),
    sum,
    thrown:
      thrown instanceof ScriptExecutionError
        ? { name: thrown.name, message: thrown.message }
        : String(thrown),
    missing:
      missing instanceof NotFoundError
        ? { name: missing.name, status: missing.status, message: missing.message }
        : String(missing),
  };
}
