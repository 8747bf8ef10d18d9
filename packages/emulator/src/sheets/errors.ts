// Errors of spreadsheet operations, with the text Google gives; the Sheets API answers them with the
// status they carry, SpreadsheetApp throws them as `Exception: <message>`.

export type SheetsErrorStatus = 'INVALID_ARGUMENT' | 'NOT_FOUND';

export class SheetsError extends Error {
  readonly status: SheetsErrorStatus;

  constructor(status: SheetsErrorStatus, message: string) {
    super(message);
    this.name = 'SheetsError';
    this.status = status;
  }
}
