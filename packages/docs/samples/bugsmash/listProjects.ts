import { createBugSmashClient } from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

// One page (limit at most 50); folderId: 'null' lists only
// projects outside any folder.
const page = await bugsmash.projects.list({
  page: 1,
  limit: 50,
  types: ['website', 'pdf'],
});
console.log(
  `page ${page.current_page} of ${page.last_page}`,
);

// Or every project, page after page:
for await (const project of bugsmash.projects.iterate({
  types: ['website'],
})) {
  console.log(project.name, project.short_url);
}
