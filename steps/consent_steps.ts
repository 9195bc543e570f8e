// Consents, users and corporate agreements (§ Endpoints > Other operations, § Versioning > Deprecations).
import { Given, Then, When } from '@cucumber/cucumber';
import { sendTampered, sendWithControl } from '../src/suite/controls.ts';
import { expectScaRequired, type Context } from '../src/suite/sca-checks.ts';
import { check } from '../src/suite/checks/check.ts';
import { consentsAgreementsHoldCorporateId, consentsRemovedEndpointRefused } from '../src/suite/checks/consents.ts';
import { tampering } from '../src/suite/tamper.ts';
import { createCorporateAgreement, pickNewCorporateId } from '../src/suite/session-requests.ts';
import type { Xs2aWorld } from './support/world.ts';

const BANK_OFFERED = { method: 'POST', path: '/v1/bank-offered-consents' } as const;
// Berlin Group 1.3 consent request; the removed operation's body "is ignored".
const BG_CONSENT = {
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '2099-12-31',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
};

When('the TPP asks for bank-offered consents', async function (this: Xs2aWorld) {
  await this.session.send({ ...BANK_OFFERED, body: {} });
});

When(
  'the TPP asks for bank-offered consents with the Content-Type {string}',
  async function (this: Xs2aWorld, type: string) {
    await this.session.send({ ...BANK_OFFERED, body: Buffer.from('{}'), headers: { 'Content-Type': type } });
  },
);

When('the TPP asks for bank-offered consents with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  await sendTampered(
    this.session,
    t,
    { ...BANK_OFFERED, body: {} },
    { ...BANK_OFFERED, body: {} },
    'the same bank-offered consent request, signed as it should be',
  );
});

// Status not stated: "an SCA redirect is returned" — 401 (§ Errors) or a created answer holding the link.
Then('the response carries an SCA redirect link for GET', function (this: Xs2aWorld) {
  expectScaRequired(this.session.last, [200, 201, 401]);
});

When(
  'the PSU completes the SCA of that redirect in the {word} context',
  async function (this: Xs2aWorld, context: Context) {
    const href = expectScaRequired(this.session.last, [200, 201, 401]);
    await this.session.runSca(new URL(href, this.session.ctx.targetUrl).toString(), context);
  },
);

When('the TPP posts a consent request to the removed \\/v1\\/consents', async function (this: Xs2aWorld) {
  await sendWithControl(
    this.session,
    { method: 'POST', path: '/v1/consents', body: BG_CONSENT },
    { ...BANK_OFFERED, body: BG_CONSENT },
    'the same consent request to its replacement, /v1/bank-offered-consents',
  );
});

Then('the request is refused with a client error and no SCA redirect', function (this: Xs2aWorld) {
  return check(this.session, consentsRemovedEndpointRefused);
});

When('the TPP asks {word} for the PSU id', async function (this: Xs2aWorld, path: string) {
  await this.session.send({ method: 'GET', path });
});

When("the TPP lists the PSU's corporate agreements", async function (this: Xs2aWorld) {
  await this.session.send({ method: 'GET', path: '/v1/agreements' });
});

Then("the agreements list holds the PSU's corporate id", function (this: Xs2aWorld) {
  return check(this.session, consentsAgreementsHoldCorporateId);
});

// The profile's recipe (preconditions.newCorporateId): a new corporate agreement the sandbox makes, or one of the PSU's
// seeded ones.
Given('the PSU has a corporate agreement that no SCA of the TPP chose yet', async function (this: Xs2aWorld) {
  await createCorporateAgreement(this.session);
});

When("the TPP picks the new corporate id from the PSU's corporate agreements", async function (this: Xs2aWorld) {
  await pickNewCorporateId(this.session);
});
