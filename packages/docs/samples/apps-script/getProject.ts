import {
  createAppsScriptClient,
  isNotModified,
} from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});
const scriptId = '1AbCdEfGhIjKlMnOp_qRsTuV';

let etag: string | null = null;
const project = await client.projects.get(
  { scriptId, fields: 'scriptId,title,updateTime' },
  {
    onResponse: (response) =>
      (etag = response.headers.get('ETag')),
  },
);
console.log(project.title, project.updateTime);

// A conditional read resolves to { notModified: true } on
// 304 instead of throwing.
const again = await client.projects.get({
  scriptId,
  ifNoneMatch: etag ?? '',
});
if (isNotModified(again))
  console.log('unchanged since', project.updateTime);
