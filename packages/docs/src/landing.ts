import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './html.ts';
import { REPOSITORY_URL, readmeUrl } from './links.ts';
import type { OpenApiDocument, OperationRef } from './operations.ts';
import { SAMPLES_DIR } from './paths.ts';
import type { Reference, Service } from './services.ts';
import { LANDING_CSS } from './style.ts';
import { LOGO_DATA_URI } from './theme.ts';

export interface ServiceSummary {
  readonly service: Service;
  readonly doc: OpenApiDocument;
  readonly operations: readonly OperationRef[];
}

/** [package, folder in the repository, what it is]: each links to its README. */
const PACKAGES: readonly (readonly [string, string, string])[] = [
  [
    '@specbound/http',
    'packages/http',
    'The runtime every client shares: retries with backoff and Retry-After, per-attempt timeouts, auth strategies, one error hierarchy, pagination, credential redaction.',
  ],
  [
    '@specbound/apps-script',
    'packages/apps-script',
    'Apps Script API v1: all 16 operations, scripts.run with typed script errors, pagination, conditional reads, manifest checks.',
  ],
  [
    '@specbound/bugsmash',
    'packages/bugsmash',
    'BugSmash REST API v2: all 26 endpoints, envelope unwrapping, page/limit pagination, multipart uploads, webhook verification.',
  ],
  [
    '@specbound/logging',
    'packages/logging',
    'Cloud Logging v2 entries.list: the log lines of Apps Script executions, with filter helpers for their process, function and severity.',
  ],
  [
    '@specbound/drive',
    'packages/drive',
    'Google Drive API v3, the files subset Apps Script tooling needs: list (q, fields, paging), get, create a Sheets/Docs/Forms/Slides container, delete.',
  ],
  [
    '@specbound/sheets',
    'packages/sheets',
    'Google Sheets API v4 subset: create and get spreadsheets, read, write, append and clear values by A1 range; checked against @googleapis/sheets.',
  ],
  [
    '@specbound/emulator',
    'packages/emulator',
    'A local, stateful emulator of both services, routed and validated by the specs (npx specbound-emulator).',
  ],
  [
    '@specbound/tools',
    'tools',
    'The specbound CLI: Apps Script projects (clasp-compatible) and BugSmash from a terminal, and a demo against the emulator.',
  ],
  [
    '@specbound/docs',
    'packages/docs',
    'This site: a landing page and one API reference per spec, with a type-checked TypeScript sample per operation.',
  ],
];

const WORKFLOW: readonly string[] = [
  'Change the spec in <code>specs/&lt;service&gt;/</code> (a file per path, a file per component). <code>tools/dev lint:specs</code> runs Redocly with the house rules as errors.',
  '<code>tools/dev generate</code> rewrites <code>packages/&lt;service&gt;/src/generated/schema.ts</code>; the client’s types follow, and a hand-written method that no longer fits stops compiling.',
  'Add or adjust the Pact interaction in <code>contract-tests/test/consumer/&lt;service&gt;/</code>. <code>test:contract</code> writes the pact files, checks each against its spec with <code>@pactflow/openapi-pact-comparator</code>, and verifies them against the emulator as the provider.',
  'Every operation in these references carries a sample compiled against the real client in the <code>typecheck</code> task, so a renamed method breaks the build instead of the docs.',
  '<code>tools/dev test</code> runs all of it; CI runs the same command.',
];

/** The quick starts are sample files too, so the landing page's code is type-checked like the rest. */
function quickStart(service: Service): string {
  return readFileSync(join(SAMPLES_DIR, 'quick-start', `${service.id}.ts`), 'utf8').trimEnd();
}

function serviceCard({ service, doc, operations }: ServiceSummary): string {
  const endpoints = operations.filter((o) => !o.webhook).length;
  const deliveries = operations.length - endpoints;
  const counts = `${endpoints} operations${deliveries > 0 ? ` and ${deliveries} webhook deliveries` : ''}`;
  const summary = typeof doc.info.summary === 'string' ? doc.info.summary : '';
  return `<article class="card">
  <h3><a href="${service.id}.html">${escapeHtml(service.name)} reference</a></h3>
  <p>${escapeHtml(summary)}</p>
  <p class="meta">${counts} · client <code>${service.packageName}</code> · spec <code>specs/${service.id}/</code></p>
</article>`;
}

/** The site's index page: what specbound is, its packages, install, quick starts and workflow. */
export function renderLanding(
  services: readonly ServiceSummary[],
  references: readonly Reference[] = [],
): string {
  const installs = services.map((s) => s.service.packageName).join(' ');
  const starts = services
    .map(
      ({ service }) => `<h3>${escapeHtml(service.name)}</h3>
<pre><code class="language-ts">${escapeHtml(quickStart(service))}</code></pre>
<p>Every method and its sample: <a href="${service.id}.html">${escapeHtml(service.name)} reference</a>.</p>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>specbound docs</title>
<link rel="icon" href="${LOGO_DATA_URI}">
<style>${LANDING_CSS}</style>
</head>
<body>
<header>
  <div class="wrap">
    <h1>specbound</h1>
    <p class="lead">Contract-first TypeScript clients for the Google Apps Script API v1 and the BugSmash REST API v2,
    built from hand-written OpenAPI 3.1 specs and pinned to them by Pact contract tests.</p>
    <nav>${[...services.map(({ service }) => service), ...references].map((r) => `<a class="button" href="${r.id}.html">${escapeHtml(r.name)} reference</a>`).join(' ')} <a class="button" href="local-development.html">Local development</a> <a class="button" href="apps-script-runtime.html">Apps Script runtime</a> <a class="button" href="mcp.html">MCP server</a> <a class="button" href="testing.html">Testing your code</a></nav>
  </div>
</header>
<main class="wrap">
<section id="references">
<h2>API references</h2>
<div class="cards">
${services.map(serviceCard).join('\n')}
</div>
</section>
<section id="packages">
<h2>Packages</h2>
<table>
<thead><tr><th>package</th><th>what it is</th></tr></thead>
<tbody>
${PACKAGES.map(([name, folder, what]) => `<tr><td><a href="${readmeUrl(folder)}"><code>${name}</code></a></td><td>${escapeHtml(what)}</td></tr>`).join('\n')}
</tbody>
</table>
<p>The specs are linted with Redocly, turned into types with openapi-typescript and wrapped by small
hand-written clients over openapi-fetch and <code>@specbound/http</code>. ESM only; Node ≥ 22.12. Both
clients also run in browsers, Deno and Bun: only <code>fetch</code> is needed. The
<a href="${readmeUrl('tools')}">specbound CLI</a> drives both services from a terminal, and
<a href="local-development.html">Local development</a> shows how to work against the emulator.</p>
</section>
<section id="install">
<h2>Install</h2>
<pre><code>npm install ${installs}</code></pre>
<p>Until the first release reaches npm, <code>./tools/dev pack</code> in a checkout packs every package and
prints one <code>npm install</code> line of tarballs that installs them into any project with npm alone:
see the <a href="${REPOSITORY_URL}#install">repository README's Install section</a>.</p>
<p>Working on specbound itself: <code>./tools/dev build</code> builds everything (this site included) and
<code>./tools/dev test</code> runs every test; both bootstrap Node and pnpm into <code>.toolchain/</code> when needed.</p>
</section>
<section id="quick-start">
<h2>Quick start</h2>
${starts}
</section>
<section id="local-development">
<h2>Local development</h2>
<p>Run both services on your machine with the emulator, drive them with the CLI, keep state between runs and
inject the failures you need to test: <a href="local-development.html">Local development</a>.</p>
</section>
<section id="workflow">
<h2>Contract-testing workflow</h2>
<ol>
${WORKFLOW.map((step) => `<li>${step}</li>`).join('\n')}
</ol>
</section>
</main>
<footer class="wrap"><p>Built from <code>specs/</code> by <code>@specbound/docs</code>. MIT licensed.</p></footer>
</body>
</html>
`;
}
