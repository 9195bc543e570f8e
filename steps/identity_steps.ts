// Rules with more than one TPP or a PSD2 role (§ Authentication > TPP identity, PSU authentication
// step 5): the scenario acts as the profile's other TPPs (src/suite/identities.ts).
import { Given, Then, When } from '@cucumber/cucumber';
import {
  expectForbidden,
  expectOtherPaymentAuthorised,
  expectPsuIdPerTpp,
  expectRoleRefused,
  identityNamed,
  otherAuthorisesPayment,
  otherInitiatesPayment,
  otherInitiatesWithoutPsu,
  otherObtainsPsu,
  otherReadsAccounts,
  otherReadsAccountsAsFirst,
  otherReadsBasket,
  otherReadsPayment,
} from '../src/suite/identities.ts';
import type { Xs2aWorld } from './support/world.ts';

Given('the PSU has completed SCA with the {word} TPP as well', async function (this: Xs2aWorld, who: string) {
  await otherObtainsPsu(this.session, identityNamed(who));
});

// The SCA is the step: a new one, not the session the worker keeps for that TPP.
When('the PSU completes SCA with the {word} TPP as well', async function (this: Xs2aWorld, who: string) {
  await otherObtainsPsu(this.session, identityNamed(who), true);
});

Then(
  "the {word} TPP holds a psu-id for the PSU that differs from the first TPP's",
  function (this: Xs2aWorld, who: string) {
    expectPsuIdPerTpp(this.session, identityNamed(who));
  },
);

When(
  "the {word} TPP reads the account list with the first TPP's psu-id and TPP-Session-ID",
  async function (this: Xs2aWorld, who: string) {
    await otherReadsAccountsAsFirst(this.session, identityNamed(who));
  },
);

When('the {word} TPP reads that payment', async function (this: Xs2aWorld, who: string) {
  await otherReadsPayment(this.session, identityNamed(who), 'payment');
});

When('the {word} TPP reads the status of that payment', async function (this: Xs2aWorld, who: string) {
  await otherReadsPayment(this.session, identityNamed(who), 'status');
});

When('the {word} TPP reads that signing basket', async function (this: Xs2aWorld, who: string) {
  await otherReadsBasket(this.session, identityNamed(who), 'basket');
});

When('the {word} TPP reads the status of that signing basket', async function (this: Xs2aWorld, who: string) {
  await otherReadsBasket(this.session, identityNamed(who), 'status');
});

When('the {word} TPP reads the account list', async function (this: Xs2aWorld, who: string) {
  await otherReadsAccounts(this.session, identityNamed(who));
});

When('the {word} TPP initiates a cross-border payment', async function (this: Xs2aWorld, who: string) {
  await otherInitiatesPayment(this.session, identityNamed(who));
});

Then("the request is refused for the TPP's PSD2 role", function (this: Xs2aWorld) {
  expectRoleRefused(this.session);
});

Then('the refusal is status 403 with the code FORBIDDEN', function (this: Xs2aWorld) {
  expectForbidden(this.session);
});

// Release 1.17.0: single SCA payment initiation for payment-only TPPs (src/suite/identities.ts, the reading).
When(
  "the {word} TPP, holding no psu-id, initiates a norwegian-domestic payment from the PSU's account with PSU-Context PRIVATE and no PSU-ID",
  async function (this: Xs2aWorld, who: string) {
    await otherInitiatesWithoutPsu(this.session, identityNamed(who));
  },
);

When(
  "the PSU completes the SCA of the {word} TPP's payment authorisation",
  async function (this: Xs2aWorld, who: string) {
    await otherAuthorisesPayment(this.session, identityNamed(who));
  },
);

Then('the {word} TPP reads its payment as authorised', function (this: Xs2aWorld, who: string) {
  return expectOtherPaymentAuthorised(this.session, identityNamed(who));
});
