import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const projectId = '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10';

// A website version by URL (JSON):
await bugsmash.versions.create({
  projectId,
  websiteUrl: 'https://staging.example.com',
});

// A file version (multipart); a Blob, a File, bytes or {
// data, filename, contentType }:
const pdf = new Blob(
  [
    await (
      await fetch('https://example.com/brochure.pdf')
    ).arrayBuffer(),
  ],
  {
    type: 'application/pdf',
  },
);
await bugsmash.versions.create(
  {
    projectId,
    file: { data: pdf, filename: 'brochure-v2.pdf' },
  },
  { timeout: 300_000 },
);
