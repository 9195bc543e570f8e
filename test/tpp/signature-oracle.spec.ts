// The signature oracle (src/tpp/signature-oracle.ts) and the fuzzer against a bank whose every request needs
// SCA: a correctly signed request answered 401 with _links.scaRedirect is an accepted signature;
// 400 (plus the profile's signing.rejectStatuses) a rejection; anything else neither.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorById } from '../../src/fuzz/operators.ts';
import { signatureAsExpected, signatureOutcome } from '../../src/tpp/signature-oracle.ts';
import { BaseRequestRefused } from '../../src/fuzz/errors.ts';
import { preflight, runFuzz, Sender } from '../../src/fuzz/runner.ts';
import { caseFactoryFor } from '../../src/fuzz/signing.ts';
import { openTarget, type Target } from '../../src/fuzz/target.ts';
import { completeProfile } from '../../src/session/profile.ts';
import { fromRawHeaders } from '../../src/tpp/http-message.ts';
import { verifyRequest } from '../../src/tpp/verify.ts';
import { cliAsync } from '../helpers/cli.ts';

const SCA = JSON.stringify({ _links: { scaRedirect: { href: 'https://127.0.0.1/sca/1' } } });
const a = (status: number | undefined, body = '') => ({ status, body });

describe('signatureOutcome', () => {
  it.each([
    ['200', a(200), 'accepted'],
    ['201', a(201, '{}'), 'accepted'],
    ['302', a(302), 'accepted'],
    ['401 with _links.scaRedirect {href}', a(401, SCA), 'accepted'],
    [
      '401 with _links.scaRedirect as a string',
      a(401, '{"_links":{"scaRedirect":"https://127.0.0.1/sca"}}'),
      'accepted',
    ],
    ['400', a(400, '{"code":"SIGNATURE_INVALID"}'), 'rejected'],
    ['401 without scaRedirect', a(401, '{"code":"CERTIFICATE_INVALID"}'), 'unexpected'],
    ['401 with an HTML body', a(401, '<html>scaRedirect</html>'), 'unexpected'],
    ['401 with an empty scaRedirect', a(401, '{"_links":{"scaRedirect":{}}}'), 'unexpected'],
    ['403', a(403), 'unexpected'],
    ['429', a(429), 'unexpected'],
    ['500', a(500), 'error'],
    ['no answer', { error: 'ECONNRESET: reset', body: '' }, 'error'],
  ])('%s is %s', (_n, r, want) => expect(signatureOutcome(r)).toBe(want));

  it('statuses the profile declares are rejections too; 400 always is; 401 with scaRedirect never is', () => {
    expect(signatureOutcome(a(403), [400, 403])).toBe('rejected');
    expect(signatureOutcome(a(401, '{}'), [401])).toBe('rejected');
    expect(signatureOutcome(a(401, SCA), [401])).toBe('accepted');
    expect(signatureOutcome(a(400), [403])).toBe('rejected');
  });

  it('judges both verdicts', () => {
    expect(signatureAsExpected('accept', a(401, SCA))).toBe(true);
    expect(signatureAsExpected('reject', a(401, SCA))).toBe(false);
    expect(signatureAsExpected('reject', a(400))).toBe(true);
    expect(signatureAsExpected('reject', a(401, '{}'))).toBe(false);
    expect(signatureAsExpected('accept', a(401, '{}'))).toBe(false);
  });
});

describe('profile keys', () => {
  it('default: rejection 400, base request GET /v1/accounts', () => {
    const p = completeProfile({}, '.');
    expect(p.signing.rejectStatuses).toEqual([400]);
    expect(p.fuzz.baseRequest).toEqual({ method: 'GET', path: '/v1/accounts' });
  });
  it('declared statuses are added to 400; a base request is taken as written; bad values name the key', () => {
    const p = completeProfile(
      {
        signing: { rejectStatuses: [403] },
        fuzz: { baseRequest: { method: 'POST', path: '/v1/bank-offered-consents', body: { a: 1 } } },
      },
      '.',
    );
    expect(p.signing.rejectStatuses).toEqual([400, 403]);
    expect(p.fuzz.baseRequest).toEqual({ method: 'POST', path: '/v1/bank-offered-consents', body: { a: 1 } });
    expect(() => completeProfile({ signing: { rejectStatuses: [500] } }, '.')).toThrow(
      /key signing\.rejectStatuses\.0/,
    );
    expect(() => completeProfile({ fuzz: { baseRequest: { path: '/v1/accounts' } } }, '.')).toThrow(
      /key fuzz\.baseRequest\.method is required/,
    );
  });
});

/** A bank that demands SCA on every request it accepts: 401 + scaRedirect on a valid signature, `reject` otherwise. */
function scaEverywhereBank(reject: number, accepted = SCA): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const v = verifyRequest({
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        headers: fromRawHeaders(req.rawHeaders),
        body: Buffer.concat(chunks),
      });
      res.writeHead(v.ok ? 401 : reject, { 'content-type': 'application/json' });
      res.end(
        v.ok ? accepted : JSON.stringify({ status: reject, message: v.failures.map((f) => f.message).join('; ') }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }),
    ),
  );
}

function profileFile(yaml: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'xs2a-oracle-')), 'bank.yaml');
  writeFileSync(f, yaml);
  return f;
}

describe('the fuzzer against a bank whose every request needs SCA', () => {
  let bank400: { url: string; server: Server };
  let bank403: { url: string; server: Server };
  let noRedirect: { url: string; server: Server };
  const targets: Target[] = [];
  beforeAll(async () => {
    bank400 = await scaEverywhereBank(400);
    bank403 = await scaEverywhereBank(403);
    noRedirect = await scaEverywhereBank(400, '{"message":"no consent"}');
  });
  afterAll(async () => {
    for (const t of targets) await t.close();
    for (const b of [bank400, bank403, noRedirect]) b?.server.close();
  });
  const open = async (url: string, profile?: string) => {
    const t = await openTarget({ target: url, profile, env: false });
    targets.push(t);
    return t;
  };
  const OPS = [
    'signature.bit-flip',
    'headers.name-absent',
    'headers.name-absent-signed',
    'headers.wrong-order',
    'digest.body-changed',
    'date.skewed',
  ].map(operatorById);

  it('the base request answered 401 with scaRedirect is accepted; mutants answered 400 are rejected: no unexpected verdict', async () => {
    const report = await runFuzz({
      target: await open(bank400.url),
      seed: 5,
      cases: 120,
      operators: OPS,
      shrink: false,
    });
    expect(report.findings.map((f) => `${f.operator}: ${f.response.status}`)).toEqual([]);
    const by = new Map(report.stats.map((s) => [s.id, s]));
    expect(by.get('signature.bit-flip')).toMatchObject({ rejected: expect.any(Number), accepted: 0, unexpected: 0 });
    expect(by.get('headers.name-absent')?.accepted).toBeGreaterThan(0);
    expect(by.get('headers.name-absent')?.rejected).toBe(0);
  });

  it('a bank that rejects with 403: unexpected, unless the profile declares signing.rejectStatuses [403]', async () => {
    const plain = await runFuzz({
      target: await open(bank403.url),
      seed: 5,
      cases: 12,
      operators: [operatorById('signature.bit-flip')],
      shrink: false,
    });
    expect(plain.findings.map((f) => f.response.status)).toEqual([403]);
    const declared = await runFuzz({
      target: await open(bank403.url, profileFile('signing:\n  rejectStatuses: [403]\n')),
      seed: 5,
      cases: 12,
      operators: [operatorById('signature.bit-flip')],
      shrink: false,
    });
    expect(declared.findings).toEqual([]);
  });

  it('a 401 without scaRedirect to the correct request stops the run, naming fuzz.baseRequest', async () => {
    const t = await open(noRedirect.url);
    const sender = new Sender(t.url, undefined, 1);
    try {
      await expect(preflight(caseFactoryFor(t), sender)).rejects.toThrow(BaseRequestRefused);
      await expect(preflight(caseFactoryFor(t), sender)).rejects.toThrow(
        /GET \/v1\/accounts was answered 401 .*fuzz\.baseRequest/,
      );
    } finally {
      await sender.close();
    }
  });

  it("the profile's fuzz.baseRequest is the request mutated", async () => {
    const t = await open(
      bank400.url,
      profileFile('fuzz:\n  baseRequest: { method: POST, path: /v1/consents, body: { access: {} } }\n'),
    );
    const f = caseFactoryFor(t);
    expect([f.unsigned.method, f.unsigned.target, f.unsigned.body.toString()]).toEqual([
      'POST',
      '/v1/consents',
      '{"access":{}}',
    ]);
  });

  it('xs2a-conformance fuzz --target exits 0 against it', async () => {
    const r = await cliAsync([
      'fuzz',
      '--target',
      bank400.url,
      '--cases',
      '200',
      '--seed',
      '4',
      '--save-dir',
      mkdtempSync(join(tmpdir(), 'xs2a-fz-')),
    ]);
    expect(r.code, `${r.stderr}\n${r.stdout.slice(-2000)}`).toBe(0);
    expect(r.stdout).toMatch(/0 MUST-level and \d+ SHOULD-level unexpected/);
  });
});
