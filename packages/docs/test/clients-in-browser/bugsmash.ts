// A browser app using @specbound/bugsmash: see apps-script.ts next to it.
import {
  createBugSmashClient,
  NotFoundError,
  ResponseTooLargeError,
  TimeoutError,
} from '@specbound/bugsmash';

export async function run(baseUrl: string, apiKey: string): Promise<Record<string, unknown>> {
  const client = createBugSmashClient({ apiKey, baseUrl, retry: false });
  // POST with a JSON body.
  const site = await client.projects.create({
    projectType: 'website',
    projectName: 'Browser site',
    websiteUrl: 'https://example.com/',
  });
  // POST multipart with a File, as a browser app uploads one.
  const brochure = await client.projects.create({
    projectName: 'Browser brochure',
    projectType: 'pdf',
    file: new File(['%PDF-1.4 from a browser'], 'brochure.pdf', { type: 'application/pdf' }),
  });
  const got = await client.projects.get({ projectId: String(site.id) });
  // Every project, page after page.
  const websites = await client.projects.iterate({ types: ['website'] }).all();
  const all = await client.projects.iterate().all();
  const missing = await client.projects
    .get({ projectId: '00000000-0000-4000-8000-000000000000' })
    .catch((e: unknown) => e);
  // The body guard (body.ts): a list larger than the limit is refused.
  const small = createBugSmashClient({ apiKey, baseUrl, retry: false, maxResponseBytes: 64 });
  const tooLarge = await small.projects.list().catch((e: unknown) => e);
  // The same while streaming (no Content-Length), and a body that stalls after its headers: the
  // page's own server misbehaves on purpose (see the test).
  const streamed = createBugSmashClient({
    apiKey,
    baseUrl: `${location.origin}/chunked`,
    retry: false,
    maxResponseBytes: 100,
  });
  const streamedTooLarge = await streamed.projects.list().catch((e: unknown) => e);
  const stalling = createBugSmashClient({
    apiKey,
    baseUrl: `${location.origin}/stalled`,
    retry: false,
    timeout: 300,
  });
  const stalled = await stalling.projects.list().catch((e: unknown) => e);
  return {
    site: { name: site.name, reviewLink: site.review_link },
    brochure: brochure.name,
    got: got.name,
    websites: websites.map((p) => p.name),
    all: all.length,
    tooLarge:
      tooLarge instanceof ResponseTooLargeError
        ? { name: tooLarge.name, limit: tooLarge.limit }
        : String(tooLarge),
    streamedTooLarge:
      streamedTooLarge instanceof ResponseTooLargeError
        ? { name: streamedTooLarge.name, limit: streamedTooLarge.limit }
        : String(streamedTooLarge),
    stalled:
      stalled instanceof TimeoutError ? { name: stalled.name, message: stalled.message } : String(stalled),
    missing:
      missing instanceof NotFoundError
        ? { name: missing.name, status: missing.status, message: missing.message }
        : String(missing),
  };
}
