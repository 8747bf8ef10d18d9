// Issue #22's defect #10: the manifest is checked against its documented fields before any request,
// `clone` takes an editor URL, `create` and `clone` never overwrite a local file, `create` defaults
// the title to the folder's name as clasp does.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkManifest,
  cloneProject,
  createProject,
  defaultTitle,
  ManifestError,
  parseScriptId,
  pullProject,
  pushProject,
} from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';
import { fakeAppsScript, MANIFEST } from './fake.js';

let dir: string;
useTempDir('specbound-unit-', (path) => {
  dir = path;
});

const problemsOf = (text: string) => {
  try {
    checkManifest(text, 'appsscript.json');
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return [...(error as ManifestError).problems];
  }
};

describe('checkManifest', () => {
  it.each([
    ['{"timeZone":"Europe/Paris","runtimeVersion":"V8","exceptionLogging":"STACKDRIVER"}', []],
    [
      '{"timeZone":"Etc/UTC","runtimeVersion":"STABLE","oauthScopes":["a","b"],"executionApi":{"access":"ANYONE"}}',
      [],
    ],
    [
      '{"webapp":{"access":"ANYONE_ANONYMOUS","executeAs":"USER_DEPLOYING"},"dependencies":{"enabledAdvancedServices":[{"userSymbol":"Drive","serviceId":"drive","version":"v3"}]}}',
      [],
    ],
    ['{"someFutureField":{"x":1}}', []],
    ['{"timeZone":5}', ['timeZone is 5; it must be an IANA time zone such as "Europe/Paris"']],
    [
      '{"timeZone":"Mars/Olympus"}',
      ['timeZone is "Mars/Olympus"; it must be an IANA time zone such as "Europe/Paris"'],
    ],
    ['{"runtimeVersion":"V9"}', ['runtimeVersion is "V9"; it must be one of STABLE, V8, DEPRECATED_ES5']],
    [
      '{"executionApi":{"access":"EVERYBODY"}}',
      ['executionApi.access is "EVERYBODY"; it must be one of MYSELF, DOMAIN, ANYONE, ANYONE_ANONYMOUS'],
    ],
    ['{"oauthScopes":"x"}', ['oauthScopes must be an array of strings (it is a string)']],
    [
      '{"webapp":{"executeAs":"ME"}}',
      ['webapp.executeAs is "ME"; it must be one of USER_ACCESSING, USER_DEPLOYING'],
    ],
    ['{"exceptionLogging":"CLOUD"}', ['exceptionLogging is "CLOUD"; it must be one of NONE, STACKDRIVER']],
    [
      '{"dependencies":{"libraries":[{"userSymbol":"L"}]}}',
      [
        'dependencies.libraries[0].libraryId must be a non-empty string',
        'dependencies.libraries[0].version must be a non-empty string',
      ],
    ],
    ['{"sheets":[]}', ['sheets must be an object (it is an array)']],
    ['[1]', ['it must be a JSON object (it is an array)']],
  ])('%s', (text, expected) => {
    expect(problemsOf(text)).toEqual(expected);
  });

  it('gives the line and column of a JSON syntax error, truncated input included', () => {
    expect(problemsOf('{\n  "timeZone": "Etc/UTC",\n  "runtimeVersion": \n')[0]).toContain(
      'JSON syntax error at line 4, column 1',
    );
    expect(problemsOf('{\n  "timeZone" "Etc/UTC"\n}')[0]).toContain('JSON syntax error at line 2, column 14');
  });

  it('push refuses the issue’s manifest before any request, listing every problem', async () => {
    const fake = fakeAppsScript({});
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await writeFile(
      join(dir, 'appsscript.json'),
      '{"timeZone":5,"runtimeVersion":"V9","executionApi":{"access":"EVERYBODY"},"oauthScopes":"x"}',
    );
    const error = await pushProject(fake.client, { dir }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'manifest-invalid' });
    expect((error as ManifestError).problems).toHaveLength(4);
    expect(fake.sent).toEqual([]);
  });
  it('push checks a manifest that changed since the last pull, not one the service already holds', async () => {
    // A zone newer than this Node's ICU data stands in for any manifest the service holds and the
    // local check would refuse: pulling it and pushing other edits must not be blocked by it.
    const held = '{"timeZone":"Mars/Olympus","runtimeVersion":"V8"}';
    let head = [
      { name: 'appsscript', type: 'JSON', source: held },
      { name: 'Code', type: 'SERVER_JS', source: 'function a() {}' },
    ];
    const fake = fakeAppsScript({
      'GET /v1/projects/S1/content': () => ({ scriptId: 'S1', files: head }),
      'PUT /v1/projects/S1/content': (s) => {
        head = (s.body as { files: typeof head }).files;
        return { scriptId: 'S1', files: head };
      },
    });
    await writeFile(join(dir, '.clasp.json'), '{"scriptId":"S1"}');
    await pullProject(fake.client, { dir });
    await writeFile(join(dir, 'Code.js'), 'function b() {}');
    expect((await pushProject(fake.client, { dir })).pushed).toBe(true);
    expect(head.find((f) => f.name === 'Code')?.source).toBe('function b() {}');

    await writeFile(join(dir, 'appsscript.json'), '{"timeZone":"Mars/Olympus","runtimeVersion":"V9"}');
    const error = await pushProject(fake.client, { dir }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'manifest-invalid' });
    expect((error as ManifestError).problems).toHaveLength(2);
    expect(fake.writes()).toHaveLength(1);
  });
});

describe('clone and create', () => {
  it('parseScriptId takes an id or an editor URL, and refuses anything else', () => {
    expect(parseScriptId('1AbC_d-9')).toBe('1AbC_d-9');
    expect(parseScriptId('https://script.google.com/d/1AbC_d-9/edit')).toBe('1AbC_d-9');
    expect(parseScriptId('https://script.google.com/home/projects/1AbC_d-9/edit')).toBe('1AbC_d-9');
    expect(() => parseScriptId('https://example.com/x y')).toThrow(
      expect.objectContaining({ code: 'script-id-invalid' }),
    );
  });

  const project = () =>
    fakeAppsScript({
      'POST /v1/projects': (s) => ({ scriptId: 'S1', title: (s.body as { title: string }).title }),
      'GET /v1/projects/S1/content': () => ({
        scriptId: 'S1',
        files: [
          { name: 'appsscript', type: 'JSON', source: MANIFEST },
          { name: 'Code', type: 'SERVER_JS', source: 'function remote() {}' },
        ],
      }),
    });

  it('clone takes an editor URL and sends the id', async () => {
    const fake = project();
    await cloneProject(fake.client, { scriptId: 'https://script.google.com/d/S1/edit', dir });
    expect(fake.sent[0]?.path).toBe('/v1/projects/S1/content');
    expect(JSON.parse(await readFile(join(dir, '.clasp.json'), 'utf8'))).toEqual({ scriptId: 'S1' });
  });

  it('clone never overwrites a differing local file (nothing written, not even .clasp.json); --force does', async () => {
    const fake = project();
    await writeFile(join(dir, 'Code.js'), 'function mine() {}');
    await expect(cloneProject(fake.client, { scriptId: 'S1', dir })).rejects.toMatchObject({
      code: 'local-files-exist',
      details: { files: 'Code.js' },
    });
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('function mine() {}');
    await expect(readFile(join(dir, '.clasp.json'), 'utf8')).rejects.toThrow();
    await cloneProject(fake.client, { scriptId: 'S1', dir, force: true });
    expect(await readFile(join(dir, 'Code.js'), 'utf8')).toBe('function remote() {}');
  });

  it('create refuses an existing appsscript.json or Code file before creating anything', async () => {
    const fake = project();
    await writeFile(join(dir, 'appsscript.json'), '{"timeZone":"Europe/Paris"}');
    await expect(createProject(fake.client, { dir, title: 'T' })).rejects.toMatchObject({
      code: 'local-files-exist',
    });
    expect(fake.sent).toEqual([]);
    expect(await readFile(join(dir, 'appsscript.json'), 'utf8')).toBe('{"timeZone":"Europe/Paris"}');
  });

  it('create defaults the title to the folder’s name, humanised as clasp does', async () => {
    expect(defaultTitle('/home/ada/my_mailer_id')).toBe('My mailer');
    expect(defaultTitle('/home/ada/Sheet-Tools')).toBe('Sheet-tools');
    const fake = project();
    const created = await createProject(fake.client, { dir });
    expect(fake.sent[0]?.body).toEqual({ title: defaultTitle(dir) });
    expect(created.title).toBe(defaultTitle(dir));
  });
});
