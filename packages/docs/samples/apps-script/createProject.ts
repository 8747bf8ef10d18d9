import { createAppsScriptClient } from '@specbound/apps-script';

const client = createAppsScriptClient({
  auth: process.env.GOOGLE_ACCESS_TOKEN ?? '',
});

// A standalone project; pass parentId (a Drive file ID) to
// bind it to a Doc, Sheet, Form or Slides.
const project = await client.projects.create({
  title: 'Invoice mailer',
});
console.log(project.scriptId, project.createTime);
