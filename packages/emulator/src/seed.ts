// The demo data set: a few Apps Script projects with code, versions, an API-executable deployment and a
// week of process history; a BugSmash workspace with folders, projects, versions and comments.
// BugSmash comments go through the backend, so they raise `new_comment` for subscribed webhooks.
import type { AppsScriptBackend } from './apps-script/backend.ts';
import type { AsFile, AsProcessRecord, AsProject, ProcessStatus, ProcessType } from './apps-script/model.ts';
import type { BugsmashBackend } from './bugsmash/backend.ts';
import { addComment, addReply } from './bugsmash/comments.ts';
import { createFolder } from './bugsmash/folders.ts';
import { createProject } from './bugsmash/projects.ts';
import { newVersion, storeUploadsSync } from './bugsmash/versions.ts';
import { bugsmashIds, DEMO_APPS_SCRIPT_IDS, stabilizeBugsmashIds } from './seed-ids.ts';
import { writeCells } from './sheets/grid.ts';
import { createSpreadsheet } from './sheets/store.ts';
import { toCell } from './sheets/values.ts';

export const DEMO_USERS = [
  {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    domain: 'example.com',
    photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
    token: 'ada-demo-token',
  },
  {
    email: 'grace@example.com',
    name: 'Grace Hopper',
    domain: 'example.com',
    photoUrl: 'https://lh3.googleusercontent.com/a/default-user=s64',
    token: 'grace-demo-token',
  },
] as const;

const MANIFEST = JSON.stringify({
  timeZone: 'Europe/London',
  exceptionLogging: 'STACKDRIVER',
  runtimeVersion: 'V8',
  executionApi: { access: 'ANYONE' },
});

const CODE = `/** Totals the invoices of a month. */
function sendInvoices(month) {
  const invoices = [120.5, 80, 42.25];
  Logger.log('Sending %s invoices for %s', invoices.length, month);
  return { month: month, sent: invoices.length, total: invoices.reduce(function (a, b) { return a + b; }, 0) };
}

/** Adds a line to the Report sheet of the bound spreadsheet: how many invoices, and their total. */
function nightlyReport() {
  const ss = SpreadsheetApp.getActiveSpreadsheet();
  const rows = ss.getSheetByName('Invoices').getDataRange().getValues().slice(1);
  const total = rows.reduce(function (sum, row) { return sum + row[2]; }, 0);
  ss.getSheetByName('Report').appendRow([new Date(), rows.length, total]);
  return ss.getName() + ': ' + rows.length + ' invoices, ' + total;
}

function validateInvoice(invoice) {
  if (!invoice || typeof invoice.amount !== 'number') {
    throw new TypeError('invoice.amount must be a number');
  }
  return invoice.amount > 0;
}
`;

const LIB = `var Format = {
  currency: function (amount, code) {
    return (code || 'GBP') + ' ' + Number(amount).toFixed(2);
  },
};
`;

function file(name: string, type: AsFile['type'], source: string, time: string, user: string): AsFile {
  return { name, type, source, createTime: time, updateTime: time, lastModifyUser: user };
}

/** One day, in milliseconds. */
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The Team rota: Grace's project, with a manifest only, no versions and its head deployment. */
function teamRotaProject(now: number): AsProject {
  const grace = DEMO_USERS[1].email;
  return {
    scriptId: DEMO_APPS_SCRIPT_IDS.teamRota,
    title: 'Team rota',
    createTime: iso(now - 5 * day),
    updateTime: iso(now - 5 * day),
    creator: grace,
    lastModifyUser: grace,
    files: [
      file(
        'appsscript',
        'JSON',
        JSON.stringify({ timeZone: 'America/New_York', runtimeVersion: 'V8' }),
        iso(now - 5 * day),
        grace,
      ),
    ],
    versions: [],
    deployments: [
      {
        deploymentId: DEMO_APPS_SCRIPT_IDS.teamRotaHead,
        manifestFileName: 'appsscript',
        description: 'Head deployment',
        updateTime: iso(now - 5 * day),
      },
    ],
  };
}

/** A week of history of the Invoice mailer: hourly-ish runs of three functions, some failing. */
function demoProcessHistory(invoices: AsProject, now: number): AsProcessRecord[] {
  const ada = DEMO_USERS[0].email;
  const grace = DEMO_USERS[1].email;
  const api = invoices.deployments[1]?.deploymentId;
  const kinds: [string, ProcessType][] = [
    ['sendInvoices', 'EXECUTION_API'],
    ['nightlyReport', 'TIME_DRIVEN'],
    ['validateInvoice', 'EDITOR'],
  ];
  const records = [];
  for (let k = 0; k < 168; k++) {
    const [functionName, processType] = kinds[k % kinds.length] ?? ['sendInvoices', 'EXECUTION_API'];
    const status: ProcessStatus =
      functionName === 'nightlyReport' ? 'FAILED' : k % 17 === 0 ? 'TIMED_OUT' : 'COMPLETED';
    records.push({
      scriptId: invoices.scriptId,
      ...(processType === 'EXECUTION_API' && api !== undefined ? { deploymentId: api } : {}),
      projectName: invoices.title,
      functionName,
      processType,
      processStatus: status,
      userAccessLevel: 'OWNER' as const,
      user: k % 5 === 0 ? grace : ada,
      startTime: iso(now - 7 * day + k * 3_600_000),
      durationMs: status === 'TIMED_OUT' ? 360_000 : 200 + ((k * 137) % 2_000),
      runtimeVersion: 'V8' as const,
    });
  }
  return records;
}

function seedAppsScript(apps: AppsScriptBackend): void {
  for (const u of DEMO_USERS) {
    apps.users.set(u.email, { email: u.email, name: u.name, domain: u.domain, photoUrl: u.photoUrl });
    apps.tokens.set(u.token, u.email);
  }
  const now = Date.now();
  const created = iso(now - 30 * day);
  const ada = DEMO_USERS[0].email;

  const files = [
    file('appsscript', 'JSON', MANIFEST, created, ada),
    file('Code', 'SERVER_JS', CODE, created, ada),
    file('Format', 'SERVER_JS', LIB, created, ada),
  ];
  const invoices: AsProject = {
    scriptId: DEMO_APPS_SCRIPT_IDS.invoiceMailer,
    title: 'Invoice mailer',
    parentId: DEMO_APPS_SCRIPT_IDS.invoicesSpreadsheet,
    createTime: created,
    updateTime: iso(now - 2 * day),
    creator: ada,
    lastModifyUser: ada,
    files,
    versions: [
      {
        versionNumber: 1,
        description: 'First release',
        createTime: iso(now - 20 * day),
        files: structuredClone(files),
      },
      {
        versionNumber: 2,
        description: 'Currency formatting',
        createTime: iso(now - 2 * day),
        files: structuredClone(files),
      },
    ],
    deployments: [
      {
        deploymentId: DEMO_APPS_SCRIPT_IDS.invoiceMailerHead,
        manifestFileName: 'appsscript',
        description: 'Head deployment',
        updateTime: iso(now - 2 * day),
      },
      {
        deploymentId: DEMO_APPS_SCRIPT_IDS.invoiceMailerApi,
        versionNumber: 2,
        manifestFileName: 'appsscript',
        description: 'Production API',
        updateTime: iso(now - 2 * day),
      },
    ],
  };
  const empty = teamRotaProject(now);
  apps.projects.set(invoices.scriptId, invoices);
  apps.projects.set(empty.scriptId, empty);

  apps.processes.load([...apps.processes.records(), ...demoProcessHistory(invoices, now)]);
}

function seedBugsmash(bugs: BugsmashBackend): void {
  const before = bugsmashIds(bugs);
  bugs.workspace = {
    id: '2c4e6a8c-0e2a-4c6e-8a0c-2e4a6c8e0a2c',
    owner_name: 'Ada Lovelace',
    owner_email: 'ada@example.com',
  };
  const site = createProject(bugs, {
    name: 'Marketing site',
    type: 'website',
    websiteUrl: 'https://example.com',
    files: [],
    anonymousComments: true,
    privateComments: false,
  });
  const pdf = createProject(bugs, {
    name: 'Annual report',
    type: 'pdf',
    files: storeUploadsSync(bugs, [
      {
        filename: 'annual-report.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n% specbound demo\n%%EOF\n'),
      },
    ]),
    anonymousComments: false,
    privateComments: false,
  });
  const siteId = String(site.id);
  newVersion(bugs, bugs.project(siteId), 'https://example.com/?v=2', []);
  createFolder(bugs, { name: 'Client work', projectIds: [siteId, String(pdf.id)] });
  const pinned = (page: string, x: number, y: number) => ({
    page_url: page,
    pin: { x: `${x}px`, y: `${y}px` },
    device: { code: 'L', label: 'Desktop', viewport_width_range: { min: 1280, max: null } },
    text_content: 'Get started',
    dom: {
      closest_parent_selector: 'section.hero > div.cta',
      fallback_path: 'body > section:nth-of-type(1) > div > a',
    },
  });
  const first = addComment(bugs, {
    projectId: siteId,
    text: 'The button overlaps the footer on narrow screens.',
    byName: 'Grace Hopper',
    byEmail: 'grace@example.com',
    priority: 'P2',
    tags: ['layout'],
    locationMetadata: pinned('https://example.com/', 640, 1180),
    commentMetadata: { browser: 'Chrome 131', view: 'Desktop' },
  });
  addReply(bugs, first.comment_id, 'Good catch, fixing it in V3.', false);
  addComment(bugs, {
    projectId: siteId,
    text: 'Typo in the hero heading: "Recieve".',
    byName: 'Katherine Johnson',
    byEmail: 'katherine@example.com',
    priority: 'P3',
    status: 'Resolved',
    tags: ['copy'],
    locationMetadata: pinned('https://example.com/', 320, 140),
  });
  addComment(bugs, {
    projectId: String(pdf.id),
    text: 'Page 4: the revenue chart has no axis labels.',
    priority: 'P1',
    tags: ['charts'],
  });
  stabilizeBugsmashIds(bugs, before);
}

/** The spreadsheet the Invoice mailer is bound to: invoices to report on, and an empty Report sheet. */
function seedSpreadsheet(apps: AppsScriptBackend): void {
  const ss = createSpreadsheet(apps.spreadsheets, {
    id: DEMO_APPS_SCRIPT_IDS.invoicesSpreadsheet,
    title: 'Invoices',
    locale: 'en_GB',
    timeZone: 'Europe/London',
    sheets: [{ title: 'Invoices' }, { title: 'Report' }],
  });
  const typed = [
    ['Invoice', 'Customer', 'Amount', 'Due'],
    ['INV-001', 'Acme Ltd', '120.50', '31/01/2026'],
    ['INV-002', 'Globex', '80', '15/02/2026'],
    ['INV-003', 'Initech', '42.25', '28/02/2026'],
  ].map((row) => row.map((value) => toCell(value, 'USER_ENTERED', ss)));
  const sheet = ss.sheets[0];
  if (sheet !== undefined) writeCells({ sheet, row: 0, column: 0, numRows: 4, numColumns: 4 }, typed);
  const report = ss.sheets[1];
  if (report !== undefined)
    writeCells({ sheet: report, row: 0, column: 0, numRows: 1, numColumns: 3 }, [
      ['Run at', 'Invoices', 'Total'],
    ]);
}

/** Adds the demo data set to the current state. */
export function seedDemo(apps: AppsScriptBackend, bugs: BugsmashBackend): void {
  seedAppsScript(apps);
  seedSpreadsheet(apps);
  seedBugsmash(bugs);
}
