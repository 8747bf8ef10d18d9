import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAtomic, writeFileAtomic } from '../../src/atomic-file.js';
import { updateComment } from '../../src/bugsmash/comments.js';
import { mapOrdered } from '../../src/bugsmash/pool.js';
import { createWebhook, readWebhookSecret, writeSecretFile } from '../../src/bugsmash/webhooks.js';
import { UsageError } from '../../src/errors.js';
import { useTempDir } from '../support/temp-dir.js';
import { clientOver, fakeBugSmash, fakeComment } from './fake-bugsmash.js';

let dir: string;
useTempDir('bs-unit-', (path) => {
  dir = path;
});

describe('mapOrdered', () => {
  it('yields in input order with at most n calls in flight, and passes a failure on in its turn', async () => {
    let inFlight = 0;
    let most = 0;
    const out: number[] = [];
    for await (const value of mapOrdered([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight--;
      return n * 10;
    })) {
      out.push(value);
    }
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
    const failing = mapOrdered([1, 2], 2, async (n) => {
      if (n === 2) throw new Error('boom');
      return n;
    });
    await expect(
      (async () => {
        for await (const _ of failing) {
          /* drain */
        }
      })(),
    ).rejects.toThrow('boom');
  });
});

describe('atomic files', () => {
  it('writeFileAtomic replaces whole; openAtomic leaves nothing on abort', async () => {
    const path = join(dir, 'out.txt');
    await writeFile(path, 'old');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    const file = openAtomic(path);
    file.stream.write('partial');
    await file.abort();
    expect(await readFile(path, 'utf8')).toBe('new');
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(dir)).toEqual(['out.txt']);
    const ok = openAtomic(path);
    ok.stream.write('done');
    await ok.commit();
    expect(await readFile(path, 'utf8')).toBe('done');
  });
});

describe('webhooks', () => {
  it('createWebhook finds the one-time secret; writeSecretFile writes mode 0600 and refuses to overwrite', async () => {
    const fake = fakeBugSmash([]);
    fake.intercept = (request, path) =>
      request.method === 'POST' && path === '/webhook'
        ? Response.json({
            status: true,
            message: 'Webhook created',
            data: { id: 'w1', secret: 'whsec_abc_0123456789' },
          })
        : undefined;
    const created = await createWebhook(clientOver(fake), {
      url: 'https://hooks.example.com/x',
      events: ['new_comment'],
    });
    expect(created).toEqual({
      id: 'w1',
      webhookUrl: 'https://hooks.example.com/x',
      events: ['new_comment'],
      secret: 'whsec_abc_0123456789',
    });
    expect(fake.requests.at(-1)?.body).toEqual({
      webhookUrl: 'https://hooks.example.com/x',
      events: ['new_comment'],
    });
    const file = join(dir, 'secret');
    await writeSecretFile(file, 'whsec_abc_0123456789');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(writeSecretFile(file, 'other')).rejects.toBeInstanceOf(UsageError);
    expect(await readWebhookSecret(file, {})).toBe('whsec_abc_0123456789');
    expect(await readWebhookSecret(undefined, { BUGSMASH_WEBHOOK_SECRET: ' s3cret ' })).toBe('s3cret');
    await expect(readWebhookSecret(undefined, {})).rejects.toBeInstanceOf(UsageError);
  });
});

describe('updateComment', () => {
  it('refuses an empty change before any request; sends only the given fields', async () => {
    const fake = fakeBugSmash([{ id: 'p1', name: 'Site', comments: [fakeComment(1)] }]);
    const client = clientOver(fake);
    await expect(updateComment(client, fakeComment(1).comment_id, {})).rejects.toBeInstanceOf(UsageError);
    expect(fake.requests).toEqual([]);
    const updated = await updateComment(client, fakeComment(1).comment_id, {
      priority: 'P2',
      isPrivate: undefined,
    });
    expect(updated.priority).toBe('P2');
    expect(fake.requests[0]?.body).toEqual({ priority: 'P2' });
  });
});

describe('streamSink', () => {
  it('gathers small chunks into large writes and flushes the rest', async () => {
    const { PassThrough } = await import('node:stream');
    const { streamSink } = await import('../../src/bugsmash/export.js');
    const stream = new PassThrough();
    const writes: string[] = [];
    stream.on('data', (chunk: Buffer) => writes.push(chunk.toString('utf8')));
    const sink = streamSink(stream, 100);
    for (let i = 0; i < 50; i++) await sink.write(`${'x'.repeat(9)}\n`);
    expect(writes.length).toBe(5);
    await sink.write('tail');
    await sink.flush?.();
    await new Promise((r) => setImmediate(r));
    expect(writes.join('')).toBe(`${`${'x'.repeat(9)}\n`.repeat(50)}tail`);
    expect(writes).toHaveLength(6);
  });
});
