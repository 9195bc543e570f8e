// Payment request bodies. Cross-border is checked with the spec's schema (src/spec validate). The
// other products, bulk and periodic are not described by the spec: this adapter checks them with
// the spec's pieces (account-reference schema, checkAmount, limits) plus Berlin Group 1.3 rules.
import { checkAmount } from '../spec/amount.ts';
import { validate, type ValidationIssue } from '../spec/validate.ts';
import type { Bank } from './bank.ts';
import { findAccount } from './batch.ts';
import { isoDate, parseIsoDate } from './clock.ts';
import { BankError, type TppCode } from './errors.ts';
import { isValidKid } from '../spec/kid.ts';
import { sha256hex } from './ids.ts';
import { toMinor } from './money.ts';
import { COUNTERPARTY } from './seed.ts';
import type { AccountRef, Account, PaymentItem, PaymentService } from './state.ts';

/** Berlin Group 1.3 frequencyCode (EventFrequency7Code). */
export const FREQUENCY_CODES = [
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
  'MonthlyVariable',
] as const;
/** Berlin Group 1.3 executionRule. */
export const EXECUTION_RULES = ['following', 'preceding'] as const;
/** Creditor accounts of the seed that take payments only with a KID (sandbox data, our choice). */
export const KID_REQUIRED_BBANS: ReadonlySet<string> = new Set([COUNTERPARTY.power]);
/** Payments in one bulk (our choice; not stated). */
export const BULK_MAX = 100;

export interface ParsedPayment {
  items: PaymentItem[];
  debtor: Account;
  executionDate: string;
  fingerprint: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const fmt = (message: string, path?: string, tppCode: TppCode = 'FORMAT_ERROR') =>
  new BankError('FORMAT_ERROR', message, { tppCode, path });

function schemaFailure(issues: ValidationIssue[]): BankError {
  const text = issues
    .slice(0, 5)
    .map((i) => `${i.path || '/'}: ${i.message}`)
    .join('; ');
  return fmt(`the body does not match the schema: ${text}`, issues[0]?.path);
}

function accountRef(v: unknown, path: string): AccountRef {
  if (!isObj(v)) throw fmt(`${path} must be an account reference object`, path);
  const r = validate('account-reference', v);
  if (!r.ok) throw schemaFailure(r.errors.map((e) => ({ ...e, path: path + e.path })));
  return { iban: v.iban as string | undefined, bban: v.bban as string | undefined, currency: v.currency as string };
}

function amountOf(v: unknown, path: string): { amount: bigint; currency: string } {
  if (!isObj(v) || typeof v.currency !== 'string')
    throw fmt(`${path} must be an object with amount and currency`, path);
  const c = checkAmount(v.amount, v.currency);
  if (!c.ok) throw fmt(`${path}: ${c.message}`, `${path}/amount`);
  return { amount: toMinor(v.amount as string, v.currency), currency: v.currency };
}

function optString(v: unknown, path: string, max: number, min = 0): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw fmt(`${path} must be a string`, path);
  if (v.length < min || v.length > max)
    throw fmt(`${path} must be ${min} to ${max} characters (got ${v.length})`, path);
  return v;
}

function executionDate(bank: Bank, v: unknown, path: string, now: number): string {
  if (v === undefined) return isoDate(now);
  if (typeof v !== 'string' || Number.isNaN(parseIsoDate(v))) throw fmt(`${path} must be an ISO 8601 date`, path);
  if (v < isoDate(now))
    throw new BankError('EXECUTION_DATE_INVALID', `${path} ${v} is in the past`, {
      tppCode: 'EXECUTION_DATE_INVALID',
      path,
    });
  void bank;
  return v;
}

function debtorOf(bank: Bank, ref: AccountRef, path: string): Account {
  const acc = findAccount(bank, ref);
  if (!acc) throw fmt(`${path} is not an account of this bank`, path, 'RESOURCE_UNKNOWN');
  if (ref.currency && ref.currency !== acc.currency)
    throw fmt(`${path}.currency ${ref.currency} is not the account's currency ${acc.currency}`, `${path}/currency`);
  return acc;
}

/** One credit transfer of a non-cross-border product (Berlin Group 1.3 payment body, platform rules). */
function domesticItem(bank: Bank, product: string, b: Obj, path: string): PaymentItem {
  const { amount, currency } = amountOf(b.instructedAmount, `${path}/instructedAmount`);
  const creditor = accountRef(b.creditorAccount, `${path}/creditorAccount`);
  const creditorName = optString(b.creditorName, `${path}/creditorName`, bank.rules.creditorNameMax, 1);
  if (product === 'sepa-credit-transfers') {
    if (currency !== 'EUR')
      throw fmt(
        `${path}/instructedAmount: sepa-credit-transfers are in EUR`,
        `${path}/instructedAmount/currency`,
        'PRODUCT_INVALID',
      );
    if (!creditor.iban)
      throw fmt(`${path}/creditorAccount: sepa-credit-transfers need an iban`, `${path}/creditorAccount`);
    if (!creditorName) throw fmt(`${path}/creditorName is required`, `${path}/creditorName`);
  } else if (currency !== 'NOK') {
    throw fmt(`${path}/instructedAmount: ${product} is in NOK`, `${path}/instructedAmount/currency`, 'PRODUCT_INVALID');
  }
  const unstructured = optString(
    b.remittanceInformationUnstructured,
    `${path}/remittanceInformationUnstructured`,
    bank.rules.remittanceMax,
    bank.rules.remittanceMin,
  );
  let kid: string | undefined;
  let reference: string | undefined;
  if (b.remittanceInformationStructured !== undefined) {
    const s = b.remittanceInformationStructured;
    if (!isObj(s) || typeof s.reference !== 'string')
      throw fmt(
        `${path}/remittanceInformationStructured must hold a reference string`,
        `${path}/remittanceInformationStructured`,
      );
    // Platform: "It is only possible to set [KID or message], not both."
    if (unstructured !== undefined)
      throw fmt(
        `${path}: give remittanceInformationStructured (KID) or remittanceInformationUnstructured, not both`,
        `${path}/remittanceInformationStructured`,
      );
    // rules.kidReferenceType: null = the reference is the KID; a value = a KID only with that referenceType (else a
    // plain reference).
    const kidType = bank.rules.kidReferenceType;
    if (kidType === null || s.referenceType === kidType) {
      if (!isValidKid(s.reference))
        throw new BankError(
          'KID_INVALID',
          `${path}/remittanceInformationStructured/reference "${s.reference.slice(0, 30)}" is not a valid KID (MOD10 or MOD11)`,
          { tppCode: 'KID_INVALID', path: `${path}/remittanceInformationStructured/reference` },
        );
      kid = s.reference;
    } else {
      if (s.reference.length < 1 || s.reference.length > 35)
        throw fmt(
          `${path}/remittanceInformationStructured/reference must be 1 to 35 characters`,
          `${path}/remittanceInformationStructured/reference`,
        );
      reference = s.reference;
    }
  }
  if (!kid && creditor.bban && KID_REQUIRED_BBANS.has(creditor.bban) && product !== 'sepa-credit-transfers') {
    const how =
      bank.rules.kidReferenceType === null
        ? ''
        : ` (remittanceInformationStructured with referenceType ${bank.rules.kidReferenceType})`;
    throw new BankError(
      'KID_MISSING',
      `${path}: the creditor account ${creditor.bban} accepts payments with a KID only${how}`,
      { tppCode: 'KID_MISSING', path: `${path}/remittanceInformationStructured` },
    );
  }
  return {
    amount,
    currency,
    creditorName,
    creditorAccount: creditor,
    remittance: unstructured ?? (kid ? `KID ${kid}` : reference),
  };
}

function fingerprint(service: string, product: string, debtor: Account, items: PaymentItem[], date: string): string {
  return sha256hex(
    JSON.stringify([
      service,
      product,
      debtor.id,
      date,
      items.map((i) => [String(i.amount), i.currency, i.creditorAccount.iban, i.creditorAccount.bban, i.remittance]),
    ]),
  );
}

export function parsePayment(
  bank: Bank,
  service: PaymentService,
  product: string,
  body: unknown,
  now: number,
): ParsedPayment {
  if (!isObj(body)) throw fmt('the body must be a JSON object');
  if (service === 'bulk-payments') return parseBulk(bank, product, body, now);
  let item: PaymentItem;
  if (product === 'cross-border-credit-transfers') {
    const r = validate('cross-border-payment-request', body);
    if (!r.ok && bank.checkOn('body-schema')) throw schemaFailure(r.errors);
    const a = amountOf(body.instructedAmount, '/instructedAmount');
    const creditor = accountRef(body.creditorAccount, '/creditorAccount');
    item = {
      ...a,
      creditorName: body.creditorName as string,
      creditorAccount: creditor,
      remittance: body.remittanceInformationUnstructured as string | undefined,
    };
  } else item = domesticItem(bank, product, body, '');
  const debtor = debtorOf(bank, accountRef(body.debtorAccount, '/debtorAccount'), '/debtorAccount');
  const date = executionDate(
    bank,
    service === 'periodic-payments' ? body.startDate : body.requestedExecutionDate,
    service === 'periodic-payments' ? '/startDate' : '/requestedExecutionDate',
    now,
  );
  if (service === 'periodic-payments') checkPeriodic(bank, body, date);
  return {
    items: [item],
    debtor,
    executionDate: date,
    fingerprint: fingerprint(service, product, debtor, [item], date),
  };
}

function parseBulk(bank: Bank, product: string, body: Obj, now: number): ParsedPayment {
  const debtor = debtorOf(bank, accountRef(body.debtorAccount, '/debtorAccount'), '/debtorAccount');
  const date = executionDate(bank, body.requestedExecutionDate, '/requestedExecutionDate', now);
  if (body.batchBookingPreferred !== undefined && typeof body.batchBookingPreferred !== 'boolean')
    throw fmt('/batchBookingPreferred must be a boolean', '/batchBookingPreferred');
  if (!Array.isArray(body.payments) || body.payments.length < 1 || body.payments.length > BULK_MAX)
    throw fmt(`/payments must be an array of 1 to ${BULK_MAX} payments`, '/payments');
  const items = body.payments.map((p, i) => {
    if (!isObj(p)) throw fmt(`/payments/${i} must be an object`, `/payments/${i}`);
    return domesticItem(bank, product, p, `/payments/${i}`);
  });
  return {
    items,
    debtor,
    executionDate: date,
    fingerprint: fingerprint('bulk-payments', product, debtor, items, date),
  };
}

/** Periodic payment fields (Berlin Group 1.3); MonthlyVariable with duplicate months is rejected (release 1.18.1). */
function checkPeriodic(bank: Bank, b: Obj, startDate: string): void {
  if (b.startDate === undefined) throw fmt('/startDate is required for a periodic payment', '/startDate');
  if (typeof b.frequency !== 'string' || !(FREQUENCY_CODES as readonly string[]).includes(b.frequency))
    throw fmt(`/frequency must be one of ${FREQUENCY_CODES.join(', ')}`, '/frequency');
  if (
    b.endDate !== undefined &&
    (typeof b.endDate !== 'string' || Number.isNaN(parseIsoDate(b.endDate)) || b.endDate < startDate)
  )
    throw fmt('/endDate must be an ISO 8601 date not before startDate', '/endDate');
  if (b.executionRule !== undefined && !(EXECUTION_RULES as readonly unknown[]).includes(b.executionRule))
    throw fmt(`/executionRule must be one of ${EXECUTION_RULES.join(', ')}`, '/executionRule');
  if (
    b.dayOfExecution !== undefined &&
    (typeof b.dayOfExecution !== 'string' || !/^(?:[1-9]|[12]\d|3[01])$/.test(b.dayOfExecution))
  )
    throw fmt('/dayOfExecution must be "1" to "31"', '/dayOfExecution');
  const months = b.monthsOfExecution;
  if (b.frequency === 'MonthlyVariable') {
    if (!Array.isArray(months) || months.length < 1 || months.length > 11)
      throw fmt('/monthsOfExecution must hold 1 to 11 months for MonthlyVariable', '/monthsOfExecution');
    const seen = new Set<number>();
    for (const [i, m] of months.entries()) {
      if (typeof m !== 'string' || !/^\d{1,2}$/.test(m) || Number(m) < 1 || Number(m) > 12)
        throw fmt(`/monthsOfExecution/${i} must be "1" to "12"`, `/monthsOfExecution/${i}`);
      if (seen.has(Number(m)) && bank.checkOn('monthly-variable'))
        throw fmt(
          `/monthsOfExecution has month ${Number(m)} more than once; MonthlyVariable months must differ`,
          `/monthsOfExecution/${i}`,
        );
      seen.add(Number(m));
    }
  } else if (months !== undefined)
    throw fmt('/monthsOfExecution is only allowed with frequency MonthlyVariable', '/monthsOfExecution');
}
