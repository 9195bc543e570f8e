// The tampering catalogue, family params: Signature parameters: dropping, duplicating, reordering.
import fc from 'fast-check';
import { withPairs, otherOrder, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const PARAMS: readonly MutationOperator[] = [
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
    apply: (s, { value }) =>
      withPairs(s, (p) => {
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
    apply: (s, { value }) =>
      withPairs(s, (p) => [...p.slice(0, value.at), [value.name, 'fuzz'] as [string, string], ...p.slice(value.at)]),
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
];
