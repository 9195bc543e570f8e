// Signing baskets (§ Endpoints 1, § Resources > Signing basket, § States > Signing basket status).
import { Given, Then, When } from '@cucumber/cucumber';
import { expectSchema, jsonOf } from '../src/session/expect.ts';
import { expectWorstCase } from '../src/suite/payments.ts';
import type { PaymentService } from '../src/session/payment-requests.ts';
import {
  allPayments,
  authoriseBasket,
  basketBody,
  createPayments,
  deletePayment,
  givenPayment,
  readBasketStatus,
  sendBasket,
  sendBasketOfNoCreatedPayment,
  sendBasketWithControl,
  sendBasketWithoutLastAsControl,
  serviceProduct,
  statusesOf,
  withoutRequiredHeader,
} from '../src/suite/payments-flow.ts';
import { check } from '../src/suite/checks/check.ts';
import { basketsOthersAuthorised, basketsStatusIs, expectFirstPaymentDeleted } from '../src/suite/checks/baskets.ts';
import type { Xs2aWorld } from './support/world.ts';

const SERVICE: Record<string, PaymentService> = { bulk: 'bulk-payments', periodic: 'periodic-payments' };

Given(
  'the TPP has initiated {int} cross-border payment(s) for a signing basket',
  async function (this: Xs2aWorld, n: number) {
    await createPayments(this.session, n);
  },
);

Given(
  'the TPP has initiated a {word} payment of a product the profile offers in that service, for a signing basket',
  async function (this: Xs2aWorld, kind: string) {
    await givenPayment(this.session, SERVICE[kind], serviceProduct(this.session, SERVICE[kind]));
  },
);

When('the TPP creates a signing basket of those payments', async function (this: Xs2aWorld) {
  await sendBasket(this.session, await basketBody(this.session));
});

When(
  'the TPP creates a signing basket of those payments without the required {string} header',
  async function (this: Xs2aWorld, header: string) {
    await sendBasketWithControl(
      this.session,
      withoutRequiredHeader('create-signing-basket', header),
      `the same basket with ${header}`,
    );
  },
);

When(
  'the TPP creates a signing basket of those payments with x-accept-fix {string}',
  async function (this: Xs2aWorld, value: string) {
    await sendBasket(this.session, await basketBody(this.session), { headers: { 'x-accept-fix': value } });
  },
);

When(
  'the TPP creates a signing basket of those payments, the last one being {}',
  async function (this: Xs2aWorld, what: string) {
    await sendBasketWithoutLastAsControl(this.session, what);
  },
);

When('the TPP creates a signing basket whose body is {string}', async function (this: Xs2aWorld, body: string) {
  await sendBasketOfNoCreatedPayment(this.session, body);
});

When('the TPP creates a signing basket of a payment id that was never created', async function (this: Xs2aWorld) {
  await sendBasketOfNoCreatedPayment(this.session, { paymentIds: [`never-created-${Date.now()}`] });
});

Then('the signing basket status is {word}', function (this: Xs2aWorld, status: string) {
  return check(this.session, basketsStatusIs, status);
});

When('the TPP reads the signing basket status', async function (this: Xs2aWorld) {
  await readBasketStatus(this.session);
});

When('the PSU authorises the signing basket', async function (this: Xs2aWorld) {
  await authoriseBasket(this.session);
});

When('the TPP deletes the first payment of the signing basket', async function (this: Xs2aWorld) {
  await deletePayment(this.session, allPayments(this.session)[0]);
  expectFirstPaymentDeleted(this.session);
});

Then('each payment of the signing basket has its own status, read per payment', async function (this: Xs2aWorld) {
  const statuses = await statusesOf(this.session, allPayments(this.session), 'payment-status-response');
  this.session.state.paymentStatuses = statuses;
});

Then("the signing basket status is the worst case of its payments' statuses", async function (this: Xs2aWorld) {
  const statuses = await statusesOf(this.session, allPayments(this.session));
  const ex = await readBasketStatus(this.session);
  expectSchema(jsonOf(ex), 'basket-status-response', 'the signing basket status', ['states.basket-single-status']);
  expectWorstCase(jsonOf(ex).transactionStatus, statuses);
});

Then('the other payments of the signing basket are authorised', function (this: Xs2aWorld) {
  return check(this.session, basketsOthersAuthorised);
});
