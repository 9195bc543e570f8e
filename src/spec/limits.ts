/**
 * Every row of spec § Limits, with its numbers and units. The two rows that bound two things
 * ("bban / iban", "tppMessages text, psuMessage") give one limit per thing; `limit` and `text`
 * keep the row's own wording.
 */
import { DATE_WINDOW_SECONDS } from './signing.ts';

export type LimitUnit = 'payments' | 'seconds' | 'hours' | 'days' | 'calls' | 'transactions' | 'characters' | 'digits';

export interface LimitValue {
  readonly bound: 'max' | 'min' | 'default';
  readonly value: number;
  readonly unit: LimitUnit;
  /** Rate limits: the window the value counts in. */
  readonly per?: { readonly value: number; readonly unit: LimitUnit };
  /** Names the value where a row has several (amount precision and scale). */
  readonly quantity?: string;
}

export interface Limit {
  readonly id: string;
  /** The spec's "Limit" column. */
  readonly limit: string;
  readonly values: readonly LimitValue[];
  /** The spec's "Applies to" column. */
  readonly appliesTo: string;
  /** The spec's "Value" column. */
  readonly text: string;
  readonly clause: string;
}

const max = (value: number, unit: LimitUnit, extra: Partial<LimitValue> = {}): LimitValue => ({
  bound: 'max',
  value,
  unit,
  ...extra,
});
const min = (value: number, unit: LimitUnit): LimitValue => ({ bound: 'min', value, unit });

const ROWS: ReadonlyArray<Omit<Limit, 'clause'>> = [
  {
    id: 'basket-size',
    limit: 'Payments per signing basket',
    values: [max(10, 'payments')],
    appliesTo: 'signing basket creation',
    text: 'at most 10',
  },
  {
    id: 'date-skew',
    limit: 'Clock deviation of the Date header',
    values: [max(DATE_WINDOW_SECONDS, 'seconds')],
    appliesTo: 'all signed requests',
    text: `at most ${DATE_WINDOW_SECONDS} seconds`,
  },
  {
    id: 'sca-session-validity',
    limit: 'SCA validity within a TPP-Session-ID',
    values: [max(1, 'hours')],
    appliesTo: 'operations that need SCA',
    text: 'up to 1 hour',
  },
  {
    id: 'calls-without-psu',
    limit: 'Calls without PSU-IP-Address (no PSU present)',
    values: [max(4, 'calls', { per: { value: 24, unit: 'hours' } })],
    appliesTo: 'balances, transactions and transaction details',
    text: 'at most 4 per 24 hours',
  },
  {
    id: 'history-without-psu',
    limit: 'Age of transactions readable without PSU present',
    values: [max(90, 'days')],
    appliesTo: 'transaction list and details without PSU-IP-Address',
    text: 'at most 90 days',
  },
  {
    id: 'consent-age-details',
    limit: 'Consent age for detail calls without PSU-IP-Address',
    values: [max(90, 'days')],
    appliesTo: 'transaction details',
    text: 'at most 90 days',
  },
  {
    id: 'sca-renewal',
    limit: 'SCA renewal period for account access without PSU present',
    values: [max(180, 'days')],
    appliesTo: 'transaction list without PSU-IP-Address',
    text: '180 days (the account must have been accessed online with SCA within that time)',
  },
  {
    id: 'default-page-size',
    limit: 'Default page size for transactions when no paging parameters are sent',
    values: [{ bound: 'default', value: 200, unit: 'transactions' }],
    appliesTo: 'account transactions',
    text: '200 (also in pagination links)',
  },
  {
    id: 'pending-all-returned',
    limit: 'Pending transactions with `bookingStatus` of `both` or `pending`',
    values: [],
    appliesTo: 'account transactions',
    text: 'always all pending returned; dateFrom, dateTo and limit do not filter them (sandbox and card accounts unaffected)',
  },
  {
    id: 'creditor-name-length',
    limit: 'creditorName',
    values: [max(70, 'characters')],
    appliesTo: 'cross-border payment',
    text: 'at most 70 characters',
  },
  {
    id: 'bban-length',
    limit: 'bban / iban',
    values: [max(30, 'characters')],
    appliesTo: 'account reference',
    text: 'at most 30 / at most 34 characters',
  },
  {
    id: 'iban-length',
    limit: 'bban / iban',
    values: [max(34, 'characters')],
    appliesTo: 'account reference',
    text: 'at most 30 / at most 34 characters',
  },
  {
    id: 'remittance-length',
    limit: 'remittanceInformationUnstructured',
    values: [min(1, 'characters'), max(140, 'characters')],
    appliesTo: 'cross-border payment',
    text: '1 to 140 characters',
  },
  {
    id: 'tpp-message-text-length',
    limit: 'tppMessages text, psuMessage',
    values: [max(512, 'characters')],
    appliesTo: 'payment responses',
    text: 'at most 512 characters',
  },
  {
    id: 'psu-message-length',
    limit: 'tppMessages text, psuMessage',
    values: [max(512, 'characters')],
    appliesTo: 'payment responses',
    text: 'at most 512 characters',
  },
  {
    id: 'amount-precision',
    limit: 'Amount',
    values: [max(18, 'digits', { quantity: 'precision' }), max(5, 'digits', { quantity: 'scale' })],
    appliesTo: 'all amounts',
    text: 'precision 18, scale 5, fraction digits per currency minor units',
  },
  {
    id: 'sandbox-limit-min',
    limit: 'limit in sandbox list',
    values: [min(1, 'transactions')],
    appliesTo: 'sandbox account transactions',
    text: 'at least 1',
  },
];

export const LIMITS: readonly Limit[] = ROWS.map((row) => Object.freeze({ ...row, clause: `limits.${row.id}` }));

const BY_ID: ReadonlyMap<string, Limit> = new Map(LIMITS.map((limit) => [limit.id, limit]));

/** Limit by id; throws on an unknown id. */
export function limit(id: string): Limit {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown limit ${JSON.stringify(id)}; known: ${[...BY_ID.keys()].join(', ')}`);
  return found;
}

/** The number of a limit: its value of the given bound (default: the first value's bound). */
export function limitValue(id: string, bound?: LimitValue['bound'], quantity?: string): number {
  const { values } = limit(id);
  const found = values.find(
    (v) => (bound === undefined || v.bound === bound) && (quantity === undefined || v.quantity === quantity),
  );
  if (!found)
    throw new Error(`limit ${id} has no value${bound ? ` bounded ${bound}` : ''}${quantity ? ` for ${quantity}` : ''}`);
  return found.value;
}
