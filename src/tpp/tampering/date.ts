// The tampering catalogue, family date: Date.
import fc from 'fast-check';
import { formatHttpDate } from '../http-date.ts';
import { without, headerNames, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const DATE: readonly MutationOperator[] = [
  {
    id: 'date.within-window',
    family: 'date',
    description: "Signed with a Date up to 55 s off the target's clock.",
    clauses: ['limits.date-skew', 'signing.date'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.integer({ min: -55, max: 55 }),
    faults: ['date-skew-30'],
    gherkin: [
      { name: 'a Date 50 seconds ahead', value: 50 },
      { name: 'a Date 50 seconds behind', value: -50 },
    ],
    apply: (_s, ctx) => ctx.sign(ctx.unsigned, { date: { value: formatHttpDate(ctx.now + ctx.value * 1000) } }).request,
  } satisfies MutationOperator<number>,
  {
    id: 'date.skewed',
    family: 'date',
    description: "Signed with a Date more than 60 s off the target's clock.",
    clauses: ['limits.date-skew', 'signing.date', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.record({ s: fc.integer({ min: 62, max: 7 * 86400 }), ahead: fc.boolean() }),
    faults: ['date-skew-ignored'],
    // HTTP dates have whole seconds: 62 s ahead rounded down is at least 61 s ahead when it is sent
    // (61 s rounded down could be under 60 s ahead by the time it arrives).
    gherkin: [
      { name: 'a Date 61 seconds ahead', value: { s: 62, ahead: true } },
      { name: 'a Date 61 seconds behind', value: { s: 61, ahead: false } },
    ],
    apply: (_s, ctx) =>
      ctx.sign(ctx.unsigned, {
        date: { value: formatHttpDate(ctx.now + (ctx.value.ahead ? 1 : -1) * ctx.value.s * 1000) },
      }).request,
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
    gherkin: [{ name: 'no Date header', value: null }],
    apply: (s, ctx) => {
      const names = headerNames(s).filter((n) => n !== 'date');
      return without(ctx.sign(ctx.unsigned, { headers: names }).request, 'Date');
    },
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
    gherkin: [{ name: 'a Date in ISO 8601', value: 'iso' }],
    apply: (_s, ctx) => {
      const d = new Date(ctx.now);
      const imf = formatHttpDate(ctx.now);
      const value = {
        iso: d.toISOString(),
        zone: imf.replace('GMT', '+0000'),
        garbage: 'yesterday',
        epoch: String(Math.floor(ctx.now / 1000)),
        'no-weekday': imf.slice(5),
      }[ctx.value]!;
      return ctx.sign(ctx.unsigned, { date: { value } }).request;
    },
  } satisfies MutationOperator<string>,
];
