// The "TypeScript projects" section of the Local development page: `.ts` files bundled on push, the
// functions that stay callable, and script errors shown at their `.ts` lines (tools/src/apps-script/typescript.ts).
import { codeBlock as code } from './html.ts';
import type { PageSection } from './local-development.ts';

export const TYPESCRIPT_SECTION: PageSection = {
  id: 'typescript',
  title: 'TypeScript projects',
  html: `<p><code>specbound gas push</code> bundles the <code>.ts</code> files under <code>rootDir</code> with
esbuild into one Apps Script file, <code>bundle</code>, and pushes it with the other files. Types are
stripped, not checked: run <code>tsc --noEmit</code> for that. Imports, npm packages included, end up in
the bundle; <code>.d.ts</code> files are never pushed.</p>
${code(
  `
// src/Code.ts: an entry (no other .ts file imports it), so each export is a top-level function
import { total } from './lib/prices';

export function invoice(prices: number[]): string {
  return 'total: ' + total(prices);
}
export function onOpen(): void {
  SpreadsheetApp.getUi().createMenu('Invoices').addItem('Total', 'invoice').addToUi();
}
`,
  'ts',
)}
<ul>
<li><strong>Entries</strong> are the <code>.ts</code> files the push keeps (<code>.claspignore</code> rules
apply) that no other kept <code>.ts</code> file imports. Every named export of an entry becomes a
top-level <code>function name(...args)</code> in the bundle, so <code>google.script.run</code>, triggers,
menus and <code>scripts.run</code> find it by name. Export only functions from entries; a default export
is not callable; two entries exporting one name is an error.</li>
<li><strong>One file, not one per entry</strong>: Google's stack frames name a function and a line but no
file, so only a single generated file lets a line be traced back.</li>
<li><strong>Locally kept</strong>: each push writes the bundle it sent and its source map to
<code>.specbound/</code> next to <code>.clasp.json</code>. It is never pushed (specbound skips it; if you
also run clasp, add <code>.specbound/**</code> to <code>.claspignore</code>), and belongs in
<code>.gitignore</code>. <code>gas pull</code> does not write the remote <code>bundle</code> back.</li>
</ul>
<p>A function that throws is reported at its <code>.ts</code> lines (the wrapper frames are left out).
The map is of the last push from this folder: <code>gas run</code> first checks that the code that ran
(the pushed code, or the deployed version) is that bundle, and otherwise prints the service's line
numbers and says why.</p>
${code(`
$ specbound gas run invoice --params '[[]]' --dev-mode
error: script function "invoice" failed: RangeError: no prices
    at total (src/lib/prices.ts:3:5)
    at invoice (src/Code.ts:4:3)
`)}
<p><code>gas status</code> says why a <code>.ts</code> file is left out: a <code>.d.ts</code>, ignored by
<code>.claspignore</code>, outside <code>rootDir</code>, not an entry (bundled because another file
imports it, its exports not callable by name), or an entry that exports no function (top-level
functions without <code>export</code>, as clasp 2 projects wrote them, stay inside the bundle). A syntax error stops the push before anything is sent,
with the file, line and column (exit 1); so does a <code>Code.ts</code> next to a <code>Code.js</code>
(usually a compiled copy), or a script file named <code>bundle</code>. <code>gas push --watch</code>
pushes a new bundle after each saved <code>.ts</code> file. From code, <code>mapStackFrames</code> and
<code>mapStackText</code> (exported by <code>@specbound/tools</code>) map frames or a stack as text, e.g.
from a log line.</p>`,
};
