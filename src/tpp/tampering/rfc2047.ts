// The tampering catalogue, family rfc2047: RFC 2047 wrapping of the Signature value.
import fc from 'fast-check';
import { encodeWords } from '../rfc2047.ts';
import { pairsOf, format, withSignature, flipBit, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const RFC2047: readonly MutationOperator[] = [
  {
    id: 'rfc2047.valid-form',
    family: 'rfc2047',
    description: 'The Signature value wrapped as one RFC 2047 encoded-word, utf-8 or iso-8859-1, B or Q.',
    clauses: ['signing.rfc2047'],
    level: 'must',
    expect: 'accept',
    arb: fc.record({
      charset: fc.constantFrom('utf-8' as const, 'iso-8859-1' as const),
      encoding: fc.constantFrom('B' as const, 'Q' as const),
    }),
    faults: ['signature-header-strict'],
    gherkin: [
      { name: 'the Signature wrapped as =?utf-8?B?…?=', value: { charset: 'utf-8', encoding: 'B' } },
      { name: 'the Signature wrapped in Q encoding', value: { charset: 'utf-8', encoding: 'Q' } },
    ],
    apply: (s, { value }) => withSignature(s.request, encodeWords(s.signatureHeader, value)),
  } satisfies MutationOperator<{ charset: 'utf-8' | 'iso-8859-1'; encoding: 'B' | 'Q' }>,
  {
    id: 'rfc2047.case-variants',
    family: 'rfc2047',
    description: 'Charset and encoding of the encoded-word in other case (RFC 2047: case-insensitive).',
    clauses: ['signing.rfc2047'],
    level: 'should',
    expect: 'accept',
    arb: fc.record({
      charset: fc.constantFrom('UTF-8', 'Utf-8', 'utf-8', 'ISO-8859-1', 'iso-8859-1', 'Iso-8859-1'),
      encoding: fc.constantFrom('b', 'q', 'B', 'Q'),
    }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) => {
      const charset = value.charset.toLowerCase() as 'utf-8' | 'iso-8859-1';
      const word = encodeWords(s.signatureHeader, { charset, encoding: value.encoding.toUpperCase() as 'B' | 'Q' });
      return withSignature(
        s.request,
        `=?${value.charset}?${value.encoding}?${word.slice(word.indexOf('?', word.indexOf('?', 2) + 1) + 1)}`,
      );
    },
  } satisfies MutationOperator<{ charset: string; encoding: string }>,
  {
    id: 'rfc2047.split-words',
    family: 'rfc2047',
    description:
      'The Signature value as several encoded-words of at most 75 characters, separated by spaces (RFC 2047 §2).',
    clauses: ['signing.rfc2047'],
    level: 'should',
    expect: 'accept',
    arb: fc.record({ max: fc.integer({ min: 24, max: 75 }), encoding: fc.constantFrom('B' as const, 'Q' as const) }),
    faults: ['signature-header-strict'],
    apply: (s, { value }) =>
      withSignature(s.request, encodeWords(s.signatureHeader, { maxWordLength: value.max, encoding: value.encoding })),
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
    apply: (s, { value }) =>
      withSignature(
        s.request,
        encodeWords(format(pairsOf(s).map(([k, v]) => [k, k === 'signature' ? flipBit(v, value.bit) : v])), {
          encoding: value.encoding,
        }),
      ),
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
    gherkin: [{ name: 'a broken RFC 2047 wrapping', value: 2 }],
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
    apply: (s, { value }) =>
      withSignature(s.request, encodeWords(s.signatureHeader).replace(/^=\?utf-8\?/, `=?${value}?`)),
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
];
