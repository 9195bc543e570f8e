// The tampering catalogue, family algorithm: algorithm=.
import fc from 'fast-check';
import { withParam, caseVariant, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const ALGORITHM: readonly MutationOperator[] = [
  {
    id: 'algorithm.other-name',
    family: 'algorithm',
    description: "algorithm= naming another algorithm than the certificate's rsa-sha256.",
    clauses: ['signing.algorithm', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('hmac-sha256', 'rsa-sha512', 'rsa-sha1', 'ecdsa-sha256', 'rsa-pss-sha256', 'ed25519', ''),
    faults: ['algorithm-unchecked'],
    gherkin: [{ name: 'algorithm hmac-sha256', value: 'hmac-sha256' }],
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
    gherkin: [{ name: 'algorithm RSA-SHA256 in upper case', value: 0xff }],
    apply: (s, { value }) => withParam(s, 'algorithm', (v) => caseVariant(v, value)),
  } satisfies MutationOperator<number>,
];
