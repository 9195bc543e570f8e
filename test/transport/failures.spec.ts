// A target that cannot be reached is said plainly, in one line that names the step and the profile
// key to change, and `run` exits 3 with it; `run --check-connection` prints the TLS
// facts. Every server is a loopback TLS front or proxy written for the test (test/helpers/gateway.ts).
//
// Faults that trip it: the transport's raw error passed through ("other side closed", "self-signed
// certificate in certificate chain"): none of the causes below matches; a probe made without the
// profile's TLS (the first case passes the run, not exit 3, and the last fails).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { probe } from '../../src/run/run.ts';
import type { TlsConfig, TransportConfig } from '../../src/transport/index.ts';
import { closeTransports } from '../../src/transport/index.ts';
import { cliAsync } from '../helpers/cli.ts';
import { certFile, connectProxy, tlsFront, type Front } from '../helpers/gateway.ts';

const pem = (f: string) => readFileSync(certFile(f), 'utf8');
const QWAC: TlsConfig = { cert: pem('qwac.cert.pem'), key: pem('qwac.key.pem') };
const SERVER_CA = pem('server-ca.cert.pem');

let bank: RunningBank;
let front: Front;
const fronts: Front[] = [];

async function frontOf(opts: Parameters<typeof tlsFront>[0] = {}): Promise<Front> {
  const f = await tlsFront(opts);
  f.upstream = bank.url;
  fronts.push(f);
  return f;
}

beforeAll(async () => {
  bank = await startBank({ mode: 'test' });
  front = await frontOf();
});
afterAll(async () => {
  await closeTransports();
  for (const f of fronts) await f.close();
  await bank?.close();
});

const reach = (url: string, transport: TransportConfig) => probe(url, 5_000, { proxy: false, ...transport });

describe('each way a TLS target cannot be reached says its cause and the key to change', () => {
  it('control: the QWAC and the server CA reach it', async () => {
    expect(await reach(front.url, { tls: { ...QWAC, ca: SERVER_CA } })).toBeUndefined();
  });

  it("the server's certificate is not trusted: its issuer, tpp.tls.ca", async () => {
    expect(await reach(front.url, { tls: QWAC })).toMatch(
      /the server's certificate is not trusted: its chain ends at "C=NO, O=XS2A Conformance Bank, Test Only, CN=XS2A Conformance Test Server CA".*add that CA's certificate to tpp\.tls\.ca/,
    );
    // The TPPs' CA is not the server's: trusting it alone is the same mistake.
    expect(await reach(front.url, { tls: { ...QWAC, ca: pem('ca.cert.pem') } })).toMatch(/not trusted.*tpp\.tls\.ca/);
  });

  it('the name does not match: the names in the certificate, tpp.tls.servername', async () => {
    expect(await reach(front.url, { tls: { ...QWAC, ca: SERVER_CA, servername: 'bank.example' } })).toMatch(
      /names DNS:localhost, IP Address:127\.0\.0\.1, not bank\.example: set tpp\.tls\.servername/,
    );
  });

  it('the server asked for a client certificate and none was given: tpp.tls.cert', async () => {
    expect(await reach(front.url, { tls: { ca: SERVER_CA } })).toMatch(
      /asked for a TLS client certificate and none was given: set tpp\.tls\.cert and tpp\.tls\.key/,
    );
  });

  it('the server refused the client certificate given: tpp.tls.cert', async () => {
    const strict = await frontOf({ clientCas: ['ca.cert.pem'] });
    const other: TlsConfig = { cert: pem('ai-only-qwac.cert.pem'), key: pem('ai-only-qwac.key.pem'), ca: SERVER_CA };
    expect(await reach(strict.url, { tls: other })).toMatch(
      /refused the TLS client certificate given \(tpp\.tls\.cert\)/,
    );
  });

  it('no TLS version both sides accept (a server of TLS 1.1 at most)', async () => {
    const old = await frontOf({ tls: { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' } });
    expect(await reach(old.url, { tls: { ...QWAC, ca: SERVER_CA } })).toMatch(
      /no TLS version both sides accept: the suite speaks TLS 1\.2 or 1\.3 only/,
    );
  });

  it('the proxy refused the tunnel, or cannot be reached: proxy / HTTPS_PROXY', async () => {
    const refusing = await connectProxy({ refuse: '407 Proxy Authentication Required' });
    try {
      expect(await probe(front.url, 5_000, { tls: { ...QWAC, ca: SERVER_CA }, proxy: refusing.url })).toMatch(
        /the proxy http:\/\/127\.0\.0\.1:\d+\/? refused the tunnel to 127\.0\.0\.1:\d+ \(407 Proxy Authentication Required\): check the profile's proxy/,
      );
    } finally {
      await refusing.close();
    }
    expect(await probe(front.url, 5_000, { tls: { ...QWAC, ca: SERVER_CA }, proxy: 'http://127.0.0.1:1' })).toMatch(
      /the proxy http:\/\/127\.0\.0\.1:1\/? \(the profile's proxy\) cannot be reached: ECONNREFUSED/,
    );
  });
});

describe('the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-tls-fail-'));
  const profile = (tls: string) => {
    const f = join(dir, `p${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(f, `tpp:\n  tls:\n${tls}`);
    return f;
  };
  const env = {
    HTTPS_PROXY: undefined,
    https_proxy: undefined,
    HTTP_PROXY: undefined,
    http_proxy: undefined,
    NODE_EXTRA_CA_CERTS: undefined,
  };

  // Each failure mode through the CLI as a user meets it: exit 3, one line on stderr naming the key.
  it('run: exit 3 with the one-line cause before any scenario, for each failure mode', async () => {
    const qwac = `    cert: ${certFile('qwac.cert.pem')}\n    key: ${certFile('qwac.key.pem')}\n`;
    const ca = `    ca: ${certFile('server-ca.cert.pem')}\n`;
    const strict = await frontOf({ clientCas: ['ca.cert.pem'] });
    const old = await frontOf({ tls: { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' } });
    const refusing = await connectProxy({ refuse: '407 Proxy Authentication Required' });
    const cases: Array<[string, string, string, RegExp, Record<string, string>?]> = [
      ['untrusted server', front.url, qwac, /the server's certificate is not trusted.*tpp\.tls\.ca/],
      [
        'name mismatch',
        front.url,
        `${qwac}${ca}    servername: bank.example\n`,
        /names DNS:localhost, IP Address:127\.0\.0\.1, not bank\.example: set tpp\.tls\.servername/,
      ],
      [
        'no client certificate',
        front.url,
        ca,
        /asked for a TLS client certificate and none was given: set tpp\.tls\.cert/,
      ],
      [
        'client certificate refused',
        strict.url,
        `    cert: ${certFile('ai-only-qwac.cert.pem')}\n    key: ${certFile('ai-only-qwac.key.pem')}\n${ca}`,
        /refused the TLS client certificate given \(tpp\.tls\.cert\)/,
      ],
      ['TLS below 1.2', old.url, `${qwac}${ca}`, /no TLS version both sides accept/],
      [
        'proxy refuses',
        front.url,
        `${qwac}${ca}`,
        /the proxy http:\/\/127\.0\.0\.1:\d+\/? refused the tunnel .*407.*HTTPS_PROXY/,
        { HTTPS_PROXY: refusing.url },
      ],
    ];
    try {
      const runs = await Promise.all(
        cases.map(([, url, tls, , extra], i) =>
          cliAsync(
            ['run', '--target', url, '--profile', profile(tls), '--no-report', '--report-dir', join(dir, `r${i}`)],
            60_000,
            { ...env, ...extra },
          ),
        ),
      );
      for (const [i, [name, , , cause]] of cases.entries()) {
        const r = runs[i];
        expect(r.code, `${name}: ${r.stderr}`).toBe(3);
        expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
        expect(r.stderr, name).toMatch(/cannot be reached: /);
        expect(r.stderr, name).toMatch(cause);
      }
    } finally {
      await refusing.close();
    }
  }, 90_000);

  it('run --check-connection prints the protocol, the chain and the client certificate; exit 0', async () => {
    const r = await cliAsync(
      [
        'run',
        '--target',
        front.url,
        '--check-connection',
        '--profile',
        profile(
          `    cert: ${certFile('qwac.cert.pem')}\n    key: ${certFile('qwac.key.pem')}\n    ca: ${certFile('server-ca.cert.pem')}\n`,
        ),
      ],
      60_000,
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^TLS: TLSv1\.[23], /m);
    expect(r.stdout).toMatch(/server certificate chain \(trusted; name 127\.0\.0\.1 matches\)/);
    expect(r.stdout).toMatch(/issued by C=NO, O=XS2A Conformance Bank, Test Only, CN=XS2A Conformance Test Server CA/);
    expect(r.stdout).toMatch(/client certificate: .*CN=tpp\.localhost \(accepted: the server answered\)/);
    expect(r.stdout).toMatch(/^reachable$/m);
  }, 70_000);

  it('a PKCS#12 client certificate with its passphrase from an environment variable', async () => {
    const { execFileSync } = await import('node:child_process');
    const p12 = join(dir, 'qwac.p12');
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-in',
      certFile('qwac.cert.pem'),
      '-inkey',
      certFile('qwac.key.pem'),
      '-out',
      p12,
      '-passout',
      'pass:s3cret',
    ]);
    const f = profile(
      `    pfx: ${p12}\n    passphraseEnv: XS2A_TEST_P12_PASS\n    ca: ${certFile('server-ca.cert.pem')}\n`,
    );
    const ok = await cliAsync(['run', '--target', front.url, '--check-connection', '--profile', f], 60_000, {
      ...env,
      XS2A_TEST_P12_PASS: 's3cret',
    });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/client certificate: the PKCS#12 file's certificate \(accepted: the server answered\)/);
    const unset = await cliAsync(['run', '--target', front.url, '--check-connection', '--profile', f], 60_000, env);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/tpp\.tls\.passphraseEnv: the environment variable XS2A_TEST_P12_PASS is not set/);
  }, 70_000);
});
