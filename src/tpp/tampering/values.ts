// The tampering catalogue, family values: Values of signed headers.
import fc from 'fast-check';
import { formatHttpDate } from '../http-date.ts';
import { headerValue } from '../http-message.ts';
import { withHeader, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const VALUES: readonly MutationOperator[] = [
  {
    id: 'values.signed-header-changed',
    family: 'values',
    description:
      'A signed header value changed after signing (X-Request-ID, TPP-Redirect-URI, or Date moved inside the window).',
    clauses: ['signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.record({
      which: fc.constantFrom('x-request-id', 'tpp-redirect-uri', 'date'),
      n: fc.integer({ min: 1, max: 30 }),
    }),
    faults: ['signature-unchecked'],
    gherkin: [{ name: 'a signed header changed after signing', value: { which: 'x-request-id', n: 1 } }],
    apply: (s, ctx) => {
      const r = s.request;
      const { which, n } = ctx.value;
      if (which === 'date')
        return withHeader(r, 'Date', formatHttpDate(Date.parse(headerValue(r.headers, 'date')!) - n * 1000));
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
    apply: (s, { value }) => ({
      ...s.request,
      headers: [
        ...s.request.headers,
        [value, value === 'X-Request-ID' ? '11111111-2222-4333-8444-555555555555' : 'https://evil.example/cb'],
      ],
    }),
  } satisfies MutationOperator<string>,
];
