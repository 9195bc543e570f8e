// The tampering catalogue, family date: Date.
import fc from 'fast-check';
import { limitValue } from '../../spec/limits.ts';
import { formatHttpDate } from '../http-date.ts';
import { without, headerNames, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

/** The spec's window: a Date at most this far from the target's clock is within it (§ Limits). */
const WINDOW_MS = limitValue('date-skew') * 1000;
/** An HTTP date has whole seconds: written, it is up to this much earlier than the time it was made from. */
const ROUNDING_MS = 1000;

// Timing. The target reads a Date some time after it was written (the request's way there, a queue):
// a Date behind its clock is further behind by then, a Date ahead less ahead. Only a verdict against
// `expect` can be the doing of that time, so each operator says how long the request may take from
// signing to answer with such a verdict still certain (slackMs); past that, the Date is written again
// further out by the time seen (transitMs) and the request sent again (src/suite/tamper.ts, the fuzzer).

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
    // Behind: read up to `slack` later it is still within the window; the transit moves it nearer.
    slackMs: (v, transitMs) => WINDOW_MS - ROUNDING_MS + v * 1000 + (v < 0 ? transitMs : 0),
    apply: (_s, ctx) =>
      ctx.sign(ctx.unsigned, {
        date: { value: formatHttpDate(ctx.now + ctx.value * 1000 + (ctx.value < 0 ? ctx.transitMs : 0)) },
      }).request,
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
    // Ahead: it must still be more than the window ahead when read; the transit moves it further out.
    // Behind: it only gets further behind.
    slackMs: ({ s, ahead }, transitMs) =>
      ahead ? s * 1000 - ROUNDING_MS - WINDOW_MS + transitMs : Number.POSITIVE_INFINITY,
    apply: (_s, ctx) =>
      ctx.sign(ctx.unsigned, {
        date: {
          value: formatHttpDate(ctx.now + (ctx.value.ahead ? ctx.value.s * 1000 + ctx.transitMs : -ctx.value.s * 1000)),
        },
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
