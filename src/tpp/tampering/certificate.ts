// The tampering catalogue, family certificate: Certificates and keys.
import fc from 'fast-check';
import { withHeader, without, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const CERTIFICATE: readonly MutationOperator[] = [
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
    apply: (_s, ctx) =>
      ctx.sign(ctx.unsigned, {}, { ...ctx.other, keyId: ctx.key.keyId, certHeader: ctx.key.certHeader }).request,
  } satisfies MutationOperator<null>,
  {
    id: 'certificate.other-identity',
    family: 'certificate',
    description: "Another TPP's certificate and keyId, signed with our key.",
    clauses: ['signing.signature-value', ...SIG],
    level: 'must',
    expect: 'reject',
    resigns: true,
    arb: fc.constant(null),
    faults: ['signature-unchecked'],
    apply: (_s, ctx) =>
      ctx.sign(
        withHeader(ctx.unsigned, 'TPP-Signature-Certificate', ctx.other.certHeader),
        {},
        { ...ctx.key, keyId: ctx.other.keyId },
      ).request,
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
      return withHeader(
        s.request,
        'TPP-Signature-Certificate',
        ctx.value.bad ? `${c.slice(0, at)}*${c.slice(at + 1)}` : c.slice(0, at),
      );
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
    gherkin: [{ name: 'the certificate in PEM armour', value: null }],
    apply: (s, ctx) =>
      withHeader(
        s.request,
        'TPP-Signature-Certificate',
        `-----BEGIN CERTIFICATE-----${ctx.key.certHeader}-----END CERTIFICATE-----`,
      ),
  } satisfies MutationOperator<null>,
];
