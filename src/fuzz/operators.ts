// The signature mutation operators, as data: each takes the valid signed request and spoils (or
// varies) it in one named way, with the verdict the spec expects and the clauses it tests. Where
// the spec leaves leniency to the bank (hex case, DN spacing, RFC 2047 case, parameter order) the
// level is `should`. `arb` is the operator's generated choice: fast-check shrinks it to the simplest
// form that still shows a wrong verdict. `faults` name the reference-bank faults under which the
// operator is seen to fail (test/fuzz/faults.spec.ts).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { digestOf } from '../tpp/digest.ts';
import { formatHttpDate } from '../tpp/http-date.ts';
import { headerValue, removeHeader, setHeader, type HttpRequest } from '../tpp/http-message.ts';
import { encodeWords } from '../tpp/rfc2047.ts';
import { SIGNED_HEADERS, SIGNATURE_ALGORITHM } from '../spec/signing.ts';
import { type SignedRequest, type SignOptions } from '../tpp/sign.ts';
import type { SigningKey } from './signing.ts';

export type Verdict = 'accept' | 'reject';
export type Level = 'must' | 'should';
export type Family = 'params' | 'headers' | 'values' | 'signature' | 'algorithm' | 'key-id' | 'certificate' | 'rfc2047' | 'date' | 'digest';

export interface OperatorContext<P> {
  /** The operator's generated choice. */
  value: P;
  /** Target clock now (ms). */
  now: number;
  /** The base request before signing (no Date, Digest, Signature). */
  unsigned: HttpRequest;
  /** Signs with the TPP's key (or another); Date = target now unless opts say otherwise. */
  sign(req: HttpRequest, opts?: SignOptions, key?: SigningKey): SignedRequest;
  key: SigningKey;
  /** Another TPP's key and certificate. */
  other: SigningKey;
}

export interface MutationOperator<P = any> {
  id: string;
  family: Family;
  description: string;
  clauses: string[];
  level: Level;
  expect: Verdict;
  /** True when the operator signs anew (the others reuse the one valid signature). */
  resigns?: boolean;
  arb: fc.Arbitrary<P>;
  /** Faults of src/bank/faults.ts (all switched on together) under which the verdict is wrong. */
  faults: string[];
  apply(signed: SignedRequest, ctx: OperatorContext<P>): HttpRequest;
}

// ---------------------------------------------------------------- helpers

type Pairs = Array<[name: string, value: string]>;
const pairsOf = (s: SignedRequest): Pairs => [
  ['keyId', s.params.keyId],
  ['algorithm', s.params.algorithm ?? SIGNATURE_ALGORITHM],
  ['headers', (s.params.headers ?? []).join(' ')],
  ['signature', s.params.signature],
];
const format = (pairs: Pairs, sep = ','): string => pairs.map(([k, v]) => `${k}="${v}"`).join(sep);
const withSignature = (r: HttpRequest, value: string): HttpRequest => ({ ...r, headers: setHeader(r.headers, 'Signature', value) });
const withPairs = (s: SignedRequest, f: (p: Pairs) => Pairs, sep = ','): HttpRequest => withSignature(s.request, format(f(pairsOf(s)), sep));
const withParam = (s: SignedRequest, name: string, f: (v: string) => string): HttpRequest => withPairs(s, (p) => p.map(([k, v]) => [k, k === name ? f(v) : v]));
const withHeader = (r: HttpRequest, name: string, value: string): HttpRequest => ({ ...r, headers: setHeader(r.headers, name, value) });
const without = (r: HttpRequest, name: string): HttpRequest => ({ ...r, headers: removeHeader(r.headers, name) });
const signedNames = (s: SignedRequest): string[] => s.params.headers ?? [];

/** The k-th permutation (Lehmer code) of xs; 0 is the identity. */
function permutation<T>(xs: readonly T[], k: number): T[] {
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
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
/** A permutation other than the identity (when there are at least two elements). */
function otherOrder<T>(xs: readonly T[], k: number): T[] {
  const n = factorial(xs.length);
  if (n < 2) return [...xs];
  return permutation(xs, 1 + (k % (n - 1)));
}

function flipBit(b64: string, bit: number): string {
  const buf = Buffer.from(b64, 'base64');
  const i = bit % (buf.length * 8);
  buf[i >> 3] ^= 1 << (i & 7);
  return buf.toString('base64');
}

function caseVariant(s: string, mask: number): string {
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
function splitDn(dn: string): string[] {
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
const keyIdParts = (keyId: string): { serial: string; dn: string } => {
  const m = /^SN=([^,]*),CA=(.*)$/.exec(keyId);
  return m ? { serial: m[1], dn: m[2] } : { serial: '', dn: keyId };
};

const B64_BAD = ['*', '%', '!', '.', '-', '_', '~', '#'];
const headerNames = (s: SignedRequest) => signedNames(s);

/** The body changed after digesting, in one named way; never the same bytes (an empty body gets some). */
export function changedBody(body: Buffer, kind: string, at: number): Buffer {
  const i = body.length ? at % body.length : 0;
  let json: unknown;
  try {
    json = JSON.parse(body.toString());
  } catch {
    json = undefined;
  }
  const out = kind === 'byte' ? (body.length ? Buffer.from(body.map((b, j) => (j === i ? (b === 0x41 ? 0x42 : 0x41) : b))) : Buffer.from('A'))
    : kind === 'space' ? Buffer.concat([body.subarray(0, i), Buffer.from(' '), body.subarray(i)])
      : kind === 'crlf' ? Buffer.concat([body, Buffer.from('\r\n')])
        : kind === 'lf-to-crlf' ? (json !== undefined ? Buffer.from(JSON.stringify(json, null, 1).replace(/\n/g, '\r\n')) : Buffer.concat([body, Buffer.from('\r\n')]))
          : kind === 'trailing-newline' ? Buffer.concat([body, Buffer.from('\n')])
            : body.length > 1 ? body.subarray(0, Math.max(1, i)) : Buffer.from(body.length ? '' : 'x');
  return out.equals(body) ? Buffer.concat([body, Buffer.from(' ')]) : out;
}

// ---------------------------------------------------------------- the operators

const SIG = ['signing.invalid-rejected', 'errors.signature-invalid'];

/** Headers a request carries unsigned, by default (headers.name-extra picks one the request has). */
const UNSIGNED_PRESENT = ['content-type', 'accept', 'psu-ip-address', 'tpp-signature-certificate', 'tpp-session-id'];

/** headers= with one more name at a position (signature unchanged). */
const insertSignedName = (s: SignedRequest, name: string, at: number) =>
  withParam(s, 'headers', (v) => { const n = v.split(' '); n.splice(at % (n.length + 1), 0, name); return n.join(' '); });

export const OPERATORS: readonly MutationOperator[] = [
  // Signature parameters: dropping, duplicating, reordering.
  ...(['keyId', 'algorithm', 'headers', 'signature'] as const).map((name): MutationOperator<null> => ({
    id: `params.drop-${name}`,
    family: 'params',
    description: `Signature without its ${name}= part.`,
    clauses: ['signing.header-parts', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: name === 'headers' ? ['signature-header-unchecked', 'signature-unchecked'] : ['signature-header-unchecked'],
    apply: (s) => withPairs(s, (p) => p.filter(([k]) => k !== name)),
  })),
  {
    id: 'params.duplicate',
    family: 'params',
    description: 'One Signature part twice, with the same or another value.',
    clauses: ['signing.header-parts', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ index: fc.nat(3), same: fc.boolean() }),
    faults: ['signature-header-unchecked'],
    apply: (s, { value }) => withPairs(s, (p) => {
      const [k, v] = p[value.index];
      return [...p, [k, value.same ? v : `${v}x`]];
    }),
  } satisfies MutationOperator<{ index: number; same: boolean }>,
  {
    id: 'params.reorder',
    family: 'params',
    description: 'The four Signature parts in another order (draft-cavage: order is not significant).',
    clauses: ['signing.header-parts'],
    level: 'should',
    expect: 'accept',
    arb: fc.nat(22),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withPairs(s, (p) => otherOrder(p, value)),
  } satisfies MutationOperator<number>,
  {
    id: 'params.unknown-extra',
    family: 'params',
    description: 'An extra, unknown Signature parameter (ignored by draft-cavage).',
    clauses: ['signing.header-parts'],
    level: 'should',
    expect: 'accept',
    arb: fc.record({ name: fc.constantFrom('nonce', 'tag', 'x'), at: fc.nat(4) }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withPairs(s, (p) => [...p.slice(0, value.at), [value.name, 'fuzz'] as [string, string], ...p.slice(value.at)]),
  } satisfies MutationOperator<{ name: string; at: number }>,
  {
    id: 'params.whitespace',
    family: 'params',
    description: 'White space after the commas between Signature parts.',
    clauses: ['signing.header-parts'],
    level: 'should',
    expect: 'accept',
    arb: fc.constantFrom(', ', ' , ', ',  ', ',\t'),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withPairs(s, (p) => p, value),
  } satisfies MutationOperator<string>,

  // The headers= list.
  {
    id: 'headers.name-missing',
    family: 'headers',
    description: 'A signed header name left out of headers= (signature unchanged).',
    clauses: ['signing.headers-list', 'signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(5),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'headers', (v) => { const n = v.split(' '); n.splice(value % n.length, 1); return n.join(' '); }),
  } satisfies MutationOperator<number>,
  {
    id: 'headers.name-extra',
    family: 'headers',
    description: 'A header of the request that was not signed added to headers= (signature unchanged).',
    clauses: ['signing.headers-list', 'signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ name: fc.constantFrom(...UNSIGNED_PRESENT), at: fc.nat(6) }),
    faults: ['signature-unchecked'],
    // Only a header the request carries changes the signing string (an absent one is left out, step 1).
    apply: (s, { value }) => insertSignedName(s, [value.name, ...UNSIGNED_PRESENT].find((n) => headerValue(s.request.headers, n) !== undefined) ?? 'tpp-signature-certificate', value.at),
  } satisfies MutationOperator<{ name: string; at: number }>,
  {
    id: 'headers.name-absent',
    family: 'headers',
    description: 'A header name in headers= that the request does not carry (signature unchanged): left out of the signing string, so valid (step 1: "A header absent from the request is absent from the signing string").',
    clauses: ['signing.signing-string', 'signing.headers-list'],
    level: 'must',
    expect: 'accept',
    // Names of the spec's signed set the base request does not send (a name outside the set only when all are sent).
    arb: fc.record({ name: fc.constantFrom('psu-corporate-id', 'psu-id'), at: fc.nat(6) }),
    faults: ['absent-header-refused'],
    apply: (s, { value }) => insertSignedName(s, [value.name, 'psu-corporate-id', 'psu-id', 'x-unknown'].find((n) => headerValue(s.request.headers, n) === undefined && !signedNames(s).includes(n))!, value.at),
  } satisfies MutationOperator<{ name: string; at: number }>,
  {
    id: 'headers.name-absent-signed',
    family: 'headers',
    description: 'Signed with the whole signed set in headers=, some of it not sent (the spec leaves those out of the signing string; draft-cavage refuses it).',
    clauses: ['signing.signing-string', 'signing.headers-list'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(5),
    faults: ['absent-header-refused'],
    apply: (s, ctx) => {
      // The spec's signed set in its order, and one absent name at a chosen place when all are present.
      const names: string[] = [...SIGNED_HEADERS];
      if (names.every((n) => headerValue(ctx.unsigned.headers, n) !== undefined || n === 'date' || n === 'digest')) names.splice(ctx.value % (names.length + 1), 0, 'x-unknown');
      return ctx.sign(ctx.unsigned, { headers: names }).request;
    },
  } satisfies MutationOperator<number>,
  {
    id: 'headers.wrong-order',
    family: 'headers',
    description: 'headers= in another order than the one signed (signature unchanged).',
    clauses: ['signing.headers-list', 'signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(1000),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'headers', () => otherOrder(headerNames(s), value).join(' ')),
  } satisfies MutationOperator<number>,
  {
    id: 'headers.order-resigned',
    family: 'headers',
    description: 'Signed in another order of the TPP\'s choosing, headers= matching.',
    clauses: ['signing.headers-list', 'signing.signing-string'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(1000),
    faults: ['signed-set-fixed'],
    apply: (s, ctx) => ctx.sign(ctx.unsigned, { headers: otherOrder(headerNames(s), ctx.value) }).request,
  } satisfies MutationOperator<number>,
  {
    id: 'headers.upper-case',
    family: 'headers',
    description: 'headers= names in upper or mixed case (the signing string has them in lower case).',
    clauses: ['signing.headers-list'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: 1, max: 0xfffffff }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withParam(s, 'headers', (v) => caseVariant(v, value) === v ? v.toUpperCase() : caseVariant(v, value)),
  } satisfies MutationOperator<number>,
  {
    id: 'headers.request-target-signed',
    family: 'headers',
    description: '(request-target) signed too, at some place in headers=.',
    clauses: ['signing.headers-present', 'signing.signing-string'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(6),
    faults: ['signed-set-fixed'],
    apply: (s, ctx) => { const n = [...headerNames(s)]; n.splice(ctx.value % (n.length + 1), 0, '(request-target)'); return ctx.sign(ctx.unsigned, { headers: n }).request; },
  } satisfies MutationOperator<number>,
  {
    id: 'headers.request-target-unsigned',
    family: 'headers',
    description: '(request-target) named in headers= but not signed.',
    clauses: ['signing.headers-list', 'signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(6),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'headers', (v) => { const n = v.split(' '); n.splice(value % (n.length + 1), 0, '(request-target)'); return n.join(' '); }),
  } satisfies MutationOperator<number>,
  {
    id: 'headers.request-target-other',
    family: 'headers',
    description: '(request-target) signed for another method or path than the one sent.',
    clauses: ['signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.record({ method: fc.constantFrom('POST', 'GET', 'PUT'), suffix: fc.constantFrom('', '/x', '?a=1', '/') }),
    faults: ['signature-unchecked'],
    apply: (s, ctx) => {
      const names = ['(request-target)', ...headerNames(s)];
      const same = ctx.value.method === ctx.unsigned.method && ctx.value.suffix === '';
      const signed = ctx.sign({ ...ctx.unsigned, method: ctx.value.method, target: ctx.unsigned.target + (same ? '/other' : ctx.value.suffix) }, { headers: names });
      return { ...signed.request, method: ctx.unsigned.method, target: ctx.unsigned.target };
    },
  } satisfies MutationOperator<{ method: string; suffix: string }>,
  {
    id: 'headers.subset-resigned',
    family: 'headers',
    description: 'Signed over fewer of the headers present (the spec\'s signed set "may contain" them; the platform signs them when available).',
    clauses: ['signing.headers-present'],
    level: 'should',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(5),
    faults: ['signed-set-fixed'],
    apply: (s, ctx) => { const n = [...headerNames(s)]; n.splice(ctx.value % n.length, 1); return ctx.sign(ctx.unsigned, { headers: n.length ? n : ['x-request-id'] }).request; },
  } satisfies MutationOperator<number>,

  // Values of signed headers.
  {
    id: 'values.signed-header-changed',
    family: 'values',
    description: 'A signed header value changed after signing (X-Request-ID, TPP-Redirect-URI, or Date moved inside the window).',
    clauses: ['signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ which: fc.constantFrom('x-request-id', 'tpp-redirect-uri', 'date'), n: fc.integer({ min: 1, max: 30 }) }),
    faults: ['signature-unchecked'],
    apply: (s, ctx) => {
      const r = s.request;
      const { which, n } = ctx.value;
      if (which === 'date') return withHeader(r, 'Date', formatHttpDate(Date.parse(headerValue(r.headers, 'date')!) - n * 1000));
      const v = headerValue(r.headers, which) ?? '';
      if (which === 'tpp-redirect-uri') return withHeader(r, which, `${v}${v.includes('?') ? '&' : '?'}n=${n}`);
      const tail = n.toString(16).padStart(2, '0');
      return withHeader(r, which, v.slice(0, -2) + (v.endsWith(tail) ? 'ff' : tail));
    },
  } satisfies MutationOperator<{ which: string; n: number }>,
  {
    id: 'values.signed-header-repeated',
    family: 'values',
    description: 'A signed header sent twice (the second value was not signed).',
    clauses: ['signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('X-Request-ID', 'TPP-Redirect-URI'),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => ({ ...s.request, headers: [...s.request.headers, [value, value === 'X-Request-ID' ? '11111111-2222-4333-8444-555555555555' : 'https://evil.example/cb']] }),
  } satisfies MutationOperator<string>,

  // The signature value.
  {
    id: 'signature.bit-flip',
    family: 'signature',
    description: 'One bit of the RSA signature flipped.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(2047),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'signature', (v) => flipBit(v, value)),
  } satisfies MutationOperator<number>,
  {
    id: 'signature.truncated',
    family: 'signature',
    description: 'The base64 signature cut short.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.integer({ min: 1, max: 340 }),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'signature', (v) => v.slice(0, Math.max(0, v.length - value))),
  } satisfies MutationOperator<number>,
  {
    id: 'signature.bad-base64',
    family: 'signature',
    description: 'A character that is not base64 put into the signature.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ at: fc.nat(343), ch: fc.constantFrom(...B64_BAD) }),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withParam(s, 'signature', (v) => v.slice(0, value.at % v.length) + value.ch + v.slice((value.at % v.length) + 1)),
  } satisfies MutationOperator<{ at: number; ch: string }>,
  {
    id: 'signature.base64url',
    family: 'signature',
    description: 'The signature in base64url without padding instead of base64.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['signature-unchecked'],
    apply: (s) => withParam(s, 'signature', (v) => { const u = Buffer.from(v, 'base64').toString('base64url'); return u === v ? `${u}_` : u; }),
  } satisfies MutationOperator<null>,
  {
    id: 'signature.empty',
    family: 'signature',
    description: 'signature="".',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['signature-unchecked'],
    apply: (s) => withParam(s, 'signature', () => ''),
  } satisfies MutationOperator<null>,
  {
    id: 'signature.other-request',
    family: 'signature',
    description: 'The signature of another request (another X-Request-ID) replayed on this one.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.nat(0xffff),
    faults: ['signature-unchecked'],
    apply: (s, ctx) => {
      const other = ctx.sign(withHeader(ctx.unsigned, 'X-Request-ID', `00000000-0000-4000-8000-${ctx.value.toString(16).padStart(12, '0')}`), { date: { value: headerValue(s.request.headers, 'date')! } });
      return withParam(s, 'signature', () => other.signature);
    },
  } satisfies MutationOperator<number>,

  // algorithm=.
  {
    id: 'algorithm.other-name',
    family: 'algorithm',
    description: 'algorithm= naming another algorithm than the certificate\'s rsa-sha256.',
    clauses: ['signing.algorithm', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('hmac-sha256', 'rsa-sha512', 'rsa-sha1', 'ecdsa-sha256', 'rsa-pss-sha256', 'ed25519', ''),
    faults: ['algorithm-unchecked'],
    apply: (s, { value }) => withParam(s, 'algorithm', () => value),
  } satisfies MutationOperator<string>,
  {
    id: 'algorithm.hs2019',
    family: 'algorithm',
    description: 'algorithm="hs2019" (draft-cavage 12\'s generic name; the spec expects rsa-sha256).',
    clauses: ['signing.algorithm'],
    level: 'should',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['algorithm-unchecked'],
    apply: (s) => withParam(s, 'algorithm', () => 'hs2019'),
  } satisfies MutationOperator<null>,
  {
    id: 'algorithm.case',
    family: 'algorithm',
    description: 'rsa-sha256 written in upper or mixed case.',
    clauses: ['signing.algorithm'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: 1, max: 255 }),
    faults: ['algorithm-exact'],
    apply: (s, { value }) => withParam(s, 'algorithm', (v) => caseVariant(v, value)),
  } satisfies MutationOperator<number>,

  // keyId.
  {
    id: 'key-id.other-serial',
    family: 'key-id',
    description: 'keyId naming another serial number.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => {
      const { serial, dn } = keyIdParts(v);
      const other = (BigInt('0x' + (serial || '0')) + value) & ((1n << 80n) - 1n);
      return `SN=${other.toString(16).toUpperCase()},CA=${dn}`;
    }),
  } satisfies MutationOperator<bigint>,
  {
    id: 'key-id.decimal-serial',
    family: 'key-id',
    description: 'keyId with the serial number in decimal instead of hexadecimal.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['key-id-unchecked'],
    apply: (s) => withParam(s, 'keyId', (v) => { const { serial, dn } = keyIdParts(v); return `SN=${BigInt('0x' + serial).toString(10)},CA=${dn}`; }),
  } satisfies MutationOperator<null>,
  {
    id: 'key-id.lower-case-hex',
    family: 'key-id',
    description: 'keyId serial in lower-case hexadecimal (the spec says upper case; clients differ).',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: 0, max: 0xffff }),
    faults: ['key-id-exact'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => {
      const { serial, dn } = keyIdParts(v);
      const variant = caseVariant(serial, value);
      return `SN=${variant === serial ? serial.toLowerCase() : variant},CA=${dn}`;
    }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.leading-zeros',
    family: 'key-id',
    description: 'keyId serial with leading zeros stripped (as Java prints it) or added.',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: -1, max: 4 }),
    faults: ['key-id-exact'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => {
      const { serial, dn } = keyIdParts(v);
      const stripped = serial.replace(/^0+(?=.)/, '');
      const out = value < 0 || value === 0 ? (stripped !== serial ? stripped : `0${serial}`) : '0'.repeat(value) + serial;
      return `SN=${out},CA=${dn}`;
    }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.dn-reordered',
    family: 'key-id',
    description: 'keyId issuer DN with its RDNs in another order (another name).',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(1000),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => { const { serial, dn } = keyIdParts(v); return `SN=${serial},CA=${otherOrder(splitDn(dn), value).join(',')}`; }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.dn-spacing',
    family: 'key-id',
    description: 'keyId issuer DN with spaces after the commas between RDNs.',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.constantFrom(', ', ',  ', ' , '),
    faults: ['key-id-exact'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => { const { serial, dn } = keyIdParts(v); return `SN=${serial},CA=${splitDn(dn).join(value)}`; }),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.dn-escaping',
    family: 'key-id',
    description: 'keyId issuer DN with the same values escaped otherwise (RFC 2253 hex escapes: \\2C for a comma, \\20 for a space).',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.constantFrom('hex-special', 'hex-space', 'both'),
    faults: ['key-id-exact'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => {
      const { serial, dn } = keyIdParts(v);
      const rdns = splitDn(dn).map((rdn, i) => {
        let out = rdn;
        if (value !== 'hex-space') out = out.replace(/\\(.)/g, (_m, c: string) => `\\${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
        if (value !== 'hex-special' && i === 0) out = out.replace(/(=[^ ]*) /, '$1\\20');
        return out;
      });
      const out = `SN=${serial},CA=${rdns.join(',')}`;
      return out === v ? `SN=${serial},CA=${rdns.map((r) => r.replace(/=(.)/, (_m, c: string) => `=\\${c.charCodeAt(0).toString(16).toUpperCase()}`)).join(',')}` : out;
    }),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.other-issuer',
    family: 'key-id',
    description: 'keyId naming another issuer.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('CN=Other CA,O=Elsewhere,C=NO', 'CN=XS2A Conformance Test CA,C=NO', 'CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=SE', 'O=XS2A Conformance\\, Test Only'),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => `SN=${keyIdParts(v).serial},CA=${value}`),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.malformed',
    family: 'key-id',
    description: 'keyId not of the form SN=<hex>,CA=<DN> (bare serial, no CA, empty, another scheme).',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('serial', 'no-ca', 'empty', 'cavage'),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => {
      const { serial } = keyIdParts(v);
      return value === 'serial' ? serial : value === 'no-ca' ? `SN=${serial}` : value === 'empty' ? '' : 'Test';
    }),
  } satisfies MutationOperator<string>,

  // Certificates and keys.
  {
    id: 'certificate.other-tpp',
    family: 'certificate',
    description: 'TPP-Signature-Certificate of another TPP; keyId and signature ours.',
    clauses: ['signing.key-id', 'signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['key-id-unchecked', 'signature-unchecked'],
    apply: (s, ctx) => withHeader(s.request, 'TPP-Signature-Certificate', ctx.other.certHeader),
  } satisfies MutationOperator<null>,
  {
    id: 'certificate.key-mismatch',
    family: 'certificate',
    description: 'Signed with a key that does not match the certificate (keyId and certificate ours).',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constant(null),
    faults: ['signature-unchecked'],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, {}, { ...ctx.other, keyId: ctx.key.keyId, certHeader: ctx.key.certHeader }).request,
  } satisfies MutationOperator<null>,
  {
    id: 'certificate.other-identity',
    family: 'certificate',
    description: 'Another TPP\'s certificate and keyId, signed with our key.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constant(null),
    faults: ['signature-unchecked'],
    apply: (_s, ctx) => ctx.sign(withHeader(ctx.unsigned, 'TPP-Signature-Certificate', ctx.other.certHeader), {}, { ...ctx.key, keyId: ctx.other.keyId }).request,
  } satisfies MutationOperator<null>,
  {
    id: 'certificate.missing',
    family: 'certificate',
    description: 'No TPP-Signature-Certificate header.',
    clauses: ['signing.missing-rejected', 'errors.signature-missing'],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['certificate-optional', 'signature-unchecked'],
    apply: (s) => without(s.request, 'TPP-Signature-Certificate'),
  } satisfies MutationOperator<null>,
  {
    id: 'certificate.corrupted',
    family: 'certificate',
    description: 'TPP-Signature-Certificate cut short or with a character that is not base64.',
    clauses: ['signing.invalid-rejected', 'errors.signature-invalid'],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ cut: fc.integer({ min: 4, max: 1200 }), bad: fc.boolean() }),
    faults: ['certificate-optional', 'signature-unchecked'],
    apply: (s, ctx) => {
      const c = ctx.key.certHeader;
      const at = Math.max(1, c.length - ctx.value.cut);
      return withHeader(s.request, 'TPP-Signature-Certificate', ctx.value.bad ? `${c.slice(0, at)}*${c.slice(at + 1)}` : c.slice(0, at));
    },
  } satisfies MutationOperator<{ cut: number; bad: boolean }>,
  {
    id: 'certificate.pem-armour',
    family: 'certificate',
    description: 'TPP-Signature-Certificate with its PEM armour (spec: bare base64).',
    clauses: ['headers.tpp-signature-certificate'],
    level: 'should',
    expect: 'accept',
    arb: fc.constant(null),
    faults: ['certificate-base64-only'],
    apply: (s, ctx) => withHeader(s.request, 'TPP-Signature-Certificate', `-----BEGIN CERTIFICATE-----${ctx.key.certHeader}-----END CERTIFICATE-----`),
  } satisfies MutationOperator<null>,

  // RFC 2047 wrapping of the Signature value.
  {
    id: 'rfc2047.valid-form',
    family: 'rfc2047',
    description: 'The Signature value wrapped as one RFC 2047 encoded-word, utf-8 or iso-8859-1, B or Q.',
    clauses: ['signing.rfc2047'],
    level: 'must',
    expect: 'accept',
    arb: fc.record({ charset: fc.constantFrom('utf-8' as const, 'iso-8859-1' as const), encoding: fc.constantFrom('B' as const, 'Q' as const) }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withSignature(s.request, encodeWords(s.signatureHeader, value)),
  } satisfies MutationOperator<{ charset: 'utf-8' | 'iso-8859-1'; encoding: 'B' | 'Q' }>,
  {
    id: 'rfc2047.case-variants',
    family: 'rfc2047',
    description: 'Charset and encoding of the encoded-word in other case (RFC 2047: case-insensitive).',
    clauses: ['signing.rfc2047'],
    level: 'should',
    expect: 'accept',
    arb: fc.record({ charset: fc.constantFrom('UTF-8', 'Utf-8', 'utf-8', 'ISO-8859-1', 'iso-8859-1', 'Iso-8859-1'), encoding: fc.constantFrom('b', 'q', 'B', 'Q') }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => {
      const charset = value.charset.toLowerCase() as 'utf-8' | 'iso-8859-1';
      const word = encodeWords(s.signatureHeader, { charset, encoding: value.encoding.toUpperCase() as 'B' | 'Q' });
      return withSignature(s.request, `=?${value.charset}?${value.encoding}?${word.slice(word.indexOf('?', word.indexOf('?', 2) + 1) + 1)}`);
    },
  } satisfies MutationOperator<{ charset: string; encoding: string }>,
  {
    id: 'rfc2047.split-words',
    family: 'rfc2047',
    description: 'The Signature value as several encoded-words of at most 75 characters, separated by spaces (RFC 2047 §2).',
    clauses: ['signing.rfc2047'],
    level: 'should',
    expect: 'accept',
    arb: fc.record({ max: fc.integer({ min: 24, max: 75 }), encoding: fc.constantFrom('B' as const, 'Q' as const) }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => withSignature(s.request, encodeWords(s.signatureHeader, { maxWordLength: value.max, encoding: value.encoding })),
  } satisfies MutationOperator<{ max: number; encoding: 'B' | 'Q' }>,
  {
    id: 'rfc2047.tampered',
    family: 'rfc2047',
    description: 'RFC 2047 wrapping of a tampered value (one signature bit flipped before encoding).',
    clauses: ['signing.rfc2047', 'signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ bit: fc.nat(2047), encoding: fc.constantFrom('B' as const, 'Q' as const) }),
    faults: ['signature-unchecked'],
    apply: (s, { value }) => withSignature(s.request, encodeWords(format(pairsOf(s).map(([k, v]) => [k, k === 'signature' ? flipBit(v, value.bit) : v])), { encoding: value.encoding })),
  } satisfies MutationOperator<{ bit: number; encoding: 'B' | 'Q' }>,
  {
    id: 'rfc2047.unterminated',
    family: 'rfc2047',
    description: 'An encoded-word without its closing "?=".',
    clauses: ['signing.rfc2047', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.integer({ min: 1, max: 2 }),
    faults: ['signature-header-unchecked'],
    apply: (s, { value }) => withSignature(s.request, encodeWords(s.signatureHeader).slice(0, -value)),
  } satisfies MutationOperator<number>,
  {
    id: 'rfc2047.bad-charset',
    family: 'rfc2047',
    description: 'An encoded-word in a charset nobody knows.',
    clauses: ['signing.rfc2047', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('utf-9', 'x-unknown', 'klingon', 'iso-8859-99'),
    faults: ['signature-header-unchecked'],
    apply: (s, { value }) => withSignature(s.request, encodeWords(s.signatureHeader).replace(/^=\?utf-8\?/, `=?${value}?`)),
  } satisfies MutationOperator<string>,
  {
    id: 'rfc2047.broken-base64',
    family: 'rfc2047',
    description: 'B-encoded text that is not base64.',
    clauses: ['signing.rfc2047', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ at: fc.nat(600), ch: fc.constantFrom('*', '%', '!', '-', '_') }),
    faults: ['signature-header-unchecked'],
    apply: (s, { value }) => {
      const w = encodeWords(s.signatureHeader);
      const head = '=?utf-8?B?'.length;
      const i = head + (value.at % (w.length - head - 2));
      return withSignature(s.request, w.slice(0, i) + value.ch + w.slice(i + 1));
    },
  } satisfies MutationOperator<{ at: number; ch: string }>,

  // Date.
  {
    id: 'date.within-window',
    family: 'date',
    description: 'Signed with a Date up to 55 s off the target\'s clock.',
    clauses: ['limits.date-skew', 'signing.date'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.integer({ min: -55, max: 55 }),
    faults: ['date-skew-30'],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, { date: { value: formatHttpDate(ctx.now + ctx.value * 1000) } }).request,
  } satisfies MutationOperator<number>,
  {
    id: 'date.skewed',
    family: 'date',
    description: 'Signed with a Date more than 60 s off the target\'s clock.',
    clauses: ['limits.date-skew', 'signing.date', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.record({ s: fc.integer({ min: 62, max: 7 * 86400 }), ahead: fc.boolean() }),
    faults: ['date-skew-ignored'],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, { date: { value: formatHttpDate(ctx.now + (ctx.value.ahead ? 1 : -1) * ctx.value.s * 1000) } }).request,
  } satisfies MutationOperator<{ s: number; ahead: boolean }>,
  {
    id: 'date.missing',
    family: 'date',
    description: 'No Date header (signed without it).',
    clauses: ['signing.date', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constant(null),
    faults: ['date-skew-ignored'],
    apply: (s, ctx) => { const names = headerNames(s).filter((n) => n !== 'date'); return without(ctx.sign(ctx.unsigned, { headers: names }).request, 'Date'); },
  } satisfies MutationOperator<null>,
  {
    id: 'date.malformed',
    family: 'date',
    description: 'A signed Date that is not an RFC 7231 date (ISO 8601, another zone, garbage).',
    clauses: ['signing.date', 'conventions.date-header', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constantFrom('iso', 'zone', 'garbage', 'epoch', 'no-weekday'),
    faults: ['date-skew-ignored'],
    apply: (_s, ctx) => {
      const d = new Date(ctx.now);
      const imf = formatHttpDate(ctx.now);
      const value = { iso: d.toISOString(), zone: imf.replace('GMT', '+0000'), garbage: 'yesterday', epoch: String(Math.floor(ctx.now / 1000)), 'no-weekday': imf.slice(5) }[ctx.value]!;
      return ctx.sign(ctx.unsigned, { date: { value } }).request;
    },
  } satisfies MutationOperator<string>,

  // Digest.
  {
    id: 'digest.body-changed',
    family: 'digest',
    description: 'The body changed after digesting (one byte, white space, CRLF line ends, a trailing newline).',
    clauses: ['signing.digest', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ kind: fc.constantFrom('byte', 'space', 'crlf', 'newline'), at: fc.nat(10_000) }),
    faults: ['digest-unchecked'],
    // An empty body (a GET base request) gets some bytes: never the bytes that were digested.
    apply: (s, { value }) => ({ ...s.request, body: changedBody(s.request.body, value.kind === 'newline' ? 'trailing-newline' : value.kind, value.at) }),
  } satisfies MutationOperator<{ kind: string; at: number }>,
  {
    id: 'digest.sha512',
    family: 'digest',
    description: 'Digest with SHA-512 instead of SHA-256.',
    clauses: ['signing.digest'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.constant(null),
    faults: ['digest-sha256-exact'],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, { digest: 'SHA-512' }).request,
  } satisfies MutationOperator<null>,
  {
    id: 'digest.name-case',
    family: 'digest',
    description: 'Digest algorithm name in other case (RFC 3230: case-insensitive).',
    clauses: ['signing.digest'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.record({ sha512: fc.boolean(), mask: fc.integer({ min: 0, max: 7 }) }),
    faults: ['digest-sha256-exact'],
    apply: (_s, ctx) => {
      const d = digestOf(ctx.unsigned.body, ctx.value.sha512 ? 'SHA-512' : 'SHA-256');
      const eq = d.indexOf('=');
      const name = caseVariant(d.slice(0, eq), ctx.value.mask);
      const renamed = name === 'SHA-256' ? 'sha-256' : name;
      return ctx.sign(withHeader(ctx.unsigned, 'Digest', `${renamed}${d.slice(eq)}`), { digest: 'none' }).request;
    },
  } satisfies MutationOperator<{ sha512: boolean; mask: number }>,
  {
    id: 'digest.unknown-algorithm',
    family: 'digest',
    description: 'Digest with an algorithm the spec does not allow (MD5, SHA, SHA-1, SHA-384, UNIXsum), correctly computed where possible.',
    clauses: ['signing.digest', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constantFrom('MD5', 'SHA', 'SHA-1', 'SHA-384', 'UNIXsum'),
    faults: ['digest-unchecked'],
    apply: (_s, ctx) => {
      const hash = { MD5: 'md5', SHA: 'sha1', 'SHA-1': 'sha1', 'SHA-384': 'sha384' }[ctx.value as 'MD5'];
      const v = hash ? createHashB64(hash, ctx.unsigned.body) : '30637';
      return ctx.sign(withHeader(ctx.unsigned, 'Digest', `${ctx.value}=${v}`), { digest: 'none' }).request;
    },
  } satisfies MutationOperator<string>,
  {
    id: 'digest.bad-base64',
    family: 'digest',
    description: 'Digest whose value is not the base64 of a SHA-256 hash (not base64, no padding, hex, truncated).',
    clauses: ['signing.digest', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constantFrom('bad-char', 'no-padding', 'hex', 'truncated', 'empty'),
    faults: ['digest-unchecked'],
    apply: (_s, ctx) => {
      const d = digestOf(ctx.unsigned.body).slice('SHA-256='.length);
      const hex = Buffer.from(d, 'base64').toString('hex');
      const v = { 'bad-char': `*${d.slice(1)}`, 'no-padding': d.replace(/=+$/, ''), hex, truncated: d.slice(0, 20), empty: '' }[ctx.value]!;
      return ctx.sign(withHeader(ctx.unsigned, 'Digest', `SHA-256=${v}`), { digest: 'none' }).request;
    },
  } satisfies MutationOperator<string>,
];

function createHashB64(alg: string, body: Buffer): string {
  return createHash(alg).update(body).digest('base64');
}

const BY_ID = new Map(OPERATORS.map((o) => [o.id, o]));
if (BY_ID.size !== OPERATORS.length) throw new Error('mutation operator ids must be unique');

/** Operator by id; throws naming the known ids. */
export function operatorById(id: string): MutationOperator {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`unknown mutation operator "${id}"; known: ${OPERATORS.map((o) => o.id).join(', ')}`);
  return op;
}

