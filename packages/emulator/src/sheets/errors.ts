// Errors of spreadsheet operations, with the text Google gives; the Sheets API answers them with the
// status they carry, SpreadsheetApp throws them as `Exception: <message>`.

import type { components } from '@specbound/sheets/schema';
/** The statuses the emulator's spreadsheet errors carry, of the spec's `google.rpc.Code` enum. */
export type SheetsErrorStatus = Extract<
  NonNullable<components['schemas']['ErrorBody']['error']['status']>,
  'INVALID_ARGUMENT' | 'NOT_FOUND'
>;

export class SheetsError extends Error {
  readonly status: SheetsErrorStatus;

  constructor(status: SheetsErrorStatus, message: string) {
    super(message);
    this.name = 'SheetsError';
    this.status = status;
  }
}
