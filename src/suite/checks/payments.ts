// Checks of payment initiation, payment status, reading, cancelling and authorising payments
// (§ Endpoints 2, § States > Payment status).
import { expectErrorBody, expectSchema, jsonOf, responseOf } from '../../session/expect.ts';
import type { Exchange } from '../../tpp/client.ts';
import { linkPath } from '../payments.ts';
import { currentPayment, readPayment, readStatus, statusOf } from '../payments-flow.ts';
import { defineCheck } from './check.ts';

const DUPLICATE = 'endpoints.create-cross-border-payment.query.allowLogicalDuplicate';
const AFTER_APPROVAL = 'states.payment-norwegian-domestic-after-approval';
const FUNDS = 'states.payment-status-funds-available';

/**
 * Both of two identical initiations (the kept first one and the last) are accepted, as allowLogicalDuplicate=true
 * allows.
 */
export const bothPaymentsAccepted = defineCheck({
  id: 'payments.duplicate-both-accepted',
  clauses: [DUPLICATE],
  run(s, ex) {
    for (const [which, e] of [
      ['first', s.state.first],
      ['second', ex],
    ] as const) {
      const status = e?.response?.status;
      if (!status || status >= 400)
        return {
          title: `the ${which} payment was refused: ${status} ${e?.response?.text.slice(0, 300)}`,
          expected: 'a status below 400',
          received: status,
        };
    }
    return undefined;
  },
});

/**
 * The second of two identical initiations is refused (4xx, the error body) under allowLogicalDuplicate=false, the first
 * accepted.
 */
export const duplicateRefused = defineCheck({
  id: 'payments.duplicate-refused',
  clauses: [DUPLICATE],
  run(s, ex) {
    const first = s.state.first?.response?.status;
    if (!first || first >= 400)
      return {
        title: `the first payment was already refused (${first}); the duplicate rule cannot be seen`,
        expected: 'a status below 400',
        received: first,
      };
    const status = responseOf(ex).status;
    if (status < 400 || status >= 500)
      return {
        title: `a logical duplicate was accepted with allowLogicalDuplicate=false (status ${status})`,
        expected: '4xx',
        received: status,
      };
    expectErrorBody(ex, status, undefined, [DUPLICATE]);
    return undefined;
  },
});

/** The payment request is refused with a 4xx status and the spec's error body. */
export const paymentRefused = defineCheck({
  id: 'payments.refused-with-error-body',
  clauses: ['fields.error-body'],
  run(_s, ex) {
    const status = responseOf(ex).status;
    if (status < 400 || status >= 500)
      return {
        title: `expected the request to be refused with a 4xx status, got ${status}: ${ex?.response?.text.slice(0, 300)}`,
        expected: '4xx',
        received: status,
      };
    expectErrorBody(ex, status, undefined);
    return undefined;
  },
});

/** The payment answer has a self link, and GET on it answers 200. */
export const selfLinkReads = defineCheck({
  id: 'payments.self-link-reads',
  clauses: ['fields.link.href'],
  async run(s) {
    const self = currentPayment(s).links.self;
    if (!self?.href) return { title: 'the payment answer has no self link' };
    return selfLinkProblem(await s.send({ method: 'GET', path: linkPath(self.href, s.ctx.targetUrl) }), self.href);
  },
});

/** A self link of the payment answer, when it has one (`_links` is optional), has an href on which GET answers 200. */
export const anySelfLinkReads = defineCheck({
  id: 'payments.any-self-link-reads',
  clauses: ['fields.link.href'],
  async run(s) {
    const self = currentPayment(s).links.self;
    if (!self) return undefined;
    if (!self.href) return { title: "the payment answer's self link has no href" };
    return selfLinkProblem(await s.send({ method: 'GET', path: linkPath(self.href, s.ctx.targetUrl) }), self.href);
  },
});

/** The payment answer links to a startAuthorisation or a scaRedirect. */
export const linksAuthorisation = defineCheck({
  id: 'payments.links-authorisation',
  clauses: ['fields.link'],
  run(s) {
    const links = currentPayment(s).links;
    if (!links.startAuthorisation && !links.scaRedirect)
      return {
        title: `the payment answer has neither a startAuthorisation nor a scaRedirect link: ${JSON.stringify(links)}`,
        expected: 'startAuthorisation or scaRedirect',
        received: links,
      };
    return undefined;
  },
});

/**
 * The payment status response carries fundsAvailable (the spec states the attribute, not its type: payment-status
 * fields are "not shown").
 */
export const statusCarriesFundsAvailable = defineCheck({
  id: 'payments.status-funds-available',
  clauses: [FUNDS, 'fields.payment-status-response.fundsAvailable'],
  run(_s, ex) {
    const body = jsonOf(ex);
    if (body?.fundsAvailable === undefined)
      return { title: `the payment status response has no fundsAvailable: ${JSON.stringify(body)}`, received: body };
    return undefined;
  },
});

/** The current payment's status, read now, is the one given. */
export const paymentStatusIs = defineCheck<[status: string]>({
  id: 'payments.status-is',
  clauses: ['states.payment-status-per-payment'],
  async run(s, _ex, status) {
    const got = await statusOf(s, currentPayment(s));
    if (got !== status)
      return { title: `expected the payment status ${status}, got ${got}`, expected: status, received: got };
    return undefined;
  },
});

/** The current payment's status, read now, has left RCVD once the PSU completed its SCA. */
export const statusLeftReceived = defineCheck({
  id: 'payments.status-left-rcvd',
  clauses: ['endpoints.start-payment-authorisation'],
  async run(s) {
    const got = await statusOf(s, currentPayment(s));
    if (got === 'RCVD')
      return {
        title: 'the payment is still RCVD after the PSU completed its SCA',
        expected: 'not RCVD',
        received: got,
      };
    return undefined;
  },
});

/**
 * Release 1.17.0, single SCA payment initiation for payment-only TPPs (the suite's reading): after the
 * one SCA of its authorisation, the payment is authorised: not RCVD (an SCA still wanted), RJCT nor CANC.
 */
export const singleScaAuthorised = defineCheck({
  id: 'payments.single-sca-authorised',
  clauses: ['releases.single-sca-payment-initiation'],
  async run(s) {
    const got = await statusOf(s, currentPayment(s));
    if (['RCVD', 'RJCT', 'CANC'].includes(got))
      return {
        title: `the payment is ${got} after the one SCA of its authorisation: a single-SCA payment initiation is authorised by that SCA`,
        expected: 'authorised: not RCVD, RJCT or CANC',
        received: got,
      };
    return undefined;
  },
});

/** Before the PSU approved it, the payment and its status are refused (4xx with the error body). */
export const unreadableBeforeApproval = defineCheck({
  id: 'payments.unreadable-before-approval',
  clauses: [AFTER_APPROVAL],
  async run(s) {
    for (const ex of [await readPayment(s), await readStatus(s)]) {
      const status = ex.response?.status ?? 0;
      if (status < 400 || status >= 500)
        return {
          title: `${ex.request.method} ${ex.request.target} answered ${status} before the PSU approved the payment`,
          expected: '4xx',
          received: status,
        };
      expectErrorBody(ex, status, undefined, [AFTER_APPROVAL]);
    }
    return undefined;
  },
});

/**
 * After the PSU approved it, the payment and its status are read with 200, the status as the spec's
 * payment-status-response.
 */
export const readableAfterApproval = defineCheck({
  id: 'payments.readable-after-approval',
  clauses: [AFTER_APPROVAL],
  async run(s) {
    for (const ex of [await readPayment(s), await readStatus(s)]) {
      if (ex.response?.status !== 200)
        return {
          title: `${ex.request.method} ${ex.request.target} answered ${ex.response?.status} after the PSU approved the payment`,
          expected: 200,
          received: ex.response?.status,
        };
    }
    expectSchema(jsonOf(s.last), 'payment-status-response', 'the payment status');
    return undefined;
  },
});

/** The list of the payment's authorisations holds the one the scenario started. */
export const authorisationListed = defineCheck({
  id: 'payments.authorisation-listed',
  clauses: ['endpoints.start-payment-authorisation'],
  run(s, ex) {
    const ids = jsonOf(ex)?.authorisationIds;
    const id = s.state.authorisationId;
    if (!Array.isArray(ids) || !ids.includes(id))
      return {
        title: `authorisationIds ${JSON.stringify(ids)} does not hold ${JSON.stringify(id)}`,
        expected: id,
        received: ids,
      };
    return undefined;
  },
});

/**
 * The 202 answer to DELETE (kept as `deletion`) links to the cancellation's authorisation
 * (`_links.startAuthorisation.href`).
 */
export const cancellationLinksAuthorisation = defineCheck({
  id: 'payments.cancellation-links-authorisation',
  clauses: ['endpoints.cancel-payment'],
  run(s) {
    const deletion = s.state.deletion;
    const href = jsonOf(deletion)?._links?.startAuthorisation?.href;
    if (typeof href !== 'string')
      return {
        title: `the 202 answer to DELETE has no startAuthorisation link: ${deletion?.response?.text.slice(0, 300)}`,
        received: href,
      };
    return undefined;
  },
});

/**
 * Deleting a PDNG payment is refused with the error body and a descriptive message (a sentence, not just the code
 * again).
 */
export const deletionRefusedDescriptively = defineCheck({
  id: 'payments.pending-deletion-refused',
  clauses: ['states.payment-delete-pending'],
  run(_s, ex) {
    const status = responseOf(ex).status;
    if (status < 400)
      return { title: `a PDNG payment was deleted (status ${status})`, expected: '4xx', received: status };
    expectErrorBody(ex, status, undefined, ['states.payment-delete-pending']);
    const body = jsonOf(ex);
    const texts = [
      body.message,
      ...(Array.isArray(body.tppMessages) ? body.tppMessages.map((m: any) => m?.text) : []),
    ].filter((t) => typeof t === 'string' && t.trim().length > 0);
    if (!texts.some((t: string) => t.trim() !== body.code && /\s/.test(t.trim())))
      return { title: `the refusal has no descriptive message: ${JSON.stringify(body)}`, received: body };
    return undefined;
  },
});

/**
 * After a day of batches, the payment beyond the debtor's funds (kept as `unfunded`) is RJCT with fundsAvailable false.
 */
export const unfundedRejected = defineCheck({
  id: 'payments.unfunded-rejected',
  clauses: [FUNDS],
  async run(s) {
    const body = jsonOf(await readStatus(s, s.need('unfunded', 'payment beyond the funds')));
    if (body.transactionStatus !== 'RJCT' || body.fundsAvailable !== false)
      return {
        title: `expected RJCT with fundsAvailable false, got ${JSON.stringify(body)}`,
        expected: { transactionStatus: 'RJCT', fundsAvailable: false },
        received: body,
      };
    return undefined;
  },
});

/**
 * After a day of batches, the payment within the debtor's funds (kept as `funded`) is not RJCT and has fundsAvailable
 * true.
 */
export const fundedNotRejected = defineCheck({
  id: 'payments.funded-not-rejected',
  clauses: [FUNDS],
  async run(s) {
    const body = jsonOf(await readStatus(s, s.need('funded', 'payment within the funds')));
    if (body.transactionStatus === 'RJCT' || body.fundsAvailable !== true)
      return {
        title: `expected a payment that was not rejected, with fundsAvailable true, got ${JSON.stringify(body)}`,
        expected: { fundsAvailable: true },
        received: body,
      };
    return undefined;
  },
});

/** GET on a self link answered 200. */
function selfLinkProblem(ex: Exchange, href: string) {
  return ex.response?.status !== 200
    ? {
        title: `GET on the self link ${href} answered ${ex.response?.status}`,
        expected: 200,
        received: ex.response?.status,
      }
    : undefined;
}
