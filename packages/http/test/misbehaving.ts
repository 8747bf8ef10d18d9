// Answers of a misbehaving server, shared by the loopback tests (loopback.test.ts, transport.test.ts).
import type { ServerResponse } from 'node:http';

const KiB = 1024;

/**
 * Headers and the start of a 1000-byte JSON body, then nothing: the body never ends. The caller
 * keeps `response` to destroy it when its test is over.
 */
export function stallBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
  response.write('{"items":[');
}

/**
 * Writes 64 KiB chunks for as long as the client reads (up to 1 TiB), then reports how many bytes
 * it wrote once the connection closes.
 */
export function endlessBody(response: ServerResponse, onClose: (written: number) => void): void {
  const chunk = Buffer.alloc(64 * KiB, 0x61);
  let written = 0;
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const pump = (): void => {
    while (!response.destroyed && written < 1024 * 1024 * KiB) {
      written += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  response.on('close', () => onClose(written));
  pump();
}
