import {
  createAppsScriptClient,
  isNotModified,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

// .withResponse() hands back the HTTP response with the data.
const { data: project, response } =
  await client.projects.get.withResponse({
    scriptId,
    fields: 'scriptId,title,updateTime',
  });
const etag = response.headers.get('ETag');
console.log(project.title, project.updateTime);

// A conditional read resolves to { notModified: true } on
// 304 instead of throwing.
const again = await client.projects.get({
  scriptId,
  ifNoneMatch: etag ?? '',
});
if (isNotModified(again))
  console.log('unchanged since', project.updateTime);
