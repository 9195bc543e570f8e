// The tampering catalogue, family digest: Digest.
import fc from 'fast-check';
import { digestOf } from '../digest.ts';
import { withHeader, caseVariant, changedBody, SIG, createHashB64 } from './support.ts';
import type { MutationOperator } from './types.ts';

export const DIGEST: readonly MutationOperator[] = [
  {
    id: 'digest.body-changed',
    family: 'digest',
    description: 'The body changed after digesting (one byte, white space, CRLF line ends, a trailing newline).',
    clauses: ['signing.digest', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({ kind: fc.constantFrom('byte', 'space', 'crlf', 'newline'), at: fc.nat(10_000) }),
    faults: ['digest-unchecked'],
    gherkin: [{ name: 'the body changed after signing', value: { kind: 'newline', at: 0 } }],
    // An empty body (a GET base request) gets some bytes: never the bytes that were digested.
    apply: (s, { value }) => ({
      ...s.request,
      body: changedBody(s.request.body, value.kind === 'newline' ? 'trailing-newline' : value.kind, value.at),
    }),
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
    gherkin: [{ name: 'a SHA-512 Digest', value: null }],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, { digest: 'SHA-512' }).request,
  } satisfies MutationOperator<null>,
  {
    id: 'digest.name-case',
    family: 'digest',
    description: 'Digest algorithm name in other case (RFC 3230: case-insensitive).',
    // RFC 3230's rule, not the spec's (which writes SHA-256 and SHA-512): SHOULD.
    clauses: ['signing.digest-name-case'],
    level: 'should',
    expect: 'accept',
    resigns: true,
    arb: fc.record({ sha512: fc.boolean(), mask: fc.integer({ min: 0, max: 7 }) }),
    faults: ['digest-sha256-exact'],
    gherkin: [{ name: 'the Digest algorithm name in lower case', value: { sha512: false, mask: 0 } }],
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
    description:
      'Digest with an algorithm the spec does not allow (MD5, SHA, SHA-1, SHA-384, UNIXsum), correctly computed where possible.',
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
      const v = {
        'bad-char': `*${d.slice(1)}`,
        'no-padding': d.replace(/=+$/, ''),
        hex,
        truncated: d.slice(0, 20),
        empty: '',
      }[ctx.value]!;
      return ctx.sign(withHeader(ctx.unsigned, 'Digest', `SHA-256=${v}`), { digest: 'none' }).request;
    },
  } satisfies MutationOperator<string>,

  // For the Gherkin rows (src/suite/tamper.ts); not in the fuzz campaign's default set.
  {
    id: 'digest.other-body',
    family: 'digest',
    description: 'A Digest of another body, signed without Digest in headers= (only the Digest check can see it).',
    clauses: ['signing.digest', 'errors.signature-invalid'],
    level: 'must',
    expect: 'reject',
    resigns: true,
    campaign: false,
    arb: fc.constantFrom('', '{}', 'x'),
    faults: ['digest-unchecked'],
    // The SHA-256 of the empty body, on a request that has one (a payment).
    gherkin: [{ name: 'a Digest of another body', value: '' }],
    apply: (_s, ctx) => {
      const other = Buffer.from(ctx.value);
      const body = other.equals(ctx.unsigned.body) ? Buffer.concat([other, Buffer.from(' ')]) : other;
      return withHeader(
        ctx.sign(ctx.unsigned, { digest: 'none', headers: ['date', 'x-request-id'] }).request,
        'Digest',
        digestOf(body),
      );
    },
  } satisfies MutationOperator<string>,
];
