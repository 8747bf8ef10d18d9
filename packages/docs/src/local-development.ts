import { codeBlock as code, escapeHtml } from './html.ts';
import { REPOSITORY_URL } from './links.ts';
import { OFFLINE_TOOLS_SECTION } from './offline-tools.ts';
import { LANDING_CSS } from './style.ts';
import { LOGO_DATA_URI } from './theme.ts';
import { TYPESCRIPT_SECTION } from './typescript-projects.ts';

/** One section of the page; add a section by adding an entry (the table of contents follows). */
export interface PageSection {
  readonly id: string;
  readonly title: string;
  /** HTML; code goes through `code()` so it is escaped. */
  readonly html: string;
}

const EMULATOR_README = `${REPOSITORY_URL}/tree/main/packages/emulator#readme`;
const TOOLS_README = `${REPOSITORY_URL}/tree/main/tools#readme`;

export const LOCAL_DEVELOPMENT_SECTIONS: readonly PageSection[] = [
  {
    id: 'emulator',
    title: 'The emulator',
    html: `<p><code>@specbound/emulator</code> serves both services on one loopback port, each at its real path
layout, with state, Apps Script functions really run in a sandbox, and every request and response
checked against the specs. No account, key or network is needed.</p>
${code(`
npx specbound-emulator --port 0 --seed   # in a project that installed the packages
./tools/dev emulator --port 0 --seed     # in a specbound checkout
`)}
<p>It prints the base URLs to give the clients (<code>--port 8787</code>, the default, shown):</p>
<table>
<thead><tr><th>service</th><th>base URL</th></tr></thead>
<tbody>
<tr><td>Apps Script</td><td><code>http://127.0.0.1:8787</code> (any bearer token; the demo data's users are <code>ada-demo-token</code> and <code>grace-demo-token</code>)</td></tr>
<tr><td>BugSmash</td><td><code>http://127.0.0.1:8787/api/v2</code> (<code>X-API-Key: local-emulator-key</code> unless <code>--bugsmash-api-key</code> says otherwise)</td></tr>
<tr><td>control API</td><td><code>http://127.0.0.1:8787/__emulator</code> (state, faults, logs, webhook deliveries)</td></tr>
</tbody>
</table>
${code(
  `
import { createAppsScriptClient } from '@specbound/apps-script';
import { createBugSmashClient } from '@specbound/bugsmash';

const appsScript = createAppsScriptClient({ baseUrl: 'http://127.0.0.1:8787', auth: 'ada-demo-token' });
const bugsmash = createBugSmashClient({ baseUrl: 'http://127.0.0.1:8787/api/v2', apiKey: 'local-emulator-key' });
`,
  'ts',
)}
<p>Apps Script functions run offline with the Google services they call (properties, caches, locks,
Utilities, Session, Logger): see <a href="apps-script-runtime.html">Apps Script runtime</a>.</p>
<p>Tests can start it in-process instead: <code>startEmulator({ port: 0 })</code> returns the same URLs
and a <code>close()</code>. Every option is in the <a href="${EMULATOR_README}">emulator README</a>.</p>`,
  },
  {
    id: 'cli',
    title: 'The CLI',
    html: `<p><code>@specbound/tools</code> installs the <code>specbound</code> command: Apps Script projects
(clasp-compatible) and BugSmash from a terminal. Every command takes its base URLs from flags or
<code>SPECBOUND_*_URL</code> environment variables, so each one works against the emulator as well as
against the real services.</p>
${code(`
npx specbound --help     # every command, one line each
npx specbound demo       # the main workflows against an emulator started in-process
`)}
<p>Commands, flags and exit codes: the <a href="${TOOLS_README}">CLI README</a>.</p>`,
  },
  {
    id: 'state',
    title: 'State',
    html: `<p>State lives in memory unless you name a file: <code>--state</code> loads it at start and saves
after every change, so a restart picks up where you left off. A relative path is resolved against
the directory you started the emulator from.</p>
${code(`
npx specbound-emulator --state .emulator.json           # load, then save after every change
npx specbound-emulator seed --state demo.json           # write the demo data set to a new file and exit
curl -s http://127.0.0.1:8787/__emulator/state          # the state document
curl -s -X PUT --data @state.json http://127.0.0.1:8787/__emulator/state   # replace it (400 if invalid)
curl -s -X POST 'http://127.0.0.1:8787/__emulator/reset?seed=demo'         # empty state, then the demo data
`)}
<p>The state file and <code>GET</code>/<code>PUT /__emulator/state</code> share one JSON format; its
fields are in the <a href="${EMULATOR_README}">emulator README</a>.</p>`,
  },
  {
    id: 'faults',
    title: 'Faults',
    html: `<p>Some answers no state produces: a 429 with <code>Retry-After</code>, a 5xx, BugSmash's
<code>status: false</code> for a plan limit. Register one and the next matching request gets it (the
handler does not run, so the state does not change):</p>
${code(`
curl -s -X POST http://127.0.0.1:8787/__emulator/faults \\
  -H 'content-type: application/json' \\
  -d '{ "service": "bugsmash", "operationId": "listProjects", "status": 429,
        "headers": { "Retry-After": "60" }, "times": 1 }'
`)}
<p>A fault is held to the spec when you register it: a status, body or header the operation does not
declare is refused with a 400 naming the problem. Faults live in memory only;
<code>POST /__emulator/reset</code> and <code>DELETE /__emulator/faults</code> clear them.</p>`,
  },
  OFFLINE_TOOLS_SECTION,
  TYPESCRIPT_SECTION,
];

/** A page of sections with a table of contents, in the style of the landing page. */
export function renderSectionsPage(page: {
  title: string;
  /** HTML of the paragraph under the title. */
  lead: string;
  sections: readonly PageSection[];
}): string {
  const { sections } = page;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · specbound docs</title>
<link rel="icon" href="${LOGO_DATA_URI}">
<style>${LANDING_CSS}</style>
</head>
<body>
<header>
  <div class="wrap">
    <h1>${escapeHtml(page.title)}</h1>
    <p class="lead">${page.lead}</p>
    <nav><a class="button" href="index.html">specbound docs home</a></nav>
  </div>
</header>
<main class="wrap">
<nav aria-label="On this page"><ul>
${sections.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`).join('\n')}
</ul></nav>
${sections.map((s) => `<section id="${s.id}">\n<h2>${escapeHtml(s.title)}</h2>\n${s.html}\n</section>`).join('\n')}
</main>
<footer class="wrap"><p>Built by <code>@specbound/docs</code>. MIT licensed.</p></footer>
</body>
</html>
`;
}

/** The "Local development" page: emulator, CLI, state and faults. */
export function renderLocalDevelopment(
  sections: readonly PageSection[] = LOCAL_DEVELOPMENT_SECTIONS,
): string {
  return renderSectionsPage({
    title: 'Local development',
    lead: `Work against both services on your own machine: the emulator, the CLI, state you can keep, and
    the failures you need to test.`,
    sections,
  });
}
