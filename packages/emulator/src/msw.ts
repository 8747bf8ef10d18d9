// MSW 2 request handlers that send every request for a host the emulator serves to an in-process
// emulator (createEmulatorFetch), so code calling the services through any client (ours,
// @googleapis/script, plain fetch) meets the emulator unchanged. `msw` is an optional peer
// dependency: only those who import this entry need it. The emulator itself runs on Node (SQLite,
// worker threads), so these handlers are for `setupServer` from `msw/node`, not a browser worker.
import { type HttpHandler, http } from 'msw';
import { type EmulatorFetch, SERVED_HOSTS } from './fetch.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One handler per served host (script.googleapis.com, oauth2.googleapis.com, logging.googleapis.com,
 * api.bugsmash.io and
 * the control API's host), over http and https; requests to any other host are left to MSW's
 * `onUnhandledRequest`.
 */
export function emulatorHandlers(inProcess: Pick<EmulatorFetch, 'fetch'>): HttpHandler[] {
  return Object.keys(SERVED_HOSTS).map((host) =>
    http.all(new RegExp(`^https?://${escapeRegExp(host)}/`), ({ request }) => inProcess.fetch(request)),
  );
}
