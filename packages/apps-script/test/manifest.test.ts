import { describe, expect, it } from 'vitest';
import {
  ContentValidationError,
  createAppsScriptClient,
  ValidationError,
  validateContentFiles,
} from '../src/index.js';
import { fakeFetch, json, SCRIPT_ID } from './fake-fetch.js';

const manifest = {
  name: 'appsscript',
  type: 'JSON' as const,
  source: '{"timeZone":"Etc/UTC","runtimeVersion":"V8"}',
};
const code = { name: 'Code', type: 'SERVER_JS' as const, source: 'function main() {}' };
const page = { name: 'Page', type: 'HTML' as const, source: '<p>hi</p>' };

describe('validateContentFiles', () => {
  it('accepts a manifest with code and HTML files', () => {
    expect(validateContentFiles([manifest, code, page])).toEqual([]);
  });

  it.each([
    ['no manifest', [code], 'files', /manifest named "appsscript" of type JSON is required/],
    ['two manifests', [manifest, manifest], 'files[1].name', /also the name of files\[0\]/],
    ['manifest not JSON type', [{ ...manifest, type: 'SERVER_JS' }], 'files[0].type', /must have type JSON/],
    [
      'manifest source not JSON',
      [{ ...manifest, source: '{timeZone:' }],
      'files[0].source',
      /must be a JSON object/,
    ],
    [
      'manifest source a JSON array',
      [{ ...manifest, source: '[]' }],
      'files[0].source',
      /must be a JSON object/,
    ],
    [
      'duplicate names',
      [manifest, code, { ...page, name: 'Code' }],
      'files[2].name',
      /"Code" is also the name of files\[1\]/,
    ],
    [
      'invalid type',
      [manifest, { ...code, type: 'JAVASCRIPT' }],
      'files[1].type',
      /one of SERVER_JS, HTML, JSON/,
    ],
    [
      'unspecified type',
      [manifest, { ...code, type: 'ENUM_TYPE_UNSPECIFIED' }],
      'files[1].type',
      /one of SERVER_JS, HTML, JSON/,
    ],
    [
      'JSON used for another file',
      [manifest, { name: 'data', type: 'JSON', source: '{}' }],
      'files[1].type',
      /only for the "appsscript" manifest/,
    ],
    ['empty name', [manifest, { ...code, name: '' }], 'files[1].name', /non-empty string/],
    [
      'missing source',
      [manifest, { name: 'Code', type: 'SERVER_JS' }],
      'files[1].source',
      /must be a string/,
    ],
    ['not an array', undefined, 'files', /must be an array/],
  ])('%s', (_name, files, field, message) => {
    const problems = validateContentFiles(files);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.find((problem) => problem.field === field)?.message).toMatch(message);
  });

  it('lists every problem at once', () => {
    const problems = validateContentFiles([{ ...code, type: 'X' }, { ...code }]);
    expect(problems.map((problem) => problem.field)).toEqual(['files[0].type', 'files[1].name', 'files']);
  });
});

describe('updateContent refuses a bad set before sending', () => {
  it('throws ContentValidationError (a ValidationError) and makes no request', async () => {
    const fake = fakeFetch(() => json(200, {}));
    const client = createAppsScriptClient({ fetch: fake.fetch });
    const error = await client.projects
      .updateContent({ scriptId: SCRIPT_ID, files: [code] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ContentValidationError;
    expect(validation.field).toBe('files');
    expect(validation.message).toBe(
      'Invalid script files: files: a manifest named "appsscript" of type JSON is required',
    );
    expect(validation.problems).toHaveLength(1);
    expect(fake.calls).toHaveLength(0);
  });
});
