// The Sheets API v4 subset on the emulator's Google origin (paths under /v4/spreadsheets): Google's
// auth and error shapes and `fields` partial responses, as the Apps Script API has them (it is the
// same front end at Google), and one handler per operationId of specs/sheets, over the spreadsheet
// store SpreadsheetApp uses (the Apps Script backend's).
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import { googleError } from '../apps-script/errors.ts';
import { applyFieldMask, parseFieldMask } from '../apps-script/fields.ts';
import type { AsUser } from '../apps-script/model.ts';
import { appsScriptService } from '../apps-script/service.ts';
import type { Service } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import { sheetsHandlers } from './handlers.ts';

/** Whether a request path belongs to the Sheets API (the rest of the Google origin is Apps Script's). */
export function isSheetsPath(pathname: string): boolean {
  return pathname === '/v4/spreadsheets' || pathname.startsWith('/v4/spreadsheets/');
}

export function sheetsService(spec: CompiledSpec, backend: AppsScriptBackend): Service<AsUser> {
  // Authentication, request errors and the `fields` check are Google's front end, shared with the
  // Apps Script API: the same tokens name the same users, whose spreadsheets scripts open.
  const google = appsScriptService(spec, backend);
  return {
    ...google,
    name: 'sheets',
    handlers: sheetsHandlers(backend.spreadsheets),
    invalidRequest(problems, operation) {
      // A write without `valueInputOption` gets the Sheets API's own sentence.
      const missing = problems.find((p) => p.location === 'query' && p.keyword === 'required');
      if (missing !== undefined) return googleError(400, `'${missing.field}' is required but not specified`);
      return google.invalidRequest(problems, operation);
    },
    notFound(method, path) {
      return googleError(404, `Method not found: ${method} ${path}`);
    },
    // No ETags: the Sheets API sends none.
    finalize(ctx, reply) {
      const fields = ctx.params.query.fields;
      if (reply.status !== 200 || reply.body === undefined || typeof fields !== 'string' || fields === '')
        return reply;
      // Sheets documents its masks with dots (`sheets.properties`); Google reads them as `/` paths.
      return { ...reply, body: applyFieldMask(reply.body, parseFieldMask(fields.replaceAll('.', '/'))) };
    },
  };
}
