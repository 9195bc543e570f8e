// The tampering catalogue, family headers: The headers= list.
import fc from 'fast-check';
import { headerValue } from '../http-message.ts';
import { SIGNED_HEADERS } from '../../spec/signing.ts';
import {
  factorial,
  withParam,
  signedNames,
  otherOrder,
  caseVariant,
  headerNames,
  SIG,
  UNSIGNED_PRESENT,
  insertSignedName,
} from './support.ts';
import type { MutationOperator } from './types.ts';

export const HEADERS: readonly MutationOperator[] = [
  {
    id: 'headers.name-missing',
    family: 'headers',
    description: 'A signed header name left out of headers= (signature unchanged).',
    clauses: ['signing.headers-list', 'signing.signing-string', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(5),
    faults: ['signature-unchecked'],
    apply: (s, { value }) =>
      withParam(s, 'headers', (v) => {
        const n = v.split(' ');
        n.splice(value % n.length, 1);
        return n.join(' ');
      }),
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
    apply: (s, { value }) =>
      insertSignedName(
        s,
        [value.name, ...UNSIGNED_PRESENT].find((n) => headerValue(s.request.headers, n) !== undefined) ??
          'tpp-signature-certificate',
        value.at,
      ),
  } satisfies MutationOperator<{ name: string; at: number }>,
  {
    id: 'headers.name-absent',
    family: 'headers',
    description:
      'A header name in headers= that the request does not carry (signature unchanged): left out of the signing string, so valid (step 1: "A header absent from the request is absent from the signing string").',
    clauses: ['signing.signing-string', 'signing.headers-list'],
    level: 'must',
    expect: 'accept',
    // Names of the spec's signed set the base request does not send (a name outside the set only when all are sent).
    arb: fc.record({ name: fc.constantFrom('psu-corporate-id', 'psu-id'), at: fc.nat(6) }),
    faults: ['absent-header-refused'],
    apply: (s, { value }) =>
      insertSignedName(
        s,
        [value.name, 'psu-corporate-id', 'psu-id', 'x-unknown'].find(
          (n) => headerValue(s.request.headers, n) === undefined && !signedNames(s).includes(n),
        )!,
        value.at,
      ),
  } satisfies MutationOperator<{ name: string; at: number }>,
  {
    id: 'headers.name-absent-signed',
    family: 'headers',
    description:
      'Signed with the whole signed set in headers=, some of it not sent (the spec leaves those out of the signing string; draft-cavage refuses it).',
    clauses: ['signing.signing-string', 'signing.headers-list'],
    level: 'must',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(5),
    faults: ['absent-header-refused'],
    gherkin: [{ name: 'a header in headers= that is not sent', value: 0 }],
    apply: (s, ctx) => {
      // The spec's signed set in its order, and one absent name at a chosen place when all are present.
      const names: string[] = [...SIGNED_HEADERS];
      if (names.every((n) => headerValue(ctx.unsigned.headers, n) !== undefined || n === 'date' || n === 'digest'))
        names.splice(ctx.value % (names.length + 1), 0, 'x-unknown');
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
    gherkin: [{ name: 'the signed headers in another order', valueFor: (s) => factorial(signedNames(s).length) - 2 }], // the reverse order
    apply: (s, { value }) => withParam(s, 'headers', () => otherOrder(headerNames(s), value).join(' ')),
  } satisfies MutationOperator<number>,
  {
    id: 'headers.order-resigned',
    family: 'headers',
    description: "Signed in another order of the TPP's choosing, headers= matching.",
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
    apply: (s, { value }) =>
      withParam(s, 'headers', (v) => (caseVariant(v, value) === v ? v.toUpperCase() : caseVariant(v, value))),
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
    gherkin: [{ name: '(request-target) signed too', value: 0 }],
    apply: (s, ctx) => {
      const n = [...headerNames(s)];
      n.splice(ctx.value % (n.length + 1), 0, '(request-target)');
      return ctx.sign(ctx.unsigned, { headers: n }).request;
    },
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
    apply: (s, { value }) =>
      withParam(s, 'headers', (v) => {
        const n = v.split(' ');
        n.splice(value % (n.length + 1), 0, '(request-target)');
        return n.join(' ');
      }),
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
      const signed = ctx.sign(
        {
          ...ctx.unsigned,
          method: ctx.value.method,
          target: ctx.unsigned.target + (same ? '/other' : ctx.value.suffix),
        },
        { headers: names },
      );
      return { ...signed.request, method: ctx.unsigned.method, target: ctx.unsigned.target };
    },
  } satisfies MutationOperator<{ method: string; suffix: string }>,
  {
    id: 'headers.subset-resigned',
    family: 'headers',
    description:
      'Signed over fewer of the headers present (the spec\'s signed set "may contain" them; the platform signs them when available).',
    clauses: ['signing.headers-present'],
    level: 'should',
    expect: 'accept',
    resigns: true,
    arb: fc.nat(5),
    faults: ['signed-set-fixed'],
    apply: (s, ctx) => {
      const n = [...headerNames(s)];
      n.splice(ctx.value % n.length, 1);
      return ctx.sign(ctx.unsigned, { headers: n.length ? n : ['x-request-id'] }).request;
    },
  } satisfies MutationOperator<number>,

  // For the Gherkin rows (src/suite/tamper.ts); not in the fuzz campaign's default set.
  {
    id: 'headers.name-twice',
    family: 'headers',
    description:
      "Signed with one name of headers= listed twice (draft-cavage: each signed header once; the spec's signed set is a set).",
    clauses: ['signing.headers-list', 'errors.signature-invalid'],
    level: 'should',
    expect: 'reject',
    resigns: true,
    campaign: false,
    arb: fc.nat(5),
    faults: ['headers-unchecked'],
    // The default signed set of a private PSU's request: date date digest x-request-id psu-id tpp-redirect-uri.
    gherkin: [{ name: 'a header listed twice in headers=', value: 0 }],
    apply: (s, ctx) => {
      const n = [...headerNames(s)];
      const i = ctx.value % n.length;
      n.splice(i + 1, 0, n[i]);
      return ctx.sign(ctx.unsigned, { headers: n }).request;
    },
  } satisfies MutationOperator<number>,
];
