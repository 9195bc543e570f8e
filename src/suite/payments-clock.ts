// The sandbox's simulated payment batch (§ Versioning, release 1.16.0: five runs a day, all payments
// but periodic ones), driven by the target's clock control in @clock scenarios.
import type { ScenarioSession } from '../session/session.ts';
import { fail } from '../session/expect.ts';
import { authorise, currentPayment, givenPayment, statusOf } from './payments-flow.ts';
import { PRODUCTS } from '../session/payment-requests.ts';
import { daysAgo } from './sandbox.ts';

/** More than the debtor account of any sandbox PSU holds (NOK). */
export const BEYOND_FUNDS = '99999999999.00';

/** Creates and authorises a norwegian-domestic payment of an amount beyond the debtor's funds. */
export async function authoriseUnfundedPayment(w: ScenarioSession): Promise<void> {
  await givenPayment(w, 'payments', PRODUCTS.domestic, (b) => {
    b.instructedAmount.amount = BEYOND_FUNDS;
  });
  await authorise(w);
}

/**
 * Hours the clock moves between two reads of the payment's status while waiting for PDNG. The batch
 * runs five times a day at times the spec does not give: a step crosses at most one run of a bank
 * whose runs are at least this far apart, and a step that ends in the day's last run (RJCT) only
 * costs a new payment and the wait for the next day's first run. Each step is two round trips.
 */
const STEP_HOURS = 3;

/** Days ahead of the target's date for a payment the `future-date` recipe leaves pending. */
const FUTURE_DAYS = 3;

/**
 * A payment of the PSU in status PDNG, by the profile's recipe (preconditions.pdng): the spec names
 * PDNG and a rule for deleting it, but not how a payment gets there ("Transitions … not shown").
 * - `unfunded` (default, the platform's): a payment beyond the debtor's funds waits for funds after a batch run;
 * - `future-date`: a payment with a requestedExecutionDate days ahead waits for its date after SCA.
 */
export async function reachPending(w: ScenarioSession): Promise<void> {
  if ((w.profile.preconditions?.pdng ?? 'unfunded') === 'unfunded') {
    await authoriseUnfundedPayment(w);
    return waitForPending(w);
  }
  const date = daysAgo(w, -FUTURE_DAYS);
  await givenPayment(w, 'payments', PRODUCTS.domestic, (b) => {
    b.requestedExecutionDate = date;
  });
  await authorise(w);
  const seen: string[] = [];
  for (let hours = 0; hours <= 24; hours += STEP_HOURS) {
    if (hours) await w.advanceClock(STEP_HOURS * 3600);
    const s = await statusOf(w, currentPayment(w));
    seen.push(s);
    if (s === 'PDNG') return;
  }
  fail(
    `a payment dated ${date} did not become PDNG within a day after SCA (preconditions.pdng: future-date); statuses every ${STEP_HOURS} hours: ${seen.join(', ')}`,
    ['states.payment-delete-pending'],
  );
}

/**
 * Moves the clock STEP_HOURS at a time until a batch run has left the unfunded payment waiting for
 * funds (PDNG). The bank's time of day is unknown: when the day's last run rejects the payment
 * first, a new one is authorised and the clock moves on to the next day's first run.
 */
export async function waitForPending(w: ScenarioSession): Promise<void> {
  const seen: string[] = [];
  for (let hours = STEP_HOURS; hours <= 48; hours += STEP_HOURS) {
    await w.advanceClock(STEP_HOURS * 3600);
    const s = await statusOf(w, currentPayment(w));
    seen.push(s);
    if (s === 'PDNG') return;
    if (s === 'RJCT' || s === 'CANC') await authoriseUnfundedPayment(w);
  }
  fail(
    `no batch run left an unfunded payment waiting for funds (PDNG) within 48 hours; statuses seen every ${STEP_HOURS} hours: ${seen.join(', ')}`,
    ['states.payment-delete-pending'],
  );
}
