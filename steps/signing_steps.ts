// Request signing (Authentication > Request signing): a correct request, then named tamperings.
import { Given, When } from '@cucumber/cucumber';
import { tampering } from '../src/suite/tamper.ts';
import type { RequestSpec } from '../src/tpp/client.ts';
import type { Xs2aWorld } from './support/world.ts';

Given('a private PSU who has completed SCA', async function (this: Xs2aWorld) {
  await this.obtainPsu('PRIVATE');
});

Given('a corporate PSU who has completed SCA', async function (this: Xs2aWorld) {
  await this.obtainPsu('CORPORATE');
});

const ACCOUNT_LIST: RequestSpec = { method: 'GET', path: '/v1/accounts' };

When('the TPP reads the account list', async function (this: Xs2aWorld) {
  await this.send(ACCOUNT_LIST);
});

When('the TPP reads the account list with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  const now = Date.now();
  await this.send({ ...ACCOUNT_LIST, sign: t.sign ? t.sign(now) : undefined, mutate: t.mutate });
});

When('the TPP initiates a cross-border payment with {string}', async function (this: Xs2aWorld, name: string) {
  const t = tampering(name);
  const body = await this.paymentBody('cross-border-payment');
  await this.send({ method: 'POST', path: '/v1/payments/cross-border-credit-transfers', headers: { 'x-accept-fix': 'amount-as-string' }, body, sign: t.sign ? t.sign(Date.now()) : undefined, mutate: t.mutate });
});
