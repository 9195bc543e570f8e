// The undici client against a loopback server: it sends exactly the bytes it signed, and turns
// whatever a target does (garbage, stalls, resets) into an Exchange instead of throwing.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromRawHeaders,
  redactExchange,
  testCredentials,
  toCurl,
  TppClient,
  verifyRequest,
} from '../../src/tpp/index.ts';

let server: Server;
let base: string;
const seen: Array<{ req: IncomingMessage; body: Buffer }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ req, body });
      const path = req.url ?? '';
      if (path.startsWith('/stall')) return; // never answers
      if (path.startsWith('/reset')) return req.socket.destroy();
      if (path.startsWith('/garbage')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"broken": ');
      }
      if (path.startsWith('/html')) {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body>Bad Gateway</body></html>');
      }
      const v = verifyRequest({ method: req.method!, target: path, headers: fromRawHeaders(req.rawHeaders), body });
      res.writeHead(v.ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: v.ok, failures: v.failures.map((f) => f.code), signingString: v.signingString }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const client = (o: Partial<ConstructorParameters<typeof TppClient>[0]> = {}) =>
  new TppClient({
    baseUrl: base,
    identity: testCredentials().qsealc,
    psu: { psuId: 'b5b1e2a4-1111-4222-8333-944455556666', psuIpAddress: '192.0.2.1' },
    timeoutMs: 2000,
    ...o,
  });

describe('TppClient', () => {
  it('fills the standard headers, signs, and the server verifies exactly what was sent', async () => {
    const c = client();
    const ex = await c.request({
      method: 'POST',
      path: '/v1/payments/cross-border-credit-transfers',
      query: { allowLogicalDuplicate: false },
      body: { a: 'ø', n: 1 },
    });
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.json).toMatchObject({ ok: true, failures: [] });
    const got = seen.at(-1)!;
    expect(got.body.equals(ex.request.body)).toBe(true);
    expect(got.req.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.req.headers['tpp-redirect-uri']).toBe('https://127.0.0.1/xs2a-conformance/callback');
    expect(got.req.headers['psu-ip-address']).toBe('192.0.2.1');
    expect(got.req.url).toBe('/v1/payments/cross-border-credit-transfers?allowLogicalDuplicate=false');
    expect((ex.response?.json as { signingString: string }).signingString).toBe(ex.request.signingString);
    await c.close();
  });

  it('a skewed clock, SHA-512 and RFC 2047 wrapping still verify when within the window', async () => {
    const c = client({ skewSeconds: -30, digest: 'SHA-512', encode: 'utf8-b' });
    const ex = await c.request({ method: 'GET', path: '/v1/accounts' });
    expect(ex.response?.json).toMatchObject({ ok: true });
    expect(String(seen.at(-1)!.req.headers.signature)).toMatch(/^=\?utf-8\?B\?/);
    await c.close();
  });

  it('mutate tampers after signing; null removes a header; sign:false sends unsigned', async () => {
    const c = client();
    const tampered = await c.request({
      method: 'GET',
      path: '/x',
      mutate: (r) => ({ ...r, headers: r.headers.map(([k, v]) => [k, k === 'PSU-ID' ? 'other' : v]) }),
    });
    expect(tampered.response?.json).toMatchObject({ ok: false, failures: ['SIGNATURE_INVALID'] });
    const noId = await c.request({ method: 'GET', path: '/x', headers: { 'X-Request-ID': null } });
    expect(noId.request.headers.some(([k]) => k === 'X-Request-ID')).toBe(false);
    const unsigned = await c.request({ method: 'GET', path: '/x', sign: false });
    expect(unsigned.response?.json).toMatchObject({
      ok: false,
      failures: expect.arrayContaining(['SIGNATURE_MISSING']),
    });
    await c.close();
  });

  it('a stall becomes a TIMEOUT, a reset a CONNECTION_RESET, garbage a jsonError, HTML a jsonError', async () => {
    const c = client({ timeoutMs: 300 });
    const [stall, reset, garbage, html] = await Promise.all([
      c.request({ method: 'GET', path: '/stall' }),
      c.request({ method: 'GET', path: '/reset' }),
      c.request({ method: 'GET', path: '/garbage' }),
      c.request({ method: 'GET', path: '/html' }),
    ]);
    expect(stall.error?.code).toBe('TIMEOUT');
    expect(stall.durationMs).toBeLessThan(2000);
    expect(reset.error?.code).toBe('CONNECTION_RESET');
    expect(garbage.response?.jsonError).toMatch(/not JSON/);
    expect(html.response).toMatchObject({ status: 502, jsonError: expect.stringMatching(/text\/html/) });
    await c.close();
  });

  it('an unreachable target is CONNECTION_REFUSED', async () => {
    const c = new TppClient({ baseUrl: 'http://127.0.0.1:1', identity: testCredentials().qsealc, timeoutMs: 1000 });
    expect((await c.request({ method: 'GET', path: '/' })).error?.code).toBe('CONNECTION_REFUSED');
    await c.close();
  });

  it('records and curl lines mask national identity numbers and hold no private key', async () => {
    const c = client({ psu: { psuIdentity: '23119621380' } });
    const ex = await c.request({
      method: 'POST',
      path: '/v1/sandbox/customers',
      body: { customerNumber: '23119621380', name: 'Test Testperson' },
    });
    const red = JSON.stringify(redactExchange(ex));
    expect(red).not.toContain('23119621380');
    expect(red).toContain('*********80');
    const curl = toCurl(ex);
    expect(curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/sandbox\/customers'/);
    expect(curl).toContain("-H 'X-PSU-IDENTITY: *********80'");
    expect(curl).not.toContain('23119621380');
    expect(red + curl).not.toMatch(/PRIVATE KEY|MII[A-Za-z0-9+/]{60,}.*PRIVATE/);
    expect(seen.at(-1)!.req.headers['x-psu-identity']).toBe('23119621380');
    await c.close();
  });
});
