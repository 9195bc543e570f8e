// Named ways to spoil a correctly signed request, each with the clauses it tests. Scenarios use
// them by name ("When the TPP sends that request with <tampering>"); faults are data, not steps.
import { encodeWords } from '../tpp/rfc2047.ts';
import { formatHttpDate } from '../tpp/http-date.ts';
import { headerValue, removeHeader, setHeader, type HttpRequest } from '../tpp/http-message.ts';
import { SIGNED_HEADERS } from '../spec/signing.ts';
import { type SignOptions } from '../tpp/sign.ts';

export interface Tampering {
  name: string;
  clauses: string[];
  /** Signing options for this request (before signing). */
  sign?: (now: number) => SignOptions | false;
  /** A change after signing. */
  mutate?: (req: HttpRequest) => HttpRequest;
}

const sig = (r: HttpRequest) => headerValue(r.headers, 'signature') ?? '';
const withSig = (r: HttpRequest, v: string) => ({ ...r, headers: setHeader(r.headers, 'Signature', v) });
const param = (r: HttpRequest, name: string, f: (v: string) => string) => withSig(r, sig(r).replace(new RegExp(`${name}="([^"]*)"`), (_m, v: string) => `${name}="${f(v)}"`));
const flipBit = (b64: string) => {
  const buf = Buffer.from(b64, 'base64');
  buf[buf.length >> 1] ^= 0x01;
  return buf.toString('base64');
};

export const TAMPERINGS: readonly Tampering[] = [
  { name: 'no signature', clauses: ['signing.missing-rejected', 'errors.signature-missing'], sign: () => false },
  { name: 'no Signature header', clauses: ['signing.missing-rejected', 'errors.signature-missing'], mutate: (r) => ({ ...r, headers: removeHeader(r.headers, 'Signature') }) },
  { name: 'a flipped bit in the signature', clauses: ['signing.invalid-rejected', 'signing.signature-value', 'errors.signature-invalid'], mutate: (r) => param(r, 'signature', flipBit) },
  { name: 'a signed header changed after signing', clauses: ['signing.invalid-rejected', 'signing.signing-string', 'errors.signature-invalid'], mutate: (r) => ({ ...r, headers: setHeader(r.headers, 'X-Request-ID', '00000000-0000-4000-8000-000000000000') }) },
  { name: 'the body changed after signing', clauses: ['signing.digest', 'signing.invalid-rejected', 'errors.signature-invalid'], mutate: (r) => ({ ...r, body: Buffer.concat([r.body, Buffer.from(' ')]) }) },
  { name: 'a Digest of another body', clauses: ['signing.digest', 'errors.signature-invalid'], sign: () => ({ digest: 'none', headers: ['date', 'x-request-id'] }), mutate: (r) => ({ ...r, headers: setHeader(r.headers, 'Digest', 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=') }) },
  { name: 'the signed headers in another order', clauses: ['signing.headers-list', 'signing.signing-string', 'errors.signature-invalid'], mutate: (r) => param(r, 'headers', (v) => v.split(' ').reverse().join(' ')) },
  { name: 'keyId naming another serial', clauses: ['signing.key-id', 'errors.signature-invalid'], mutate: (r) => param(r, 'keyId', (v) => v.replace(/SN=([0-9A-Fa-f]+)/, (_m, s: string) => `SN=${(BigInt('0x' + s) + 1n).toString(16).toUpperCase()}`)) },
  { name: 'keyId naming another issuer', clauses: ['signing.key-id', 'errors.signature-invalid'], mutate: (r) => param(r, 'keyId', (v) => v.replace(/CA=.*$/, 'CA=CN=Some Other CA,O=Elsewhere,C=NO')) },
  { name: 'algorithm hmac-sha256', clauses: ['signing.algorithm', 'errors.signature-invalid'], mutate: (r) => param(r, 'algorithm', () => 'hmac-sha256') },
  { name: 'no Date header', clauses: ['signing.date', 'errors.signature-invalid'], sign: () => ({ headers: ['digest', 'x-request-id'] }), mutate: (r) => ({ ...r, headers: removeHeader(r.headers, 'Date') }) },
  // HTTP dates have whole seconds: rounding up keeps the Date at least 61 s ahead when it is sent
  // (rounding down could leave it under 60 s ahead by the time it arrives).
  { name: 'a Date 61 seconds ahead', clauses: ['signing.date', 'limits.date-skew', 'errors.signature-invalid'], sign: (now) => ({ date: { value: formatHttpDate(Math.ceil((now + 61_000) / 1000) * 1000) } }) },
  { name: 'a Date 61 seconds behind', clauses: ['signing.date', 'limits.date-skew', 'errors.signature-invalid'], sign: (now) => ({ date: { value: formatHttpDate(now - 61_000) } }) },
  { name: 'a Date in ISO 8601', clauses: ['signing.date', 'conventions.date-header', 'errors.signature-invalid'], sign: (now) => ({ date: { value: new Date(now).toISOString() } }) },
  // Each signed header once (the spec's signed set): a duplicate makes headers= no set.
  { name: 'a header listed twice in headers=', clauses: ['signing.headers-list', 'errors.signature-invalid'], sign: () => ({ headers: ['date', 'date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] }) },
  { name: 'a broken RFC 2047 wrapping', clauses: ['signing.rfc2047', 'errors.signature-invalid'], mutate: (r) => withSig(r, encodeWords(sig(r)).replace(/\?=$/, '')) },
];

/** Accepted variants: each must still be accepted. */
export const ACCEPTED_VARIANTS: readonly Tampering[] = [
  { name: 'a Date 50 seconds ahead', clauses: ['limits.date-skew', 'signing.date'], sign: (now) => ({ date: { value: formatHttpDate(now + 50_000) } }) },
  { name: 'a Date 50 seconds behind', clauses: ['limits.date-skew', 'signing.date'], sign: (now) => ({ date: { value: formatHttpDate(now - 50_000) } }) },
  { name: 'a SHA-512 Digest', clauses: ['signing.digest'], sign: () => ({ digest: 'SHA-512' }) },
  { name: 'the Signature wrapped as =?utf-8?B?…?=', clauses: ['signing.rfc2047'], sign: () => ({ encode: 'utf8-b' }) },
  // Step 1: "A header absent from the request is absent from the signing string". The whole signed
  // set in headers= (a private PSU sends no PSU-Corporate-ID): valid, though draft-cavage refuses it.
  { name: 'a header in headers= that is not sent', clauses: ['signing.signing-string'], sign: () => ({ headers: [...SIGNED_HEADERS] }) },
  { name: '(request-target) signed too', clauses: ['signing.headers-present', 'signing.signing-string'], sign: () => ({ headers: ['(request-target)', 'date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] }) },
  // Berlin Group leaves these to the bank; real clients send them (facts §3): SHOULD level.
  { name: 'the Signature wrapped in Q encoding', clauses: ['signing.rfc2047'], sign: () => ({ encode: 'utf8-q' }) },
  { name: 'keyId with the serial in lower-case hex', clauses: ['signing.key-id'], mutate: (r) => param(r, 'keyId', (v) => v.replace(/SN=([0-9A-Fa-f]+)/, (_m, s: string) => `SN=${s.toLowerCase()}`)) },
  { name: 'algorithm RSA-SHA256 in upper case', clauses: ['signing.algorithm'], mutate: (r) => param(r, 'algorithm', (v) => v.toUpperCase()) },
  { name: 'the certificate in PEM armour', clauses: ['signing.header-parts', 'headers.tpp-signature-certificate'], mutate: (r) => ({ ...r, headers: setHeader(r.headers, 'TPP-Signature-Certificate', `-----BEGIN CERTIFICATE-----${headerValue(r.headers, 'tpp-signature-certificate') ?? ''}-----END CERTIFICATE-----`) }) },
  { name: 'keyId with spaces after the DN commas', clauses: ['signing.key-id'], mutate: (r) => param(r, 'keyId', (v) => v.replace(/,(?=[A-Za-z]+=)/g, ', ').replace('SN=', 'SN=').replace(', CA=', ',CA=')) },
];

export function tampering(name: string): Tampering {
  const t = [...TAMPERINGS, ...ACCEPTED_VARIANTS].find((x) => x.name === name);
  if (!t) throw new Error(`unknown tampering "${name}"; known: ${[...TAMPERINGS, ...ACCEPTED_VARIANTS].map((x) => x.name).join('; ')}`);
  return t;
}
