// The tampering catalogue, family signature: The signature value.
import fc from 'fast-check';
import { headerValue } from '../http-message.ts';
import { withParam, withHeader, without, flipBit, B64_BAD, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const SIGNATURE: readonly MutationOperator[] = [
  {
    id: 'signature.bit-flip',
    family: 'signature',
    description: 'One bit of the RSA signature flipped.',
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(2047),
    faults: ['signature-unchecked'],
    gherkin: [
      { name: 'a flipped bit in the signature', valueFor: (s) => (Buffer.from(s.signature, 'base64').length >> 1) * 8 },
    ], // the lowest bit of the middle byte
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
    apply: (s, { value }) =>
      withParam(s, 'signature', (v) => v.slice(0, value.at % v.length) + value.ch + v.slice((value.at % v.length) + 1)),
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
    apply: (s) =>
      withParam(s, 'signature', (v) => {
        const u = Buffer.from(v, 'base64').toString('base64url');
        return u === v ? `${u}_` : u;
      }),
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
      const other = ctx.sign(
        withHeader(ctx.unsigned, 'X-Request-ID', `00000000-0000-4000-8000-${ctx.value.toString(16).padStart(12, '0')}`),
        { date: { value: headerValue(s.request.headers, 'date')! } },
      );
      return withParam(s, 'signature', () => other.signature);
    },
  } satisfies MutationOperator<number>,

  // For the Gherkin rows (src/suite/tamper.ts); not in the fuzz campaign's default set.
  {
    id: 'signature.unsigned',
    family: 'signature',
    description: 'Not signed at all: no Signature, no Date, no Digest.',
    clauses: ['signing.missing-rejected', 'errors.signature-missing'],
    level: 'must',
    expect: 'reject',
    resigns: true,
    campaign: false,
    arb: fc.constant(null),
    // No Signature and no Date: a bank that skips both the signature and the Date checks accepts it.
    faults: ['unsigned-accepted', 'date-optional'],
    gherkin: [{ name: 'no signature', value: null }],
    apply: (_s, ctx) => ctx.unsigned,
  } satisfies MutationOperator<null>,
  {
    id: 'signature.missing',
    family: 'signature',
    description: 'Signed, then the Signature header left out (Date and Digest stay).',
    clauses: ['signing.missing-rejected', 'errors.signature-missing'],
    level: 'must',
    expect: 'reject',
    campaign: false,
    arb: fc.constant(null),
    faults: ['unsigned-accepted'],
    gherkin: [{ name: 'no Signature header', value: null }],
    apply: (s) => without(s.request, 'Signature'),
  } satisfies MutationOperator<null>,
];
