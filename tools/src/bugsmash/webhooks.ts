// Webhook subscriptions: create (the signing secret comes back once), list, delete, test.
import type { WebhookEventName } from '@specbound/bugsmash';
import { writeFileAtomic } from '../atomic-file.js';
import { UsageError } from '../errors.js';
import type { BugSmash } from './types.js';

export interface CreatedWebhook {
  id: string | undefined;
  webhookUrl: string;
  events: WebhookEventName[];
  /** The signing secret; BugSmash shows it only in this answer. */
  secret: string | undefined;
}

// The create answer's shape is not public: the secret is looked for under the likely names.
const SECRET_KEYS = ['secret', 'signing_secret', 'signingSecret', 'webhook_secret', 'webhookSecret'];

function field(data: unknown, keys: readonly string[]): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  for (const key of keys) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

export async function createWebhook(
  client: BugSmash,
  options: { url: string; events: readonly WebhookEventName[] },
): Promise<CreatedWebhook> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new UsageError(`--url: "${options.url}" is not a URL.`, {
      hint: 'Pass the absolute https URL that should receive the deliveries.',
    });
  }
  const data = await client.webhooks.create({ webhookUrl: url.href, events: [...options.events] });
  return {
    id: field(data, ['id', 'webhookId', 'webhook_id']),
    webhookUrl: url.href,
    events: [...options.events],
    secret: field(data, SECRET_KEYS),
  };
}

/** Writes a secret to a new file only its owner can read (mode 0600); refuses to overwrite. */
export async function writeSecretFile(path: string, secret: string): Promise<void> {
  const { access } = await import('node:fs/promises');
  const exists = await access(path).then(
    () => true,
    () => false,
  );
  if (exists) {
    throw new UsageError(`--secret-out: ${path} already exists.`, {
      hint: 'Name a new file; the old secret stays where it is.',
    });
  }
  await writeFileAtomic(path, `${secret}\n`, 0o600);
}

/** Reads a webhook secret from a file (trimmed) or the environment; throws when there is none. */
export async function readWebhookSecret(
  file: string | undefined,
  env: Record<string, string | undefined>,
): Promise<string> {
  if (file !== undefined) {
    const { readFile } = await import('node:fs/promises');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--secret-file: cannot read ${file}.`, {
        code: 'webhook-secret-file-unreadable',
        details: { file },
        cause: error,
      });
    }
    const secret = text.trim();
    if (secret === '')
      throw new UsageError(`--secret-file: ${file} is empty.`, { hint: 'Put the signing secret in it.' });
    return secret;
  }
  const secret = env.BUGSMASH_WEBHOOK_SECRET?.trim();
  if (secret === undefined || secret === '') {
    throw new UsageError('No webhook signing secret.', {
      code: 'webhook-secret-missing',
    });
  }
  return secret;
}
