// Request templates for bodies. Shapes the spec shows (cross-border payment, basket, card
// transactions) follow its tables; shapes it does not show follow the platform's own
// (facts §1.3–1.4: EVRY's public TPP helper and the sandbox pages). A profile may replace any
// template ("templates": { "<name>": {...} }), so a bank whose unshown shapes differ can be
// certified without code changes. `{{name}}` placeholders are filled from the scenario's values;
// a value that is the whole string keeps its JSON type.
import type { Profile } from './profile.ts';
import { fillText } from '../tpp/fill-text.ts';

export const DEFAULT_TEMPLATES: Record<string, unknown> = {
  'cross-border-payment': {
    instructedAmount: { amount: '{{amount}}', currency: '{{currency}}' },
    creditorName: 'Conformance Creditor Ltd',
    creditorAgent: 'DEUTDEFF',
    creditorAccount: { iban: 'DE89370400440532013000', currency: '{{currency}}' },
    creditorAddress: {
      street: 'Taunusanlage',
      buildingNumber: '12',
      postalCode: '60325',
      city: 'Frankfurt',
      country: 'DE',
    },
    debtorAccount: '{{debtorAccount}}',
    remittanceInformationUnstructured: 'Conformance test payment',
    purposeCode: 'OTHR',
  },
  'norwegian-domestic-payment': {
    instructedAmount: { amount: '{{amount}}', currency: 'NOK' },
    creditorName: 'Conformance Kreditor AS',
    creditorAccount: { bban: '12345678903', currency: 'NOK' },
    debtorAccount: '{{debtorAccount}}',
    remittanceInformationUnstructured: 'Konformitetstest',
  },
  'signing-basket': { paymentIds: '{{paymentIds}}' },
  // Where a KID goes (fields merged into a norwegian-domestic body; the unstructured remittance is left out): the
  // platform's
  // Berlin Group structured remittance (facts §1.3). The spec says only "KID errors return status 400".
  kid: { remittanceInformationStructured: { reference: '{{kid}}', referenceType: 'SCOR', referenceIssuer: 'KID' } },
  // Bodies of the other products: the spec shows none; Berlin Group 1.3 shapes.
  // SEPA credit transfer: the Berlin Group body of a single payment, in EUR to an IBAN.
  'sepa-payment': {
    instructedAmount: { amount: '{{amount}}', currency: 'EUR' },
    creditorName: 'Conformance Creditor GmbH',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    debtorAccount: '{{debtorAccount}}',
    remittanceInformationUnstructured: 'Conformance test payment',
  },
  // Berlin Group 1.3 bulk payment: one debtor, a list of credit transfers.
  'norwegian-domestic-bulk-payment': {
    batchBookingPreferred: false,
    debtorAccount: '{{debtorAccount}}',
    payments: [
      {
        instructedAmount: { amount: '{{amount}}', currency: 'NOK' },
        creditorName: 'Conformance Kreditor AS',
        creditorAccount: { bban: '12345678903', currency: 'NOK' },
        remittanceInformationUnstructured: 'Konformitetstest 1 {{token}}',
      },
      {
        instructedAmount: { amount: '{{amount}}', currency: 'NOK' },
        creditorName: 'Conformance Kreditor AS',
        creditorAccount: { bban: '12345678903', currency: 'NOK' },
        remittanceInformationUnstructured: 'Konformitetstest 2 {{token}}',
      },
    ],
  },
  // The same for SEPA credit transfers (a bank offering them as bulk: capabilities.bulkProducts), in EUR to IBANs.
  'sepa-bulk-payment': {
    batchBookingPreferred: false,
    debtorAccount: '{{debtorAccount}}',
    payments: [
      {
        instructedAmount: { amount: '{{amount}}', currency: 'EUR' },
        creditorName: 'Conformance Creditor GmbH',
        creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
        remittanceInformationUnstructured: 'Conformance test 1 {{token}}',
      },
      {
        instructedAmount: { amount: '{{amount}}', currency: 'EUR' },
        creditorName: 'Conformance Creditor GmbH',
        creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
        remittanceInformationUnstructured: 'Conformance test 2 {{token}}',
      },
    ],
  },
  // Berlin Group 1.3 periodic payment: a single payment plus startDate and frequency.
  'norwegian-domestic-periodic-payment': {
    instructedAmount: { amount: '{{amount}}', currency: 'NOK' },
    creditorName: 'Conformance Kreditor AS',
    creditorAccount: { bban: '12345678903', currency: 'NOK' },
    debtorAccount: '{{debtorAccount}}',
    remittanceInformationUnstructured: 'Konformitetstest',
    startDate: '{{startDate}}',
    frequency: 'Monthly',
    dayOfExecution: '15',
  },
  // The platform's balance update body: the same `balances` array as account creation (facts §1.4).
  'sandbox-balance-update': {
    balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: '{{amountInt}}', currency: '{{currency}}' } }],
  },
  // facts §1.4: POST /v1/sandbox/accounts
  'sandbox-account': {
    customerNumber: '{{customerNumber}}',
    accountName: '{{accountName}}',
    bban: '{{bban}}',
    iban: '{{iban}}',
    currency: '{{currency}}',
    product: 'Totalkonto',
    cashAccountType: '{{cashAccountType}}',
    creditLine: 0,
    balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1542000, currency: '{{currency}}' } }],
  },
  // facts §1.4: POST /v1/sandbox/card-accounts
  'sandbox-card-account': {
    customerNumber: '{{customerNumber}}',
    maskedPan: '{{maskedPan}}',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 1000 },
    balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1000, currency: 'NOK' } }],
    cardId: '1',
    cardIdVNo: '2',
    accountNumber: '123412341234',
    expiry: '2030-01-01',
    name: '{{name}}',
    product: 'Basic Credit',
    status: 'ENABLED',
  },
  // facts §1.4: POST /v1/sandbox/accounts/{id}/transactions (an array)
  'sandbox-account-transaction': {
    amount: '{{amountInt}}',
    currency: 'NOK',
    valueDate: '{{valueDate}}',
    bookingDate: '{{bookingDate}}',
    remittanceInformationUnstructured: 'Konformitetstest',
    creditorName: 'Kreditor AS',
    creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
    debtorName: 'Debitor AS',
    debtorAccount: { iban: 'NO8330001234567', bban: '30001234567' },
    purposeCode: 'OTHR',
    bankTransactionCode: 'PMNT',
  },
  // spec: Sandbox card transaction (request item)
  'sandbox-card-transaction': {
    cardTransactionId: '{{cardTransactionId}}',
    terminalId: 'tid-1',
    bookingDate: '{{bookingDate}}',
    transactionDate: '{{transactionDate}}',
    transactionAmount: { currency: 'NOK', amount: '{{amountInt}}' },
    originalAmount: { currency: 'NOK', amount: '{{amountInt}}' },
    merchantCategoryCode: '5411',
    markupFee: { currency: 'NOK', amount: 0 },
    markupFeePercentage: '0',
    cardAcceptorId: 'acceptor-1',
    cardAcceptorAddress: { street: 'Storgata', buildingNumber: '1', postalCode: '0155', city: 'Oslo', country: 'NO' },
    maskedPan: '1234xxxxxxxx4321',
    transactionDetails: 'Konformitetstest',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'PURCHASE',
  },
  // The TPP dialogue operation is named by the spec with no method, path or body: the reference
  // bank's choice (docs/reference-bank.md); a profile replaces it for another bank.
  'tpp-contact': { email: '{{email}}' },
  // facts §1.4: POST /v1/sandbox/customers
  'sandbox-customer': { customerNumber: '{{customerNumber}}', name: 'Test Testperson', type: '{{customerType}}' },
  // A corporate agreement engaging a private customer for an account (our platform reading; the spec names no such
  // operation).
  'sandbox-agreement': {
    owner: '{{owner}}',
    name: 'Konformitetsavtale',
    engagements: [{ customer: '{{customer}}', account: { bban: '{{bban}}' }, roles: ['VIEW', 'REGISTER'] }],
  },
};

export { fillText };

function fill(node: unknown, vars: Record<string, unknown>): unknown {
  if (typeof node === 'string') {
    const whole = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(node);
    if (whole) return vars[whole[1]];
    return fillText(node, vars);
  }
  if (Array.isArray(node)) return node.map((n) => fill(n, vars));
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node)
        .map(([k, v]) => [k, fill(v, vars)])
        .filter(([, v]) => v !== undefined),
    );
  return node;
}

export function buildBody(profile: Profile, name: string, vars: Record<string, unknown>): unknown {
  const t = profile.templates?.[name] ?? DEFAULT_TEMPLATES[name];
  if (t === undefined) throw new Error(`no request template "${name}"`);
  return fill(structuredClone(t), vars);
}

/**
 * Whether the request template `name` (the profile's, else the default) carries `{{variable}}`: the value the suite
 * asks for reaches the bank.
 */
export function templateCarries(profile: Profile, name: string, variable: string): boolean {
  const t = profile.templates?.[name] ?? DEFAULT_TEMPLATES[name];
  return t !== undefined && JSON.stringify(t).includes(`{{${variable}}}`);
}

/** Sets (or, with undefined, removes) a value at a dotted path; creates objects on the way. */
export function setPath(obj: any, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (const p of parts.slice(0, -1)) cur = cur[p] ??= {};
  const last = parts[parts.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}
