// Every verifier failure mode is detected and named; leniencies are accepted and reported.
import { fc, test } from '@fast-check/vitest';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  certificateHeaderValue,
  encodeWords,
  formatHttpDate,
  keyIdFor,
  removeHeader,
  rsaSha256Signer,
  setHeader,
  signRequest,
  testCredentials,
  verifyRequest,
  type HttpRequest,
  type SignOptions,
} from '../../src/tpp/index.ts';

const { qsealc } = testCredentials();
const other = testCredentials('ai-only-').qsealc;
const cert = new X509Certificate(qsealc.certPem);
const KEY_ID = keyIdFor(cert);
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const signer = rsaSha256Signer(qsealc.keyPem);

function baseRequest(body = '{"instructedAmount":{"amount":"10.00","currency":"EUR"}}'): HttpRequest {
  return {
    method: 'POST',
    target: '/v1/payments/cross-border-credit-transfers?allowLogicalDuplicate=false',
    headers: [
      ['Host', 'bank.example'],
      ['Content-Type', 'application/json'],
      ['X-Request-ID', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
      ['PSU-ID', '3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11'],
      ['TPP-Redirect-URI', 'https://tpp.example/cb'],
      ['TPP-Signature-Certificate', certificateHeaderValue(qsealc.certPem)],
    ],
    body: Buffer.from(body),
  };
}

const sign = (req = baseRequest(), opts: SignOptions = {}, keyId = KEY_ID, s = signer) =>
  signRequest(req, { keyId, signer: s }, { clock: () => NOW, date: 'now', ...opts }).request;
const verify = (req: HttpRequest) => verifyRequest(req, { now: NOW });
const codes = (req: HttpRequest) =>
  verify(req)
    .failures.filter((f) => f.level === 'must')
    .map((f) => f.code);
const withHeader = (req: HttpRequest, name: string, value: string) => ({
  ...req,
  headers: setHeader(req.headers, name, value),
});
const sigOf = (req: HttpRequest) => req.headers.find(([k]) => k === 'Signature')![1];

describe('verifyRequest accepts what signRequest makes', () => {
  it('all checks pass, the signing string is rebuilt exactly', () => {
    const r = verify(sign());
    expect(r.ok).toBe(true);
    expect(r.failures).toEqual([]);
    expect(r.signingString).toBe(
      `date: ${formatHttpDate(NOW)}\ndigest: SHA-256=${require_sha('{"instructedAmount":{"amount":"10.00","currency":"EUR"}}')}\n` +
        'x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721\npsu-id: 3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11\ntpp-redirect-uri: https://tpp.example/cb',
    );
    expect(r.checks.map((c) => c.id)).toEqual([
      'signature-header',
      'certificate',
      'algorithm',
      'key-id',
      'headers',
      'digest',
      'date',
      'signature',
    ]);
  });

  it.each(['utf8-b', 'utf8-q', 'latin1-b', 'latin1-q'] as const)('RFC 2047 %s', (encode) => {
    const req = sign(baseRequest(), { encode });
    expect(sigOf(req)).toMatch(/^=\?(utf-8|iso-8859-1)\?[BQ]\?/);
    expect(verify(req).ok).toBe(true);
  });

  it('SHA-512 digests and (request-target)', () => {
    expect(
      verify(
        sign(baseRequest(), { digest: 'SHA-512', headers: ['(request-target)', 'date', 'digest', 'x-request-id'] }),
      ).ok,
    ).toBe(true);
  });
});

function require_sha(s: string): string {
  return require_crypto().createHash('sha256').update(s).digest('base64');
}
function require_crypto() {
  return globalThis.process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
}

describe('a name in headers= the request does not carry (Authentication step 1)', () => {
  // "A header absent from the request is absent from the signing string": the signature is valid.
  const absentSigned = () =>
    signRequest(
      baseRequest(),
      { keyId: KEY_ID, signer },
      {
        clock: () => NOW,
        date: 'now',
        headers: ['date', 'digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'],
      },
    );

  it('signRequest keeps it in headers= and leaves it out of the signing string', () => {
    const s = absentSigned();
    expect(s.params.headers).toEqual([
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'psu-corporate-id',
      'tpp-redirect-uri',
    ]);
    expect(s.omitted).toEqual(['psu-corporate-id']);
    expect(s.signingString).not.toContain('psu-corporate-id');
    expect(s.signingString).toBe(verify(sign()).signingString);
  });

  it('verifyRequest accepts it, says so as a PASS, and warns at SHOULD level that draft-cavage refuses it', () => {
    const r = verify(absentSigned().request);
    expect(r.ok).toBe(true);
    expect(r.checks.find((c) => c.id === 'headers' && c.ok)?.message).toMatch(
      /psu-corporate-id is in headers= but not in the request: left out of the signing string per the spec/,
    );
    expect(r.failures.map((f) => [f.code, f.level])).toEqual([['HEADER_NOT_IN_REQUEST', 'should']]);
    expect(r.checks.find((c) => c.id === 'signature')).toMatchObject({
      ok: true,
      message: 'RSA-SHA256 signature valid over 5 signed header(s)',
    });
  });

  it('the same name added to headers= after signing is accepted too: the signing string does not change', () => {
    const good = sign();
    const req = withHeader(
      good,
      'Signature',
      sigOf(good).replace(/headers="([^"]*)"/, 'headers="$1 psu-corporate-id"'),
    );
    expect(verify(req).ok).toBe(true);
  });

  it('only absent names: an empty signing string, still verified', () => {
    const s = signRequest(
      baseRequest(),
      { keyId: KEY_ID, signer },
      { clock: () => NOW, date: 'now', headers: ['date', 'psu-corporate-id'] },
    );
    expect(verify(s.request).ok).toBe(true);
    const unsigned = signRequest(
      baseRequest(),
      { keyId: KEY_ID, signer },
      { clock: () => NOW, date: 'now', headers: ['psu-corporate-id'] },
    );
    expect(unsigned.signingString).toBe('');
    expect(verify(unsigned.request).ok).toBe(true);
  });

  it("--rules cavage keeps draft-cavage's reading: refused", () => {
    const r = verifyRequest(absentSigned().request, { now: NOW, rules: 'cavage' });
    expect(r.ok).toBe(false);
    expect(r.failures).toContainEqual(
      expect.objectContaining({
        code: 'HEADER_NOT_IN_REQUEST',
        level: 'must',
        message: expect.stringMatching(/psu-corporate-id is in headers= but not in the request \(draft-cavage/),
      }),
    );
  });
});

describe('each kind of tampering is named', () => {
  const cases: Array<[string, () => HttpRequest, string, RegExp]> = [
    [
      'no Signature',
      () =>
        removeHeader(sign().headers, 'Signature') && { ...sign(), headers: removeHeader(sign().headers, 'Signature') },
      'SIGNATURE_MISSING',
      /no Signature header/,
    ],
    [
      'two Signature headers',
      () => {
        const r = sign();
        return { ...r, headers: [...r.headers, ['Signature', sigOf(r)]] };
      },
      'SIGNATURE_DUPLICATE',
      /2 Signature headers/,
    ],
    [
      'broken RFC 2047',
      () => withHeader(sign(), 'Signature', '=?utf-8?B?not base64!?='),
      'SIGNATURE_RFC2047',
      /cannot be decoded/,
    ],
    [
      'unterminated RFC 2047',
      () => withHeader(sign(), 'Signature', '=?utf-8?B?a2V5'),
      'SIGNATURE_RFC2047',
      /not closed/,
    ],
    [
      'unquoted parameter',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace('algorithm="rsa-sha256"', 'algorithm=rsa-sha256')),
      'SIGNATURE_SYNTAX',
      /must be a quoted string/,
    ],
    [
      'keyId missing',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace(/keyId="[^"]*",/, '')),
      'SIGNATURE_PARAMS',
      /keyId= is missing/,
    ],
    [
      'keyId twice',
      () => withHeader(sign(), 'Signature', `keyId="x",${sigOf(sign())}`),
      'SIGNATURE_PARAMS',
      /keyId= appears more than once/,
    ],
    [
      'headers= missing',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace(/headers="[^"]*",/, '')),
      'SIGNATURE_PARAMS',
      /headers= is missing/,
    ],
    [
      'algorithm= missing',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace(/algorithm="[^"]*",/, '')),
      'SIGNATURE_PARAMS',
      /algorithm= is missing/,
    ],
    [
      'no certificate header',
      () => ({ ...sign(), headers: removeHeader(sign().headers, 'TPP-Signature-Certificate') }),
      'CERTIFICATE_MISSING',
      /no TPP-Signature-Certificate/,
    ],
    [
      'certificate not base64',
      () => withHeader(sign(), 'TPP-Signature-Certificate', 'not*base64'),
      'CERTIFICATE_INVALID',
      /not base64/,
    ],
    [
      'certificate not X.509',
      () => withHeader(sign(), 'TPP-Signature-Certificate', 'AAAA'),
      'CERTIFICATE_INVALID',
      /not an X.509 certificate/,
    ],
    [
      'another algorithm',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace('rsa-sha256', 'hmac-sha256')),
      'ALGORITHM_UNSUPPORTED',
      /algorithm="hmac-sha256" is not supported/,
    ],
    [
      'another serial',
      () => sign(baseRequest(), {}, KEY_ID.replace('SN=0A1B', 'SN=0A1C')),
      'KEY_ID_MISMATCH',
      /is not the certificate serial 0A1B2C3D4E5F6071/,
    ],
    [
      'serial in decimal',
      () => sign(baseRequest(), {}, KEY_ID.replace(/SN=[^,]+/, `SN=${BigInt('0x' + cert.serialNumber)}`)),
      'KEY_ID_MISMATCH',
      /in decimal/,
    ],
    [
      'issuer reversed',
      () =>
        sign(
          baseRequest(),
          {},
          `SN=${cert.serialNumber},CA=C=NO,O=XS2A Conformance\\, Test Only,CN=XS2A Conformance Test CA`,
        ),
      'KEY_ID_MISMATCH',
      /reverse \(X.500\) order/,
    ],
    [
      'another issuer',
      () => sign(baseRequest(), {}, `SN=${cert.serialNumber},CA=CN=Other CA,C=NO`),
      'KEY_ID_MISMATCH',
      /is not the certificate's issuer/,
    ],
    ['keyId not SN=/CA=', () => sign(baseRequest(), {}, 'Test'), 'KEY_ID_MISMATCH', /not of the form SN=/],
    // The spec leaves an absent header out of the signing string: a signed PSU-ID removed afterwards changes what is
    // verified.
    [
      'signed header removed',
      () => ({ ...sign(), headers: removeHeader(sign().headers, 'PSU-ID') }),
      'SIGNATURE_INVALID',
      /psu-id \(in headers=, not in the request\) left out of the signing string: if it was signed, it was removed after signing/,
    ],
    [
      'header listed twice',
      () => sign(baseRequest(), { headers: ['date', 'digest', 'date'] }),
      'HEADERS_DUPLICATE',
      /date is listed twice/,
    ],
    [
      'body changed',
      () => ({ ...sign(), body: Buffer.from('{"instructedAmount":{"amount":"99.00","currency":"EUR"}}') }),
      'DIGEST_MISMATCH',
      /digest mismatch: body \(\d+ bytes\) hashes to SHA-256=.*, header says SHA-256=/,
    ],
    [
      'digest algorithm unknown',
      () =>
        withHeader(
          sign(baseRequest(), { headers: ['date', 'x-request-id'] }),
          'Digest',
          'MD5=HUXZLQLMuI/KZ5KDcJPcOA==',
        ),
      'DIGEST_UNSUPPORTED',
      /"MD5" is not supported/,
    ],
    [
      'digest not base64',
      () => withHeader(sign(baseRequest(), { headers: ['date', 'x-request-id'] }), 'Digest', 'SHA-256=abc'),
      'DIGEST_BAD_BASE64',
      /not the base64 of a 32-byte SHA-256 hash/,
    ],
    [
      'digest malformed',
      () => withHeader(sign(baseRequest(), { headers: ['date', 'x-request-id'] }), 'Digest', 'SHA-256'),
      'DIGEST_MALFORMED',
      /not of the form/,
    ],
    [
      'no Date',
      () =>
        sign(baseRequest(), { headers: ['x-request-id'] }) && {
          ...sign(baseRequest(), { headers: ['x-request-id'] }),
          headers: removeHeader(sign(baseRequest(), { headers: ['x-request-id'] }).headers, 'Date'),
        },
      'DATE_MISSING',
      /no Date header/,
    ],
    [
      'Date in ISO 8601',
      () => sign(baseRequest(), { date: { value: new Date(NOW).toISOString() } }),
      'DATE_MALFORMED',
      /not an RFC 7231 HTTP date/,
    ],
    [
      'Date in another zone',
      () => sign(baseRequest(), { date: { value: formatHttpDate(NOW).replace('GMT', '+0000') } }),
      'DATE_MALFORMED',
      /not an RFC 7231 HTTP date/,
    ],
    [
      'Date 61 s ahead',
      () => sign(baseRequest(), { date: { value: formatHttpDate(NOW + 61_000) } }),
      'DATE_SKEW',
      /61 s ahead of server time/,
    ],
    [
      'Date 61 s behind',
      () => sign(baseRequest(), { date: { value: formatHttpDate(NOW - 61_000) } }),
      'DATE_SKEW',
      /61 s behind server time/,
    ],
    [
      'signature not base64',
      () => withHeader(sign(), 'Signature', sigOf(sign()).replace(/signature="[^"]*"/, 'signature="***"')),
      'SIGNATURE_BAD_BASE64',
      /not valid base64/,
    ],
    [
      'signed value changed',
      () => withHeader(sign(), 'X-Request-ID', '00000000-0000-0000-0000-000000000000'),
      'SIGNATURE_INVALID',
      /a signed header value changed after signing/,
    ],
    [
      'key does not match certificate',
      () => sign(baseRequest(), {}, KEY_ID, rsaSha256Signer(other.keyPem)),
      'SIGNATURE_INVALID',
      /does not verify/,
    ],
    [
      'signing string joined with CRLF',
      () => crlfSigned(),
      'SIGNATURE_INVALID',
      /verifies if the signing string was joined with CRLF/,
    ],
  ];
  it.each(cases)('%s', (_name, make, code, message) => {
    const r = verify(make());
    expect(r.ok).toBe(false);
    const f = r.failures.find((x) => x.code === code);
    expect(f, JSON.stringify(r.failures)).toBeDefined();
    expect(f!.message).toMatch(message);
  });

  function crlfSigned(): HttpRequest {
    const good = sign();
    const r = verify(good);
    const bad = signer(Buffer.from(r.signingString!.replace(/\n/g, '\r\n'))).toString('base64');
    return withHeader(good, 'Signature', sigOf(good).replace(/signature="[^"]*"/, `signature="${bad}"`));
  }

  it('a present header of the signed set left unsigned is a SHOULD-level warning, not a failure', () => {
    const r = verify(sign(baseRequest(), { headers: ['date', 'digest', 'x-request-id'] }));
    expect(r.ok).toBe(true);
    expect(r.failures).toMatchObject([
      {
        code: 'HEADER_NOT_SIGNED',
        level: 'should',
        message: expect.stringMatching(/psu-id, tpp-redirect-uri present but not in headers=/),
      },
    ]);
  });

  it('a missing Digest is a SHOULD-level finding (Berlin Group), the spec makes it required per operation', () => {
    const r = verify(sign(baseRequest(), { digest: 'none', headers: ['date', 'x-request-id'] }));
    expect(codes(sign(baseRequest(), { digest: 'none', headers: ['date', 'x-request-id'] }))).toEqual([]);
    expect(r.failures.map((f) => [f.code, f.level])).toContainEqual(['DIGEST_MISSING', 'should']);
  });
});

describe('leniency where real clients differ (facts §3) is accepted and reported', () => {
  const lenientOf = (req: HttpRequest) => {
    const r = verify(req);
    expect(r.failures.filter((f) => f.level === 'must')).toEqual([]);
    return r.lenient.join(' | ');
  };
  it('serial in lower case, without leading zero (adorsys, EVRY)', () => {
    expect(lenientOf(sign(baseRequest(), {}, KEY_ID.replace('SN=0A1B2C3D4E5F6071', 'SN=a1b2c3d4e5f6071')))).toMatch(
      /lower-case hex.*leading zeros/,
    );
  });
  it('spaces in the DN', () => {
    expect(lenientOf(sign(baseRequest(), {}, KEY_ID.replace(/,O=/, ', O=').replace(',C=NO', ', C=NO')))).toMatch(
      /spaces around DN separators/,
    );
  });
  it('the DN hex-escaped, types as OIDs, percent-encoded (Berlin Group example)', () => {
    expect(
      lenientOf(
        sign(
          baseRequest(),
          {},
          `SN=${cert.serialNumber},CA=CN=XS2A Conformance Test CA,O=XS2A Conformance\\2C Test Only,C=NO`,
        ),
      ),
    ).toMatch(/escaping differs/);
    expect(
      lenientOf(
        sign(
          baseRequest(),
          {},
          `SN=${cert.serialNumber},CA=2.5.4.3=XS2A Conformance Test CA,2.5.4.10=XS2A Conformance\\, Test Only,2.5.4.6=NO`,
        ),
      ),
    ).toMatch(/attribute types named differently/);
    expect(
      lenientOf(
        sign(
          baseRequest(),
          {},
          `SN=${cert.serialNumber},CA=CN=XS2A%20Conformance%20Test%20CA,O=XS2A%20Conformance\\%2C%20Test%20Only,C=NO`,
        ),
      ),
    ).toMatch(/percent-encoded/);
  });
  it('header names in upper case in headers= (Berlin Group example), digest algorithm in lower case', () => {
    const req = sign(baseRequest(), { digest: 'SHA-256' });
    const upper = withHeader(
      req,
      'Signature',
      sigOf(req).replace(/headers="([^"]*)"/, (_m, h: string) => `headers="${h.toUpperCase()}"`),
    );
    expect(lenientOf(upper)).toMatch(/not in lower case/);
    const d = req.headers.find(([k]) => k === 'Digest')![1];
    const lowerAlgo = sign(withHeader(baseRequest(), 'Digest', d.replace('SHA-256', 'sha-256')), { digest: 'none' });
    expect(lenientOf(lowerAlgo)).toMatch(/matched case-insensitively/);
  });
  it('the obsolete RFC 850 and asctime Date forms (RFC 7231 §7.1.1.1 obliges recipients)', () => {
    expect(lenientOf(sign(baseRequest(), { date: { value: 'Sunday, 22-Nov-26 12:00:30 GMT' } }))).toMatch(/rfc850/);
    expect(lenientOf(sign(baseRequest(), { date: { value: 'Sun Nov 22 11:59:30 2026' } }))).toMatch(/asctime/);
  });
  it('60 s either side is inside the window', () => {
    expect(verify(sign(baseRequest(), { date: { value: formatHttpDate(NOW + 60_000) } })).ok).toBe(true);
    expect(verify(sign(baseRequest(), { date: { value: formatHttpDate(NOW - 60_000) } })).ok).toBe(true);
  });
});

describe('sign → verify round trips over generated requests', () => {
  const token = fc.stringMatching(/^[A-Za-z0-9._~-]{1,30}$/);
  const headerValue = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,40}[\x21-\x7e])?$/);
  const req = fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    path: fc.array(token, { minLength: 1, maxLength: 4 }),
    query: fc.option(fc.dictionary(token, token, { maxKeys: 3 }), { nil: undefined }),
    psuId: fc.option(fc.uuid(), { nil: undefined }),
    corp: fc.option(headerValue, { nil: undefined }),
    redirect: fc.option(headerValue, { nil: undefined }),
    body: fc.uint8Array({ maxLength: 200 }),
    digest: fc.constantFrom('SHA-256' as const, 'SHA-512' as const),
    encode: fc.constantFrom(
      'none' as const,
      'utf8-b' as const,
      'utf8-q' as const,
      'latin1-b' as const,
      'latin1-q' as const,
    ),
    target: fc.boolean(),
    skew: fc.integer({ min: -60, max: 60 }),
  });
  type Gen = typeof req extends fc.Arbitrary<infer T> ? T : never;
  const build = (g: Gen): HttpRequest => {
    const q = g.query && Object.keys(g.query).length ? '?' + new URLSearchParams(g.query).toString() : '';
    const headers: HttpRequest['headers'] = [
      ['Host', 'bank.example'],
      ['X-Request-ID', 'id-1'],
      ['TPP-Signature-Certificate', certificateHeaderValue(qsealc.certPem)],
    ];
    if (g.psuId) headers.push(['PSU-ID', g.psuId]);
    if (g.corp) headers.push(['PSU-Corporate-ID', g.corp]);
    if (g.redirect) headers.push(['TPP-Redirect-URI', g.redirect]);
    return { method: g.method, target: '/' + g.path.join('/') + q, headers, body: Buffer.from(g.body) };
  };
  test.prop([req], { numRuns: 150 })('verify(sign(r)) passes every check', (g) => {
    const signed = signRequest(
      build(g),
      { keyId: KEY_ID, signer },
      {
        clock: () => NOW + g.skew * 1000,
        date: 'now',
        digest: g.digest,
        encode: g.encode,
        headers: g.target
          ? ['(request-target)', 'date', 'digest', 'x-request-id', ...(g.psuId ? ['psu-id'] : [])]
          : undefined,
      },
    );
    const r = verify(signed.request);
    expect(r.failures.filter((f) => f.level === 'must')).toEqual([]);
    expect(r.signingString).toBe(signed.signingString);
  });
  test.prop([req, fc.nat()], { numRuns: 100 })(
    'changing any signed header value after signing is caught',
    (g, pick) => {
      const signed = signRequest(
        build(g),
        { keyId: KEY_ID, signer },
        { clock: () => NOW, date: 'now', digest: g.digest },
      );
      const names = signed.params.headers!.filter((n) => n !== 'date' && n !== 'digest');
      const name = names[pick % names.length];
      const tampered = {
        ...signed.request,
        headers: signed.request.headers.map(
          ([k, v]) => [k, k.toLowerCase() === name ? v + 'x' : v] as [string, string],
        ),
      };
      expect(codes(tampered)).toContain('SIGNATURE_INVALID');
    },
  );
});

describe('a key of another kind', () => {
  it('an EC certificate with algorithm rsa-sha256 is refused', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const r = verifyRequest(sign(), { now: NOW, publicKey });
    expect(r.failures.find((f) => f.id === 'algorithm')?.message).toMatch(/does not match the certificate's ec key/);
  });
  it('encodeWords of the signature keeps it valid even split in 75-character words', () => {
    const s = sign();
    const split = withHeader(s, 'Signature', encodeWords(sigOf(s), { maxWordLength: 75 }));
    expect(verify(split).ok).toBe(true);
    expect(verify(split).lenient).toEqual([]);
  });
});
