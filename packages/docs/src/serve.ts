import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { DIST_DIR } from './paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface ServeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Default 127.0.0.1: the site is for this machine only. */
  readonly host?: string;
  /** Default packages/docs/dist. */
  readonly root?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Maps a request path to a file under root, or undefined when it would leave root. */
export function resolveRequestPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = normalize(join(root, relative));
  const base = root.endsWith(sep) ? root : `${root}${sep}`;
  return file.startsWith(base) ? file : undefined;
}

/** A static file server for the built site. */
export function startServer({
  port,
  host = '127.0.0.1',
  root = DIST_DIR,
}: ServeOptions): Promise<RunningServer> {
  const server = createServer(async (req, res) => {
    const file = resolveRequestPath(root, req.url ?? '/');
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info?.isFile() || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(file ? 404 : 400, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${actual}/`,
        server,
        close: () => new Promise((done, fail) => server.close((e) => (e ? fail(e) : done()))),
      });
    });
  });
}
