// BankRules: every tunable the spec states, in one object, initialised from src/spec (limits,
// versioning, codes). A fault (the fault seam, seam.ts) is a named override of these values; the correct code path
// reads them and never branches per fault.
import { APPROVE_BEFORE_READ_PRODUCTS } from '../spec/codes.ts';
import { limitValue } from '../spec/limits.ts';
import { DEPRECATIONS, ACCEPT_FIXES } from '../spec/versioning.ts';

export interface BankRules {
  /** § Limits date-skew: Date header within this many seconds of the bank clock. */
  dateSkewSeconds: number;
  /** § Limits basket-size. */
  basketMaxPayments: number;
  /** § Limits default-page-size (also written into pagination links). */
  defaultPageSize: number;
  /** § Limits calls-without-psu: calls per window without PSU-IP-Address. */
  callsWithoutPsu: number;
  callsWithoutPsuWindowHours: number;
  /** § Limits history-without-psu. */
  historyWithoutPsuDays: number;
  /** § Limits consent-age-details. */
  consentAgeDetailsDays: number;
  /** § Limits sca-renewal. */
  scaRenewalDays: number;
  /** § Request signing: (request-target) is the target URL, its query string included. */
  signedTargetWithQuery: boolean;
  /**
   * Cancelling an authorised (ACTC) payment needs the PSU's SCA (Berlin Group 202 with a cancellation authorisation);
   * false: DELETE alone cancels it (204). Not stated.
   */
  cancelAuthorisedNeedsSca: boolean;
  /** § TPP identity "Transport: TLS 1.2 or higher": the lowest TLS version served (with --tls). */
  tlsMinVersion: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2';
  /**
   * With --tls --client-cert: a connection without a client certificate from a trusted TPP CA is refused (false: asked
   * for, not required).
   */
  tlsClientCertRequired: boolean;
  /** § Limits sca-session-validity, in hours. */
  scaSessionHours: number;
  /** § Limits remittance-length. */
  remittanceMin: number;
  remittanceMax: number;
  /** § Limits creditor-name-length. */
  creditorNameMax: number;
  /** § Limits tpp-message-text-length / psu-message-length. */
  tppMessageTextMax: number;
  /** § Limits sandbox-limit-min. */
  sandboxLimitMin: number;
  /** § Limits pending-all-returned: bookingStatus both/pending return every pending transaction. */
  pendingAlwaysAll: boolean;
  /** § Versioning release 1.16.0: the sandbox batch runs 5 times a day (UTC times of day, our choice). */
  batchTimesUtc: string[];
  /** § Versioning release 1.16.0: the sandbox batch processes all payments except periodic ones. */
  batchSkipsPeriodic: boolean;
  /** § Versioning longer-names: names up to this many characters with the fix (or after its default date). */
  longNameMax: number;
  /** Name length before longer-names (our choice: the Berlin Group 1.3 `max35Text` of product names). */
  shortNameMax: number;
  /** § Versioning > Deprecations: /v1/consents removal date (ISO). */
  consentsRemovedOn: string;
  /**
   * § States: the products whose details and status are hidden before the PSU's approval (the spec's:
   * domestic-norway-credit-transfers).
   */
  hiddenBeforeApproval: readonly string[];
  /** § States > Signing basket status: worst-case order, worst first (a decision, docs/reference-bank.md). */
  basketBadness: Array<'RJCT' | 'RCVD' | 'PATC' | 'ACTC'>;
  /** § Errors: characters the downstream system cannot process (emoji and the like) are refused. */
  downstreamRejects: RegExp;
  /** Minutes an SCA redirect stays usable (our choice; not stated). */
  scaRedirectTtlMinutes: number;
  /** Fees per payment product (our choice; the spec shows the fee fields only). */
  fees: Record<string, { amount: string; currency: string } | null>;
  /** x-accept-fix values and whether each is default (read from src/spec versioning). */
  acceptFixes: Array<{ value: string; isDefault: boolean; defaultSince: string | null }>;
  // Readings of points the spec leaves open, per dialect (src/bank/dialects; docs/reference-bank.md).
  /** Lack of funds at a batch run: PDNG until the day's last run (true), or RJCT at once (false). */
  pendingWithoutFunds: boolean;
  /**
   * After SCA, a payment whose execution date is in the future is PDNG until that date's batch (true), or ACTC (false).
   */
  pendingUntilExecutionDate: boolean;
  /**
   * remittanceInformationStructured: null = its reference is the KID whatever referenceType says; a value = a KID only
   * with that referenceType.
   */
  kidReferenceType: string | null;
  /**
   * GET /v1/accounts/{id}/transactions: null = bookingStatus and dateFrom are required; else what a missing one means.
   */
  transactionListDefaults: { bookingStatus: string; dateFromDaysBack: number } | null;
  /** x-accept-fix names the bank does not know: refused with 400 ('reject') or ignored ('ignore'). */
  unknownAcceptFix: 'reject' | 'ignore';
  /** The products offered as bulk payments (others: 400 PRODUCT_INVALID). Not stated. */
  bulkProducts: readonly string[];
  /** The products offered as periodic payments (others: 400 PRODUCT_INVALID). Not stated. */
  periodicProducts: readonly string[];
}

const deprecation = (id: string): string => {
  const d = DEPRECATIONS.find((x) => x.id === id);
  if (!d?.effective) throw new Error(`deprecation ${id} has no date in src/spec`);
  return d.effective;
};

/** The rules as the spec states them. */
export function defaultRules(): BankRules {
  return {
    dateSkewSeconds: limitValue('date-skew'),
    basketMaxPayments: limitValue('basket-size'),
    defaultPageSize: limitValue('default-page-size'),
    callsWithoutPsu: limitValue('calls-without-psu'),
    callsWithoutPsuWindowHours: 24,
    historyWithoutPsuDays: limitValue('history-without-psu'),
    consentAgeDetailsDays: limitValue('consent-age-details'),
    scaRenewalDays: limitValue('sca-renewal'),
    signedTargetWithQuery: true,
    cancelAuthorisedNeedsSca: true,
    tlsMinVersion: 'TLSv1.2',
    tlsClientCertRequired: true,
    scaSessionHours: limitValue('sca-session-validity'),
    remittanceMin: limitValue('remittance-length', 'min'),
    remittanceMax: limitValue('remittance-length', 'max'),
    creditorNameMax: limitValue('creditor-name-length'),
    tppMessageTextMax: limitValue('tpp-message-text-length'),
    sandboxLimitMin: limitValue('sandbox-limit-min'),
    pendingAlwaysAll: true,
    batchTimesUtc: ['06:00', '09:00', '12:00', '15:00', '18:00'],
    batchSkipsPeriodic: true,
    longNameMax: 70,
    shortNameMax: 35,
    consentsRemovedOn: deprecation('consents-endpoint'),
    hiddenBeforeApproval: APPROVE_BEFORE_READ_PRODUCTS,
    basketBadness: ['RJCT', 'RCVD', 'PATC', 'ACTC'],
    // Astral-plane characters (emoji and other symbols outside the BMP), the BMP symbol and dingbat
    // blocks, variation selectors, zero-width joiners and C0/C1 controls other than none at all: code
    // point ranges, not characters to combine.
    // eslint-disable-next-line no-misleading-character-class -- code point ranges, not characters to combine
    downstreamRejects: /[\u{10000}-\u{10FFFF}\u2600-\u27BF\uFE00-\uFE0F\u200D\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/u,
    scaRedirectTtlMinutes: 30,
    fees: {
      'instant-norwegian-domestic-credit-transfers-straks': { amount: '2.00', currency: 'NOK' },
      'cross-border-credit-transfers': { amount: '25.00', currency: 'NOK' },
      'norwegian-domestic-credit-transfers': null,
      'sepa-credit-transfers': null,
    },
    acceptFixes: ACCEPT_FIXES.map((f) => ({ value: f.value, isDefault: f.isDefault, defaultSince: f.defaultSince })),
    pendingWithoutFunds: true,
    pendingUntilExecutionDate: false,
    kidReferenceType: null,
    transactionListDefaults: null,
    unknownAcceptFix: 'reject',
    // The platform's enum: Norwegian domestic only (facts §1.3).
    bulkProducts: ['norwegian-domestic-credit-transfers'],
    periodicProducts: ['norwegian-domestic-credit-transfers'],
  };
}

export const DAY_MS = 24 * 3600 * 1000;
