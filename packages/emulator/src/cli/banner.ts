// The one start banner: where each API is, what the state holds, the line that points the
// `specbound` CLI at the emulator and the two that point clasp or googleapis at it. `--json` gives
// the same as one line of JSON for scripts.
import { formatRedirectEnv, redirectEnv, shellQuote } from '../redirect-env.ts';
import { DEMO_USERS } from '../seed.ts';
import type { StateDocument } from '../state.ts';

/** The bearer token the printed `specbound` environment uses: any token is a user on the emulator. */
const CLI_GOOGLE_TOKEN = 'local-dev-token';

export interface BannerInfo {
  appsScriptUrl: string;
  bugsmashUrl: string;
  controlUrl: string;
  /** The X-API-Key the emulator accepts (always shown: the user needs it to call BugSmash). */
  bugsmashApiKey: string;
  /** Absolute path of the state file, or null for a state in memory. */
  state: string | null;
}

/** The variables that point the specbound CLI (and library) at the emulator. */
function specboundEnv(info: BannerInfo): Record<string, string> {
  return {
    SPECBOUND_APPS_SCRIPT_URL: info.appsScriptUrl,
    SPECBOUND_BUGSMASH_URL: info.bugsmashUrl,
    SPECBOUND_GOOGLE_TOKEN: CLI_GOOGLE_TOKEN,
    BUGSMASH_API_KEY: info.bugsmashApiKey,
  };
}

/** What the state holds, with the ids a user needs to call it (the demo's are the same on every start). */
function stateSummary(state: StateDocument): string[] {
  const apps = state.appsScript;
  const bugs = state.bugsmash;
  if (apps.projects.length === 0 && bugs.projects.length === 0) return ['State            empty'];
  const lines = [
    `State            ${apps.projects.length} Apps Script project(s), ${bugs.projects.length} BugSmash project(s), ${bugs.comments.length} comment(s)`,
  ];
  const demoTokens = new Map<string, string>(DEMO_USERS.map((u) => [u.email, u.token]));
  for (const user of apps.users.slice(0, 5)) {
    // Only the demo's well-known tokens are shown; a token from someone's state file stays out of the log.
    const token = demoTokens.get(user.email);
    const tokenShown = token !== undefined && apps.tokens?.[token] === user.email ? ` (token ${token})` : '';
    lines.push(`  user           ${user.email}${tokenShown}`);
  }
  for (const project of apps.projects.slice(0, 10)) {
    lines.push(`  script         ${project.title}: scriptId ${project.scriptId}`);
    for (const d of (project.deployments ?? []).slice(0, 5)) {
      const what = d.versionNumber === undefined ? 'HEAD' : `version ${d.versionNumber}`;
      lines.push(`    deployment   ${d.deploymentId} (${what}${d.description ? `, ${d.description}` : ''})`);
    }
  }
  for (const project of bugs.projects.slice(0, 10)) {
    lines.push(`  bugsmash       ${project.name} (${project.type}): id ${project.id}`);
  }
  const more = Math.max(0, apps.projects.length - 10) + Math.max(0, bugs.projects.length - 10);
  if (more > 0) lines.push(`  ... and ${more} more (GET /__emulator/state)`);
  return lines;
}

/** The banner for a terminal. */
export function bannerText(info: BannerInfo, state: StateDocument): string {
  const exports = Object.entries(specboundEnv(info))
    .map(([name, value]) => `${name}=${shellQuote(value)}`)
    .join(' ');
  const lines = [
    `Apps Script API  ${info.appsScriptUrl}`,
    `BugSmash API     ${info.bugsmashUrl}`,
    `Control API      ${info.controlUrl}/health`,
    `BugSmash X-API-Key: ${info.bugsmashApiKey}`,
  ];
  if (info.state !== null) lines.push(`State file       ${info.state}`);
  lines.push(
    ...stateSummary(state),
    '',
    'Point the specbound CLI at it: paste this line into its shell',
    `  export ${exports}`,
    '',
    'Run clasp or a googleapis script against it: paste these two lines into its shell',
    ...formatRedirectEnv(info.appsScriptUrl)
      .split('\n')
      .map((line) => `  ${line}`),
    '',
  );
  return `${lines.join('\n')}\n`;
}

/** The banner as one line of JSON. */
export function bannerJson(info: BannerInfo): string {
  return `${JSON.stringify({
    ...info,
    googleToken: CLI_GOOGLE_TOKEN,
    env: specboundEnv(info),
    redirectEnv: redirectEnv(info.appsScriptUrl),
  })}\n`;
}
