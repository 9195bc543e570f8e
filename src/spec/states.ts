/**
 * The state rules the spec states (§ States and transitions). Transitions and the meaning of each
 * status value are not shown by the spec, so none are invented here; the one reading added
 * (`basketView`) is the project's documented reading of "worst case", marked as such.
 */
import type { BasketStatus } from './codes.ts';
import type { SectionKey } from './sections.ts';

export interface StateRule {
  readonly id: string;
  readonly subject: 'payment' | 'basket' | 'account-transactions' | 'sca-session';
  readonly section: SectionKey;
  readonly text: string;
  /** Error pair (errors.ts), limit (limits.ts) or operation (operations.ts) the rule goes with. */
  readonly errorId?: string;
  readonly limitId?: string;
  readonly operationId?: string;
}

export const STATE_RULES: readonly StateRule[] = [
  {
    id: 'payment-status-per-payment',
    subject: 'payment',
    section: 'payment-status',
    operationId: 'get-payment-status',
    text: 'A payment status is read per payment with `GET /v1/payments/{payment-product}/{payment-id}/status`.',
  },
  {
    id: 'payment-status-funds-available',
    subject: 'payment',
    section: 'payment-status',
    operationId: 'get-payment-status',
    text: 'Payment status responses carry a `fundsAvailable` attribute that indicates a rejection caused by lack of funds.',
  },
  {
    id: 'payment-delete-pending',
    subject: 'payment',
    section: 'payment-status',
    operationId: 'cancel-payment',
    text: 'Deleting a payment whose status is `PDNG` returns an error with a descriptive message.',
  },
  {
    // The spec's product name, as it stands (codes.ts APPROVE_BEFORE_READ_PRODUCTS); more only through a profile.
    id: 'payment-norwegian-domestic-after-approval',
    subject: 'payment',
    section: 'payment-status',
    text: 'For the payment product `domestic-norway-credit-transfers`, details and status cannot be fetched before the PSU approves the payment.',
  },
  { id: 'basket-single-status', subject: 'basket', section: 'basket-status', text: 'A basket holds one status only.' },
  {
    id: 'basket-worst-case',
    subject: 'basket',
    section: 'basket-status',
    text: 'The basket status represents the worst case of all payments in it.',
  },
  {
    id: 'basket-payment-status-per-payment',
    subject: 'basket',
    section: 'basket-status',
    operationId: 'get-payment-status',
    text: 'Individual payment statuses must be read per payment.',
  },
  {
    id: 'basket-no-bulk-or-periodic',
    subject: 'basket',
    section: 'basket-status',
    errorId: 'REFERENCE_MIX_INVALID',
    operationId: 'create-signing-basket',
    text: 'Payments of bulk or periodic kind cannot be put in a basket; the attempt is answered with status 400 and code `REFERENCE_MIX_INVALID`.',
  },
  {
    id: 'basket-not-atomic',
    subject: 'basket',
    section: 'what-the-service-does',
    text: 'A basket is not atomic; its single status reports the worst case among its payments.',
  },
  {
    id: 'transactions-booked-and-pending',
    subject: 'account-transactions',
    section: 'other-states',
    text: 'Account transactions are grouped as booked and pending.',
  },
  {
    id: 'transactions-booked-stable-id',
    subject: 'account-transactions',
    section: 'other-states',
    text: 'A booked transaction is fully processed and its `transactionId` is stable.',
  },
  {
    id: 'transactions-pending-may-change',
    subject: 'account-transactions',
    section: 'other-states',
    text: 'Properties of pending transactions may change between reads.',
  },
  {
    id: 'sca-session-validity',
    subject: 'sca-session',
    section: 'other-states',
    limitId: 'sca-session-validity',
    text: 'SCA within a TPP-Session-ID is valid for up to 1 hour. After expiry a new SCA is needed.',
  },
  {
    id: 'sca-session-new-needs-sca',
    subject: 'sca-session',
    section: 'other-states',
    text: 'Starting a new TPP-Session-ID before the old one has expired requires a new SCA.',
  },
  {
    id: 'sca-session-new-invalidates-old',
    subject: 'sca-session',
    section: 'other-states',
    text: 'A successful SCA for a new TPP-Session-ID invalidates the old one.',
  },
  {
    id: 'sca-session-abort-keeps-old',
    subject: 'sca-session',
    section: 'other-states',
    text: 'If the SCA for a new TPP-Session-ID is aborted, the old one stays valid.',
  },
];

/**
 * A payment status seen from a basket, for the rule `basket-worst-case`: RJCT and CANC → RJCT;
 * RCVD → RCVD; PATC and PART → PATC; every accepted status → ACTC. The spec does not map payment
 * statuses to basket statuses: this is the project's reading (docs/reference-bank.md, "States: basket
 * worst case"), held once for the reference bank and the fuzzer's model. A payment status that is
 * itself a basket status maps to itself under any reading.
 */
export function basketView(paymentStatus: string): BasketStatus {
  if (paymentStatus === 'RJCT' || paymentStatus === 'CANC') return 'RJCT';
  if (paymentStatus === 'RCVD') return 'RCVD';
  if (paymentStatus === 'PATC' || paymentStatus === 'PART') return 'PATC';
  return 'ACTC';
}
