import { createHmac } from 'node:crypto';
import type { OperationRef } from './operations.ts';

/**
 * A whole webhook delivery per BugSmash event, as the emulator sends it (headers and body), so a
 * reader sees what reaches their endpoint rather than a payload schema alone. The values are fixed
 * (the build is reproducible) and the signature is real: it verifies with `verifyWebhook` and the
 * secret shown (test/deliveries.test.ts checks that).
 */
export const EXAMPLE_SECRET = 'whsec_docs_example_3f9a1c';
/** Unix seconds; receivers checking the age of a delivery would refuse this old example. */
export const EXAMPLE_TIMESTAMP = 1769846310;

const PROJECT = {
  id: '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f',
  name: 'Marketing site',
  url: 'https://app.bugsmash.io/review/AbCdE',
};

const comment = (status: string) => ({
  comment_id: '7c1e9a3b-2d4f-4b6a-8e0c-5f7a9b1d3e2c',
  comment: '<p>The hero image overlaps the menu on small screens.</p>',
  comment_number: 12,
  status,
  priority: 'High',
  is_private: false,
  comment_by_name: 'Ada Lovelace',
  comment_by_email: 'ada@example.com',
  project_type: 'website',
  tags: ['layout'],
  created_at: '2026-01-31T07:58:30.000000Z',
  updated_at: '2026-01-31T08:12:05.000000Z',
});

/** The body of each event's delivery: `{ event, project, comment, ...extra }`, as the emulator builds it (comment fields abridged). */
export const EXAMPLE_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  new_comment: { event: 'new_comment', project: PROJECT, comment: comment('Active') },
  comment_replied: {
    event: 'comment_replied',
    project: PROJECT,
    comment: comment('Active'),
    reply: {
      comment_id: '3e5a7c9e-1b3d-4f5a-9c7e-2d4f6a8b0c1e',
      comment: '<p>Fixed in the next build.</p>',
      is_private: false,
      comment_by_name: 'Grace Hopper',
      comment_by_email: 'grace@example.com',
      created_at: '2026-01-31T08:12:05.000000Z',
      updated_at: '2026-01-31T08:12:05.000000Z',
    },
  },
  status_changed: {
    event: 'status_changed',
    project: PROJECT,
    comment: comment('Resolved'),
    previous_status: 'Active',
  },
  comment_updated: { event: 'comment_updated', project: PROJECT, comment: comment('Active') },
};

export interface ExampleDelivery {
  readonly event: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body, byte for byte what is signed. */
  readonly rawBody: string;
  /** The delivery as HTTP/1.1 text. */
  readonly http: string;
}

/** The default scheme `@specbound/bugsmash` verifies: HMAC-SHA256 of `<timestamp>.<raw body>`. */
function sign(rawBody: string): string {
  const digest = createHmac('sha256', EXAMPLE_SECRET).update(`${EXAMPLE_TIMESTAMP}.${rawBody}`).digest('hex');
  return `sha256=${digest}`;
}

export function exampleDelivery(event: string): ExampleDelivery {
  const body = EXAMPLE_BODIES[event];
  if (body === undefined) throw new Error(`no example delivery for the webhook event ${event}`);
  const rawBody = JSON.stringify(body, null, 2);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'BugSmash-Webhooks (specbound emulator)',
    'X-BugSmash-Signature': sign(rawBody),
    'X-BugSmash-Timestamp': String(EXAMPLE_TIMESTAMP),
    // One id per delivery, the same on each of its retries (new timestamp and signature each time).
    'X-BugSmash-Delivery': '3f2a8c1e-5b7d-4e9a-9c0f-1d2e3f4a5b6c',
  };
  const head = [
    'POST /hooks/bugsmash HTTP/1.1',
    'Host: your-app.example',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return { event, headers, rawBody, http: `${head.join('\n')}\n\n${rawBody}` };
}

/** What the docs can and cannot say about the real service's deliveries. */
const REAL_SERVICE_NOTE =
  "**Against the real BugSmash** the event names, the one-time signing secret and `POST /webhook/test` are confirmed (by third-party client code); the signature header, algorithm, what is signed, any timestamp or delivery id header, the payload beyond its event and comment, and the retry policy are **not public**. The headers above are the emulator's choice. `specbound bs webhooks listen --no-verify --record DIR --print-json` shows what the real service sends; its scheme flags (`--signature-header`, `--timestamp-header`, `--algorithm`, `--encoding`, `--signature-prefix`) and `webhooks replay` find the scheme that verifies a recorded delivery (tools/docs/bugsmash.md explains the steps).\n";

/**
 * Appends each webhook's whole delivery to its description (Redoc shows only the payload schema
 * beside a delivery) and makes the body the payload's example.
 */
export function injectDeliveries(operations: readonly OperationRef[]): void {
  for (const op of operations) {
    if (!op.webhook) continue;
    const delivery = exampleDelivery(op.path);
    const intro =
      typeof op.operation.description === 'string' ? `${op.operation.description.trimEnd()}\n\n` : '';
    op.operation.description = `${intro}#### A whole delivery\n\nWhat your endpoint receives (signed with the example secret \`${EXAMPLE_SECRET}\`; the signature scheme is the one \`@specbound/bugsmash\` verifies and the emulator sends):\n\n\`\`\`http\n${delivery.http}\n\`\`\`\n\n${REAL_SERVICE_NOTE}`;
    const content = (
      op.operation.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined
    )?.content?.['application/json'];
    if (content)
      content.examples = {
        delivery: { summary: `A ${op.path} delivery`, value: JSON.parse(delivery.rawBody) },
      };
  }
}
