// Payment initiation (§ Endpoints 2, § Resources > Cross-border payment, the other products, bulk and
// periodic), payment status, reading, cancelling and authorising payments (§ States > Payment status).
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expectErrorBody, expectSchema, fail, jsonOf } from '../src/session/expect.ts';
import {
  expectAmountsAsStrings, expectFeeConsistency, expectInitiationAnswer, expectListedAnswers, expectMessagesFollowSpec, linkPath, productChange, variant,
} from '../src/suite/payments.ts';
import type { PaymentService } from '../src/session/payment-requests.ts';
import {
  authorise, completeSca, currentPayment, deletePayment, deletePendingWithControl, givenPayment, initiateCrossBorder, initiateCrossBorderTwice, initiateCrossBorderWithControl,
  initiateProduct, initiateProductTwice, initiateProductWithControl, initiateUnderUnknownProduct, keepAuthorisation, productNotOffered, readPayment, readStatus,
  startAuthorisation, statusOf, tryCrossBorderWays, withoutRequiredHeader,
} from '../src/suite/payments-flow.ts';
import { authoriseUnfundedPayment, waitForPending, reachPending } from '../src/suite/payments-clock.ts';
import type { Xs2aWorld } from './support/world.ts';

const SERVICE: Record<string, PaymentService> = { single: 'payments', bulk: 'bulk-payments', periodic: 'periodic-payments' };

// ------------------------------------------------------------------ cross-border initiation

When('the TPP initiates a cross-border payment', async function (this: Xs2aWorld) {
  await initiateCrossBorder(this);
});

When('the TPP initiates a cross-border payment in each of these ways:', async function (this: Xs2aWorld, table: DataTable) {
  this.state.tries = await tryCrossBorderWays(this, table.hashes() as Array<{ way: string; answer: string }>);
});

When('the TPP initiates a cross-border payment without the required {string} header', async function (this: Xs2aWorld, header: string) {
  await initiateCrossBorderWithControl(this, `the same payment with ${header}`, undefined, withoutRequiredHeader('create-cross-border-payment', header));
});

Then('each payment is answered as listed', function (this: Xs2aWorld) {
  expectListedAnswers(this.need('tries', 'listed tries'));
});

When('the TPP initiates a cross-border payment in which {string}', async function (this: Xs2aWorld, name: string) {
  await initiateCrossBorderWithControl(this, `the same payment without "${name}"`, variant(name).apply);
});

When('the TPP initiates a cross-border payment whose x-accept-fix header is {string}', async function (this: Xs2aWorld, value: string) {
  await initiateCrossBorder(this, undefined, { headers: { 'x-accept-fix': value } });
});

When('the TPP initiates a cross-border payment whose allowLogicalDuplicate query is {string} instead of {string}', async function (this: Xs2aWorld, value: string, usual: string) {
  await initiateCrossBorderWithControl(this, `the same payment with allowLogicalDuplicate=${usual}`, undefined, { query: { allowLogicalDuplicate: value } });
});

When('the TPP initiates the same cross-border payment twice with allowLogicalDuplicate {word}', async function (this: Xs2aWorld, value: string) {
  await initiateCrossBorderTwice(this, value);
});

// ------------------------------------------------------------------ other products, bulk, periodic

Given('the bank offers the payment product {string}', function (this: Xs2aWorld, product: string) {
  return productNotOffered(this, product) ? 'skipped' : undefined;
});

When('the TPP initiates a {word} payment of product {string}', async function (this: Xs2aWorld, kind: string, product: string) {
  await initiateProduct(this, SERVICE[kind], product);
});

When('the TPP initiates a {word} payment of product {string} in which {string}', async function (this: Xs2aWorld, kind: string, product: string, change: string) {
  await initiateProductWithControl(this, SERVICE[kind], product, productChange(change, this.profile), `the same payment without "${change}"`);
});

When('the TPP initiates a norwegian-domestic payment under the unknown product {string}', async function (this: Xs2aWorld, product: string) {
  await initiateUnderUnknownProduct(this, product);
});

When('the TPP initiates the same {word} payment of product {string} twice with allowLogicalDuplicate {word}', async function (this: Xs2aWorld, kind: string, product: string, value: string) {
  await initiateProductTwice(this, SERVICE[kind], product, value);
});

When('the TPP reads the fee information of {string}', async function (this: Xs2aWorld, product: string) {
  await this.send({ method: 'GET', path: `/v1/payments/${product}/fee-information` });
});

// ------------------------------------------------------------------ answers of initiation

Then('the payment answer has a paymentId, a transactionStatus of the spec and links with verbs', function (this: Xs2aWorld) {
  expectInitiationAnswer(this.last);
});

Then('the payment answer keeps to the tppMessage and psuMessage rules', function (this: Xs2aWorld) {
  expectMessagesFollowSpec(jsonOf(this.last), 'the payment answer');
});

Then('every amount in the payment answer is a string in the currency\'s minor units', function (this: Xs2aWorld) {
  expectAmountsAsStrings(jsonOf(this.last), 'the payment answer');
});

Then('the payment answer\'s transactionFeeIndicator and transactionFees agree', function (this: Xs2aWorld) {
  expectFeeConsistency(jsonOf(this.last), 'the payment answer');
});

Then('both payments are accepted', function (this: Xs2aWorld) {
  for (const [which, ex] of [['first', this.state.first], ['second', this.last]] as const) {
    const s = ex?.response?.status;
    if (!s || s >= 400) fail(`the ${which} payment was refused: ${s} ${ex?.response?.text.slice(0, 300)}`, ['endpoints.create-cross-border-payment.query.allowLogicalDuplicate']);
  }
});

Then('the second payment is refused as a logical duplicate', function (this: Xs2aWorld) {
  const first = this.state.first?.response?.status;
  if (!first || first >= 400) fail(`the first payment was already refused (${first}); the duplicate rule cannot be seen`);
  const s = this.status;
  if (s < 400 || s >= 500) fail(`a logical duplicate was accepted with allowLogicalDuplicate=false (status ${s})`, ['endpoints.create-cross-border-payment.query.allowLogicalDuplicate']);
  expectErrorBody(this.last, s, undefined, ['endpoints.create-cross-border-payment.query.allowLogicalDuplicate']);
});

Then('the payment is refused with an error body', function (this: Xs2aWorld) {
  const s = this.status;
  if (s < 400 || s >= 500) fail(`expected the request to be refused with a 4xx status, got ${s}: ${this.last?.response?.text.slice(0, 300)}`);
  expectErrorBody(this.last, s, undefined);
});

Then('the payment\'s self link reads the payment', async function (this: Xs2aWorld) {
  const p = currentPayment(this);
  if (!p.links.self?.href) fail('the payment answer has no self link', ['fields.link.href']);
  const ex = await this.send({ method: 'GET', path: linkPath(p.links.self.href, this.ctx.targetUrl) });
  if (ex.response?.status !== 200) fail(`GET on the self link ${p.links.self.href} answered ${ex.response?.status}`, ['fields.link.href']);
});

// `_links` is optional in the response table: a self link is checked only when the answer has one.
Then('any self link of the payment answer reads the payment', async function (this: Xs2aWorld) {
  const self = currentPayment(this).links.self;
  if (!self) return;
  if (!self.href) fail('the payment answer\'s self link has no href', ['fields.link.href']);
  const ex = await this.send({ method: 'GET', path: linkPath(self.href, this.ctx.targetUrl) });
  if (ex.response?.status !== 200) fail(`GET on the self link ${self.href} answered ${ex.response?.status}`, ['fields.link.href']);
});

Then('the payment answer links to a way to authorise it', function (this: Xs2aWorld) {
  const links = currentPayment(this).links;
  if (!links.startAuthorisation && !links.scaRedirect) fail(`the payment answer has neither a startAuthorisation nor a scaRedirect link: ${JSON.stringify(links)}`, ['fields.link']);
});

// ------------------------------------------------------------------ existing payments

Given('the TPP has initiated a cross-border payment', async function (this: Xs2aWorld) {
  await givenPayment(this, 'payments', 'cross-border-credit-transfers');
});

Given('the TPP has initiated a {word} payment of product {string}', async function (this: Xs2aWorld, kind: string, product: string) {
  await givenPayment(this, SERVICE[kind], product);
});

Given('the TPP has initiated a {word} payment of product {string} of {string}', async function (this: Xs2aWorld, kind: string, product: string, amount: string) {
  await givenPayment(this, SERVICE[kind], product, (b) => { b.instructedAmount.amount = amount; });
});

Given('the PSU has authorised the payment', async function (this: Xs2aWorld) {
  await authorise(this);
});

When('the TPP reads the payment status', async function (this: Xs2aWorld) {
  await readStatus(this);
});

When('the TPP reads the payment', async function (this: Xs2aWorld) {
  await readPayment(this);
});

When('the TPP reads the status of a payment that does not exist', async function (this: Xs2aWorld) {
  await this.send({ method: 'GET', path: '/v1/payments/cross-border-credit-transfers/no-such-payment-0000/status' });
});

When('the TPP reads a payment that does not exist', async function (this: Xs2aWorld) {
  await this.send({ method: 'GET', path: '/v1/payments/cross-border-credit-transfers/no-such-payment-0000' });
});

Then('the payment status response carries fundsAvailable', function (this: Xs2aWorld) {
  const body = jsonOf(this.last);
  // The spec states the attribute, not its type (payment-status fields are "not shown").
  if (body?.fundsAvailable === undefined) fail(`the payment status response has no fundsAvailable: ${JSON.stringify(body)}`, ['states.payment-status-funds-available', 'fields.payment-status-response.fundsAvailable']);
});

Then('the payment status is {word}', async function (this: Xs2aWorld, status: string) {
  const s = await statusOf(this, currentPayment(this));
  if (s !== status) fail(`expected the payment status ${status}, got ${s}`);
});

Then('the payment status is no longer RCVD', async function (this: Xs2aWorld) {
  const s = await statusOf(this, currentPayment(this));
  if (s === 'RCVD') fail('the payment is still RCVD after the PSU completed its SCA', ['endpoints.start-payment-authorisation']);
});

Then('the payment cannot be read before approval', async function (this: Xs2aWorld) {
  for (const ex of [await readPayment(this), await readStatus(this)]) {
    const s = ex.response?.status ?? 0;
    if (s < 400 || s >= 500) fail(`${ex.request.method} ${ex.request.target} answered ${s} before the PSU approved the payment`, ['states.payment-norwegian-domestic-after-approval']);
    expectErrorBody(ex, s, undefined, ['states.payment-norwegian-domestic-after-approval']);
  }
});

Then('the payment and its status can be read', async function (this: Xs2aWorld) {
  for (const ex of [await readPayment(this), await readStatus(this)]) {
    if (ex.response?.status !== 200) fail(`${ex.request.method} ${ex.request.target} answered ${ex.response?.status} after the PSU approved the payment`, ['states.payment-norwegian-domestic-after-approval']);
  }
  expectSchema(jsonOf(this.last), 'payment-status-response', 'the payment status');
});

// ------------------------------------------------------------------ authorisation and cancellation

When('the TPP starts the payment authorisation', async function (this: Xs2aWorld) {
  await startAuthorisation(this);
});

Then('the authorisation answer carries a scaRedirect link with verbs', function (this: Xs2aWorld) {
  const link = jsonOf(this.last)?._links?.scaRedirect;
  expectSchema(link, 'link-with-verbs', 'the scaRedirect link', ['fields.link.verbs']);
});

When('the PSU completes the SCA of that authorisation', async function (this: Xs2aWorld) {
  await completeSca(this);
});

When('the TPP lists the payment authorisations', async function (this: Xs2aWorld) {
  const p = currentPayment(this);
  await this.send({ method: 'GET', path: `${linkPath(p.self, this.ctx.targetUrl)}/authorisations` });
});

Then('the list holds the started authorisation', function (this: Xs2aWorld) {
  const ids = jsonOf(this.last)?.authorisationIds;
  const id = this.state.authorisationId;
  if (!Array.isArray(ids) || !ids.includes(id)) fail(`authorisationIds ${JSON.stringify(ids)} does not hold ${JSON.stringify(id)}`);
});

When('the TPP deletes the payment', async function (this: Xs2aWorld) {
  this.state.deletion = await deletePayment(this);
});

When('the TPP deletes the payment in status PDNG', async function (this: Xs2aWorld) {
  this.state.deletion = await deletePendingWithControl(this);
});

When('the TPP follows the cancellation\'s startAuthorisation link', async function (this: Xs2aWorld) {
  const deletion = this.state.deletion;
  const href = jsonOf(deletion)?._links?.startAuthorisation?.href;
  if (typeof href !== 'string') fail(`the 202 answer to DELETE has no startAuthorisation link: ${deletion?.response?.text.slice(0, 300)}`);
  await this.send({ method: 'POST', path: linkPath(href, this.ctx.targetUrl) });
  keepAuthorisation(this);
});

Then('the deletion is refused with a descriptive message', function (this: Xs2aWorld) {
  const s = this.status;
  if (s < 400) fail(`a PDNG payment was deleted (status ${s})`, ['states.payment-delete-pending']);
  expectErrorBody(this.last, s, undefined, ['states.payment-delete-pending']);
  const body = jsonOf(this.last);
  const texts = [body.message, ...(Array.isArray(body.tppMessages) ? body.tppMessages.map((m: any) => m?.text) : [])].filter((t) => typeof t === 'string' && t.trim().length > 0);
  // Descriptive: a sentence, not just the code again.
  if (!texts.some((t: string) => t.trim() !== body.code && /\s/.test(t.trim()))) fail(`the refusal has no descriptive message: ${JSON.stringify(body)}`, ['states.payment-delete-pending']);
});

// ------------------------------------------------------------------ the sandbox batch (@clock)

Given('the PSU has authorised a norwegian-domestic payment beyond the debtor\'s funds', async function (this: Xs2aWorld) {
  await authoriseUnfundedPayment(this);
  this.state.unfunded = currentPayment(this);
});

Given('the PSU has authorised a norwegian-domestic payment within the debtor\'s funds', async function (this: Xs2aWorld) {
  await givenPayment(this, 'payments', 'norwegian-domestic-credit-transfers');
  await authorise(this);
  this.state.funded = currentPayment(this);
});

When('the sandbox payment batch leaves the payment waiting for funds', async function (this: Xs2aWorld) {
  await waitForPending(this);
});

Given('the PSU has a payment in status PDNG, reached by the profile\'s recipe', async function (this: Xs2aWorld) {
  await reachPending(this);
});

When('a whole day of sandbox payment batches has run', async function (this: Xs2aWorld) {
  await this.advanceClock(24 * 3600 + 60);
});

Then('the payment beyond the debtor\'s funds is RJCT with fundsAvailable false', async function (this: Xs2aWorld) {
  const body = jsonOf(await readStatus(this, this.need('unfunded', 'payment beyond the funds')));
  if (body.transactionStatus !== 'RJCT' || body.fundsAvailable !== false) fail(`expected RJCT with fundsAvailable false, got ${JSON.stringify(body)}`, ['states.payment-status-funds-available']);
});

Then('the payment within the debtor\'s funds is not rejected and has fundsAvailable true', async function (this: Xs2aWorld) {
  const body = jsonOf(await readStatus(this, this.need('funded', 'payment within the funds')));
  if (body.transactionStatus === 'RJCT' || body.fundsAvailable !== true) fail(`expected a payment that was not rejected, with fundsAvailable true, got ${JSON.stringify(body)}`, ['states.payment-status-funds-available']);
});
