import { createBugSmashCore, listProjects } from '@specbound/bugsmash';
const core = createBugSmashCore({ apiKey: 'key' });
console.log(await listProjects(core));
