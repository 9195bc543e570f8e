// Field rules of the cross-border payment request (§ Resources > Cross-border payment): each fault
// is a bank that does not check one field, so a payment breaking that rule is created. Issue 5 adds
// the amount, currency and country faults (src/bank/faults.ts).
import { acceptErrors, createdPayment, type AreaFault } from './support.ts';

const features = ['cross-border-payment'];
const OP = ['create-cross-border-payment'];

const field = (id: string, description: string, clauses: string[], where: RegExp): AreaFault => ({
  id, area: 'cross-border', features, description, clauses, hooks: { transformResponse: acceptErrors(OP, where, createdPayment) },
});

export const CROSS_BORDER_FAULTS: readonly AreaFault[] = [
  field('creditor-name-unchecked', 'Creates a cross-border payment without creditorName or with one longer than 70 characters.',
    ['fields.cross-border-payment-request.creditorName', 'limits.creditor-name-length'], /\/creditorName\b/),
  field('creditor-agent-unchecked', 'Takes any creditorAgent, and none with a bban creditor account (no BIC check).',
    ['fields.cross-border-payment-request.creditorAgent'], /\/creditorAgent\b/),
  field('bban-length-unchecked', 'Takes a bban of any length in creditorAccount or debtorAccount.',
    ['fields.account-reference.bban', 'limits.bban-length'], /\/bban: must NOT have more than/),
  field('iban-unchecked', 'Takes an iban of any length and structure.',
    ['fields.account-reference.iban', 'limits.iban-length'], /\/iban: must/),
  field('creditor-address-unchecked', 'Takes a creditorAddress with a street over 70 characters or without country.',
    ['fields.cross-border-payment-request.creditorAddress'], /\/creditorAddress\/(street|country): must (NOT have more|have required)/),
  field('remittance-length-unchecked', 'Takes an empty remittanceInformationUnstructured or one over 140 characters.',
    ['fields.cross-border-payment-request.remittanceInformationUnstructured', 'limits.remittance-length'], /\/remittanceInformationUnstructured: must NOT have/),
  field('purpose-code-unchecked', 'Takes any purposeCode, not only the spec\'s list.',
    ['fields.cross-border-payment-request.purposeCode'], /\/purposeCode\b/),
  field('execution-date-unchecked', 'Takes a requestedExecutionDate that is not an ISO 8601 date.',
    ['fields.cross-border-payment-request.requestedExecutionDate', 'conventions.date-json'], /\/requestedExecutionDate: must match format/),
  field('accounts-unchecked', 'Creates a payment without creditorAccount or debtorAccount, or with an account reference lacking its currency.',
    ['fields.cross-border-payment-request.creditorAccount', 'fields.cross-border-payment-request.debtorAccount', 'fields.account-reference.currency'], /\/(creditorAccount|debtorAccount)(\/currency)?: must have required property/),
];
