// The demo data set has the same ids on every start, so the README, a script or a test can name them
// (`scripts.run` on the seeded deployment, a BugSmash project id) and the start banner's summary stays
// true from one run to the next.
import { createHash } from 'node:crypto';
import type { BugsmashBackend } from './bugsmash/backend.ts';

const digest = (name: string) => createHash('sha256').update(`specbound-demo:${name}`).digest();

/** Fixed Apps Script ids of the demo data set, shaped like Google's (a script id starts with 1). */
export const DEMO_APPS_SCRIPT_IDS = {
  invoiceMailer: `1${digest('invoice-mailer').toString('base64url').slice(0, 42)}`,
  invoiceMailerHead: `AKfycb${digest('invoice-mailer/head').toString('base64url').slice(0, 40)}`,
  invoiceMailerApi: `AKfycb${digest('invoice-mailer/api').toString('base64url').slice(0, 40)}`,
  teamRota: `1${digest('team-rota').toString('base64url').slice(0, 42)}`,
  teamRotaHead: `AKfycb${digest('team-rota/head').toString('base64url').slice(0, 40)}`,
  /** The spreadsheet the Invoice mailer is bound to (its parentId), 44 characters as Google's. */
  invoicesSpreadsheet: `1${digest('invoices-spreadsheet').toString('base64url').slice(0, 43)}`,
} as const;

function demoUuid(n: number): string {
  const hex = digest(`uuid/${n}`).toString('hex');
  // Version 4 and the RFC 4122 variant, as the random ids BugSmash uses.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SHORT_CODE = /"short_code":"([A-Za-z0-9]+)"/g;
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fixed five-character review-link code, like the random ones BugSmash gives. */
function demoShortCode(n: number): string {
  return [...digest(`short-code/${n}`).subarray(0, 5)].map((b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
}

/**
 * Replaces the random UUIDs the backend gave the seeded BugSmash records (ids of projects, versions,
 * files, folders, comments, tags, replies) and their review-link codes by fixed ones, in the order
 * they appear; ids and codes in `keep`
 * (records that were there before seeding) stay as they are.
 */
export function stabilizeBugsmashIds(bugs: BugsmashBackend, keep: ReadonlySet<string>): void {
  const text = JSON.stringify(bugs.export());
  const renamed = new Map<string, string>();
  const recoded = new Map<string, string>();
  const stable = text
    .replace(SHORT_CODE, (whole, code: string) => {
      if (keep.has(code)) return whole;
      let fixed = recoded.get(code);
      if (fixed === undefined) {
        fixed = demoShortCode(recoded.size);
        recoded.set(code, fixed);
      }
      return `"short_code":"${fixed}"`;
    })
    .replace(UUID, (id) => {
      if (keep.has(id)) return id;
      let fixed = renamed.get(id);
      if (fixed === undefined) {
        fixed = demoUuid(renamed.size);
        renamed.set(id, fixed);
      }
      return fixed;
    });
  bugs.load(JSON.parse(stable));
}

/** Every UUID and review-link code in the BugSmash state now (to keep them when seeding on top of it). */
export function bugsmashIds(bugs: BugsmashBackend): Set<string> {
  const text = JSON.stringify(bugs.export());
  return new Set([...(text.match(UUID) ?? []), ...[...text.matchAll(SHORT_CODE)].map((m) => m[1] ?? '')]);
}
