// A target may answer anything: garbage JSON, an HTML error page, a stall, a reset. Each becomes a
// failing check with the evidence, within the timeout; the run never crashes or hangs (exit 1).
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAsync } from '../helpers/cli.ts';
import { readResultsFile } from '../helpers/results.ts';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    const mode = (req.headers.host ?? '').split('.')[0];
    // Reachability probe (GET /) gets an answer in every mode.
    if (req.url === '/') {
      res.writeHead(200);
      return res.end('ok');
    }
    const m = /^\/(\w+)\//.exec(req.url ?? '')?.[1];
    if (m === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"accounts": [tru');
    }
    if (m === 'html') {
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
    }
    if (m === 'reset') return req.socket.destroy();
    if (m === 'stall') return; // never answers
    void mode;
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

describe('a target that misbehaves', () => {
  it.each([
    ['garbage', /not JSON|SCA did not|expected|no national identity/],
    ['html', /503|text\/html|no national identity/],
    ['reset', /CONNECTION_RESET|reset|closed|no national identity/],
    ['stall', /TIMEOUT|no answer in time|no national identity/],
  ])(
    '%s: a clean failing verdict, not a crash or a hang',
    async (mode, message) => {
      const dir = mkdtempSync(join(tmpdir(), `xs2a-chaos-${mode}-`));
      const started = Date.now();
      const r = await cliAsync(
        [
          'run',
          '--target',
          `http://127.0.0.1:${port}/${mode}`,
          '--name',
          '^A correctly signed request is accepted$',
          '--timeout',
          '400',
          '--parallel',
          '0',
          '--no-report',
          '--report-dir',
          dir,
        ],
        60_000,
      );
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(r.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
      expect(r.code).toBe(1);
      const results = readResultsFile(dir);
      expect(results.results).toHaveLength(1);
      expect(results.results[0].outcome).toBe('failed');
      expect(results.results[0].message).toMatch(message);
    },
    60_000,
  );
});
