import { describe, expect, it } from 'vitest';
import {
  createDriveClient,
  createDriveCore,
  GOOGLE_APPS_MIME_TYPES,
  getFile,
  SCRIPT_MIME_TYPE,
} from '../src/index.js';
import { BASE, FILE_ID, fakeFetch, json, only, queryPairs, TOKEN } from './fake-fetch.js';

const sheet = {
  kind: 'drive#file',
  id: FILE_ID,
  name: 'Invoices 2026',
  mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
  webViewLink: `https://docs.google.com/spreadsheets/d/${FILE_ID}/edit?usp=drivesdk`,
};

/** A client whose fetch answers every request with `status` and `body`. */
function setup(body: unknown, status = 200) {
  const fake = fakeFetch(() => (status === 204 ? new Response(null, { status }) : json(status, body)));
  const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
  return { client, calls: fake.calls };
}

function expectCommon(call: { headers: Headers }, hasBody: boolean) {
  expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  expect(call.headers.get('user-agent')).toMatch(/^specbound\/\S+ @specbound\/drive\/0\.1\.0$/);
  expect(call.headers.get('content-type')).toBe(hasBody ? 'application/json' : null);
}

describe('files', () => {
  it('list: GET /drive/v3/files with q, fields, pageSize and orderBy in the query', async () => {
    const page = { files: [{ id: 's1', name: 'Mailer', mimeType: SCRIPT_MIME_TYPE }], nextPageToken: 't2' };
    const { client, calls } = setup(page);
    const q = `mimeType = '${SCRIPT_MIME_TYPE}' and trashed = false`;
    const result = await client.files.list({
      q,
      fields: 'nextPageToken,files(id,name)',
      pageSize: 50,
      orderBy: 'name',
    });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.origin + call.url.pathname).toBe(`${BASE}/drive/v3/files`);
    expect(queryPairs(call.url)).toEqual([
      ['q', q],
      ['fields', 'nextPageToken,files(id,name)'],
      ['pageSize', '50'],
      ['orderBy', 'name'],
    ]);
    expectCommon(call, false);
    expect(result).toEqual(page);
  });

  it('get: GET /drive/v3/files/{fileId}, the id percent-encoded', async () => {
    const { client, calls } = setup(sheet);
    expect(await client.files.get({ fileId: FILE_ID, fields: '*' })).toEqual(sheet);
    await client.files.get({ fileId: 'a/b c' });
    expect(calls[0]?.url.href).toBe(`${BASE}/drive/v3/files/${FILE_ID}?fields=*`);
    expect(calls[1]?.url.pathname).toBe('/drive/v3/files/a%2Fb%20c');
    expectCommon(calls[0] as { headers: Headers }, false);
  });

  it('get: refuses an empty or dot-segment fileId before sending anything', async () => {
    const { client, calls } = setup(sheet);
    await expect(client.files.get({ fileId: '' })).rejects.toMatchObject({ name: 'ValidationError' });
    await expect(client.files.get({ fileId: '..' })).rejects.toMatchObject({ name: 'ValidationError' });
    expect(calls).toHaveLength(0);
  });

  it('create: POST /drive/v3/files, metadata in the body and the query parameters in the query', async () => {
    const { client, calls } = setup(sheet);
    const result = await client.files.create({
      name: 'Invoices 2026',
      mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
      parents: ['folder-1'],
      fields: 'id,name,mimeType,webViewLink',
      supportsAllDrives: true,
    });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/drive/v3/files');
    expect(queryPairs(call.url)).toEqual([
      ['fields', 'id,name,mimeType,webViewLink'],
      ['supportsAllDrives', 'true'],
    ]);
    expect(call.body).toEqual({
      name: 'Invoices 2026',
      mimeType: GOOGLE_APPS_MIME_TYPES.sheets,
      parents: ['folder-1'],
    });
    expectCommon(call, true);
    expect(result.webViewLink).toBe(sheet.webViewLink);
  });

  it('delete: DELETE /drive/v3/files/{fileId}, resolving to undefined on 204', async () => {
    const { client, calls } = setup(undefined, 204);
    await expect(client.files.delete({ fileId: FILE_ID })).resolves.toBeUndefined();
    const call = only(calls);
    expect(call.method).toBe('DELETE');
    expect(call.url.href).toBe(`${BASE}/drive/v3/files/${FILE_ID}`);
    expectCommon(call, false);
  });

  it('an operation function on a slim core sends the same request as the method', async () => {
    const fake = fakeFetch(() => json(200, sheet));
    const core = createDriveCore({ auth: TOKEN, fetch: fake.fetch });
    expect(await getFile(core, { fileId: FILE_ID })).toEqual(sheet);
    expect(only(fake.calls).url.pathname).toBe(`/drive/v3/files/${FILE_ID}`);
  });

  it('sends an API key in the key query parameter next to the token', async () => {
    const fake = fakeFetch(() => json(200, sheet));
    const client = createDriveClient({ auth: { token: TOKEN, apiKey: 'AIza-key' }, fetch: fake.fetch });
    await client.files.get({ fileId: FILE_ID });
    const call = only(fake.calls);
    expect(call.url.searchParams.get('key')).toBe('AIza-key');
    expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });
});

describe('iterate', () => {
  it('follows nextPageToken until it is absent, keeping q', async () => {
    const fake = fakeFetch((request) => {
      const token = new URL(request.url).searchParams.get('pageToken');
      if (token === null) return json(200, { files: [{ id: 'a' }, { id: 'b' }], nextPageToken: 'p2' });
      if (token === 'p2') return json(200, { files: [], nextPageToken: 'p3' });
      return json(200, { files: [{ id: 'c' }] });
    });
    const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
    const ids: string[] = [];
    for await (const file of client.files.iterate({ q: 'trashed = false', pageSize: 2 }))
      ids.push(file.id ?? '');
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(fake.calls.map((call) => call.url.search)).toEqual([
      '?q=trashed%20%3D%20false&pageSize=2',
      '?q=trashed%20%3D%20false&pageSize=2&pageToken=p2',
      '?q=trashed%20%3D%20false&pageSize=2&pageToken=p3',
    ]);
  });

  it('collects with all({ limit }) and stops asking once it has enough', async () => {
    const fake = fakeFetch(() => json(200, { files: [{ id: 'a' }, { id: 'b' }], nextPageToken: 'more' }));
    const client = createDriveClient({ auth: TOKEN, fetch: fake.fetch });
    const all = await client.files.iterate({}).all({ limit: 3 });
    expect(all.map((file) => file.id)).toEqual(['a', 'b', 'a']);
    expect(fake.calls).toHaveLength(2);
  });
});
