import { createBugSmashClient, NotFoundError } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

const { review_link } = await bugsmash.projects.create({
  projectName: 'Marketing site',
  projectType: 'website',
  websiteUrl: 'https://example.com',
});
console.log(review_link);

for await (const project of bugsmash.projects.iterate({
  types: ['website'],
})) {
  const { data: comments, active } = await bugsmash.comments.list({
    projectId: project.id,
    plainText: true,
  });
  console.log(project.name, active, comments[0]?.comment);
}
await bugsmash.versions
  .get({ versionId: 'missing-id' })
  .catch((e) => e instanceof NotFoundError && console.log(e.message));
