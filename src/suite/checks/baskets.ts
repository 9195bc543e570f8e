// Checks of signing baskets (§ Resources > Signing basket, § States > Signing basket status).
import { fail, jsonOf } from '../../session/expect.ts';
import type { ScenarioSession } from '../../session/session.ts';
import type { CreatedPayment } from '../../session/state.ts';
import { allPayments, statusesOf, statusOf } from '../payments-flow.ts';
import { defineCheck } from './check.ts';

/** The signing basket status read is the one wanted (the worst case the scenario set up). */
export const basketsStatusIs = defineCheck<[status: string]>({
  id: 'baskets.status-is',
  clauses: ['states.basket-worst-case'],
  run(_s, ex, status) {
    const s = jsonOf(ex)?.transactionStatus;
    return s === status
      ? undefined
      : {
          title: `expected the signing basket status ${status}, got ${JSON.stringify(s)}`,
          expected: status,
          received: s,
        };
  },
});

/**
 * After one payment of the basket was deleted (cancelled) and the PSU authorised the basket, none of the others is left
 * RCVD, RJCT or CANC: the basket is not atomic (the check reads the statuses; a first payment not cancelled fails as a
 * set-up, with no clause).
 */
export const basketsOthersAuthorised = defineCheck({
  id: 'baskets.others-authorised',
  clauses: ['states.basket-not-atomic'],
  async run(s) {
    const [first, ...rest] = allPayments(s) as CreatedPayment[];
    const firstStatus = await statusOf(s, first);
    if (firstStatus !== 'CANC' && firstStatus !== 'RJCT') fail(`the deleted payment is ${firstStatus}, not cancelled`);
    const statuses = await statusesOf(s, rest);
    for (const [i, p] of rest.entries()) {
      const st = statuses[i];
      if (['RCVD', 'RJCT', 'CANC'].includes(st))
        return {
          title: `payment ${p.paymentId} of the basket is ${st} after the PSU authorised the basket: one cancelled payment stopped the others`,
          expected: 'neither RCVD, RJCT nor CANC',
          received: st,
        };
    }
    return undefined;
  },
});

/**
 * Set-up: the deletion of the basket's first payment (the last exchange) was answered with a status below 300 (no
 * clause of its own: the scenario judges the basket).
 */
export function expectFirstPaymentDeleted(s: ScenarioSession): void {
  if (!s.last?.response || s.last.response.status >= 300)
    fail(`the first payment could not be deleted: ${s.last?.response?.status}`);
}
