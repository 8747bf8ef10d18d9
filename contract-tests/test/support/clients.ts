import { type AppsScriptClient, createAppsScriptClient } from '@specbound/apps-script';
import { type BugSmashClient, createBugSmashClient } from '@specbound/bugsmash';
import { createDriveClient, type DriveClient } from '@specbound/drive';
import { bearerAuth } from '@specbound/http';
import { createLoggingClient, type LoggingClient } from '@specbound/logging';
import { createSheetsClient, type SheetsClient } from '@specbound/sheets';
import { regex } from './matchers.ts';

/** The OAuth token the consumer tests send; any token of this shape is fine for the provider. */
export const ACCESS_TOKEN = 'ya29.contract-test-token';

/** `Authorization: Bearer …`, fixed by shape, not by value. */
export const bearerHeader = regex('^Bearer [A-Za-z0-9._~+/-]+=*$', `Bearer ${ACCESS_TOKEN}`);

/**
 * The real Apps Script client, pointed at the Pact mock server. Retries are off: a contract
 * describes one request and one answer, and a retried 429/5xx would hit the mock server twice.
 */
export function appsScriptAt(baseUrl: string, token = ACCESS_TOKEN): AppsScriptClient {
  return createAppsScriptClient({ auth: bearerAuth(token), baseUrl, retry: false });
}

/** The workspace API key the consumer tests send; the provider is started with the same key. */
export const API_KEY = 'bsk_contract_test_key';

/** `X-API-Key`, fixed by shape, not by value. */
export const apiKeyHeader = regex('^\\S+$', API_KEY);

/** The real BugSmash client, pointed at the Pact mock server, retries off (see `appsScriptAt`). */
export function bugsmashAt(baseUrl: string, apiKey = API_KEY): BugSmashClient {
  return createBugSmashClient({ apiKey, baseUrl, retry: false });
}

/** The real Cloud Logging client, pointed at the Pact mock server, retries off (see `appsScriptAt`). */
export function loggingAt(baseUrl: string, token = ACCESS_TOKEN): LoggingClient {
  return createLoggingClient({ auth: bearerAuth(token), baseUrl, retry: false });
}

/** The real Drive client, pointed at the Pact mock server, retries off (see `appsScriptAt`). */
export function driveAt(baseUrl: string, token = ACCESS_TOKEN): DriveClient {
  return createDriveClient({ auth: bearerAuth(token), baseUrl, retry: false });
}

/** The real Sheets client, pointed at the Pact mock server, retries off (see `appsScriptAt`). */
export function sheetsAt(baseUrl: string, token = ACCESS_TOKEN): SheetsClient {
  return createSheetsClient({ auth: bearerAuth(token), baseUrl, retry: false });
}
