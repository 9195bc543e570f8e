// draft-cavage-http-signatures Appendix C, reproduced byte for byte through the `sign` CLI and
// accepted by `verify` (the draft's 1024-bit test key; keyId "Test").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../helpers/cli.ts';

const KEY = 'test/vectors/cavage-test-key.pem';
const PUB = 'test/vectors/cavage-test-pub.pem';
const REQUEST = readFileSync(`${ROOT}test/vectors/cavage-request.http`);

const VECTORS = [
  {
    name: 'Default Test (C.1)',
    headers: '',
    signature:
      'keyId="Test",algorithm="rsa-sha256",signature="SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0GppauB6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM="',
    signingString: 'date: Sun, 05 Jan 2014 21:31:40 GMT',
  },
  {
    name: 'Basic Test (C.2)',
    headers: '(request-target) host date',
    signature:
      'keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date",signature="qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7ndmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2Os0="',
    signingString:
      '(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT',
  },
  {
    name: 'All Headers Test (C.3)',
    headers: '(request-target) host date content-type digest content-length',
    signature:
      'keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date content-type digest content-length",signature="vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+MFHB32NfpB2bEKBIvB1q52LaEUHFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s1dE="',
    signingString:
      '(request-target): post /foo?param=value&pet=dog\nhost: example.com\ndate: Sun, 05 Jan 2014 21:31:40 GMT\ncontent-type: application/json\ndigest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=\ncontent-length: 18',
  },
];

describe('draft-cavage Appendix C vectors', () => {
  for (const v of VECTORS) {
    it(`${v.name}: sign reproduces the Signature header byte for byte`, () => {
      const r = cli(
        ['sign', '--key', KEY, '--key-id', 'Test', '--headers', v.headers, '--show-signing-string'],
        REQUEST,
      );
      expect(r.stderr).toBe(`signing string:\n${v.signingString}\n`);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\r\n');
      expect(lines.filter((l) => l.startsWith('Signature: '))).toEqual([`Signature: ${v.signature}`]);
      // Everything else, including the Digest (recomputed: same value) and the body, is unchanged.
      expect(r.stdout.replace(/\r\nSignature: [^\r]*/, '')).toBe(REQUEST.toString('utf8'));
      const ok = cli(['verify', '--cert', PUB, '--rules', 'cavage'], r.stdout);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('signature VALID');
      expect(ok.stdout).toContain(v.signingString.split('\n')[0]);
    });
  }

  it('verify under the spec rules rejects the Default Test: headers= is missing and the Date is 2014', () => {
    const signed = cli(['sign', '--key', KEY, '--key-id', 'Test', '--headers', ''], REQUEST).stdout;
    const r = cli(['verify', '--cert', PUB], signed);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('headers= is missing');
    expect(r.stdout).toMatch(/FAIL {2}date .*behind server time/);
  });

  it('a tampered vector fails, naming the digest', () => {
    const signed = cli(['sign', '--key', KEY, '--key-id', 'Test', '--headers', VECTORS[2].headers], REQUEST).stdout;
    const r = cli(
      ['verify', '--cert', PUB, '--rules', 'cavage'],
      signed.replace('{"hello": "world"}', '{"hello": "World"}'),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('digest mismatch: body (18 bytes) hashes to SHA-256=');
    expect(r.stdout).toContain('header says SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=');
  });
});
