import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

// One page, with nextPageToken:
const page = await client.projects.deployments.list({
  scriptId,
  pageSize: 20,
});
console.log(page.deployments?.length, page.nextPageToken);

// Or every deployment, fetching the next page only when the
// loop reaches it:
const all = client.projects.deployments.iterate({
  scriptId,
});
for await (const {
  deploymentId,
  deploymentConfig,
} of all) {
  console.log(
    deploymentId,
    deploymentConfig?.versionNumber,
  );
}
