import { describe, expect, it } from 'vitest';
import {
  envelope,
  FOLDER_ID,
  folder,
  PROJECT_ID,
  VERSION_ID,
  version,
  versionSummary,
} from '../../support/bugsmash.ts';
import { apiKeyHeader, bugsmashAt } from '../../support/clients.ts';
import { eachLike, like, uuid } from '../../support/matchers.ts';
import { multipartBody, PNG_BYTES } from '../../support/multipart.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('bugsmash-api', import.meta.url);
const auth = { 'X-API-Key': apiKeyHeader };
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

describe('BugSmash versions', () => {
  it('getVersion: reads a version with its files', async () => {
    await pact
      .addInteraction()
      .given('a version exists', { projectId: PROJECT_ID, versionId: VERSION_ID })
      .uponReceiving('a request to get a version')
      .withRequest('GET', `/version/${VERSION_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Version details', version)))
      .executeTest(async (mockserver) => {
        const found = await bugsmashAt(mockserver.url).versions.get({ versionId: VERSION_ID });
        expect(found.version_no).toBe(1);
        expect(found.project_files[0]?.file_size).toBe(1759914);
      });
  });

  it('listVersions: lists the versions of a project', async () => {
    await pact
      .addInteraction()
      .given('a version exists', { projectId: PROJECT_ID, versionId: VERSION_ID })
      .uponReceiving('a request to list the versions of a project')
      .withRequest('GET', '/versions', (builder) => builder.headers(auth).query({ projectId: PROJECT_ID }))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Versions', eachLike(versionSummary))))
      .executeTest(async (mockserver) => {
        const versions = await bugsmashAt(mockserver.url).versions.list({ projectId: PROJECT_ID });
        expect(versions[0]?.id).toBe(VERSION_ID);
      });
  });

  it('createVersion: adds a website version (JSON)', async () => {
    await pact
      .addInteraction()
      .given('a project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to add a website version')
      .withRequest('POST', '/version', (builder) =>
        builder
          .headers(auth)
          .jsonBody({ projectId: uuid(PROJECT_ID), websiteUrl: like('https://acme.example.com/v2') }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Version created')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).versions.create({
            projectId: PROJECT_ID,
            websiteUrl: 'https://acme.example.com/v2',
          }),
        ).resolves.not.toThrow();
      });
  });

  it('createVersion: uploads a file version (multipart)', async () => {
    await pact
      .addInteraction()
      .given('an image project exists', { projectId: PROJECT_ID })
      .uponReceiving('a multipart request to upload a file version')
      .withRequest('POST', '/version', (builder) =>
        multipartBody(
          builder.headers(auth),
          [{ name: 'projectId', value: PROJECT_ID, pattern: UUID_PATTERN }],
          [{ name: 'file', filename: 'mock-v2.png', contentType: 'image/png', data: PNG_BYTES }],
        ),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Version created')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).versions.create({
            projectId: PROJECT_ID,
            file: { data: PNG_BYTES, filename: 'mock-v2.png', contentType: 'image/png' },
          }),
        ).resolves.not.toThrow();
      });
  });

  it('deleteVersion: deletes a version', async () => {
    await pact
      .addInteraction()
      .given('a version exists', { projectId: PROJECT_ID, versionId: VERSION_ID })
      .uponReceiving('a request to delete a version')
      .withRequest('DELETE', `/version/${VERSION_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Version deleted')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).versions.delete({ versionId: VERSION_ID }),
        ).resolves.not.toThrow();
      });
  });
});

describe('BugSmash folders', () => {
  it('listFolders: lists the folders of the workspace', async () => {
    await pact
      .addInteraction()
      .given('a folder exists', { folderId: FOLDER_ID })
      .uponReceiving('a request to list folders')
      .withRequest('GET', '/folders', (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('All Folders', eachLike(folder))))
      .executeTest(async (mockserver) => {
        const folders = await bugsmashAt(mockserver.url).folders.list();
        expect(folders[0]?.name).toBe('Clients');
      });
  });

  it('getFolder: reads a folder', async () => {
    await pact
      .addInteraction()
      .given('a folder exists', { folderId: FOLDER_ID })
      .uponReceiving('a request to get a folder')
      .withRequest('GET', `/folder/${FOLDER_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Folder Details', folder)))
      .executeTest(async (mockserver) => {
        const found = await bugsmashAt(mockserver.url).folders.get({ folderId: FOLDER_ID });
        expect(found.id).toBe(FOLDER_ID);
        expect(found.share_access).toBe('private');
      });
  });

  it('createFolder: creates a folder holding a project', async () => {
    await pact
      .addInteraction()
      .given('a project exists', { projectId: PROJECT_ID })
      .uponReceiving('a request to create a folder')
      .withRequest('POST', '/folder', (builder) =>
        builder.headers(auth).jsonBody({ name: like('Clients'), projectIds: eachLike(uuid(PROJECT_ID)) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Folder created')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).folders.create({ name: 'Clients', projectIds: [PROJECT_ID] }),
        ).resolves.not.toThrow();
      });
  });

  it('updateFolder: renames a folder and moves a project in', async () => {
    await pact
      .addInteraction()
      .given('a folder and a project exist', { folderId: FOLDER_ID, projectId: PROJECT_ID })
      .uponReceiving('a request to update a folder')
      .withRequest('PATCH', `/folder/${FOLDER_ID}`, (builder) =>
        builder
          .headers(auth)
          .jsonBody({ name: like('Clients 2026'), addProjectIds: eachLike(uuid(PROJECT_ID)) }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(envelope('Folder updated', { ...folder, name: like('Clients 2026') })),
      )
      .executeTest(async (mockserver) => {
        const updated = await bugsmashAt(mockserver.url).folders.update({
          folderId: FOLDER_ID,
          name: 'Clients 2026',
          addProjectIds: [PROJECT_ID],
        });
        expect(updated.name).toBe('Clients 2026');
      });
  });

  it('deleteFolder: deletes a folder', async () => {
    await pact
      .addInteraction()
      .given('a folder exists', { folderId: FOLDER_ID })
      .uponReceiving('a request to delete a folder')
      .withRequest('DELETE', `/folder/${FOLDER_ID}`, (builder) => builder.headers(auth))
      .willRespondWith(200, (builder) => builder.jsonBody(envelope('Folder deleted')))
      .executeTest(async (mockserver) => {
        await expect(
          bugsmashAt(mockserver.url).folders.delete({ folderId: FOLDER_ID }),
        ).resolves.not.toThrow();
      });
  });
});
