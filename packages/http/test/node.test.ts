// `@specbound/http/node`'s readCapped: a server's whole-body reader with a size cap.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCapped } from '../src/node.js';

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('readCapped', () => {
  it('reads a body within the limit whole, the limit itself included', async () => {
    expect((await readCapped(chunks('ab', 'cd', 'e'), 5))?.toString()).toBe('abcde');
    expect((await readCapped(chunks(), 5))?.length).toBe(0);
  });

  it('answers undefined once the body passes the limit, leaving the rest paused and unread', async () => {
    const stream = chunks('abc', 'def', 'ghi', 'jkl');
    expect(await readCapped(stream, 4)).toBeUndefined();
    expect(stream.isPaused()).toBe(true);
    // What the reader did not take is still there for the caller to drop or cut.
    const rest: string[] = [];
    for await (const chunk of stream) rest.push(String(chunk));
    expect(rest).toEqual(['ghi', 'jkl']);
  });

  it('rejects with the stream error', async () => {
    const stream = new Readable({ read() {} });
    const read = readCapped(stream, 100);
    stream.push('ab');
    stream.destroy(new Error('connection reset'));
    await expect(read).rejects.toThrow('connection reset');
  });
});
