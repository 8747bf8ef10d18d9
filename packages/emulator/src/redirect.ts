// The preload: `NODE_OPTIONS="--import @specbound/emulator/redirect" SPECBOUND_EMULATOR_URL=http://127.0.0.1:8787 clasp push`
// sends the tool's Apps Script API calls and OAuth token refreshes to the emulator (see
// redirect-install.ts). Without SPECBOUND_EMULATOR_URL it does nothing, so the NODE_OPTIONS line can
// stay in a shell profile or CI job and be switched with one variable. An emulator URL that is not
// this machine is refused unless SPECBOUND_EMULATOR_ALLOW_REMOTE=1 (see redirect-guard.ts).
import { isMainThread } from 'node:worker_threads';
import { ALLOW_REMOTE_ENV } from './redirect-env.ts';
import {
  installRedirect,
  parseEmulatorUrl,
  REDIRECTED_HOSTS,
  RedirectConfigError,
} from './redirect-install.ts';

const raw = process.env.SPECBOUND_EMULATOR_URL;
if (raw !== undefined && raw.trim() !== '') {
  let emulator: URL;
  try {
    emulator = parseEmulatorUrl(raw);
    installRedirect(emulator, { allowRemote: process.env[ALLOW_REMOTE_ENV] === '1' });
  } catch (error) {
    if (!(error instanceof RedirectConfigError)) throw error;
    // Going on would send the tool's requests to Google, which the user asked not to; stop instead.
    process.stderr.write(`specbound: ${error.message} (or unset SPECBOUND_EMULATOR_URL to reach Google)\n`);
    process.exit(2);
  }
  // One line per process (worker threads load preloads too), on stderr so piped output stays clean.
  if (isMainThread) {
    const shown = new URL(emulator.href);
    shown.username = '';
    shown.password = '';
    process.stderr.write(
      `specbound: ${new Intl.ListFormat('en').format(Object.keys(REDIRECTED_HOSTS))} requests go to the emulator at ${shown.href.replace(/\/$/, '')} (SPECBOUND_EMULATOR_URL)\n`,
    );
  }
}
