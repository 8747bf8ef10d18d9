import {
  createBugSmashClient,
  NotFoundError,
} from '@specbound/bugsmash';

const bugsmash = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY ?? '',
});

try {
  const project = await bugsmash.projects.get({
    projectId: '9b2f6a52-3d1e-4c8a-a1f0-5e7d2c4b8a10',
  });
  console.log(
    project.name,
    project.project_versions.length,
    project.project_users.length,
  );
} catch (error) {
  if (error instanceof NotFoundError)
    // "404 Not Found: Project not found"
    console.log(error.message);
  else throw error;
}
