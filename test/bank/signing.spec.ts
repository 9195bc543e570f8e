// Request signing (§ Authentication), request-level checks, x-accept-fix effects, error bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHeader } from '../../src/tpp/http-message.ts';
import { validate } from '../../src/spec/validate.ts';
import { consentFor, privateNids, PSU_IP, testBank, type TestBank } from './helpers.ts';

let tb: TestBank;
beforeAll(async () => {
  tb = await testBank({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterAll(async () => {
  await tb.close();
});

const PATH = '/v1/sandbox/customers';

async function expectError(
  p: Promise<{ response?: { status: number; json?: unknown } }>,
  status: number,
  code?: string,
) {
  const r = (await p).response!;
  expect(r.status).toBe(status);
  expect(validate('error-body', r.json)).toEqual({ ok: true });
  if (code) expect((r.json as { code: string }).code).toBe(code);
  return r.json as { code: string; message: string };
}

describe('signatures', () => {
  it('accepts a well-signed request, RFC 2047 forms (B and Q) and SHA-512 digests', async () => {
    expect((await tb.client().request({ method: 'GET', path: PATH })).response?.status).toBe(200);
    for (const encode of ['utf8-b', 'utf8-q', 'latin1-b'] as const) {
      const r = await tb.client().request({ method: 'GET', path: PATH, sign: { encode } });
      expect(r.response?.status, encode).toBe(200);
    }
    const r = await tb.client().request({
      method: 'POST',
      path: '/v1/tpp-dialogue/contact',
      body: { email: 'ops@tpp.example' },
      sign: { digest: 'SHA-512' },
    });
    expect(r.response?.status).toBe(201);
  });

  it('refuses an unsigned request with 400 and the error body', async () => {
    const j = await expectError(
      tb.client().request({ method: 'GET', path: PATH, sign: false }),
      400,
      'SIGNATURE_MISSING',
    );
    expect(j.message).toMatch(/Signature/);
  });

  it('refuses a request changed after signing, naming what the verifier found', async () => {
    const j = await expectError(
      tb.client().request({
        method: 'GET',
        path: PATH,
        mutate: (req) => ({ ...req, headers: setHeader(req.headers, 'X-Request-ID', 'changed') }),
      }),
      400,
      'SIGNATURE_INVALID',
    );
    expect(j.message).toMatch(/signature: /);
  });

  it('accepts a signature whose headers= names a header the request does not carry: it is left out of the signing string (step 1)', async () => {
    const all = ['date', 'digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];
    const ex = await tb.client().request({ method: 'GET', path: PATH, sign: { headers: all } });
    expect(ex.request?.headers.find(([k]) => k.toLowerCase() === 'psu-corporate-id')).toBeUndefined();
    expect(ex.request?.headers.find(([k]) => k === 'Signature')?.[1]).toContain(`headers="${all.join(' ')}"`);
    expect(ex.response?.status, ex.response?.text).toBe(200);
    // The same name added after signing: the signing string does not change.
    const added = await tb.client().request({
      method: 'GET',
      path: PATH,
      mutate: (req) => ({
        ...req,
        headers: req.headers.map(([k, v]) => [
          k,
          k === 'Signature' ? v.replace(/headers="([^"]*)"/, 'headers="$1 psu-corporate-id"') : v,
        ]),
      }),
    });
    expect(added.response?.status, added.response?.text).toBe(200);
  });

  it("with the fault absent-header-refused (draft-cavage's reading) the same request is refused", async () => {
    const faulty = await testBank({
      clock: () => Date.parse('2026-03-02T10:00:00Z'),
      faults: ['absent-header-refused'],
    });
    try {
      const j = await expectError(
        faulty.client().request({
          method: 'GET',
          path: PATH,
          sign: { headers: ['date', 'digest', 'x-request-id', 'psu-corporate-id', 'tpp-redirect-uri'] },
        }),
        400,
        'SIGNATURE_INVALID',
      );
      expect(j.message).toMatch(/psu-corporate-id is in headers= but not in the request/);
      expect((await faulty.client().request({ method: 'GET', path: PATH })).response?.status).toBe(200);
    } finally {
      await faulty.close();
    }
  });

  it('refuses a body that does not match the Digest', async () => {
    const j = await expectError(
      tb.client().request({
        method: 'POST',
        path: '/v1/tpp-dialogue/contact',
        body: { email: 'ops@tpp.example' },
        mutate: (req) => ({ ...req, body: Buffer.from('{"email":"evil@tpp.example"}') }),
      }),
      400,
      'SIGNATURE_INVALID',
    );
    expect(j.message).toMatch(/digest/i);
  });

  it('refuses a Date more than 60 s off and accepts 59 s', async () => {
    expect(
      (await tb.client().request({ method: 'GET', path: PATH, sign: { clock: () => tb.running.bank.now() + 59_000 } }))
        .response?.status,
    ).toBe(200);
    expect(
      (await tb.client().request({ method: 'GET', path: PATH, sign: { clock: () => tb.running.bank.now() - 59_000 } }))
        .response?.status,
    ).toBe(200);
    const j = await expectError(
      tb.client().request({ method: 'GET', path: PATH, sign: { clock: () => tb.running.bank.now() + 61_000 } }),
      400,
      'SIGNATURE_INVALID',
    );
    expect(j.message).toMatch(/date: .*61 s/);
    await expectError(
      tb.client().request({ method: 'GET', path: PATH, sign: { clock: () => tb.running.bank.now() - 61_000 } }),
      400,
    );
  });

  it('refuses a keyId that does not name the certificate, and a missing certificate', async () => {
    await expectError(
      tb.client().request({
        method: 'GET',
        path: PATH,
        mutate: (req) => ({
          ...req,
          headers: req.headers.map(([k, v]) => [k, k === 'Signature' ? v.replace(/SN=[0-9A-F]+/i, 'SN=ABC123') : v]),
        }),
      }),
      400,
      'SIGNATURE_INVALID',
    );
    await expectError(
      tb.client().request({ method: 'GET', path: PATH, headers: { 'TPP-Signature-Certificate': null } }),
      400,
      'SIGNATURE_MISSING',
    );
  });

  it('verifies before routing: unsigned unknown paths get 400, signed ones 404, wrong methods 405', async () => {
    await expectError(tb.client().request({ method: 'GET', path: '/v1/nothing', sign: false }), 400);
    await expectError(tb.client().request({ method: 'GET', path: '/v1/nothing' }), 404, 'RESOURCE_UNKNOWN');
    await expectError(tb.client().request({ method: 'DELETE', path: '/v1/accounts' }), 405);
  });
});

describe('header rules', () => {
  it('refuses malformed typed headers with 400 FORMAT_ERROR', async () => {
    for (const [h, v] of [
      ['PSU-ID', 'not-a-uuid'],
      ['TPP-Redirect-URI', 'not a uri'],
      ['PSU-Context', 'PERSONAL'],
      ['TPP-Redirect-Preferred', 'maybe'],
      ['X-PSU-IDENTITY', '12345678901'],
      ['PSU-HTTP-Method', 'TRACE'],
    ]) {
      await expectError(
        tb.client().request({ method: 'GET', path: '/v1/accounts', headers: { [h]: v } }),
        400,
        'FORMAT_ERROR',
      );
    }
  });

  it('needs X-Request-ID and TPP-Redirect-URI on calls the spec does not detail', async () => {
    const j = await expectError(
      tb.client().request({ method: 'GET', path: '/v1/accounts', headers: { 'TPP-Redirect-URI': null } }),
      400,
      'FORMAT_ERROR',
    );
    expect(j.message).toMatch(/TPP-Redirect-URI/);
    await expectError(
      tb.client().request({ method: 'GET', path: PATH, headers: { 'X-Request-ID': null } }),
      400,
      'FORMAT_ERROR',
    );
  });

  it('echoes X-Request-ID', async () => {
    const r = await tb.client().request({ method: 'GET', path: PATH, headers: { 'X-Request-ID': 'abc-123' } });
    expect(r.response?.headers['x-request-id']).toBe('abc-123');
  });
});

describe('x-accept-fix effects', () => {
  async function names(clock: number, fixes?: string) {
    const t = await testBank({ clock: () => clock });
    try {
      const nid = privateNids(t.running)[0];
      const psuId = await consentFor(t, nid);
      const r = await t
        .client({ psuId, tppSessionId: 'sess-1', psuIpAddress: PSU_IP })
        .request({ method: 'GET', path: '/v1/accounts', headers: fixes ? { 'x-accept-fix': fixes } : {} });
      expect(r.response?.status, r.response?.text).toBe(200);
      return (r.response!.json as { accounts: Array<{ name: string; cashAccountType: string }> }).accounts;
    } finally {
      await t.close();
    }
  }

  it('longer-names: names up to 70 with the fix, 35 before its default date without it, 70 after', async () => {
    const before = Date.parse('2024-06-03T10:00:00Z');
    expect(Math.max(...(await names(before)).map((a) => a.name.length))).toBe(35);
    expect(Math.max(...(await names(before, 'longer-names')).map((a) => a.name.length))).toBeGreaterThan(35);
    expect(Math.max(...(await names(Date.parse('2026-03-02T10:00:00Z'))).map((a) => a.name.length))).toBeGreaterThan(
      35,
    );
  });

  it('cash-account-type-iso maps cashAccountType to ISO 20022 (not default)', async () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect((await names(now)).map((a) => a.cashAccountType)).toContain('Current');
    expect((await names(now, 'cash-account-type-iso')).map((a) => a.cashAccountType)).toContain('CACC');
  });

  it('accepts the card switch and amount-as-string fixes (already default) without change', async () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(await names(now, 'amount-as-string,cardaccount-switch-originalamount-and-transactionamount')).toEqual(
      await names(now),
    );
  });
});
