// Response bodies of the Apps Script interactions, as matchers: they fix each field's type and
// shape, and carry only the fields a caller of the client reads.
import { entryPointEntryPointTypeValues, fileTypeValues } from '@specbound/apps-script/schema';
import { eachLike, googleTime, integer, like, oneOf, regex } from './matchers.ts';

export const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
export const DEPLOYMENT_ID = 'AKfycbx0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ';
export const ETAG = '"MTcxNzI0OTYwMDAwMA"';

const fileType = oneOf(fileTypeValues, 'SERVER_JS');

const user = {
  email: like('ada@example.com'),
  name: like('Ada Lovelace'),
};

export const project = {
  scriptId: like(SCRIPT_ID),
  title: like('Invoice mailer'),
  createTime: googleTime('2026-05-02T09:14:07.512Z'),
  updateTime: googleTime('2026-06-01T16:40:00.118Z'),
  creator: user,
};

export const manifestFile = {
  name: 'appsscript',
  type: 'JSON',
  source: like('{"timeZone":"Europe/London","exceptionLogging":"STACKDRIVER","runtimeVersion":"V8"}'),
};

export const codeFile = {
  name: like('Code'),
  type: fileType,
  source: like('function sendInvoices() {\n  return 3;\n}\n'),
};

const deploymentConfig = {
  scriptId: like(SCRIPT_ID),
  versionNumber: integer(1),
  manifestFileName: like('appsscript'),
  description: like('Invoice mailer API'),
};

export const deployment = {
  deploymentId: like(DEPLOYMENT_ID),
  deploymentConfig,
  updateTime: googleTime('2026-06-01T16:45:12.004Z'),
  entryPoints: eachLike({
    entryPointType: oneOf(entryPointEntryPointTypeValues, 'EXECUTION_API'),
  }),
};

/**
 * A deployment as a list shows it. The read-only HEAD deployment every project has is listed too,
 * and it has no `versionNumber` and no entry points, so a list item pins only what all share.
 */
export const deploymentListItem = {
  deploymentId: like(DEPLOYMENT_ID),
  deploymentConfig: { scriptId: like(SCRIPT_ID), manifestFileName: like('appsscript') },
  updateTime: googleTime('2026-06-01T16:45:12.004Z'),
};

export const version = {
  scriptId: like(SCRIPT_ID),
  versionNumber: integer(1),
  description: like('First release'),
  createTime: googleTime('2026-06-01T16:44:02.930Z'),
};

export const processEntry = {
  projectName: like('Invoice mailer'),
  functionName: like('sendInvoices'),
  processType: regex('^[A-Z_]+$', 'EXECUTION_API'),
  processStatus: regex('^[A-Z_]+$', 'COMPLETED'),
  startTime: googleTime('2026-06-01T17:00:02.250Z'),
  duration: regex('^-?[0-9]+(\\.[0-9]{1,9})?s$', '1.532s'),
};

export const metricsValue = {
  value: regex('^[0-9]+$', '42'),
  startTime: googleTime('2026-05-26T00:00:00.000Z'),
  endTime: googleTime('2026-06-02T00:00:00.000Z'),
};

/** Google's JSON error body, with the canonical status that goes with the HTTP code. */
export function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return {
    error: {
      code,
      message: like(message),
      status,
      ...(details === undefined ? {} : { details }),
    },
  };
}
