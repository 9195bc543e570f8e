/**
 * Spec § Versioning: path prefix, release numbers, x-accept-fix values, deprecations and the notable
 * release changes. Dates are ISO 8601 (the spec writes 01-Aug-2020).
 */
import type { DetailedOperationId } from './operation-ids.ts';

export const PATH_PREFIX = '/v1';

/** Documentation 2.11.0 added the transaction details operation, released with API release 1.20.1. */
export const DOCUMENTATION_VERSION = '2.11.0';
export const API_RELEASE = '1.23.3';
export const TRANSACTION_DETAILS_SINCE = { documentation: '2.11.0', api: '1.20.1' } as const;

/** Breaking changes are announced this many months before they become default. */
export const ACCEPT_FIX_NOTICE_MONTHS = 3;

export interface AcceptFix {
  readonly value: string;
  readonly effect: string;
  /** Whether the fix is the default behaviour now (the spec's "Made default" column). */
  readonly isDefault: boolean;
  /** ISO date it became default, when the spec gives one. */
  readonly defaultSince: string | null;
  /** The spec's "Made default" text. */
  readonly madeDefault: string;
}

export const ACCEPT_FIXES: readonly AcceptFix[] = [
  {
    value: 'amount-as-string',
    effect: 'amounts serialized as strings',
    isDefault: true,
    defaultSince: '2020-08-01',
    madeDefault: '01-Aug-2020 (required header value on some operations)',
  },
  {
    value: 'cardaccount-switch-originalamount-and-transactionamount',
    effect: 'correct mapping of card transactionAmount and originalAmount',
    isDefault: true,
    defaultSince: null,
    madeDefault: 'default since the change was rolled out',
  },
  {
    value: 'longer-names',
    effect: 'card account and account name up to 70 characters',
    isDefault: true,
    defaultSince: '2024-10-01',
    madeDefault: '01-Oct-2024',
  },
  {
    value: 'cash-account-type-iso',
    effect: 'cashAccountType mapped to ISO 20022',
    isDefault: false,
    defaultSince: null,
    madeDefault: 'not yet default',
  },
];

export const ACCEPT_FIX_VALUES: readonly string[] = ACCEPT_FIXES.map((fix) => fix.value);

/**
 * § Endpoints > Header parameters, x-accept-fix: "Required on the basket and cross-border operations;
 * on the basket operation its value is `amount-as-string`". Null: required, no value fixed.
 */
export const ACCEPT_FIX_REQUIRED: Readonly<Partial<Record<DetailedOperationId, string | null>>> = {
  'create-signing-basket': 'amount-as-string',
  'create-cross-border-payment': null,
};

/** Values of an x-accept-fix header: comma-separated, white space around items ignored, empty items dropped. */
export function parseAcceptFix(header: string): string[] {
  return header
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export interface Deprecation {
  readonly id: string;
  readonly item: string;
  /** ISO date, or null where the spec gives none. */
  readonly effective: string | null;
}

export const DEPRECATIONS: readonly Deprecation[] = [
  {
    id: 'consents-endpoint',
    item: '`/v1/consents` removed, replaced by `/v1/bank-offered-consents`',
    effective: '2024-12-05',
  },
  {
    id: 'lighter-transaction-list',
    item: 'Transaction list made lighter; extra information moved to the transaction details operation',
    effective: '2024-08-15',
  },
  {
    id: 'remittance-information-structured',
    item: '`remittanceInformationStructured` to be removed in favour of `remittanceInformationStructuredArray`',
    effective: null,
  },
];

export interface ReleaseChange {
  /** Stable id: the change is the clause `releases.<id>` (src/spec/clauses.ts). */
  readonly id: string;
  readonly release: string;
  /** The behaviour, in the spec's words. */
  readonly change: string;
}

/**
 * § Versioning > Notable release changes, one entry per behaviour: a bullet that states more than one
 * (1.17.4, 1.16.0, 1.23.2) gives one entry for each, so that each is checked, or held uncheckable with
 * its reason (src/report/uncheckable.ts), on its own.
 */
export const RELEASE_CHANGES: readonly ReleaseChange[] = [
  { id: 'stable-transaction-id', release: '1.18.0', change: 'Stable `transactionId` for booked transactions.' },
  { id: 'sca-renewal-180-days', release: '1.17.4', change: 'SCA renewal period raised from 90 to 180 days.' },
  { id: 'history-without-sca-90-days', release: '1.17.4', change: 'The 90-day limit for history without SCA stays.' },
  {
    id: 'single-sca-payment-initiation',
    release: '1.17.0',
    change: 'Single SCA payment initiation for payment-only TPPs.',
  },
  { id: 'funds-available', release: '1.14.2', change: '`fundsAvailable` added to payment status responses.' },
  { id: 'booking-status-all', release: '1.11.7', change: 'Bookable status `all` for account transactions.' },
  { id: 'kid-errors-400', release: '1.7.0', change: 'KID errors return 400 instead of 401.' },
  {
    id: 'sandbox-payment-batch',
    release: '1.16.0',
    change: 'Sandbox runs a simulated payment batch for all payments except periodic.',
  },
  { id: 'sandbox-batch-5-runs-a-day', release: '1.16.0', change: 'The sandbox payment batch runs 5 times a day.' },
  {
    id: 'card-acceptor-information',
    release: '1.23.2',
    change: 'Card acceptor information added to card account APIs.',
  },
  { id: 'card-account-status', release: '1.23.2', change: 'Card account status added to card account APIs.' },
  {
    id: 'sandbox-ncbct-in-signing-baskets',
    release: '1.23.2',
    change: 'Sandbox supports payment type NCBCT in signing baskets.',
  },
  {
    id: 'monthly-variable-duplicate-months',
    release: '1.18.1',
    change: 'Periodic payments with frequency `MonthlyVariable` containing duplicate month identifiers are rejected.',
  },
];
