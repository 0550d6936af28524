/** A tiny static server for the curves harness: the built page, and the read-only samples under /samples/. */
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';

import { SAMPLES_DIR as SAMPLES_ROOT } from '../paths';

export { SAMPLES_ROOT };

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

export interface HarnessServer {
  url: string;
  close(): Promise<void>;
}

/** `generatedDir`, when given, is served under /generated/ (files written by a test). */
export function startServer(pageDir: string, port = 0, generatedDir?: string): Promise<HarnessServer> {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const [base, rel] = url.startsWith('/samples/')
      ? [SAMPLES_ROOT, url.slice('/samples/'.length)]
      : url.startsWith('/generated/') && generatedDir
        ? [generatedDir, url.slice('/generated/'.length)]
        : [pageDir, url.slice(1) || 'index.html'];
    const file = path.resolve(base, rel);
    if (!file.startsWith(path.resolve(base) + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${addr.port}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
