import { describe, expect, it } from 'vitest';
import {
  appsScriptFilter,
  entryMessage,
  LOG_SEVERITIES,
  quoteFilterValue,
  ValidationError,
} from '../src/index.js';

describe('appsScriptFilter', () => {
  it('selects Apps Script entries and joins each given field with AND', () => {
    expect(appsScriptFilter()).toBe('resource.type="app_script_function"');
    expect(
      appsScriptFilter({
        processId: '123',
        functionName: 'send"Invoices',
        since: new Date('2026-11-25T10:00:00Z'),
        severity: 'WARNING',
      }),
    ).toBe(
      'resource.type="app_script_function" AND labels."script.googleapis.com/process_id"="123" AND ' +
        'resource.labels.function_name="send\\"Invoices" AND timestamp>="2026-11-25T10:00:00.000Z" AND severity>=WARNING',
    );
  });

  it('refuses an unknown severity and an invalid date', () => {
    expect(() => appsScriptFilter({ severity: 'LOUD' as never })).toThrow(ValidationError);
    expect(() => appsScriptFilter({ since: new Date('nope') })).toThrow(/valid Date/);
  });

  it('quotes backslashes and double quotes', () => {
    expect(quoteFilterValue('a\\b"c')).toBe('"a\\\\b\\"c"');
  });

  it('lists the severities in increasing order', () => {
    expect(LOG_SEVERITIES.indexOf('WARNING')).toBeLessThan(LOG_SEVERITIES.indexOf('ERROR'));
    expect(LOG_SEVERITIES[0]).toBe('DEFAULT');
  });
});

describe('entryMessage', () => {
  it('reads textPayload, then jsonPayload.message, then the JSON payload', () => {
    expect(entryMessage({ textPayload: 'hi' })).toBe('hi');
    expect(entryMessage({ jsonPayload: { message: 'boom', serviceContext: {} } })).toBe('boom');
    expect(entryMessage({ jsonPayload: { count: 2 } })).toBe('{"count":2}');
    expect(entryMessage({})).toBe('');
  });
});
