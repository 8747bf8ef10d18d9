import { appsScriptFilter, BadRequestError, entryMessage } from '@specbound/logging';
import { logSeverityValues } from '@specbound/logging/schema';
import { describe, expect, it } from 'vitest';
import { googleError } from '../../support/apps-script.ts';
import { bearerHeader, loggingAt } from '../../support/clients.ts';
import { eachLike, fromState, googleTime, like, oneOf, regex } from '../../support/matchers.ts';
import { createPact } from '../../support/pact.ts';

const pact = createPact('cloud-logging-api', import.meta.url);
const auth = { Authorization: bearerHeader };
const PROJECT = 'projects/specbound-contract';
const PAGE_TOKEN = 'EAA4suKu3qnLwbtrAVJZ';
// The script the provider runs to produce the entries: three lines, one of them a warning.
const SOURCE =
  "function sendInvoices() {\n  console.log('Sending %d invoices', 3);\n  console.warn('INV-1007 has no email');\n  Logger.log('done');\n}\n";

/** An entry as Apps Script writes it: only the fields the CLI reads are pinned, by shape. */
const entry = {
  logName: regex(
    '^projects/[^/]+/logs/.+$',
    'projects/specbound-contract/logs/script.googleapis.com%2Fconsole_logs',
  ),
  resource: {
    type: 'app_script_function',
    labels: { function_name: like('sendInvoices') },
  },
  timestamp: googleTime('2026-11-25T10:02:03.456Z'),
  severity: oneOf(logSeverityValues, 'INFO'),
  insertId: like('1xyz0abf3k2c4'),
  labels: { 'script.googleapis.com/process_id': like('1234567890') },
  textPayload: like('Sending 3 invoices'),
};

describe('Cloud Logging entries.list', () => {
  it('listLogEntries: iterates over two pages of one function’s Apps Script entries, oldest first', async () => {
    const state = { functionName: 'sendInvoices', source: SOURCE };
    const filter = appsScriptFilter({ functionName: 'sendInvoices' });
    const body = { resourceNames: [PROJECT], filter, orderBy: 'timestamp asc', pageSize: 2 };
    pact
      .addInteraction()
      .given('an Apps Script function has run and logged three lines', state)
      .uponReceiving('a request for the first page of a function’s log entries')
      .withRequest('POST', '/v2/entries:list', (builder) => builder.headers(auth).jsonBody(body))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ entries: eachLike(entry, 2), nextPageToken: like(PAGE_TOKEN) }),
      );
    await pact
      .addInteraction()
      .given('an Apps Script function has run and logged three lines', state)
      .uponReceiving('a request for the last page of a function’s log entries')
      .withRequest('POST', '/v2/entries:list', (builder) =>
        builder.headers(auth).jsonBody({ ...body, pageToken: fromState('nextPageToken', PAGE_TOKEN) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ entries: eachLike(entry, 1) }))
      .executeTest(async (mockserver) => {
        const all = await loggingAt(mockserver.url)
          .entries.iterate({ resourceNames: [PROJECT], filter, orderBy: 'timestamp asc', pageSize: 2 })
          .all();
        expect(all).toHaveLength(3);
        expect(all.every((found) => found.resource?.labels?.function_name === 'sendInvoices')).toBe(true);
        expect(all.every((found) => entryMessage(found) !== '')).toBe(true);
      });
  });

  it('listLogEntries: a filter Cloud Logging cannot parse is a BadRequestError with Google’s body', async () => {
    const filter = 'severity>=>LOUD';
    await pact
      .addInteraction()
      .given('an Apps Script function has run and logged three lines', {
        functionName: 'sendInvoices',
        source: SOURCE,
      })
      .uponReceiving('a request for log entries with a filter that does not parse')
      .withRequest('POST', '/v2/entries:list', (builder) =>
        builder.headers(auth).jsonBody({ resourceNames: [PROJECT], filter }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody(googleError(400, 'INVALID_ARGUMENT', 'Invalid query: unparseable expression')),
      )
      .executeTest(async (mockserver) => {
        const error = await loggingAt(mockserver.url)
          .entries.list({ resourceNames: [PROJECT], filter })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BadRequestError);
        expect((error as BadRequestError).body?.error.status).toBe('INVALID_ARGUMENT');
      });
  });
});
