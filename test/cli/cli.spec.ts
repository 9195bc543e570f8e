// The CLI end to end: exit codes, the signature debugger's messages, certs.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.ts';

const KEY = 'fixtures/certs/qsealc.key.pem';
const CERT = 'fixtures/certs/qsealc.cert.pem';
const REQ = [
  'POST /v1/payments/cross-border-credit-transfers HTTP/1.1',
  'Host: bank.example',
  'Content-Type: application/json',
  'X-Request-ID: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
  'PSU-ID: 3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11',
  'TPP-Redirect-URI: https://tpp.example/cb',
  '',
  '{"instructedAmount":{"amount":"10.00","currency":"EUR"}}',
].join('\r\n');

describe('sign and verify', () => {
  it('sign adds Date, Digest, Signature and TPP-Signature-Certificate; verify accepts it', () => {
    const s = cli(['sign', '--key', KEY, '--cert', CERT], REQ);
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n/);
    expect(s.stdout).toMatch(/\r\nDigest: SHA-256=[A-Za-z0-9+/]{43}=\r\n/);
    expect(s.stdout).toContain(
      'Signature: keyId="SN=0A1B2C3D4E5F6071,CA=CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=NO",algorithm="rsa-sha256",headers="date digest x-request-id psu-id tpp-redirect-uri",signature="',
    );
    expect(s.stdout).toContain('TPP-Signature-Certificate: MII');
    const v = cli(['verify'], s.stdout);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('signature VALID');
    expect(v.stdout).toContain('signing string (rebuilt):\n  date: ');
    expect(cli(['verify', '--cert', CERT], s.stdout).code).toBe(0);
  });

  it('--encode and --digest sha-512 round trip', () => {
    const s = cli(['sign', '--key', KEY, '--cert', CERT, '--encode', 'latin1-q', '--digest', 'SHA-512'], REQ);
    expect(s.stdout).toMatch(/Signature: =\?iso-8859-1\?Q\?keyId=3D/);
    expect(s.stdout).toMatch(/Digest: SHA-512=/);
    expect(cli(['verify'], s.stdout).code).toBe(0);
  });

  it('verify names what differs and exits 1', () => {
    const s = cli(['sign', '--key', KEY, '--cert', CERT], REQ).stdout;
    const noPsu = cli(['verify'], s.replace(/PSU-ID: [^\r]*\r\n/, ''));
    expect(noPsu.code).toBe(1);
    expect(noPsu.stdout).toContain('psu-id is in headers= but not in the request');
    const body = cli(['verify'], s.replace('"10.00"', '"10.01"'));
    expect(body.stdout).toMatch(
      /FAIL {2}digest +digest mismatch: body \(56 bytes\) hashes to SHA-256=\S+, header says SHA-256=\S+/,
    );
    const late = cli(['verify', '--now', new Date(Date.now() + 120_000).toUTCString()], s);
    expect(late.stdout).toMatch(/FAIL {2}date .* behind server time/);
    expect(late.stdout).toContain('signature INVALID: date');
  });

  it('--headers may name a header the request does not carry: left out of the signing string, verify accepts it', () => {
    const s = cli(
      [
        'sign',
        '--key',
        KEY,
        '--cert',
        CERT,
        '--headers',
        'date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri',
        '--show-signing-string',
      ],
      REQ,
    );
    expect(s.code, s.stderr).toBe(0);
    expect(s.stderr).toMatch(
      /note: psu-corporate-id is in headers= but not in the request: left out of the signing string/,
    );
    expect(s.stdout).toContain('headers="date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri"');
    expect(s.stderr).not.toMatch(/^psu-corporate-id:/m);
    const v = cli(['verify'], s.stdout);
    expect(v.code, v.stdout).toBe(0);
    expect(v.stdout).toMatch(
      /PASS {2}headers +.*psu-corporate-id is in headers= but not in the request: left out of the signing string per the spec/,
    );
    expect(v.stdout).toMatch(/WARN {2}headers +psu-corporate-id in headers= but not sent: draft-cavage/);
    expect(v.stdout).toContain('signature VALID');
    expect(cli(['verify', '--rules', 'cavage'], s.stdout).code).toBe(1);
  });

  it('--json gives the checks as data', () => {
    const s = cli(['sign', '--key', KEY, '--cert', CERT], REQ).stdout;
    const j = JSON.parse(cli(['verify', '--json'], s).stdout);
    expect(j.ok).toBe(true);
    expect(j.checks).toHaveLength(8);
    expect(j.certificate.serialNumber).toBe('0A1B2C3D4E5F6071');
  });
});

describe('unusable input: one line on stderr, exit 2, no stack trace', () => {
  it.each([
    ['no request line', ['sign', '--key', KEY, '--key-id', 'x'], '\r\n\r\n', /no request line/],
    ['not a request', ['sign', '--key', KEY, '--key-id', 'x'], 'hello', /no request line/],
    ['bad PEM key', ['sign', '--key', 'package.json', '--key-id', 'x'], REQ, /not a PEM private key/],
    ['missing key file', ['sign', '--key', 'nope.pem', '--key-id', 'x'], REQ, /cannot read key nope.pem: ENOENT/],
    ['bad PEM certificate', ['verify', '--cert', KEY], REQ, /not a PEM certificate or public key/],
    ['unknown flag', ['sign', '--key', KEY, '--bogus'], REQ, /unknown option '--bogus'/],
    ['unknown command', ['sing'], '', /unknown command 'sing'/],
    ['unknown digest', ['sign', '--key', KEY, '--key-id', 'x', '--digest', 'md5'], REQ, /unknown digest "md5"/],
    ['unknown encoding', ['sign', '--key', KEY, '--key-id', 'x', '--encode', 'utf7'], REQ, /unknown encoding "utf7"/],
    ['no keyId', ['sign', '--key', KEY], REQ, /without --cert, --key-id is required/],
    ['bad --date', ['sign', '--key', KEY, '--key-id', 'x', '--date', 'yesterday'], REQ, /--date "yesterday" is not/],
    ['bad --now', ['verify', '--now', '2026-01-01'], REQ, /--now "2026-01-01" is not an RFC 7231 date/],
    ['unknown role', ['certs', '--out', '/tmp/x', '--roles', 'XX'], '', /unknown PSD2 role "PSP_XX"/],
    [
      'no worker process',
      ['run', '--processes', '0', '--no-report'],
      '',
      /--processes "0" is not a number of processes from 1/,
    ],
    [
      'too many workers',
      ['run', '--parallel', '33', '--no-report'],
      '',
      /--parallel 33 is not a number of workers from 0 to 32, or auto/,
    ],
  ])('%s', (_n, args, input, message) => {
    const r = cli(args, input);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('certs and help', () => {
  it('certs --out writes the CA, QSealC and QWAC with keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-certs-'));
    const r = cli(['certs', '--out', dir, '--roles', 'AI']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'ca.cert.pem',
      'ca.key.pem',
      'qsealc.cert.pem',
      'qsealc.key.pem',
      'qwac.cert.pem',
      'qwac.key.pem',
    ]);
    expect(r.stdout).toMatch(/qsealc keyId: SN=[0-9A-F]+,CA=CN=XS2A Conformance Test CA/);
  });
  it('no arguments and --help show the commands and exit 0', () => {
    for (const args of [[], ['--help']]) {
      const r = cli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/sign .*\n.*verify/s);
    }
  });
});

describe('serve', () => {
  it("starts the reference bank, answers unsigned requests with the spec's 400, and stops on SIGTERM", async () => {
    const { spawn } = await import('node:child_process');
    const { ROOT } = await import('../helpers/cli.ts');
    const child = spawn(process.execPath, ['bin/xs2a-conformance.mjs', 'serve', '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
        if (m) resolve(m[1]);
      });
      setTimeout(() => reject(new Error(`no URL: ${out}`)), 20_000);
    });
    const res = await fetch(`${url}/v1/accounts`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: 400,
      system: expect.any(String),
      id: expect.any(String),
      code: expect.any(String),
    });
    const exit = new Promise<number | null>((r) => child.on('close', r));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 30_000);
});

describe('fuzz findings', () => {
  it("are saved under the working directory's reports/fuzz-findings, never into the project's fixtures (fault: the curated regressions folder as default)", async () => {
    const { spawnSync } = await import('node:child_process');
    const { ROOT } = await import('../helpers/cli.ts');
    const before = readdirSync(join(ROOT, 'fixtures/fuzz-regressions')).length;
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-fuzz-cwd-'));
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bin/xs2a-conformance.mjs'),
        'fuzz',
        '--cases',
        '60',
        '--seed',
        '42',
        '--faults',
        'signature-unchecked',
      ],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(1);
    expect(readdirSync(join(dir, 'reports/fuzz-findings')).length).toBeGreaterThan(0);
    expect(readdirSync(join(ROOT, 'fixtures/fuzz-regressions')).length).toBe(before);
  }, 90_000);
});

describe('fault names are discoverable', () => {
  // Faults that trip it: `--faults list` taken for a fault named "list" (exit 2, unknown fault), a
  // fault left out of the list, the mutation run's help without the catalogue.
  it('serve --faults list and mutants --help print every fault, one line each, with its area', async () => {
    const { FAULT_REGISTRY } = await import('../../src/bank/index.ts');
    const listed = cli(['serve', '--faults', 'list']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(FAULT_REGISTRY.size);
    expect(lines.map((l) => l.trim().split(/\s+/)[0]).sort()).toEqual([...FAULT_REGISTRY.keys()].sort());
    expect(lines.find((l) => l.trim().startsWith('psu-id-not-recognised '))).toMatch(
      /psu-id-not-recognised\s+\w+\s+\S/,
    );
    const help = cli(['mutants', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Faults (id, area, what it breaks):');
    expect(help.stdout).toContain(lines[0]);
  }, 30_000);
});
