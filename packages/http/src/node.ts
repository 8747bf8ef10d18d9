/// <reference types="node" />
/**
 * `@specbound/http/node`: the one reader of a whole Node stream body with a size cap, for servers
 * (the emulator's request bodies, `specbound bs webhooks listen`'s deliveries, the demo's webhook
 * receiver) and for the emulator's UrlFetchApp responses. The clients read response bodies through
 * `read.ts`; this is its counterpart for `node:http`'s side.
 */
import type { Readable } from 'node:stream';

/**
 * The bytes of `stream` (a request, say), or `undefined` as soon as they pass `limit`: nothing more
 * is held. The stream is then left paused, its rest unread, for the caller to discard (`resume()`,
 * so that an answer such as a 413 can still go out) or to cut (`destroy()`). A declared
 * `Content-Length` is the caller's to check first: it knows the headers.
 */
export function readCapped(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stream.pause();
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}
