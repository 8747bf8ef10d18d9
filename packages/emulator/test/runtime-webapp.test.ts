// Web apps: a deployment whose manifest has `webapp` answers /macros/s/{id}/exec (and /dev for the
// head, its owner only) with doGet/doPost, Google's event object, HtmlService templates escaped by
// context and ContentService output, as a browser or any HTTP client calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appsScript, deployScript, strictEmulator } from './helpers.ts';

const CODE = `
function doGet(e) {
  if (e.parameter.format === 'json')
    return ContentService.createTextOutput(JSON.stringify({ name: e.parameter.name, tags: e.parameters.tag, q: e.queryString }))
      .setMimeType(ContentService.MimeType.JSON);
  var t = HtmlService.createTemplateFromFile('page');
  t.name = e.parameter.name || 'world';
  return t.evaluate().setTitle('Hello page');
}
function doPost(e) {
  PropertiesService.getScriptProperties().setProperty('last', e.postData.contents);
  return ContentService.createTextOutput('got ' + e.postData.type + ' a=' + e.parameter.a);
}
`;
const PAGE =
  '<h1>Hello, <?= name ?>!</h1><script>var name = <?= name ?>;</script><p><?!= "<b>raw</b>" ?></p>' +
  '<? for (var i = 0; i < 2; i++) { ?><i><?= i ?></i><? } ?>';
const MANIFEST = JSON.stringify({
  timeZone: 'Etc/UTC',
  webapp: { access: 'ANYONE_ANONYMOUS', executeAs: 'USER_DEPLOYING' },
});

let emulator: RunningEmulator;
let scriptId: string;
let exec: string;
let dev: string;
beforeAll(async () => {
  emulator = await strictEmulator();
  const client = appsScript(emulator);
  const files = [{ name: 'page', type: 'HTML' as const, source: PAGE }];
  const deployment = await deployScript(client, { title: 'Web app', code: CODE, manifest: MANIFEST, files });
  scriptId = deployment.scriptId;
  exec = `${emulator.appsScriptUrl}/macros/s/${deployment.deploymentId}/exec`;
  const listed = await client.projects.deployments.list({ scriptId });
  const head = ('deployments' in listed ? (listed.deployments ?? []) : []).find(
    (d) => d.deploymentConfig?.versionNumber === undefined,
  );
  dev = `${emulator.appsScriptUrl}/macros/s/${String(head?.deploymentId)}/dev`;
});
afterAll(() => emulator.close());

describe('web apps', () => {
  it('answers doGet with a template escaped by context: HTML text escaped, a JavaScript literal in <script>', async () => {
    const answer = await fetch(`${exec}?name=${encodeURIComponent('<script>')}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toBe(
      '<title>Hello page</title><h1>Hello, &#60;script&#62;!</h1><script>var name = "\\u003cscript>";</script>' +
        '<p><b>raw</b></p><i>0</i><i>1</i>',
    );
  });

  it('gives doGet Google’s event object and serves ContentService output with its MIME type', async () => {
    const answer = await fetch(`${exec}?format=json&name=Ada&tag=a&tag=b`);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toEqual({
      name: 'Ada',
      tags: ['a', 'b'],
      q: 'format=json&name=Ada&tag=a&tag=b',
    });
  });

  it('runs doPost with postData and form fields, keeps what it stored, and records WEBAPP processes', async () => {
    const answer = await fetch(exec, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=2',
    });
    expect(await answer.text()).toBe('got application/x-www-form-urlencoded a=1');
    const listed = await appsScript(emulator).processes.listScriptProcesses({ scriptId });
    const types = ('processes' in listed ? (listed.processes ?? []) : []).map(
      (p) => `${p.functionName} ${p.processType}`,
    );
    expect(types).toEqual(expect.arrayContaining(['doGet WEBAPP', 'doPost WEBAPP']));
  });

  it('serves /dev (the head) to its owner only, and 404 for what is not a web app', async () => {
    expect((await fetch(dev)).status).toBe(401);
    expect((await fetch(dev, { headers: { authorization: 'Bearer grace-token' } })).status).toBe(403);
    const owner = await fetch(dev, { headers: { authorization: 'Bearer ada-token' } });
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain('Hello, world!');
    expect((await fetch(`${emulator.appsScriptUrl}/macros/s/AKfycbNoSuchDeployment/exec`)).status).toBe(404);
    expect((await fetch(exec.replace('/exec', '/dev'))).status).toBe(404);
  });
});
