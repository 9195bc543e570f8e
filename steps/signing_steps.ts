// Request signing (Authentication > Request signing): a correct request, then named tamperings.
import { Given, Then, When } from '@cucumber/cucumber';
import { check } from '../src/suite/checks/check.ts';
import { signatureAccepted } from '../src/suite/checks/signing.ts';
import { firstAccountId, widePeriod } from '../src/suite/accounts.ts';
import { tampering } from '../src/suite/tamper.ts';
import { sendTampered } from '../src/suite/controls.ts';
import type { RequestSpec } from '../src/tpp/client.ts';
import type { Xs2aWorld } from './support/world.ts';

Given('a private PSU who has completed SCA', async function (this: Xs2aWorld) {
  await this.session.obtainPsu('PRIVATE');
});

Given('a corporate PSU who has completed SCA', async function (this: Xs2aWorld) {
  await this.session.obtainPsu('CORPORATE');
});

const ACCOUNT_LIST: RequestSpec = { method: 'GET', path: '/v1/accounts' };

When('the TPP reads the account list', async function (this: Xs2aWorld) {
  await this.session.send(ACCOUNT_LIST);
});

When('the TPP reads the account list with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  await sendTampered(
    this.session,
    t,
    ACCOUNT_LIST,
    ACCOUNT_LIST,
    'the same account list request, signed as it should be',
  );
});

When(
  'the TPP reads the booked and pending transactions of an account, a request with a query string, with {string}',
  async function (this: Xs2aWorld, name: string) {
    const t = tampering(name);
    const list: RequestSpec = {
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(await firstAccountId(this.session))}/transactions`,
      query: widePeriod(this.session),
    };
    await sendTampered(this.session, t, list, list, 'the same transaction list request, signed as it should be');
  },
);

When('the TPP initiates a cross-border payment with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  const payment: RequestSpec = {
    method: 'POST',
    path: '/v1/payments/cross-border-credit-transfers',
    headers: { 'x-accept-fix': 'amount-as-string' },
    body: await this.session.paymentBody('cross-border-payment'),
  };
  await sendTampered(this.session, t, payment, payment, 'the same payment, signed as it should be');
});

// The signature oracle (src/tpp/signature-oracle.ts): 2xx, or 401 with _links.scaRedirect (SCA demanded after
// the signature was verified), is an acceptance; 400 (or a status the profile declares) a rejection.
Then('the signature is accepted', function (this: Xs2aWorld) {
  return check(this.session, signatureAccepted);
});
