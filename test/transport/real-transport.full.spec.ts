// Real transport end to end: the reference bank behind a TLS front written for this test
// (test/helpers/gateway.ts) that demands a client certificate from the TEST-ONLY TPP CA and presents a
// server certificate from another CA (the TEST-ONLY server CA). The profile gives only tpp.tls (the
// QWAC, its key, the server CA) and, for the proxy runs, nothing at all: HTTPS_PROXY names a loopback
// CONNECT proxy. No NODE_EXTRA_CA_CERTS anywhere.
//
// Faults that trip it: a sender that opens its own connection (the probe, the form driver, the fuzzer
// without the profile's TLS: exit 3 or failed scenarios); the proxy environment ignored (no tunnel
// recorded); a proxy asked to carry plain text (a tunnel whose first byte is not a TLS handshake, or
// a non-CONNECT request).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { cliAsync } from '../helpers/cli.ts';
import { certFile, connectProxy, tlsFront, type Front, type Proxy } from '../helpers/gateway.ts';
import { readResults, whyRunFailed } from '../helpers/results.ts';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-transport-'));
const PROFILE = join(dir, 'profile.yaml');
const CLOCK = `clockControl:\n  method: POST\n  path: /__control/clock\n  body: '{"advanceSeconds": {{seconds}}}'\n`;

interface Gateway {
  front: Front;
  bank: RunningBank;
}

/** A fresh reference bank behind a fresh TLS front (its links name the front). */
async function gateway(): Promise<Gateway> {
  const front = await tlsFront();
  const bank = await startBank({ mode: 'test', publicUrl: front.url });
  front.upstream = `http://127.0.0.1:${bank.port}`;
  return { front, bank };
}

let proxy: Proxy;
const open: Gateway[] = [];

beforeAll(async () => {
  proxy = await connectProxy();
  writeFileSync(
    PROFILE,
    `tpp:\n  tls:\n    cert: ${certFile('qwac.cert.pem')}\n    key: ${certFile('qwac.key.pem')}\n    ca: ${certFile('server-ca.cert.pem')}\n${CLOCK}`,
  );
});
afterAll(async () => {
  await proxy?.close();
  for (const g of open) {
    await g.front.close();
    await g.bank.close();
  }
});

/** The run's results: outcome by scenario name. */
function outcomes(reportDir: string): Map<string, string> {
  const r = readResults(reportDir);
  return new Map(r.map((x) => [x.name, x.outcome]));
}

/** No proxy and no extra CA from the environment the tests run in (an undefined value leaves the variable out). */
const NO_PROXY_ENV = {
  HTTPS_PROXY: undefined,
  https_proxy: undefined,
  HTTP_PROXY: undefined,
  http_proxy: undefined,
  NO_PROXY: undefined,
  no_proxy: undefined,
  NODE_EXTRA_CA_CERTS: undefined,
};

describe('the whole run over mutual TLS with a private CA', () => {
  it('passes every scenario that passes over plain HTTP; each connection presented the QWAC', async () => {
    const g = await gateway();
    open.push(g);
    const plainBank = await startBank({ mode: 'test' });
    try {
      const plainProfile = join(dir, 'plain.yaml');
      writeFileSync(plainProfile, CLOCK);
      const [tls, plain] = await Promise.all([
        cliAsync(
          ['run', '--target', g.front.url, '--profile', PROFILE, '--no-report', '--report-dir', join(dir, 'tls')],
          300_000,
          NO_PROXY_ENV,
        ),
        cliAsync(
          [
            'run',
            '--target',
            plainBank.url,
            '--profile',
            plainProfile,
            '--no-report',
            '--report-dir',
            join(dir, 'plain'),
          ],
          300_000,
          NO_PROXY_ENV,
        ),
      ]);
      expect(plain.code, whyRunFailed(plain, join(dir, 'plain'))).toBe(0);
      expect(tls.code, whyRunFailed(tls, join(dir, 'tls'))).toBe(0);
      const overTls = outcomes(join(dir, 'tls'));
      const lost = [...outcomes(join(dir, 'plain'))]
        .filter(([name, o]) => o === 'passed' && overTls.get(name) !== 'passed')
        .map(([name]) => `${name}: ${overTls.get(name)}`);
      expect(lost).toEqual([]);
      expect([...overTls.values()].filter((o) => o === 'passed').length).toBeGreaterThan(300);
      expect(g.front.clients.length).toBeGreaterThan(0);
      expect(new Set(g.front.clients)).toEqual(new Set(['tpp.localhost']));
    } finally {
      await plainBank.close();
    }
  }, 320_000);
});

describe('through a CONNECT proxy given only by HTTPS_PROXY', () => {
  it('the run passes, every connection went through the proxy as a TLS tunnel, none in plain text', async () => {
    const g = await gateway();
    open.push(g);
    const before = proxy.tunnels.length;
    const r = await cliAsync(
      ['run', '--target', g.front.url, '--profile', PROFILE, '--no-report', '--report-dir', join(dir, 'proxied')],
      300_000,
      { ...NO_PROXY_ENV, HTTPS_PROXY: proxy.url },
    );
    expect(r.code, whyRunFailed(r, join(dir, 'proxied'))).toBe(0);
    const tunnels = proxy.tunnels.slice(before);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(
      tunnels.every(
        (t) => t.target === new URL(g.front.url).host && (t.firstByte === undefined || t.firstByte === 0x16),
      ),
    ).toBe(true);
    expect(tunnels.filter((t) => t.firstByte === 0x16).length).toBeGreaterThan(0);
    expect(proxy.plain).toEqual([]);
    // Every connection the front saw came out of one of the proxy's tunnels: none went direct.
    const tunnelled = new Set(tunnels.map((t) => t.upstreamPort));
    expect(g.front.peers.length).toBeGreaterThan(0);
    expect(g.front.peers.filter((p) => !tunnelled.has(p))).toEqual([]);
  }, 320_000);

  it('NO_PROXY naming the target: the run goes direct, no tunnel', async () => {
    const g = await gateway();
    open.push(g);
    const before = proxy.tunnels.length;
    const r = await cliAsync(
      [
        'run',
        '--target',
        g.front.url,
        '--profile',
        PROFILE,
        '--tags',
        '@area:accounts',
        '--no-report',
        '--report-dir',
        join(dir, 'noproxy'),
      ],
      300_000,
      { ...NO_PROXY_ENV, HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' },
    );
    expect(r.code, whyRunFailed(r, join(dir, 'noproxy'))).toBe(0);
    expect(proxy.tunnels.length).toBe(before);
    expect(g.front.clients.length).toBeGreaterThan(0);
  }, 320_000);
});

describe('the fuzzer, the properties and replay over mutual TLS (XS2A_TARGET_URL / XS2A_PROFILE)', () => {
  let g: Gateway;
  let profile: string;
  beforeAll(async () => {
    g = await gateway();
    open.push(g);
    // An external target: the properties' payments need an account of this bank (templates.debtorAccount).
    const acc = [...g.bank.bank.state.accounts.values()].find((a) => a.iban)!;
    profile = join(dir, 'fuzz.yaml');
    writeFileSync(
      profile,
      `${readFileSync(PROFILE, 'utf8')}templates:\n  debtorAccount:\n    iban: ${acc.iban}\n    currency: ${acc.currency}\n`,
    );
  });

  it('fuzz: every case answered, no unexpected MUST verdict', async () => {
    const r = await cliAsync(['fuzz', '--cases', '60', '--seed', '7'], 120_000, {
      ...NO_PROXY_ENV,
      XS2A_TARGET_URL: g.front.url,
      XS2A_PROFILE: profile,
    });
    expect(r.code, r.stdout.slice(-800) + r.stderr.slice(-300)).toBe(0);
    expect(r.stdout).toMatch(/0 MUST-level and 0 SHOULD-level unexpected verdicts/);
  }, 130_000);

  it('properties: the signature mutations and the amounts hold against the TLS target', async () => {
    // Async: the front and the bank live in this process and must keep serving.
    const { spawn } = await import('node:child_process');
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          'node_modules/vitest/vitest.mjs',
          'run',
          'properties/signature-mutations.spec.ts',
          'properties/amounts.spec.ts',
        ],
        {
          cwd: join(import.meta.dirname, '..', '..'),
          env: { ...process.env, ...NO_PROXY_ENV, XS2A_TARGET_URL: g.front.url, XS2A_PROFILE: profile },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
    expect(r.status, `${r.stdout.slice(-1500)}${r.stderr.slice(-500)}`).toBe(0);
    expect(r.stdout).toMatch(/Test Files\s+.*2 passed/);
  }, 250_000);

  it('replay: a recorded request re-signed and sent to the TLS target gets the same answer class', async () => {
    const rec = join(dir, 'rec.json');
    writeFileSync(
      rec,
      JSON.stringify({
        request: {
          method: 'GET',
          url: `${g.front.url}/v1/sandbox/customers`,
          headers: [['Accept', 'application/json']],
          body: '',
        },
        response: { status: 200 },
      }),
    );
    const r = await cliAsync(['replay', rec, '--profile', profile], 60_000, NO_PROXY_ENV);
    expect(r.stdout).toMatch(/the same answer class/);
    expect(r.code).toBe(0);
  }, 70_000);
});
