import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// A website by URL (JSON); a pdf, video, audio or image
// project takes `file`, multi_images `files`.
const project = await bugsmash.projects.create({
  projectName: 'Marketing site',
  projectType: 'website',
  websiteUrl: 'https://example.com',
});
console.log(project.review_link);
