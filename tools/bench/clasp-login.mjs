// What `clasp login` leaves in ~/.clasprc.json, with dummy values: the emulator's token endpoint
// refreshes the expired token, so clasp runs against it without a Google account; and the
// environment that points clasp at the emulator. Shared by the benches that run clasp next to
// specbound (push.mjs, watch.mjs).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Creates `home` with a dummy clasp login in it; returns `home`. */
export async function writeClaspLogin(home) {
  await mkdir(home);
  await writeFile(
    join(home, '.clasprc.json'),
    JSON.stringify({
      tokens: {
        default: {
          type: 'authorized_user',
          client_id: 'dummy.apps.googleusercontent.com',
          client_secret: 'dummy',
          refresh_token: 'dummy-refresh-token',
          access_token: 'expired',
          token_type: 'Bearer',
          expiry_date: 1,
        },
      },
    }),
  );
  return home;
}

/**
 * clasp's environment against the emulator at `emulatorUrl`: the redirect preload sends Google's
 * hosts there, and a dead proxy makes sure nothing else leaves the machine.
 */
export function claspEnv(home, emulatorUrl) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    NODE_OPTIONS: `--import ${import.meta.resolve('@specbound/emulator/redirect')}`,
    SPECBOUND_EMULATOR_URL: emulatorUrl,
    HTTPS_PROXY: 'http://127.0.0.1:9',
    HTTP_PROXY: 'http://127.0.0.1:9',
  };
}
