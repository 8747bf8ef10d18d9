// The "Testing your code" page: the three ways to put the emulator under a user's tests, and opt-in
// response validation. Every sample is a file in samples/testing/ that the docs' unit tests run, shown
// here as it is, so the page cannot teach code that does not work.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from './html.ts';
import { REPOSITORY_URL } from './links.ts';
import type { PageSection } from './local-development.ts';
import { SAMPLES_DIR } from './paths.ts';
import { LANDING_CSS } from './style.ts';
import { LOGO_DATA_URI } from './theme.ts';

/** The runnable samples, by file name in samples/testing/. */
export const TESTING_SAMPLES = [
  'in-process.test.ts',
  'msw.test.ts',
  'http-emulator.test.ts',
  'fixture-and-validation.test.ts',
] as const;
export type TestingSample = (typeof TESTING_SAMPLES)[number];

export async function readTestingSamples(): Promise<Record<TestingSample, string>> {
  const entries = await Promise.all(
    TESTING_SAMPLES.map(async (name) => [name, await readFile(join(SAMPLES_DIR, 'testing', name), 'utf8')]),
  );
  return Object.fromEntries(entries) as Record<TestingSample, string>;
}

const sample = (source: string): string =>
  `<pre><code class="language-ts">${escapeHtml(source.trim())}</code></pre>`;

const EMULATOR_README = `${REPOSITORY_URL}/tree/main/packages/emulator#readme`;

export function testingSections(samples: Record<TestingSample, string>): PageSection[] {
  return [
    {
      id: 'in-process',
      title: 'In-process fetch',
      html: `<p><code>createEmulatorFetch()</code> from <code>@specbound/emulator/fetch</code> returns
<code>{ fetch, emulator, reset, close }</code>: a <code>fetch</code> serving both services with the emulator's
routing, validation, state, faults and scripts, without a port or a socket. Give it to either client and
leave the base URL alone. <code>reset()</code> gives a fresh state (<code>{ seed: true }</code> for the demo data).</p>
${sample(samples['in-process.test.ts'])}`,
    },
    {
      id: 'msw',
      title: 'MSW handlers',
      html: `<p><code>emulatorHandlers()</code> from <code>@specbound/emulator/msw</code> gives MSW 2 request handlers for
every host the emulator serves, for code you cannot hand a <code>fetch</code> (Google's
<code>@googleapis/script</code>, a third-party SDK, plain <code>fetch</code>). Install <code>msw</code> yourself
(an optional peer dependency). The emulator runs on Node, so use <code>setupServer</code> from <code>msw/node</code>.</p>
${sample(samples['msw.test.ts'])}`,
    },
    {
      id: 'http',
      title: 'HTTP emulator',
      html: `<p><code>startEmulator({ port: 0 })</code> runs it on a loopback port, for code in another process or
a browser. It is the slowest of the three: prefer the in-process fetch when the code under test takes one.
Every option is in the <a href="${EMULATOR_README}">emulator README</a>.</p>
${sample(samples['http-emulator.test.ts'])}`,
    },
    {
      id: 'fixture-and-validation',
      title: 'A vitest fixture, and response validation',
      html: `<p><code>createEmulatorTest()</code> from <code>@specbound/emulator/vitest</code> returns a vitest
<code>test</code> with an <code>emulator</code> fixture: a fresh state per test (<code>fresh: 'file'</code> for
one per file), seeded when asked, and a failed test's error followed by the emulator's spec violations and
script logs.</p>
<p><code>validatingFetch()</code> from <code>@specbound/apps-script/validate</code> (or
<code>@specbound/bugsmash/validate</code>) checks each response body against the spec: <code>off</code>,
<code>report</code> (<code>onReport</code> gets <code>{ operation, method, path, status, problems: [{ pointer,
expected, got }] }</code>) or <code>throw</code> (a <code>ResponseValidationError</code> with that report). It is a
separate entry, so the clients' own bundles do not grow. A fault registered with <code>checked: false</code> is
an answer the spec does not allow, served on purpose to test that path.</p>
${sample(samples['fixture-and-validation.test.ts'])}`,
    },
  ];
}

export function renderTesting(samples: Record<TestingSample, string>): string {
  const sections = testingSections(samples);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Testing your code · specbound docs</title>
<link rel="icon" href="${LOGO_DATA_URI}">
<style>${LANDING_CSS}</style>
</head>
<body>
<header>
  <div class="wrap">
    <h1>Testing your code</h1>
    <p class="lead">Run your tests against the emulator: a stateful mock of both services that cannot drift
    from the specs, in-process, through MSW, or over HTTP.</p>
    <nav><a class="button" href="index.html">specbound docs home</a> <a class="button" href="local-development.html">Local development</a></nav>
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
