import { AuthenticationError, NotFoundError } from '@specbound/drive';
import { describe, expect, it } from 'vitest';
import { bearerHeader, driveAt } from '../../support/clients.ts';
import {
  driveError,
  fileWithLink,
  SCRIPT_ID,
  SCRIPT_MIME_TYPE,
  SHEETS_MIME_TYPE,
  scriptFile,
} from '../../support/drive.ts';
import { eachLike } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('drive-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const SCRIPTS_Q = `mimeType = '${SCRIPT_MIME_TYPE}' and trashed = false`;
const LIST_FIELDS = 'nextPageToken,files(id,name,mimeType)';
const FILE_FIELDS = 'id,name,mimeType,webViewLink';
// A token Google cannot accept: `!` is not allowed in an OAuth bearer token (RFC 6750 b64token).
const BAD_TOKEN = 'ya29.revoked!token';

describe('Drive files', () => {
  it('listFiles: lists the script projects of the user', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID, title: 'Invoice mailer' })
      .uponReceiving('a request to list the script files')
      .withRequest('GET', '/drive/v3/files', (builder) =>
        builder.headers(auth).query({ q: SCRIPTS_Q, fields: LIST_FIELDS, pageSize: '100' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ files: eachLike(scriptFile) }))
      .executeTest(async (mockserver) => {
        const page = await driveAt(mockserver.url).files.list({
          q: SCRIPTS_Q,
          fields: LIST_FIELDS,
          pageSize: 100,
        });
        expect(page.files?.[0]).toEqual({
          id: SCRIPT_ID,
          name: 'Invoice mailer',
          mimeType: SCRIPT_MIME_TYPE,
        });
        expect(page.nextPageToken).toBeUndefined();
      });
  });

  it('listFiles: a token Google refuses is an AuthenticationError', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to list files with a revoked token')
      .withRequest('GET', '/drive/v3/files', (builder) =>
        builder.headers({ Authorization: `Bearer ${BAD_TOKEN}` }).query({ q: SCRIPTS_Q }),
      )
      .willRespondWith(401, (builder) =>
        builder.jsonBody(driveError(401, 'authError', 'Invalid Credentials')),
      )
      .executeTest(async (mockserver) => {
        const error = await driveAt(mockserver.url, BAD_TOKEN)
          .files.list({ q: SCRIPTS_Q })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AuthenticationError);
        expect((error as AuthenticationError).body?.error.errors?.[0]?.reason).toBe('authError');
      });
  });

  it('getFile: reads a file with its link', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID, title: 'Invoice mailer' })
      .uponReceiving('a request to get a script file')
      .withRequest('GET', `/drive/v3/files/${SCRIPT_ID}`, (builder) =>
        builder.headers(auth).query({ fields: FILE_FIELDS }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(fileWithLink(SCRIPT_MIME_TYPE, 'Invoice mailer')))
      .executeTest(async (mockserver) => {
        const file = await driveAt(mockserver.url).files.get({ fileId: SCRIPT_ID, fields: FILE_FIELDS });
        expect(file.mimeType).toBe(SCRIPT_MIME_TYPE);
        expect(file.webViewLink).toMatch(/^https:\/\//);
      });
  });

  it('getFile: a missing file is a NotFoundError', async () => {
    await pact
      .addInteraction()
      .given('no Drive file exists', { fileId: SCRIPT_ID })
      .uponReceiving('a request to get a Drive file that does not exist')
      .withRequest('GET', `/drive/v3/files/${SCRIPT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) =>
        builder.jsonBody(driveError(404, 'notFound', `File not found: ${SCRIPT_ID}.`)),
      )
      .executeTest(async (mockserver) => {
        const error = await driveAt(mockserver.url)
          .files.get({ fileId: SCRIPT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).body?.error.errors?.[0]?.reason).toBe('notFound');
      });
  });

  it('createFile: creates an empty spreadsheet to bind a script to', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request to create an empty spreadsheet')
      .withRequest('POST', '/drive/v3/files', (builder) =>
        builder
          .headers(auth)
          .query({ fields: FILE_FIELDS })
          .jsonBody({ name: 'Invoices 2026', mimeType: SHEETS_MIME_TYPE }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(fileWithLink(SHEETS_MIME_TYPE, 'Invoices 2026')))
      .executeTest(async (mockserver) => {
        const file = await driveAt(mockserver.url).files.create({
          name: 'Invoices 2026',
          mimeType: SHEETS_MIME_TYPE,
          fields: FILE_FIELDS,
        });
        expect(file.id).toBe(SCRIPT_ID);
        expect(file.mimeType).toBe(SHEETS_MIME_TYPE);
      });
  });

  it('deleteFile: deletes a script project file (204, no body)', async () => {
    await pact
      .addInteraction()
      .given('a script project exists', { scriptId: SCRIPT_ID, title: 'Invoice mailer' })
      .uponReceiving('a request to delete a script file')
      .withRequest('DELETE', `/drive/v3/files/${SCRIPT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(204)
      .executeTest(async (mockserver) => {
        await expect(driveAt(mockserver.url).files.delete({ fileId: SCRIPT_ID })).resolves.toBeUndefined();
      });
  });

  it('deleteFile: a missing file is a NotFoundError', async () => {
    await pact
      .addInteraction()
      .given('no Drive file exists', { fileId: SCRIPT_ID })
      .uponReceiving('a request to delete a Drive file that does not exist')
      .withRequest('DELETE', `/drive/v3/files/${SCRIPT_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(404, (builder) =>
        builder.jsonBody(driveError(404, 'notFound', `File not found: ${SCRIPT_ID}.`)),
      )
      .executeTest(async (mockserver) => {
        const error = await driveAt(mockserver.url)
          .files.delete({ fileId: SCRIPT_ID })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NotFoundError);
      });
  });
});
