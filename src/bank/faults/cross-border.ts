// Field rules of the cross-border payment request (§ Resources > Cross-border payment): each fault
// is a bank that does not check one field, so a payment breaking that rule is created. The property
// faults (faults/properties.ts) add the amount, currency and country faults.
import {
  acceptErrors,
  createdPayment,
  errorBody,
  errorText,
  onOps,
  rerun,
  type AreaFault,
  type Transform,
} from './support.ts';

const features = ['cross-border-payment'];
const OP = ['create-cross-border-payment'];
const PAY = ['create-cross-border-payment', 'initiate-payment'];
const DUPLICATE = 'endpoints.create-cross-border-payment.query.allowLogicalDuplicate';

/** A created payment that duplicates an open one is taken back and refused, whatever allowLogicalDuplicate says. */
const duplicateRefused: Transform = (reply, ctx) => {
  if (reply.status !== 201 || ctx.query?.get('allowLogicalDuplicate') !== 'true') return reply;
  const st = ctx.bank.state;
  const p = st.payments.get(String((reply.body as { paymentId?: unknown } | undefined)?.paymentId));
  if (!p) return reply;
  const dup = [...st.payments.values()].find(
    (x) => x !== p && x.tppId === p.tppId && x.fingerprint === p.fingerprint && !['RJCT', 'CANC'].includes(x.status),
  );
  if (!dup) return reply;
  st.payments.delete(p.paymentId);
  return errorBody('CONFLICT', `logical duplicate of payment ${dup.paymentId}`);
};

const field = (id: string, description: string, clauses: string[], where: RegExp): AreaFault => ({
  id,
  area: 'cross-border',
  features,
  description,
  clauses,
  hooks: { transformResponse: acceptErrors(OP, where, createdPayment) },
});

export const CROSS_BORDER_FAULTS: readonly AreaFault[] = [
  field(
    'creditor-name-unchecked',
    'Creates a cross-border payment without creditorName or with one longer than 70 characters.',
    ['fields.cross-border-payment-request.creditorName', 'limits.creditor-name-length'],
    /\/creditorName\b/,
  ),
  field(
    'creditor-agent-unchecked',
    'Takes any creditorAgent, and none with a bban creditor account (no BIC check).',
    ['fields.cross-border-payment-request.creditorAgent'],
    /\/creditorAgent\b/,
  ),
  field(
    'bban-length-unchecked',
    'Takes a bban of any length in creditorAccount or debtorAccount.',
    ['fields.account-reference.bban', 'limits.bban-length'],
    /\/bban: must NOT have more than/,
  ),
  field(
    'iban-unchecked',
    'Takes an iban of any length and structure.',
    ['fields.account-reference.iban', 'limits.iban-length'],
    /\/iban: must/,
  ),
  field(
    'creditor-address-unchecked',
    'Takes a creditorAddress with a street over 70 characters or without country.',
    ['fields.cross-border-payment-request.creditorAddress'],
    /\/creditorAddress\/(street|country): must (NOT have more|have required)/,
  ),
  field(
    'remittance-length-unchecked',
    'Takes an empty remittanceInformationUnstructured or one over 140 characters.',
    ['fields.cross-border-payment-request.remittanceInformationUnstructured', 'limits.remittance-length'],
    /\/remittanceInformationUnstructured: must NOT have/,
  ),
  field(
    'purpose-code-unchecked',
    "Takes any purposeCode, not only the spec's list.",
    ['fields.cross-border-payment-request.purposeCode'],
    /\/purposeCode\b/,
  ),
  field(
    'execution-date-unchecked',
    'Takes a requestedExecutionDate that is not an ISO 8601 date.',
    ['fields.cross-border-payment-request.requestedExecutionDate', 'conventions.date-json'],
    /\/requestedExecutionDate: must match format/,
  ),
  field(
    'accounts-unchecked',
    'Creates a payment without creditorAccount or debtorAccount, or with an account reference lacking its currency.',
    [
      'fields.cross-border-payment-request.creditorAccount',
      'fields.cross-border-payment-request.debtorAccount',
      'fields.account-reference.currency',
    ],
    /\/(creditorAccount|debtorAccount)(\/currency)?: must have required property/,
  ),
  {
    id: 'logical-duplicate-always-refused',
    area: 'cross-border',
    replay: 'clauses',
    description: 'Refuses a logical duplicate with 409 even when the TPP sent allowLogicalDuplicate=true.',
    clauses: [DUPLICATE],
    hooks: { transformResponse: onOps(PAY, duplicateRefused) },
  },
  {
    id: 'logical-duplicate-allowed',
    area: 'cross-border',
    replay: 'clauses',
    description:
      'Creates a logical duplicate although the TPP sent allowLogicalDuplicate=false (the query is ignored).',
    clauses: [DUPLICATE],
    hooks: {
      transformResponse: onOps(PAY, (reply, ctx) =>
        reply.status === 409 && /logical duplicate/.test(errorText(reply))
          ? (rerun(ctx, (q) => q.set('allowLogicalDuplicate', 'true')) ?? reply)
          : reply,
      ),
    },
  },
  {
    id: 'allow-duplicate-not-boolean-accepted',
    area: 'cross-border',
    replay: 'clauses',
    description:
      'Takes any allowLogicalDuplicate value (maybe) as false instead of refusing a query parameter that is not a boolean.',
    clauses: [DUPLICATE],
    hooks: {
      transformResponse: onOps(PAY, (reply, ctx) =>
        reply.status === 400 && /allowLogicalDuplicate: must be true or false/.test(errorText(reply))
          ? (rerun(ctx, (q) => q.delete('allowLogicalDuplicate')) ?? reply)
          : reply,
      ),
    },
  },
];
