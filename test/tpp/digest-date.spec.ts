// Digest (RFC 3230 / 5843) and HTTP dates (RFC 7231 §7.1.1.1).
import { describe, expect, it } from 'vitest';
import { checkDigest, digestOf, parseDigest } from '../../src/tpp/digest.ts';
import { formatHttpDate, parseHttpDate } from '../../src/tpp/http-date.ts';

const body = Buffer.from('{"hello": "world"}');

describe('Digest', () => {
  it('SHA-256 of the draft-cavage body', () => {
    expect(digestOf(body)).toBe('SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=');
  });
  it('SHA-512 is 64 bytes and checks', () => {
    const d = digestOf(body, 'SHA-512');
    expect(Buffer.from(d.slice(8), 'base64')).toHaveLength(64);
    expect(checkDigest(d, body)).toEqual({ ok: true, algorithm: 'SHA-512', lenient: [] });
  });
  it('algorithm names match case-insensitively, and say so', () => {
    expect(checkDigest('sha-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=', body)).toMatchObject({
      ok: true,
      lenient: [expect.stringMatching(/case-insensitively/)],
    });
  });
  it('a list (RFC 3230 #rule) with an unknown algorithm beside a known one', () => {
    expect(
      parseDigest('md5=HUXZLQLMuI/KZ5KDcJPcOA==, SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE='),
    ).toHaveLength(2);
    expect(checkDigest('unixsum=30637, SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=', body).ok).toBe(true);
  });
  it.each([
    ['SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=', Buffer.from('{"hello": "world"}\n'), 'mismatch'],
    ['MD5=HUXZLQLMuI/KZ5KDcJPcOA==', body, 'unsupported-algorithm'],
    ['SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE', body, 'bad-base64'],
    ['SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DB=', body, 'bad-base64'],
    ['SHA-256', body, 'malformed'],
  ])('%s is refused', (header, b, reason) => {
    expect(checkDigest(header, b)).toMatchObject({ ok: false, reason });
  });
});

describe('HTTP dates', () => {
  const ms = Date.UTC(1994, 10, 6, 8, 49, 37);
  it('writes IMF-fixdate', () => {
    expect(formatHttpDate(ms)).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
  });
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', 'imf-fixdate'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 'rfc850'],
    ['Sun Nov  6 08:49:37 1994', 'asctime'],
  ])('reads the RFC 7231 example %s', (value, form) => {
    expect(parseHttpDate(value, Date.UTC(2026, 0, 1))).toEqual({ ok: true, ms, form });
  });
  it.each([
    '1994-11-06T08:49:37Z',
    'Sun, 06 Nov 1994 08:49:37 +0000',
    'Sun, 06 Nov 1994 08:49:37 CET',
    'sun, 06 nov 1994 08:49:37 gmt',
    'Mon, 06 Nov 1994 08:49:37 GMT',
    'Sun, 31 Nov 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 25:49:37 GMT',
    'garbage',
    '',
  ])('refuses %j', (value) => {
    expect(parseHttpDate(value).ok).toBe(false);
  });
});
