import { createAppsScriptCore, getProject } from '@specbound/apps-script';
const core = createAppsScriptCore({ auth: 'token' });
console.log(await getProject(core, { scriptId: 'abc' }));
