// The model: what a TPP knows of its payments, baskets and PSU session after each step, and the
// rules a sequence of steps is judged by. The model is independent of the reference bank's code:
// where it needs a choice the spec leaves open, the choice is the one docs/reference-bank.md documents.
import { BASKET_STATUSES, PAYMENT_STATUSES, type BasketStatus } from '../../spec/codes.ts';
import { basketView } from '../../spec/states.ts';
import type { PaymentService } from '../../spec/codes.ts';

export type PaymentKind = 'cross-border' | 'norwegian-domestic' | 'domestic-norway' | 'bulk' | 'periodic';

export interface ModelPayment {
  /** p1, p2, … in creation order (for readable failure reports). */
  label: string;
  kind: PaymentKind;
  service: PaymentService;
  product: string;
  paymentId: string;
  /** Path of the payment resource (its self link, else the Berlin Group path). */
  self: string;
  /** startAuthorisation link path, when the creation answer gave one. */
  startAuthorisation?: string;
  /** The last status the target told us; undefined when not known (not readable yet). */
  status?: string;
  /** The PSU completed an SCA that authorised it (success redirect). */
  approved: boolean;
  /** A DELETE was answered 204: the payment is cancelled. */
  cancelled: boolean;
  /** Amount above any balance (the batch cannot execute it). */
  big: boolean;
}

export interface ModelBasket {
  label: string;
  basketId?: string;
  self: string;
  /** Labels of its payments. */
  payments: string[];
  deleted: boolean;
}

export interface Model {
  payments: ModelPayment[];
  baskets: ModelBasket[];
  /** The TPP-Session-ID of the PSU's valid SCA session. */
  session: string;
  /** Counter for generated unknown payment ids. */
  unknownIds: number;
}

export function newModel(session: string): Model {
  return { payments: [], baskets: [], session, unknownIds: 0 };
}

export const isPaymentStatus = (s: unknown): s is string => (PAYMENT_STATUSES as readonly unknown[]).includes(s);
export const isBasketStatus = (s: unknown): s is BasketStatus => (BASKET_STATUSES as readonly unknown[]).includes(s);

/** Berlin Group final payment statuses: settled, rejected, cancelled. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['ACSC', 'RJCT', 'CANC']);
/** Statuses of a payment that is no longer going anywhere (a cancelled payment may only be these). */
export const INACTIVE_STATUSES: ReadonlySet<string> = new Set(['CANC', 'RJCT']);
/** Statuses a payment may have without the PSU's authorisation (Berlin Group: RCVD until SCA; RJCT or CANC end it). */
export const UNAUTHORISED_STATUSES: ReadonlySet<string> = new Set(['RCVD', 'RJCT', 'CANC']);

/** Order of badness, worst first: the reference bank's documented choice (the spec gives none). */
export const BASKET_BADNESS: readonly BasketStatus[] = ['RJCT', 'RCVD', 'PATC', 'ACTC'];

export function worstCase(paymentStatuses: readonly string[]): BasketStatus {
  return paymentStatuses
    .map(basketView)
    .reduce(
      (w, s) => (BASKET_BADNESS.indexOf(s) < BASKET_BADNESS.indexOf(w) ? s : w),
      BASKET_BADNESS[BASKET_BADNESS.length - 1],
    );
}

export interface BasketJudgement {
  /**
   * Spec: one of the basket enum, one of its payments' statuses mapped into it, the common status when all agree, never
   * the best case (ACTC) beside a rejected or cancelled payment.
   */
  must?: string;
  /** The documented order of badness: exactly the worst case. */
  should?: string;
}

/** Judges a basket status against its payments' statuses as the model tracks them. */
export function judgeBasket(basketStatus: unknown, paymentStatuses: readonly string[]): BasketJudgement {
  const list = paymentStatuses.join(', ');
  if (!isBasketStatus(basketStatus))
    return { must: `basket status ${JSON.stringify(basketStatus)} is not one of ${BASKET_STATUSES.join(', ')}` };
  if (!paymentStatuses.length) return {};
  const views = new Set(paymentStatuses.map(basketView));
  if (!views.has(basketStatus))
    return {
      must: `basket status ${basketStatus} is none of its payments' statuses (${list}) mapped into the basket values (${[...views].join(', ')})`,
    };
  if (
    paymentStatuses.every((s) => s === paymentStatuses[0]) &&
    isBasketStatus(paymentStatuses[0]) &&
    basketStatus !== paymentStatuses[0]
  ) {
    return {
      must: `every payment of the basket is ${paymentStatuses[0]}, so its worst case is ${paymentStatuses[0]}; the basket says ${basketStatus}`,
    };
  }
  const bad = paymentStatuses.find((s) => s === 'RJCT' || s === 'CANC');
  if (bad && basketStatus === 'ACTC')
    return {
      must: `a payment of the basket is ${bad}, yet the basket reports ACTC, the best case (payments: ${list})`,
    };
  const worst = worstCase(paymentStatuses);
  if (basketStatus !== worst)
    return {
      should: `basket status ${basketStatus}, but the worst case of its payments (${list}) in the order ${BASKET_BADNESS.join(' > ')} is ${worst}`,
    };
  return {};
}
