// Consents, users and corporate agreements (§ Endpoints > Other operations, § Versioning > Deprecations).
import { Given, Then, When } from '@cucumber/cucumber';
import { describeResponse, expectErrorBody, fail, jsonOf, responseOf } from '../src/suite/expect.ts';
import { expectScaRequired, stringsIn, type Context } from '../src/suite/sca-checks.ts';
import { tampering } from '../src/suite/tamper.ts';
import { buildBody } from '../src/suite/templates.ts';
import { accountVars, SANDBOX_PATHS, silentOperation } from '../src/suite/sandbox.ts';
import { UUID_PATTERN } from '../src/spec/events.ts';
import type { Xs2aWorld } from './support/world.ts';

const BANK_OFFERED = { method: 'POST', path: '/v1/bank-offered-consents' } as const;
// Berlin Group 1.3 consent request; the removed operation's body "is ignored".
const BG_CONSENT = { access: { allPsd2: 'allAccounts' }, recurringIndicator: true, validUntil: '2099-12-31', frequencyPerDay: 4, combinedServiceIndicator: false };

When('the TPP asks for bank-offered consents', async function (this: Xs2aWorld) {
  await this.send({ ...BANK_OFFERED, body: {} });
});

When('the TPP asks for bank-offered consents with the Content-Type {string}', async function (this: Xs2aWorld, type: string) {
  await this.send({ ...BANK_OFFERED, body: Buffer.from('{}'), headers: { 'Content-Type': type } });
});

When('the TPP asks for bank-offered consents with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  await this.send({ ...BANK_OFFERED, body: {}, sign: t.sign ? t.sign(Date.now()) : undefined, mutate: t.mutate });
});

// Status not stated: "an SCA redirect is returned" — 401 (§ Errors) or a created answer holding the link.
Then('the response carries an SCA redirect link for GET', function (this: Xs2aWorld) {
  expectScaRequired(this.last, [200, 201, 401]);
});

When('the PSU completes the SCA of that redirect in the {word} context', async function (this: Xs2aWorld, context: Context) {
  const href = expectScaRequired(this.last, [200, 201, 401]);
  await this.runSca(new URL(href, this.ctx.targetUrl).toString(), context);
});

When('the TPP posts a consent request to the removed \\/v1\\/consents', async function (this: Xs2aWorld) {
  await this.send({ method: 'POST', path: '/v1/consents', body: BG_CONSENT });
});

Then('the request is refused with a client error and no SCA redirect', function (this: Xs2aWorld) {
  const r = responseOf(this.last, ['deprecations.consents-endpoint']);
  if (r.status < 400 || r.status >= 500 || r.status === 401) fail(`POST /v1/consents was removed on 05-Dec-2024, but ${describeResponse(this.last)}`, ['deprecations.consents-endpoint', 'endpoints.create-consent']);
  expectErrorBody(this.last, r.status, undefined, ['deprecations.consents-endpoint']);
  if ((r.json as any)?._links?.scaRedirect) fail('the removed /v1/consents still hands out a scaRedirect', ['deprecations.consents-endpoint']);
});

When('the TPP asks {word} for the PSU id', async function (this: Xs2aWorld, path: string) {
  await this.send({ method: 'GET', path });
});

When('the TPP lists the PSU\'s corporate agreements', async function (this: Xs2aWorld) {
  await this.send({ method: 'GET', path: '/v1/agreements' });
});

Then('the agreements list holds the PSU\'s corporate id', function (this: Xs2aWorld) {
  const id = this.psu.psuCorporateId;
  if (!id) fail('the corporate PSU has no corporate id');
  if (!stringsIn(jsonOf(this.last)).includes(id)) fail(`GET /v1/agreements does not list the corporate id ${id} the PSU chose: ${describeResponse(this.last)}`, ['endpoints.list-agreements', 'sca.corporate-context']);
});

// The spec: the corporate id is "chosen from GET /v1/agreements for a TPP that already holds a PSU id";
// the list's shape is not shown, so its UUIDs (psu-corporate-id is a UUID, § Events) are the candidates.
async function corporateIds(world: Xs2aWorld): Promise<string[]> {
  const ex = await world.send({ method: 'GET', path: '/v1/agreements' });
  if (ex.response?.status !== 200) fail(`GET /v1/agreements for a known PSU: ${describeResponse(ex)}`, ['endpoints.list-agreements', 'endpoints.list-agreements.success']);
  return stringsIn(jsonOf(ex, ['endpoints.list-agreements'])).filter((s) => UUID_PATTERN.test(s) && s !== world.psu.psuId);
}

// Sandbox only (platform shapes, facts §1.3-1.4): a new corporate customer with an account, and an agreement engaging the PSU.
Given('the sandbox has a new corporate agreement that engages the PSU', async function (this: Xs2aWorld) {
  this.state.agreementsBefore = await corporateIds(this);
  const nid = await this.nationalId('PRIVATE');
  const org = String(910_000_000 + Math.floor(Math.random() * 89_999_999));
  const account = await accountVars(this, { customerNumber: org });
  // The customer and agreement operations are profile keys (the spec names neither); a bank without them makes this scenario not applicable (@uses:).
  const steps: Array<[{ method: string; path: string }, unknown]> = [
    [silentOperation(this, 'create-sandbox-customer'), buildBody(this.profile, 'sandbox-customer', { customerNumber: org, customerType: 'corporate' })],
    [{ method: 'POST', path: SANDBOX_PATHS.accounts }, buildBody(this.profile, 'sandbox-account', account)],
    [silentOperation(this, 'create-sandbox-agreement'), buildBody(this.profile, 'sandbox-agreement', { owner: org, customer: nid, bban: account.bban })],
  ];
  for (const [op, body] of steps) {
    const ex = await this.send({ ...op, body, psu: false });
    if (!ex.response || ex.response.status >= 300) fail(`sandbox set-up ${op.method} ${op.path} failed: ${describeResponse(ex)}`);
  }
});

When('the TPP picks the new corporate id from the PSU\'s corporate agreements', async function (this: Xs2aWorld) {
  const before = new Set(this.need('agreementsBefore', 'agreements list'));
  const fresh = (await corporateIds(this)).filter((id) => !before.has(id));
  if (!fresh.length) fail(`GET /v1/agreements does not list the agreement the sandbox just made for the PSU: ${describeResponse(this.last)}`, ['endpoints.list-agreements']);
  this.psu.psuCorporateId = fresh[0];
});
