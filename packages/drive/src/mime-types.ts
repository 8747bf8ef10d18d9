/** The Drive MIME type of an Apps Script project: its file `id` is the script ID. */
export const SCRIPT_MIME_TYPE = 'application/vnd.google-apps.script';

/**
 * The Google Workspace files `files.create` makes empty from metadata alone, by the names clasp's
 * `create --type` uses; each can hold bound Apps Script projects (a folder cannot).
 */
export const GOOGLE_APPS_MIME_TYPES = {
  sheets: 'application/vnd.google-apps.spreadsheet',
  docs: 'application/vnd.google-apps.document',
  forms: 'application/vnd.google-apps.form',
  slides: 'application/vnd.google-apps.presentation',
} as const;
