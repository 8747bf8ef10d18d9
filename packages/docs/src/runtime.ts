// The "Apps Script runtime" page: what a script run in the emulator can call, and the limits it runs under.
import { codeBlock, escapeHtml } from './html.ts';
import { REPOSITORY_URL } from './links.ts';
import { type PageSection, renderSectionsPage } from './local-development.ts';

const code = (source: string, lang = 'js'): string => codeBlock(source, lang);

/** One service the runtime implements, with the methods a script may call. */
interface RuntimeService {
  readonly name: string;
  readonly methods: readonly string[];
  /** HTML: how it behaves where that differs from, or is not obvious from, Google's reference. */
  readonly notes: string;
}

export const RUNTIME_SERVICES: readonly RuntimeService[] = [
  {
    name: 'PropertiesService',
    methods: [
      'getScriptProperties',
      'getUserProperties',
      'getDocumentProperties',
      'Properties.getProperty',
      'Properties.getProperties',
      'Properties.getKeys',
      'Properties.setProperty',
      'Properties.setProperties',
      'Properties.deleteProperty',
      'Properties.deleteAllProperties',
    ],
    notes: `Stored with the project in the emulator's state (kept by <code>--state</code>, cleared by
<code>reset</code>); user properties per user (the token's user); values are strings; Google's quotas
(9 KB a value, 500 KB a store). Document properties are <code>null</code> unless the project is bound
to a container (<code>parentId</code>).`,
  },
  {
    name: 'CacheService',
    methods: [
      'getScriptCache',
      'getUserCache',
      'getDocumentCache',
      'Cache.get',
      'Cache.getAll',
      'Cache.put',
      'Cache.putAll',
      'Cache.remove',
      'Cache.removeAll',
    ],
    notes: `Entries expire (10 minutes by default, at most 6 hours) and survive a restart until they do;
keys of 250 characters, values of 100 KB, 1,000 entries a cache.`,
  },
  {
    name: 'LockService',
    methods: [
      'getScriptLock',
      'getUserLock',
      'getDocumentLock',
      'Lock.tryLock',
      'Lock.waitLock',
      'Lock.hasLock',
      'Lock.releaseLock',
    ],
    notes: `A script lock serialises concurrent runs of one project; a run gives its locks back when it
ends, however it ends.`,
  },
  {
    name: 'Utilities',
    methods: [
      'formatDate',
      'formatString',
      'base64Encode',
      'base64EncodeWebSafe',
      'base64Decode',
      'base64DecodeWebSafe',
      'computeDigest',
      'computeHmacSignature',
      'computeHmacSha256Signature',
      'getUuid',
      'sleep',
      'newBlob',
      'parseCsv',
      'DigestAlgorithm',
      'MacAlgorithm',
      'Charset',
    ],
    notes: `Digests and HMACs are Java bytes (-128..127) as Google returns them. <code>formatDate</code>
takes Java's SimpleDateFormat patterns and IANA zones: the sandbox has no <code>Intl</code>, so the
emulator formats on the host with Node's time zone data. <code>sleep</code> counts against the run's
time without waiting, so a run that sleeps past its limit times out at once.`,
  },
  {
    name: 'Session',
    methods: [
      'getActiveUser',
      'getEffectiveUser',
      'getScriptTimeZone',
      'getActiveUserLocale',
      'getTemporaryActiveUserKey',
    ],
    notes: `The user is the caller's (from the token); the time zone is the manifest's <code>timeZone</code>.`,
  },
  {
    name: 'ScriptApp',
    methods: [
      'getScriptId',
      'getOAuthToken',
      'newTrigger',
      'TriggerBuilder.timeBased',
      'ClockTriggerBuilder.after',
      'ClockTriggerBuilder.at',
      'ClockTriggerBuilder.everyMinutes',
      'ClockTriggerBuilder.everyHours',
      'ClockTriggerBuilder.everyDays',
      'ClockTriggerBuilder.everyWeeks',
      'ClockTriggerBuilder.atHour',
      'ClockTriggerBuilder.nearMinute',
      'ClockTriggerBuilder.onWeekDay',
      'ClockTriggerBuilder.onMonthDay',
      'ClockTriggerBuilder.inTimezone',
      'ClockTriggerBuilder.create',
      'TriggerBuilder.forSpreadsheet',
      'SpreadsheetTriggerBuilder.onOpen',
      'SpreadsheetTriggerBuilder.onEdit',
      'SpreadsheetTriggerBuilder.onChange',
      'SpreadsheetTriggerBuilder.create',
      'getProjectTriggers',
      'deleteTrigger',
      'Trigger.getUniqueId',
      'Trigger.getHandlerFunction',
      'Trigger.getEventType',
      'Trigger.getTriggerSource',
      'AuthMode',
      'EventType',
      'TriggerSource',
      'WeekDay',
    ],
    notes: `Time-driven triggers are stored with the project (20 per user, as Google allows) and fired by
the emulator's clock (below) with Google's event object; a one-off trigger (<code>after</code>,
<code>at</code>) is removed once it ran. <code>everyMinutes</code> takes Google's 1, 5, 10, 15 or 30;
<code>atHour</code>/<code>nearMinute</code> set the wall-clock time of a daily, weekly
(<code>onWeekDay</code>) or monthly (<code>onMonthDay</code>; months without that day are skipped)
trigger in <code>inTimezone</code>'s zone, else the script's, kept across daylight-saving changes;
where Google picks a minute within ±15, the emulator fires on the minute asked. Spreadsheet triggers, and the
simple triggers <code>onOpen(e)</code>/<code>onEdit(e)</code> of a project bound to a spreadsheet, run when
<code>POST /__emulator/spreadsheets/{id}/open</code> or <code>…/edit</code> stands for a user in the UI
(<code>TRIGGER</code> and <code>SIMPLE_TRIGGER</code> processes, with Google's event object).
<code>getOAuthToken</code> gives a bearer token the emulator knows as the user's, for calling its APIs.`,
  },
  {
    name: 'HtmlService',
    methods: [
      'createHtmlOutput',
      'createHtmlOutputFromFile',
      'createTemplate',
      'createTemplateFromFile',
      'HtmlTemplate.evaluate',
      'HtmlTemplate.getCode',
      'HtmlTemplate.getRawContent',
      'HtmlOutput.getContent',
      'HtmlOutput.setContent',
      'HtmlOutput.append',
      'HtmlOutput.appendUntrusted',
      'HtmlOutput.setTitle',
      'HtmlOutput.getTitle',
      'HtmlOutput.setWidth',
      'HtmlOutput.setHeight',
    ],
    notes: `Templates run <code>&lt;? ?&gt;</code>, print <code>&lt;?= ?&gt;</code> escaped by context (HTML text
escaped; inside <code>&lt;script&gt;</code> a JavaScript literal) and <code>&lt;?!= ?&gt;</code> as is; template
properties are the scriptlets' variables; files are the project's HTML files.`,
  },
  {
    name: 'ContentService',
    methods: [
      'createTextOutput',
      'MimeType',
      'TextOutput.getContent',
      'TextOutput.setContent',
      'TextOutput.append',
      'TextOutput.getMimeType',
      'TextOutput.setMimeType',
      'TextOutput.downloadAsFile',
      'TextOutput.getFileName',
    ],
    notes:
      'Served by web apps with the MIME type set (and as an attachment after <code>downloadAsFile</code>).',
  },
  {
    name: 'MailApp and GmailApp',
    methods: ['MailApp.sendEmail', 'MailApp.getRemainingDailyQuota', 'GmailApp.sendEmail'],
    notes: `Nothing is sent: every message goes to the outbox (<code>GET /__emulator/outbox</code>, the most
recent 1,000, in memory; a reset empties it). Both argument forms, <code>cc</code>, <code>bcc</code>,
<code>htmlBody</code>, <code>name</code>, <code>replyTo</code>; addresses checked; Google's 100 recipients a
day. Attachments and the rest of GmailApp are not implemented.`,
  },
  {
    name: 'UrlFetchApp',
    methods: [
      'fetch',
      'fetchAll',
      'HTTPResponse.getResponseCode',
      'HTTPResponse.getContentText',
      'HTTPResponse.getContent',
      'HTTPResponse.getHeaders',
      'HTTPResponse.getAllHeaders',
      'HTTPResponse.getBlob',
    ],
    notes: `Requests go to loopback hosts and to hosts the emulator was started with
(<code>--allow-fetch api.example.com</code>, <code>allowFetch</code>); any other host, a redirect to one
included, fails at once with <code>Exception: Address unavailable: &lt;url&gt;</code>. Options
<code>method</code>, <code>payload</code> (an object is sent as a form), <code>contentType</code>,
<code>headers</code>, <code>muteHttpExceptions</code>, <code>followRedirects</code>; Google's 50 MB and
60-second limits.`,
  },
  {
    name: 'Logger and console',
    methods: [
      'Logger.log',
      'Logger.getLog',
      'Logger.clear',
      'console.log',
      'console.info',
      'console.warn',
      'console.error',
      'console.debug',
      'console.time',
      'console.timeEnd',
      'console.count',
    ],
    notes: `With the console's <code>%s %d %i %f %o %O %j</code> substitutions; lines go to the run's
process log (<code>GET /__emulator/logs</code>, and the emulator's terminal).`,
  },
  {
    name: 'SpreadsheetApp',
    methods: [
      'create',
      'openById',
      'openByUrl',
      'getActiveSpreadsheet',
      'getActive',
      'getActiveSheet',
      'flush',
      'Spreadsheet.getId',
      'Spreadsheet.getName',
      'Spreadsheet.getUrl',
      'Spreadsheet.rename',
      'Spreadsheet.getSheets',
      'Spreadsheet.getSheetByName',
      'Spreadsheet.insertSheet',
      'Spreadsheet.deleteSheet',
      'Spreadsheet.getActiveSheet',
      'Spreadsheet.getRange',
      'Spreadsheet.getRangeByName',
      'Spreadsheet.getDataRange',
      'Spreadsheet.appendRow',
      'Sheet.getName',
      'Sheet.setName',
      'Sheet.getSheetId',
      'Sheet.getIndex',
      'Sheet.getRange',
      'Sheet.getDataRange',
      'Sheet.getLastRow',
      'Sheet.getLastColumn',
      'Sheet.getMaxRows',
      'Sheet.getMaxColumns',
      'Sheet.appendRow',
      'Sheet.clear',
      'Sheet.clearContents',
      'Sheet.insertRowBefore',
      'Sheet.insertRowAfter',
      'Sheet.insertRowsBefore',
      'Sheet.insertRowsAfter',
      'Sheet.insertRows',
      'Sheet.deleteRow',
      'Sheet.deleteRows',
      'Sheet.sort',
      'Range.getValue',
      'Range.getValues',
      'Range.setValue',
      'Range.setValues',
      'Range.getDisplayValue',
      'Range.getDisplayValues',
      'Range.getFormula',
      'Range.getFormulas',
      'Range.setFormula',
      'Range.getA1Notation',
      'Range.getRow',
      'Range.getColumn',
      'Range.getNumRows',
      'Range.getNumColumns',
      'Range.getCell',
      'Range.clear',
      'Range.clearContent',
      'Range.sort',
    ],
    notes: `Spreadsheets live in the emulator's database (the <code>sheets</code> part of the state
document), survive a restart and are cleared by <code>reset</code>. <code>getRange</code> takes A1
(<code>B2:C9</code>, <code>'My Sheet'!A:A</code>, <code>2:5</code>), numbers <code>(row, column[, rows[, columns]])</code>
or a named range. Written strings are read as a user typing them (numbers, <code>TRUE</code>, <code>50%</code>,
dates in the spreadsheet's locale, a leading <code>'</code> for text); dates come back as <code>Date</code>
objects. <strong>Formulas are stored as written and never evaluated</strong>: <code>getFormula</code> returns
them, and the value of a formula cell reads as <code>""</code>. A project whose <code>parentId</code> is a
spreadsheet's id is bound to it (<code>getActiveSpreadsheet</code>); an unbound script gets <code>null</code>.
Formats, colours, charts and the other members throw the exception below.`,
  },
];

/** Google services a script may name that the emulator does not implement (yet). */
const NOT_IMPLEMENTED = ['DriveApp', 'DocumentApp', 'SlidesApp', 'FormApp', 'CalendarApp'];

export const RUNTIME_SECTIONS: readonly PageSection[] = [
  {
    id: 'overview',
    title: 'Running scripts offline',
    html: `<p>The emulator runs Apps Script functions (<code>scripts.run</code>) in a QuickJS sandbox inside
worker threads: no network, no file system, no Node globals. The Google services below answer as Google's
do, with the same method names, argument checks, return types and <code>Exception: …</code> messages,
and their state kept in the emulator's database.</p>
${code(`
function countVisit() {
  const props = PropertiesService.getScriptProperties();
  const lock = LockService.getScriptLock();
  lock.waitLock(10000);
  const visits = Number(props.getProperty('visits') || 0) + 1;
  props.setProperty('visits', visits);
  lock.releaseLock();
  Logger.log('%s visit number %d at %s', Session.getActiveUser().getEmail(), visits,
    Utilities.formatDate(new Date(), Session.getScriptTimeZone(), 'yyyy-MM-dd HH:mm z'));
  return visits;
}
`)}`,
  },
  {
    id: 'services',
    title: 'Services and methods',
    html: `<table>
<thead><tr><th>service</th><th>methods</th><th>notes</th></tr></thead>
<tbody>
${RUNTIME_SERVICES.map(
  (s) =>
    `<tr><td><code>${escapeHtml(s.name)}</code></td><td>${s.methods.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')}</td><td>${s.notes}</td></tr>`,
).join('\n')}
</tbody>
</table>
<p>Any other method of these services, and every method of ${NOT_IMPLEMENTED.map((n) => `<code>${n}</code>`).join(', ')}
and the rest, throws <code>Exception: &lt;Service&gt;.&lt;method&gt; is not implemented in the emulator.</code>,
naming what the script called, never <code>undefined is not a function</code>.</p>`,
  },
  {
    id: 'clock',
    title: 'The clock and time-driven triggers',
    html: `<p>The emulator keeps a clock of its own: the machine's time until you move it. Moving it fires every
time-driven trigger that falls due meanwhile, earliest first, each at its own time and recorded as a
<code>TIME_DRIVEN</code> process of its project (<code>processes.list</code> shows them); scripts see the
moved time in <code>new Date()</code>, and caches expire by it. A reset puts it back.</p>
${code(
  `
function setup() {
  ScriptApp.newTrigger('nightlyReport').timeBased().everyDays(1).create();
}
`,
)}
${code(
  `
curl -s -X POST http://127.0.0.1:8787/__emulator/clock -H 'content-type: application/json' \\
  -d '{"advanceMs": 86400000}'
# {"now":"…","offsetMs":86400000,"fired":[{"triggerUid":"…","functionName":"nightlyReport","status":"COMPLETED",…}]}
`,
  'sh',
)}
<p><code>GET /__emulator/clock</code> reads it. The control API reference documents both.</p>`,
  },
  {
    id: 'web-apps',
    title: 'Web apps',
    html: `<p>A deployment whose manifest has <code>webapp</code> answers
<code>GET</code>/<code>POST http://127.0.0.1:8787/macros/s/&lt;deploymentId&gt;/exec</code> (and
<code>/dev</code> with the head deployment's id, for its owner) by running <code>doGet(e)</code> or
<code>doPost(e)</code> with Google's event object (<code>parameter</code>, <code>parameters</code>,
<code>queryString</code>, <code>pathInfo</code>, <code>postData</code>; form fields of a urlencoded POST
included) and serving the HtmlService or ContentService output it returns. <code>webapp.access</code>
decides who may open it (<code>ANYONE_ANONYMOUS</code>: anyone; <code>ANYONE</code>: any bearer token;
<code>DOMAIN</code>: the owner's domain; <code>MYSELF</code>: the owner) and <code>webapp.executeAs</code>
as whom it runs. Each request is a <code>WEBAPP</code> process. A script error is a 500 page naming it.</p>
${code(
  `
// appsscript.json: { "webapp": { "access": "ANYONE_ANONYMOUS", "executeAs": "USER_DEPLOYING" } }
function doGet(e) {
  const page = HtmlService.createTemplateFromFile('page');
  page.name = e.parameter.name || 'world';
  return page.evaluate().setTitle('Hello');
}
`,
)}`,
  },
  {
    id: 'limits',
    title: 'Limits',
    html: `<table>
<thead><tr><th>limit</th><th>default</th><th>what happens past it</th></tr></thead>
<tbody>
<tr><td>run time</td><td>6 minutes (<code>--run-timeout</code>)</td><td><code>Exceeded maximum execution time</code>, process <code>TIMED_OUT</code></td></tr>
<tr><td>run time of a custom function (a function a spreadsheet formula calls)</td><td>30 seconds, or the run time if shorter (formulas are stored, not evaluated: no run of the emulator's own is one yet)</td><td><code>Exceeded maximum execution time</code></td></tr>
<tr><td>memory of a run, typed arrays and <code>ArrayBuffer</code>s included</td><td>64 MiB heap; a worker's whole sandbox memory is capped at twice that plus 64 MiB</td><td><code>Exception: Exceeded memory limit.</code>; the host stays under workers × (that cap + the worker's V8 heap)</td></tr>
<tr><td>return value</td><td>8 MB of JSON (UTF-8)</td><td>the run fails, saying so</td></tr>
<tr><td>an error's type and message</td><td>16,384 characters each</td><td>cut, saying so</td></tr>
<tr><td>log output</td><td>8,192 characters a line, 256 KiB a run</td><td>cut, saying so</td></tr>
</tbody>
</table>
<p>Saving content compiles it on a worker of its own, never queued behind runs: a valid
<code>updateContent</code> is not refused because every run worker is busy.</p>`,
  },
  {
    id: 'browsers',
    title: 'Browser pages and CORS',
    html: `<p>The emulator accepts any token, so it decides which web pages may call it: pages on loopback origins
(<code>http://localhost:3000</code>, <code>http://127.0.0.1:5173</code>, <code>*.localhost</code>) and
the emulator's own origin. Any other origin is refused with <code>403 PERMISSION_DENIED</code> before a
service sees the request, preflight or not, so no page on the web can create, deploy and run code in
it. Allow a hosted app's origin explicitly:</p>
${code('npx specbound-emulator --allow-origin https://app.example.com   # repeatable; * allows any', 'sh')}
<p>In tests: <code>startEmulator({ allowedOrigins: ['https://app.example.com'] })</code>. The control API
(<code>/__emulator</code>) refuses every cross-site request whatever the list says.
Details: <a href="${REPOSITORY_URL}/tree/main/packages/emulator#readme">emulator README</a>.</p>`,
  },
];

/** The "Apps Script runtime" page. */
export function renderRuntime(sections: readonly PageSection[] = RUNTIME_SECTIONS): string {
  return renderSectionsPage({
    title: 'Apps Script runtime',
    lead: `Run Apps Script functions offline in the emulator: the Google services they call, the limits
    they run under, and which browser pages may reach them.`,
    sections,
  });
}
