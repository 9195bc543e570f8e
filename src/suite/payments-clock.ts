// The sandbox's simulated payment batch (§ Versioning, release 1.16.0: five runs a day, all payments
// but periodic ones), driven by the target's clock control in @clock scenarios.
import type { Xs2aWorld } from '../../steps/support/world.ts';
import { fail } from './expect.ts';
import { authorise, currentPayment, givenPayment, statusOf } from './payments-flow.ts';
import { PRODUCTS } from './payments.ts';

/** More than the debtor account of any sandbox PSU holds (NOK). */
export const BEYOND_FUNDS = '99999999999.00';

/** Creates and authorises a norwegian-domestic payment of an amount beyond the debtor's funds. */
export async function authoriseUnfundedPayment(w: Xs2aWorld): Promise<void> {
  await givenPayment(w, 'payments', PRODUCTS.domestic, (b) => { b.instructedAmount.amount = BEYOND_FUNDS; });
  await authorise(w);
}

/**
 * Moves the clock an hour at a time until a batch run has left the unfunded payment waiting for
 * funds (PDNG). The bank's time of day is unknown: when the day's last run rejects the payment
 * first, a new one is authorised and the clock moves on to the next day's first run.
 */
export async function waitForPending(w: Xs2aWorld): Promise<void> {
  const seen: string[] = [];
  for (let hour = 1; hour <= 40; hour++) {
    await w.advanceClock(3600);
    const s = await statusOf(w, currentPayment(w));
    seen.push(s);
    if (s === 'PDNG') return;
    if (s === 'RJCT' || s === 'CANC') await authoriseUnfundedPayment(w);
  }
  fail(`no batch run left an unfunded payment waiting for funds (PDNG) within 40 hours; statuses seen hour by hour: ${seen.join(', ')}`, ['states.payment-delete-pending']);
}
