// Payment initiation (§ Endpoints 2, § Resources > Cross-border payment, the other products, bulk and
// periodic), payment status, reading, cancelling and authorising payments (§ States > Payment status).
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expectSchema, jsonOf } from '../src/session/expect.ts';
import {
  expectAmountsAsStrings,
  expectFeeConsistency,
  expectInitiationAnswer,
  expectListedAnswers,
  expectMessagesFollowSpec,
  linkPath,
  productChange,
  variant,
} from '../src/suite/payments.ts';
import type { PaymentService } from '../src/session/payment-requests.ts';
import {
  approveBeforeReadProduct,
  authorise,
  cancellationNeedsSca,
  completeSca,
  feeInformationProduct,
  listAuthorisations,
  currentPayment,
  deletePayment,
  deletePendingWithControl,
  givenPayment,
  initiateCrossBorder,
  initiateCrossBorderTwice,
  initiateCrossBorderWithControl,
  initiateProduct,
  initiateProductTwice,
  initiateProductWithControl,
  initiateUnderUnknownProduct,
  keepAuthorisation,
  offeredAs,
  readPayment,
  readStatus,
  serviceProduct,
  startAuthorisation,
  tryCrossBorderWays,
  withoutRequiredHeader,
} from '../src/suite/payments-flow.ts';
import { authoriseUnfundedPayment, waitForPending, reachPending } from '../src/suite/payments-clock.ts';
import { check } from '../src/suite/checks/check.ts';
import {
  anySelfLinkReads,
  authorisationListed,
  bothPaymentsAccepted,
  cancellationLinksAuthorisation,
  deletionRefusedDescriptively,
  duplicateRefused,
  fundedNotRejected,
  linksAuthorisation,
  paymentRefused,
  paymentStatusIs,
  readableAfterApproval,
  selfLinkReads,
  statusCarriesFundsAvailable,
  statusLeftReceived,
  unfundedRejected,
  unreadableBeforeApproval,
} from '../src/suite/checks/payments.ts';
import type { Xs2aWorld } from './support/world.ts';

const SERVICE: Record<string, PaymentService> = {
  single: 'payments',
  bulk: 'bulk-payments',
  periodic: 'periodic-payments',
};

// ------------------------------------------------------------------ cross-border initiation

When('the TPP initiates a cross-border payment', async function (this: Xs2aWorld) {
  await initiateCrossBorder(this.session);
});

When(
  'the TPP initiates a cross-border payment in each of these ways:',
  async function (this: Xs2aWorld, table: DataTable) {
    this.session.state.tries = await tryCrossBorderWays(
      this.session,
      table.hashes() as Array<{ way: string; answer: string }>,
    );
  },
);

When(
  'the TPP initiates a cross-border payment without the required {string} header',
  async function (this: Xs2aWorld, header: string) {
    await initiateCrossBorderWithControl(
      this.session,
      `the same payment with ${header}`,
      undefined,
      withoutRequiredHeader('create-cross-border-payment', header),
    );
  },
);

Then('each payment is answered as listed', function (this: Xs2aWorld) {
  expectListedAnswers(this.session.need('tries', 'listed tries'));
});

When('the TPP initiates a cross-border payment in which {string}', async function (this: Xs2aWorld, name: string) {
  await initiateCrossBorderWithControl(this.session, `the same payment without "${name}"`, variant(name).apply);
});

When(
  'the TPP initiates a cross-border payment whose x-accept-fix header is {string}',
  async function (this: Xs2aWorld, value: string) {
    await initiateCrossBorder(this.session, undefined, { headers: { 'x-accept-fix': value } });
  },
);

When(
  'the TPP initiates a cross-border payment whose allowLogicalDuplicate query is {string} instead of {string}',
  async function (this: Xs2aWorld, value: string, usual: string) {
    await initiateCrossBorderWithControl(
      this.session,
      `the same payment with allowLogicalDuplicate=${usual}`,
      undefined,
      {
        query: { allowLogicalDuplicate: value },
      },
    );
  },
);

When(
  'the TPP initiates the same cross-border payment twice with allowLogicalDuplicate {word}',
  async function (this: Xs2aWorld, value: string) {
    await initiateCrossBorderTwice(this.session, value);
  },
);

// ------------------------------------------------------------------ other products, bulk, periodic

Given('the bank offers the payment product {string}', function (this: Xs2aWorld, product: string) {
  offeredAs(this.session, 'payments', product);
});

When(
  'the TPP initiates a {word} payment of product {string}',
  async function (this: Xs2aWorld, kind: string, product: string) {
    await initiateProduct(this.session, SERVICE[kind], product);
  },
);

// Which products a bank offers as bulk and as periodic payments is not stated: the profile's
// (capabilities.bulkProducts, periodicProducts).
When(
  'the TPP initiates a {word} payment of a product the profile offers in that service',
  async function (this: Xs2aWorld, kind: string) {
    await initiateProduct(this.session, SERVICE[kind], serviceProduct(this.session, SERVICE[kind]));
  },
);

When(
  'the TPP initiates a {word} payment of product {string} in which {string}',
  async function (this: Xs2aWorld, kind: string, product: string, change: string) {
    await initiateProductWithControl(
      this.session,
      SERVICE[kind],
      product,
      productChange(change, this.session.profile),
      `the same payment without "${change}"`,
    );
  },
);

When(
  'the TPP initiates a norwegian-domestic payment under the unknown product {string}',
  async function (this: Xs2aWorld, product: string) {
    await initiateUnderUnknownProduct(this.session, product);
  },
);

When(
  'the TPP initiates the same {word} payment of product {string} twice with allowLogicalDuplicate {word}',
  async function (this: Xs2aWorld, kind: string, product: string, value: string) {
    await initiateProductTwice(this.session, SERVICE[kind], product, value);
  },
);

When('the TPP reads the fee information of a product the profile names', async function (this: Xs2aWorld) {
  await this.session.send({
    method: 'GET',
    path: `/v1/payments/${feeInformationProduct(this.session)}/fee-information`,
  });
});

// ------------------------------------------------------------------ answers of initiation

Then(
  'the payment answer has a paymentId, a transactionStatus of the spec and links with verbs',
  function (this: Xs2aWorld) {
    expectInitiationAnswer(this.session.last);
  },
);

Then('the payment answer keeps to the tppMessage and psuMessage rules', function (this: Xs2aWorld) {
  expectMessagesFollowSpec(jsonOf(this.session.last), 'the payment answer');
});

Then("every amount in the payment answer is a string in the currency's minor units", function (this: Xs2aWorld) {
  expectAmountsAsStrings(jsonOf(this.session.last), 'the payment answer');
});

Then("the payment answer's transactionFeeIndicator and transactionFees agree", function (this: Xs2aWorld) {
  expectFeeConsistency(jsonOf(this.session.last), 'the payment answer');
});

Then('both payments are accepted', function (this: Xs2aWorld) {
  return check(this.session, bothPaymentsAccepted);
});

Then('the second payment is refused as a logical duplicate', function (this: Xs2aWorld) {
  return check(this.session, duplicateRefused);
});

Then('the payment is refused with an error body', function (this: Xs2aWorld) {
  return check(this.session, paymentRefused);
});

Then("the payment's self link reads the payment", function (this: Xs2aWorld) {
  return check(this.session, selfLinkReads);
});

// `_links` is optional in the response table: a self link is checked only when the answer has one.
Then('any self link of the payment answer reads the payment', function (this: Xs2aWorld) {
  return check(this.session, anySelfLinkReads);
});

Then('the payment answer links to a way to authorise it', function (this: Xs2aWorld) {
  return check(this.session, linksAuthorisation);
});

// ------------------------------------------------------------------ existing payments

Given('the TPP has initiated a cross-border payment', async function (this: Xs2aWorld) {
  await givenPayment(this.session, 'payments', 'cross-border-credit-transfers');
});

Given(
  'the TPP has initiated a {word} payment of product {string}',
  async function (this: Xs2aWorld, kind: string, product: string) {
    await givenPayment(this.session, SERVICE[kind], product);
  },
);

Given(
  'the TPP has initiated a {word} payment of product {string} of {string}',
  async function (this: Xs2aWorld, kind: string, product: string, amount: string) {
    await givenPayment(this.session, SERVICE[kind], product, (b) => {
      b.instructedAmount.amount = amount;
    });
  },
);

Given(
  "the TPP has initiated a single payment of a product read only after the PSU's approval",
  async function (this: Xs2aWorld) {
    await givenPayment(this.session, 'payments', approveBeforeReadProduct(this.session));
  },
);

Given('the PSU has authorised the payment', async function (this: Xs2aWorld) {
  await authorise(this.session);
});

When('the TPP reads the payment status', async function (this: Xs2aWorld) {
  await readStatus(this.session);
});

When('the TPP reads the payment', async function (this: Xs2aWorld) {
  await readPayment(this.session);
});

When('the TPP reads the status of a payment that does not exist', async function (this: Xs2aWorld) {
  await this.session.send({
    method: 'GET',
    path: '/v1/payments/cross-border-credit-transfers/no-such-payment-0000/status',
  });
});

When('the TPP reads a payment that does not exist', async function (this: Xs2aWorld) {
  await this.session.send({ method: 'GET', path: '/v1/payments/cross-border-credit-transfers/no-such-payment-0000' });
});

Then('the payment status response carries fundsAvailable', function (this: Xs2aWorld) {
  return check(this.session, statusCarriesFundsAvailable);
});

Then('the payment status is {word}', function (this: Xs2aWorld, status: string) {
  return check(this.session, paymentStatusIs, status);
});

Then('the payment status is no longer RCVD', function (this: Xs2aWorld) {
  return check(this.session, statusLeftReceived);
});

Then('the payment cannot be read before approval', function (this: Xs2aWorld) {
  return check(this.session, unreadableBeforeApproval);
});

Then('the payment and its status can be read', function (this: Xs2aWorld) {
  return check(this.session, readableAfterApproval);
});

// ------------------------------------------------------------------ authorisation and cancellation

When('the TPP starts the payment authorisation', async function (this: Xs2aWorld) {
  await startAuthorisation(this.session);
});

Then('the authorisation answer carries a scaRedirect link with verbs', function (this: Xs2aWorld) {
  const link = jsonOf(this.session.last)?._links?.scaRedirect;
  expectSchema(link, 'link-with-verbs', 'the scaRedirect link', ['fields.link.verbs']);
});

When('the PSU completes the SCA of that authorisation', async function (this: Xs2aWorld) {
  await completeSca(this.session);
});

When('the TPP lists the payment authorisations', async function (this: Xs2aWorld) {
  await listAuthorisations(this.session);
});

Then('the list holds the started authorisation', function (this: Xs2aWorld) {
  return check(this.session, authorisationListed);
});

Given("the profile says cancelling the payment in its status needs the PSU's SCA", async function (this: Xs2aWorld) {
  await cancellationNeedsSca(this.session, true);
});

Given('the profile says cancelling the payment in its status needs no SCA', async function (this: Xs2aWorld) {
  await cancellationNeedsSca(this.session, false);
});

When('the TPP deletes the payment', async function (this: Xs2aWorld) {
  this.session.state.deletion = await deletePayment(this.session);
});

When('the TPP deletes the payment in status PDNG', async function (this: Xs2aWorld) {
  this.session.state.deletion = await deletePendingWithControl(this.session);
});

When("the TPP follows the cancellation's startAuthorisation link", async function (this: Xs2aWorld) {
  await check(this.session, cancellationLinksAuthorisation);
  await this.session.send({
    method: 'POST',
    path: linkPath(jsonOf(this.session.state.deletion)._links.startAuthorisation.href, this.session.ctx.targetUrl),
  });
  keepAuthorisation(this.session);
});

Then('the deletion is refused with a descriptive message', function (this: Xs2aWorld) {
  return check(this.session, deletionRefusedDescriptively);
});

// ------------------------------------------------------------------ the sandbox batch (@clock)

Given(
  "the PSU has authorised a norwegian-domestic payment beyond the debtor's funds",
  async function (this: Xs2aWorld) {
    await authoriseUnfundedPayment(this.session);
    this.session.state.unfunded = currentPayment(this.session);
  },
);

Given(
  "the PSU has authorised a norwegian-domestic payment within the debtor's funds",
  async function (this: Xs2aWorld) {
    await givenPayment(this.session, 'payments', 'norwegian-domestic-credit-transfers');
    await authorise(this.session);
    this.session.state.funded = currentPayment(this.session);
  },
);

When('the sandbox payment batch leaves the payment waiting for funds', async function (this: Xs2aWorld) {
  await waitForPending(this.session);
});

Given("the PSU has a payment in status PDNG, reached by the profile's recipe", async function (this: Xs2aWorld) {
  await reachPending(this.session);
});

When('a whole day of sandbox payment batches has run', async function (this: Xs2aWorld) {
  await this.session.advanceClock(24 * 3600 + 60);
});

Then("the payment beyond the debtor's funds is RJCT with fundsAvailable false", function (this: Xs2aWorld) {
  return check(this.session, unfundedRejected);
});

Then("the payment within the debtor's funds is not rejected and has fundsAvailable true", function (this: Xs2aWorld) {
  return check(this.session, fundedNotRejected);
});
