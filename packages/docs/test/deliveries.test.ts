import { verifyWebhook } from '@specbound/bugsmash';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_BODIES,
  EXAMPLE_SECRET,
  EXAMPLE_TIMESTAMP,
  exampleDelivery,
  injectDeliveries,
} from '../src/deliveries.ts';
import type { OperationRef } from '../src/operations.ts';

const EVENTS = ['new_comment', 'comment_replied', 'status_changed', 'comment_updated'];

describe('the example webhook deliveries', () => {
  it.each(EVENTS)('%s: headers and body verify with the documented secret', async (event) => {
    const delivery = exampleDelivery(event);
    await expect(
      verifyWebhook({
        rawBody: delivery.rawBody,
        headers: delivery.headers,
        secret: EXAMPLE_SECRET,
        now: () => EXAMPLE_TIMESTAMP * 1000,
      }),
    ).resolves.toBeUndefined();
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ event });
    // The HTTP text is the request line, the headers, a blank line and the exact signed body.
    expect(delivery.http).toMatch(/^POST \S+ HTTP\/1\.1\n/);
    expect(delivery.http.endsWith(`\n\n${delivery.rawBody}`)).toBe(true);
    for (const [name, value] of Object.entries(delivery.headers))
      expect(delivery.http).toContain(`${name}: ${value}`);
  });

  it('a tampered body no longer verifies (the signature is real)', async () => {
    const delivery = exampleDelivery('new_comment');
    await expect(
      verifyWebhook({
        rawBody: delivery.rawBody.replace('Marketing site', 'Marketing sight'),
        headers: delivery.headers,
        secret: EXAMPLE_SECRET,
        now: () => EXAMPLE_TIMESTAMP * 1000,
      }),
    ).rejects.toThrow();
  });

  it('covers exactly the four events of the BugSmash spec', () => {
    expect(Object.keys(EXAMPLE_BODIES).sort()).toEqual([...EVENTS].sort());
    expect(() => exampleDelivery('project_deleted')).toThrow(/no example delivery/);
  });

  it('goes into each webhook description and becomes the payload example', () => {
    const operation = {
      description: 'Sent when a comment is created.',
      requestBody: { content: { 'application/json': { schema: {} } } },
    };
    const ref: OperationRef = {
      operationId: 'receiveNewComment',
      summary: 'New comment',
      method: 'post',
      path: 'new_comment',
      webhook: true,
      operation,
    };
    injectDeliveries([ref]);
    expect(operation.description).toContain('Sent when a comment is created.\n\n#### A whole delivery');
    expect(operation.description).toContain(exampleDelivery('new_comment').http);
    // What is and is not known about the real service's deliveries, and how to learn the rest.
    expect(operation.description).toMatch(/signature header, algorithm, what is signed.*\*\*not public\*\*/);
    expect(operation.description).toContain('webhooks listen --no-verify --record DIR --print-json');
    expect(operation.requestBody.content['application/json']).toMatchObject({
      examples: { delivery: { value: EXAMPLE_BODIES.new_comment } },
    });
  });
});
