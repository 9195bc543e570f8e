// Helpers of the tampering catalogue's operators: the Signature header as pairs, header edits,
// permutations, bit flips, case variants, DN splitting, the body changed after digesting.
import { createHash } from 'node:crypto';
import { removeHeader, setHeader, type HttpRequest } from '../http-message.ts';
import { SIGNATURE_ALGORITHM } from '../../spec/signing.ts';
import type { SignedRequest } from '../sign.ts';

export type Pairs = Array<[name: string, value: string]>;
export const pairsOf = (s: SignedRequest): Pairs => [
  ['keyId', s.params.keyId],
  ['algorithm', s.params.algorithm ?? SIGNATURE_ALGORITHM],
  ['headers', (s.params.headers ?? []).join(' ')],
  ['signature', s.params.signature],
];
export const format = (pairs: Pairs, sep = ','): string => pairs.map(([k, v]) => `${k}="${v}"`).join(sep);
export const withSignature = (r: HttpRequest, value: string): HttpRequest => ({
  ...r,
  headers: setHeader(r.headers, 'Signature', value),
});
export const withPairs = (s: SignedRequest, f: (p: Pairs) => Pairs, sep = ','): HttpRequest =>
  withSignature(s.request, format(f(pairsOf(s)), sep));
export const withParam = (s: SignedRequest, name: string, f: (v: string) => string): HttpRequest =>
  withPairs(s, (p) => p.map(([k, v]) => [k, k === name ? f(v) : v]));
export const withHeader = (r: HttpRequest, name: string, value: string): HttpRequest => ({
  ...r,
  headers: setHeader(r.headers, name, value),
});
export const without = (r: HttpRequest, name: string): HttpRequest => ({
  ...r,
  headers: removeHeader(r.headers, name),
});
export const signedNames = (s: SignedRequest): string[] => s.params.headers ?? [];

/** The k-th permutation (Lehmer code) of xs; 0 is the identity. */
export function permutation<T>(xs: readonly T[], k: number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  for (let n = pool.length; n > 0; n--) {
    const f = factorial(n - 1);
    const i = Math.floor(k / f) % n;
    out.push(pool.splice(i, 1)[0]);
    k %= f;
  }
  return out;
}
export const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
/** A permutation other than the identity (when there are at least two elements). */
export function otherOrder<T>(xs: readonly T[], k: number): T[] {
  const n = factorial(xs.length);
  if (n < 2) return [...xs];
  return permutation(xs, 1 + (k % (n - 1)));
}

export function flipBit(b64: string, bit: number): string {
  const buf = Buffer.from(b64, 'base64');
  const i = bit % (buf.length * 8);
  buf[i >> 3] ^= 1 << (i & 7);
  return buf.toString('base64');
}

export function caseVariant(s: string, mask: number): string {
  let out = '';
  let bit = 0;
  for (const ch of s) {
    if (/[a-z]/i.test(ch)) {
      out += (mask >> bit) & 1 ? ch.toUpperCase() : ch.toLowerCase();
      bit++;
    } else out += ch;
  }
  return out;
}

/** DN of the keyId (CA=...) split into RDNs at unescaped commas. */
export function splitDn(dn: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < dn.length; i++) {
    if (dn[i] === '\\') {
      cur += dn[i] + (dn[i + 1] ?? '');
      i++;
    } else if (dn[i] === ',') {
      out.push(cur);
      cur = '';
    } else cur += dn[i];
  }
  out.push(cur);
  return out;
}
export const keyIdParts = (keyId: string): { serial: string; dn: string } => {
  const m = /^SN=([^,]*),CA=(.*)$/.exec(keyId);
  return m ? { serial: m[1], dn: m[2] } : { serial: '', dn: keyId };
};

export const B64_BAD = ['*', '%', '!', '.', '-', '_', '~', '#'];
export const headerNames = (s: SignedRequest) => signedNames(s);

/** The body changed after digesting, in one named way; never the same bytes (an empty body gets some). */
export function changedBody(body: Buffer, kind: string, at: number): Buffer {
  const i = body.length ? at % body.length : 0;
  let json: unknown;
  try {
    json = JSON.parse(body.toString());
  } catch {
    json = undefined;
  }
  const out =
    kind === 'byte'
      ? body.length
        ? Buffer.from(body.map((b, j) => (j === i ? (b === 0x41 ? 0x42 : 0x41) : b)))
        : Buffer.from('A')
      : kind === 'space'
        ? Buffer.concat([body.subarray(0, i), Buffer.from(' '), body.subarray(i)])
        : kind === 'crlf'
          ? Buffer.concat([body, Buffer.from('\r\n')])
          : kind === 'lf-to-crlf'
            ? json !== undefined
              ? Buffer.from(JSON.stringify(json, null, 1).replace(/\n/g, '\r\n'))
              : Buffer.concat([body, Buffer.from('\r\n')])
            : kind === 'trailing-newline'
              ? Buffer.concat([body, Buffer.from('\n')])
              : body.length > 1
                ? body.subarray(0, Math.max(1, i))
                : Buffer.from(body.length ? '' : 'x');
  return out.equals(body) ? Buffer.concat([body, Buffer.from(' ')]) : out;
}

/** The clauses of a signature that fails validation. */
export const SIG = ['signing.invalid-rejected', 'errors.signature-invalid'];

/** Headers a request carries unsigned, by default (headers.name-extra picks one the request has). */
export const UNSIGNED_PRESENT = [
  'content-type',
  'accept',
  'psu-ip-address',
  'tpp-signature-certificate',
  'tpp-session-id',
];

/** headers= with one more name at a position (signature unchanged). */
export const insertSignedName = (s: SignedRequest, name: string, at: number) =>
  withParam(s, 'headers', (v) => {
    const n = v.split(' ');
    n.splice(at % (n.length + 1), 0, name);
    return n.join(' ');
  });

/** Base64 of a node:crypto hash of the body. */
export function createHashB64(alg: string, body: Buffer): string {
  return createHash(alg).update(body).digest('base64');
}
