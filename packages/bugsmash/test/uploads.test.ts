import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVersion, generateReviewLink, MAX_IMAGES, ValidationError } from '../src/index.js';
import {
  createBugSmashClient as createNodeClient,
  createBugSmashCore as createNodeCore,
} from '../src/node.js';
import { API_KEY, BASE_URL, fakeFetch, IDS, json, ok, only, setup } from './helpers.js';

const created = () =>
  json({
    status: true,
    message: 'Success',
    project: { id: IDS.project, name: 'Deck', review_link: 'https://app.bugsmash.io/review/AbCdE' },
  });
const never = (): Response => {
  throw new Error('no request should be sent');
};
const png = (n = 1) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, n]);

async function parts(request: Request): Promise<FormData> {
  expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  return request.formData();
}

function file(form: FormData, name: string, index = 0): File {
  const value = form.getAll(name)[index];
  expect(value).toBeInstanceOf(File);
  return value as File;
}

describe('project uploads (multipart)', () => {
  it('sends a PDF from a File with its name and type, flags as strings', async () => {
    const { client, requests } = setup(created);
    const pdf = new File(['%PDF-1.7 brief'], 'brief.pdf', { type: 'application/pdf' });
    const result = await client.projects.create({
      projectName: 'Brief',
      projectType: 'pdf',
      file: pdf,
      anonymousComments: true,
      privateComments: false,
    });
    expect(result.review_link).toBe('https://app.bugsmash.io/review/AbCdE');
    const request = only(requests);
    expect(request.url).toBe(`${BASE_URL}/project/generate-review-link`);
    const form = await parts(request);
    expect([...form.keys()]).toEqual([
      'projectName',
      'projectType',
      'file',
      'anonymousComments',
      'privateComments',
    ]);
    expect(form.get('projectName')).toBe('Brief');
    expect(form.get('projectType')).toBe('pdf');
    expect(form.get('anonymousComments')).toBe('true');
    expect(form.get('privateComments')).toBe('false');
    const sent = file(form, 'file');
    expect(sent.name).toBe('brief.pdf');
    expect(sent.type).toBe('application/pdf');
    expect(await sent.text()).toBe('%PDF-1.7 brief');
  });

  it('names and types bytes from the given filename, or a default', async () => {
    const { client, requests } = setup([created, created]);
    await client.projects.create({
      projectName: 'Clip',
      projectType: 'video',
      file: { data: new Uint8Array([1, 2, 3]), filename: 'clip.mp4' },
    });
    await client.projects.create({
      projectName: 'Raw',
      projectType: 'audio',
      file: new Uint8Array([4]).buffer,
    });
    const clip = file(await parts(requests[0] as Request), 'file');
    expect([clip.name, clip.type, clip.size]).toEqual(['clip.mp4', 'video/mp4', 3]);
    const raw = file(await parts(requests[1] as Request), 'file');
    expect([raw.name, raw.type]).toEqual(['upload', 'application/octet-stream']);
  });

  it('sends multi_images as repeated files[] parts', async () => {
    const { client, requests } = setup(created);
    await client.projects.create({
      projectName: 'Screens',
      projectType: 'multi_images',
      files: [new Blob([png(1)], { type: 'image/png' }), { data: png(2), filename: 'b.jpg' }],
    });
    const form = await parts(only(requests));
    expect(form.getAll('files[]')).toHaveLength(2);
    expect(form.get('files')).toBeNull();
    const [a, b] = [file(form, 'files[]', 0), file(form, 'files[]', 1)];
    expect([a.name, a.type]).toEqual(['upload.png', 'image/png']);
    expect([b.name, b.type]).toEqual(['b.jpg', 'image/jpeg']);
  });

  it(`refuses more than ${MAX_IMAGES} images, an empty file, a non-image in multi_images and no files`, async () => {
    const { client, requests } = setup(never);
    const images = Array.from({ length: MAX_IMAGES + 1 }, (_, i) => ({ data: png(i), filename: `${i}.png` }));
    await expect(
      client.projects.create({ projectName: 'Too many', projectType: 'multi_images', files: images }),
    ).rejects.toMatchObject({ name: 'ValidationError', field: 'files' });
    await expect(
      client.projects.create({ projectName: 'Empty', projectType: 'pdf', file: new Blob([]) }),
    ).rejects.toMatchObject({ field: 'file', message: expect.stringContaining('empty') });
    await expect(
      client.projects.create({
        projectName: 'Empty',
        projectType: 'multi_images',
        files: [png(), new Uint8Array(0)],
      }),
    ).rejects.toMatchObject({ field: 'files[1]' });
    await expect(
      client.projects.create({
        projectName: 'Mixed',
        projectType: 'multi_images',
        files: [{ data: png(), filename: 'a.pdf' }],
      }),
    ).rejects.toMatchObject({ field: 'files[0]' });
    await expect(
      client.projects.create({ projectName: 'None', projectType: 'multi_images', files: [] }),
    ).rejects.toMatchObject({ field: 'files' });
    expect(requests).toHaveLength(0);
  });

  it('refuses project types that do not take files', async () => {
    const { client, requests } = setup(never);
    await expect(
      // @ts-expect-error ppt projects cannot be created through the API
      client.projects.create({ projectName: 'Deck', projectType: 'ppt', file: png() }),
    ).rejects.toMatchObject({ field: 'projectType' });
    await expect(
      client.projects.create({
        projectName: 'Site',
        projectType: 'website',
        websiteUrl: 'https://e.x',
        // @ts-expect-error a website project takes a URL, not a file
        file: png(),
      }),
    ).rejects.toMatchObject({ field: 'projectType' });
    await expect(
      // @ts-expect-error a single-file project takes `file`, not `files`
      client.projects.create({ projectName: 'Brief', projectType: 'pdf', files: [png()] }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(requests).toHaveLength(0);
  });

  it('refuses a file path outside the Node entry, before any request', async () => {
    const { client, requests } = setup(never);
    await expect(
      client.projects.create({ projectName: 'Brief', projectType: 'pdf', file: './brief.pdf' }),
    ).rejects.toMatchObject({ field: 'file', message: expect.stringContaining('@specbound/bugsmash/node') });
    expect(requests).toHaveLength(0);
  });
});

describe('version uploads', () => {
  it('sends projectId and one file', async () => {
    const { client, requests } = setup(() => ok({ id: IDS.version }));
    await expect(
      client.versions.create({
        projectId: IDS.project,
        file: new File([png()], 'v2.png', { type: 'image/png' }),
      }),
    ).resolves.toEqual({ id: IDS.version });
    const request = only(requests);
    expect([request.method, request.url]).toEqual(['POST', `${BASE_URL}/version`]);
    const form = await parts(request);
    expect([...form.keys()]).toEqual(['projectId', 'file']);
    expect(form.get('projectId')).toBe(IDS.project);
    expect(file(form, 'file').name).toBe('v2.png');
  });

  it('refuses an empty file and a missing projectId', async () => {
    const { client, requests } = setup(never);
    await expect(
      client.versions.create({ projectId: IDS.project, file: new Uint8Array(0) }),
    ).rejects.toMatchObject({
      field: 'file',
    });
    await expect(client.versions.create({ projectId: '', file: png() })).rejects.toMatchObject({
      field: 'projectId',
    });
    expect(requests).toHaveLength(0);
  });
});

describe('file paths (Node entry)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bugsmash-'));
    await writeFile(join(dir, 'shot.png'), png(7));
    await writeFile(join(dir, 'empty.pdf'), '');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uploads a file path with its base name and a type from its extension', async () => {
    const fake = fakeFetch(() => ok({ id: IDS.version }));
    const client = createNodeClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: fake.fetch, retry: false });
    await client.versions.create({ projectId: IDS.project, file: join(dir, 'shot.png') });
    const sent = file(await parts(only(fake.requests)), 'file');
    expect([sent.name, sent.type]).toEqual(['shot.png', 'image/png']);
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(png(7));
  });

  it('uploads a file path through the operation functions on a Node core', async () => {
    const fake = fakeFetch([created, () => ok({ id: IDS.version })]);
    const core = createNodeCore({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: fake.fetch, retry: false });
    await generateReviewLink(core, {
      projectName: 'Shot',
      projectType: 'image',
      file: join(dir, 'shot.png'),
    });
    await createVersion(core, { projectId: IDS.project, file: join(dir, 'shot.png') });
    for (const request of fake.requests) {
      const sent = file(await parts(request), 'file');
      expect([sent.name, sent.type]).toEqual(['shot.png', 'image/png']);
    }
  });

  it('refuses an empty or missing file before any request', async () => {
    const fake = fakeFetch(never);
    const client = createNodeClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: fake.fetch, retry: false });
    await expect(
      client.projects.create({ projectName: 'Brief', projectType: 'pdf', file: join(dir, 'empty.pdf') }),
    ).rejects.toMatchObject({ field: 'file', message: expect.stringContaining('empty') });
    await expect(
      client.projects.create({ projectName: 'Brief', projectType: 'pdf', file: join(dir, 'missing.pdf') }),
    ).rejects.toMatchObject({ field: 'file', message: expect.stringContaining('ENOENT') });
    expect(fake.requests).toHaveLength(0);
  });
});
