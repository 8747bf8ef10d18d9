// Cloud Logging v2 on the emulator's Google origin (`POST /v2/entries:list`): Google's auth and
// error shapes and `fields`, as the Apps Script API on the same origin answers them.
import type { operations } from '@specbound/logging/schema';
import type { AppsScriptBackend } from '../apps-script/backend.ts';
import type { AsUser } from '../apps-script/model.ts';
import { appsScriptService } from '../apps-script/service.ts';
import { bindHandlers } from '../core/typed.ts';
import type { Service } from '../core/types.ts';
import type { CompiledSpec } from '../spec/operations.ts';
import { entryHandlers } from './entries.ts';

/** Whether a path is Cloud Logging's (`/v2/…`), which the Apps Script API (`/v1/…`) never is. */
export function isLoggingPath(pathname: string): boolean {
  return pathname.startsWith('/v2/');
}

export function loggingService(spec: CompiledSpec, backend: AppsScriptBackend): Service<AsUser> {
  const google = appsScriptService(spec, backend);
  return {
    ...google,
    name: 'logging',
    handlers: bindHandlers<operations, AsUser>(entryHandlers(backend)),
    maxBodyBytes: 1024 * 1024,
  };
}
