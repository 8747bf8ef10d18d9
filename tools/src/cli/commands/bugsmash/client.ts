// The BugSmash client of the `bugsmash` commands. The key comes from `--api-key-file FILE` or
// `BUGSMASH_API_KEY` (`SPECBOUND_BUGSMASH_API_KEY` is read too, the frame's name for it); there is
// deliberately no `--api-key VALUE`: a value on the command line shows in `ps` and shell history.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BugSmashClient } from '@specbound/bugsmash';
import { AuthRequiredError, UsageError } from '../../../errors.js';
import type { CliContext } from '../../context.js';

export interface AuthOptions {
  apiKeyFile?: string | undefined;
  /** `report`: each response the spec does not expect is printed (Markdown, for an issue) on stderr. */
  validate?: 'off' | 'report' | undefined;
}

const HINT =
  'Create a key in BugSmash (Settings → API Key), then export BUGSMASH_API_KEY=<key> or pass --api-key-file FILE.';

async function bugsmashApiKey(ctx: CliContext, options: AuthOptions): Promise<string> {
  if (options.apiKeyFile !== undefined) {
    let text: string;
    try {
      text = await readFile(resolve(ctx.cwd, options.apiKeyFile), 'utf8');
    } catch (error) {
      throw new UsageError(`--api-key-file: cannot read ${options.apiKeyFile}.`, {
        hint: HINT,
        cause: error,
      });
    }
    const key = text.trim();
    if (key === '')
      throw new AuthRequiredError(`--api-key-file: ${options.apiKeyFile} is empty.`, { hint: HINT });
    return key;
  }
  const key = (ctx.env.BUGSMASH_API_KEY ?? ctx.env.SPECBOUND_BUGSMASH_API_KEY)?.trim();
  if (key === undefined || key === '') {
    throw new AuthRequiredError('No BugSmash API key: BUGSMASH_API_KEY is not set.', { hint: HINT });
  }
  return key;
}

export async function bugsmashClient(
  ctx: CliContext,
  options: AuthOptions,
  fetch?: (request: Request) => Promise<Response>,
): Promise<BugSmashClient> {
  const apiKey = await bugsmashApiKey(ctx, options);
  ctx.io.addSecret(apiKey);
  const { createBugSmashClient } = await import('@specbound/bugsmash/node');
  const transport = options.validate === 'report' ? await reportingFetch(ctx, fetch) : fetch;
  return createBugSmashClient({
    apiKey,
    baseUrl: ctx.bugsmashUrl,
    ...(transport === undefined ? {} : { fetch: transport }),
    ...(ctx.logger === undefined ? {} : { logger: ctx.logger }),
  });
}

/**
 * `--validate report`: where the spec's unconfirmed shapes meet real traffic. Every response the spec
 * does not expect is printed on stderr as Markdown, ready to paste into an issue; the command goes on.
 * Loaded only with the flag (Ajv and the spec stay out of every other run).
 */
async function reportingFetch(
  ctx: CliContext,
  fetch: ((request: Request) => Promise<Response>) | undefined,
): Promise<(request: Request) => Promise<Response>> {
  const { formatReport, validatingFetch } = await import('@specbound/bugsmash/validate');
  return validatingFetch({
    mode: 'report',
    ...(fetch === undefined ? {} : { fetch }),
    onReport: (report) => ctx.io.progress(`${formatReport(report)}\n`),
  });
}
