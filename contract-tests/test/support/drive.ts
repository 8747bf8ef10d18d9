// Response bodies of the Drive interactions, as matchers: they fix each field's type and shape,
// and carry only the fields a caller of the client reads.
import { like, regex } from './matchers.ts';

export const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
export const SCRIPT_MIME_TYPE = 'application/vnd.google-apps.script';
export const SHEETS_MIME_TYPE = 'application/vnd.google-apps.spreadsheet';

/** A script project as `files.list` shows it with `fields=nextPageToken,files(id,name,mimeType)`. */
export const scriptFile = {
  id: like(SCRIPT_ID),
  name: like('Invoice mailer'),
  mimeType: SCRIPT_MIME_TYPE,
};

/** A Drive file with the fields the CLI asks `files.get` and `files.create` for. */
export function fileWithLink(mimeType: string, name: string) {
  return {
    id: like(SCRIPT_ID),
    name: like(name),
    mimeType,
    webViewLink: regex(
      '^https://\\S+$',
      `https://docs.google.com/spreadsheets/d/${SCRIPT_ID}/edit?usp=drivesdk`,
    ),
  };
}

/** Google's JSON error body as Drive sends it: the legacy `errors[]` with a stable reason. */
export function driveError(code: number, reason: string, message: string) {
  return {
    error: {
      code,
      message: like(message),
      errors: [{ domain: 'global', reason, message: like(message) }],
    },
  };
}
