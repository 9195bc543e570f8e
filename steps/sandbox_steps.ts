// Sandbox mock data (§ Endpoints 4 and 5, Other operations): accounts, card accounts, transactions,
// customers, balances, initialisation; and that these operations exist in the sandbox only.
import { Given, Then, When } from '@cucumber/cucumber';
import { randomUUID } from 'node:crypto';
import { keepControl, sendWithControl } from '../src/suite/controls.ts';
import { checkedSetup, describeResponse, expectErrorBody, fail, jsonOf } from '../src/session/expect.ts';
import { amountsIn, leaveOut } from '../src/suite/accounts.ts';
import {
  accountVars, body, cardTxn, cardTxnsRequest, cardVars, createSandboxAccount, createSandboxCard, daysAgo, listSandboxTxns, payFromSandboxAccount, postCardTxns, SANDBOX_PATHS, sendNow,
  silentOperation, withPath,
} from '../src/suite/sandbox.ts';
import { sandboxAccountOf as account, sandboxCardOf as card } from '../src/suite/accounts.ts';
import { pointers, readOptionalString, readValue } from '../src/session/shapes.ts';
import type { Xs2aWorld } from './support/world.ts';

const sandboxIds = (w: Xs2aWorld): string[] => (Array.isArray(w.json) ? w.json.map((t: any) => String(t.id)) : fail(`expected a list: ${describeResponse(w.last)}`));

/** "fromDate 20 days back and toDate 20 days back", "offset 1, limit 2" → sandbox list query. */
function sandboxQuery(w: Xs2aWorld, text: string): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  for (const m of text.matchAll(/(fromDate|toDate|limit|offset) (-?\d+)( days back)?/g)) q[m[1]] = m[3] ? daysAgo(w, Number(m[2])) : Number(m[2]);
  if (!Object.keys(q).length) throw new Error(`cannot read the query "${text}"`);
  return q;
}

/** A JSON literal, or "<n> letters". */
const valueOf = (text: string): unknown => {
  const m = /^(\d+) letters$/.exec(text);
  return m ? 'S'.repeat(Number(m[1])) : JSON.parse(text);
};

// ---------------------------------------------------------------- accounts

When('the TPP creates a sandbox account for the PSU\'s customer', async function (this: Xs2aWorld) {
  this.state.createdIdKey = 'sandbox-account.id';
  await sendNow(this, { method: 'POST', path: SANDBOX_PATHS.accounts, psu: false, body: body(this.profile, 'sandbox-account', await accountVars(this)) });
});

When('the TPP creates a sandbox card account for the PSU\'s customer', async function (this: Xs2aWorld) {
  this.state.createdIdKey = 'sandbox-card-account.id';
  await sendNow(this, { method: 'POST', path: SANDBOX_PATHS.cardAccounts, psu: false, body: body(this.profile, 'sandbox-card-account', await cardVars(this)) });
});

Then('the answer names the new account\'s id', function (this: Xs2aWorld) {
  const key = this.need('createdIdKey', 'sandbox creation');
  if (!readOptionalString(this.profile, key, this.json)) fail(`the answer names no id at ${pointers(this.profile, key).join(', ')} (responses.${key}): ${describeResponse(this.last)}`, ['endpoints.create-sandbox-account', 'endpoints.create-sandbox-card-account']);
});

Given('a sandbox account of the PSU named with {int} characters', async function (this: Xs2aWorld, n: number) {
  // A refusal at creation breaks the clause the scenario checks (names up to 70 characters), not just its set-up.
  await checkedSetup(() => createSandboxAccount(this, { accountName: `Konto ${'L'.repeat(n - 6)}` }), `the sandbox did not take an account name of ${n} characters`, ['versioning.accept-fix.longer-names']);
});

// A refusal at creation keeps the name limit (checked on the list after); the control, a new account
// named with one character fewer, shows that the refusal was for the length.
Given('a sandbox account of the PSU named with {int} characters, unless the sandbox refuses it', async function (this: Xs2aWorld, n: number) {
  keepControl(this, `a sandbox account named with ${n - 1} characters`, async () => sendNow(this, { method: 'POST', path: SANDBOX_PATHS.accounts, psu: false, body: body(this.profile, 'sandbox-account', await accountVars(this, { accountName: 'N'.repeat(n - 1) })) }));
  await createSandboxAccount(this, { accountName: 'N'.repeat(n) }).catch(() => undefined);
});

Given('a sandbox account of the PSU with cashAccountType {string}', async function (this: Xs2aWorld, code: string) {
  await createSandboxAccount(this, { cashAccountType: code });
});

// ---------------------------------------------------------------- sandbox transaction list

When('the TPP reads the sandbox transactions of the sandbox account', async function (this: Xs2aWorld) {
  await listSandboxTxns(this, account(this).id);
});

// "… with limit 0 instead of limit 1": the control reads the list with the query after "instead of".
When(/^the TPP reads the sandbox transactions of the sandbox account with (.+?)(?: instead of (.+))?$/, async function (this: Xs2aWorld, text: string, usual?: string) {
  const id = account(this).id;
  if (usual != null) keepControl(this, `the same sandbox list with ${usual}`, () => listSandboxTxns(this, id, sandboxQuery(this, usual)));
  await listSandboxTxns(this, id, sandboxQuery(this, text));
});

When('the TPP reads the sandbox transactions of the sandbox account without the header {word}', async function (this: Xs2aWorld, header: string) {
  const id = account(this).id;
  keepControl(this, `the same sandbox list with ${header}`, () => listSandboxTxns(this, id));
  await listSandboxTxns(this, id, {}, leaveOut(header));
});

Then('the sandbox list holds the {int} created transactions', function (this: Xs2aWorld, n: number) {
  const got = new Set(sandboxIds(this));
  const created = this.need('createdTxns', 'created transactions').map((t) => t.id);
  if (created.length !== n || created.some((id) => !id || !got.has(id))) fail(`the sandbox list (${got.size} items) lacks created transactions ${created.filter((id) => !id || !got.has(id)).join(', ')}`, ['endpoints.get-sandbox-account-transactions.returns-all']);
});

Then(/^the sandbox list holds the transactions of ([\d, ]+) days back$/, function (this: Xs2aWorld, days: string) {
  const map = this.need('txnDays', 'dates of created transactions');
  const got = (Array.isArray(this.json) ? this.json : []).map((t: any) => map.get(String(t.bookingDate)) ?? `other (${t.bookingDate})`).map(String).sort();
  const want = days.split(',').map((s) => s.trim()).sort();
  if (JSON.stringify(got) !== JSON.stringify(want)) fail(`expected the transactions of ${want.join(', ')} days back, got ${got.join(', ') || 'none'}`, ['endpoints.get-sandbox-account-transactions.query.fromDate', 'endpoints.get-sandbox-account-transactions.query.toDate']);
});

Then(/^the sandbox list is the slice (\d+)\.\.(\d+) of the unpaged list$/, async function (this: Xs2aWorld, from: string, to: string) {
  const page = sandboxIds(this);
  const all = (jsonOf(await listSandboxTxns(this, account(this).id)) as any[]).map((t) => String(t.id));
  const want = all.slice(Number(from), Number(to));
  if (JSON.stringify(page) !== JSON.stringify(want)) fail(`got ${JSON.stringify(page)}, the unpaged list's slice ${from}..${to} is ${JSON.stringify(want)}`, ['endpoints.get-sandbox-account-transactions.query.offset', 'endpoints.get-sandbox-account-transactions.query.limit']);
});

When(/^the PSU pays ([\d.]+) NOK from the sandbox account by a norwegian-domestic payment and authorises it$/, async function (this: Xs2aWorld, amount: string) {
  await payFromSandboxAccount(this, account(this), amount);
});

Then(/^the sandbox list holds a debit of ([\d.]+) NOK$/, function (this: Xs2aWorld, amount: string) {
  const units = Number(amount);
  const items = Array.isArray(this.json) ? this.json : [];
  // int32 amounts: whole units or minor units (øre), whichever the sandbox uses.
  if (!items.some((t: any) => t.currency === 'NOK' && [units, Math.round(units * 100)].includes(Math.abs(Number(t.amount))))) {
    fail(`no transaction of ${amount} NOK in the sandbox list: ${describeResponse(this.last)}`, ['endpoints.get-sandbox-account-transactions.returns-all']);
  }
});

// ---------------------------------------------------------------- card accounts and card transactions

Given('a sandbox card account of the PSU', async function (this: Xs2aWorld) {
  await createSandboxCard(this);
});

Given('a sandbox card account of the PSU named with {int} characters', async function (this: Xs2aWorld, n: number) {
  await checkedSetup(() => createSandboxCard(this, { name: `Kort ${'K'.repeat(n - 5)}` }), `the sandbox did not take a card account name of ${n} characters`, ['versioning.accept-fix.longer-names']);
});

Given('a sandbox card account of the PSU with {int} card transactions', async function (this: Xs2aWorld, n: number) {
  const c = await createSandboxCard(this);
  const ex = await postCardTxns(this, c.id, Array.from({ length: n }, () => cardTxn(this)));
  if ((ex.response?.status ?? 0) >= 300) fail(`card transactions were not created: ${describeResponse(ex)}`, ['endpoints.create-sandbox-card-transactions']);
});

Given('a sandbox card account of the PSU with a card transaction of NOK in transactionAmount and EUR in originalAmount', async function (this: Xs2aWorld) {
  const c = await createSandboxCard(this);
  const t = cardTxn(this, { transactionAmount: { currency: 'NOK', amount: -11500 }, originalAmount: { currency: 'EUR', amount: -1000 } });
  const ex = await postCardTxns(this, c.id, [t]);
  if ((ex.response?.status ?? 0) >= 300) fail(`the card transaction was not created: ${describeResponse(ex)}`, ['endpoints.create-sandbox-card-transactions']);
  this.state.switchTxnId = t.cardTransactionId;
});

When('the TPP creates {int} card transactions on the sandbox card account', async function (this: Xs2aWorld, n: number) {
  const items = Array.from({ length: n }, () => cardTxn(this));
  this.state.cardTxnIds = items.map((t) => t.cardTransactionId);
  await postCardTxns(this, card(this).id, items);
});

// The control makes the card account the violation lacks (a set-up: inconclusive when the sandbox cannot).
When('the TPP creates {int} card transactions on the card account {string}', async function (this: Xs2aWorld, n: number, id: string) {
  const items = Array.from({ length: n }, () => cardTxn(this));
  keepControl(this, 'the same card transactions on a sandbox card account of the PSU', async () => postCardTxns(this, (await createSandboxCard(this)).id, items));
  await postCardTxns(this, `${id}-${randomUUID().slice(0, 8)}`, items);
});

When('the TPP creates {int} card transactions on the sandbox card account without the header {word}', async function (this: Xs2aWorld, n: number, header: string) {
  const items = Array.from({ length: n }, () => cardTxn(this));
  keepControl(this, `the same card transactions with ${header}`, () => postCardTxns(this, card(this).id, items));
  await postCardTxns(this, card(this).id, items, leaveOut(header));
});

Then('the booked card transactions of the answer are the {int} created', function (this: Xs2aWorld, n: number) {
  const got = (this.json?.cardTransactions?.booked ?? []).map((t: any) => t.cardTransactionId).sort();
  const want = [...this.need('cardTxnIds', 'created card transactions')].sort();
  if (want.length !== n || JSON.stringify(got) !== JSON.stringify(want)) fail(`the answer books ${JSON.stringify(got)}, created ${JSON.stringify(want)}`, ['fields.sandbox-card-transactions-response.cardTransactions']);
});

When(/^the TPP creates a card transaction with (.+)$/, async function (this: Xs2aWorld, dates: string) {
  const day = (s: string) => (s === 'tomorrow' ? daysAgo(this, -1) : daysAgo(this, Number(/(\d+) days? back/.exec(s)![1])));
  const both = /^bookingDate and transactionDate (.+)$/.exec(dates);
  const split = /^bookingDate (.+) and transactionDate (.+)$/.exec(dates);
  const one = /^(bookingDate|transactionDate) (tomorrow)$/.exec(dates);
  const o: Record<string, string> = both ? { bookingDate: day(both[1]), transactionDate: day(both[1]) }
    : split ? { bookingDate: day(split[1]), transactionDate: day(split[2]) }
    : one ? { [one[1]]: day(one[2]) } : fail(`cannot read the dates "${dates}"`);
  const t = cardTxn(this);
  await sendWithControl(this, cardTxnsRequest(card(this).id, [{ ...t, ...o }]), cardTxnsRequest(card(this).id, [t]), 'the same card transaction booked and transacted yesterday');
});

When('the TPP creates a card transaction without {word}', async function (this: Xs2aWorld, field: string) {
  const t = cardTxn(this, { currencyExchange: { sourceCurrency: 'EUR', targetCurrency: 'NOK', unitCurrency: 'EUR', exchangeRate: '11.5', quotationDate: daysAgo(this, 1) } });
  await sendWithControl(this, cardTxnsRequest(card(this).id, [withPath(t, field, undefined)]), cardTxnsRequest(card(this).id, [t]), `the same card transaction with ${field}`);
});

When(/^the TPP creates a card transaction whose (\S+) is (.+)$/, async function (this: Xs2aWorld, field: string, value: string) {
  const t = cardTxn(this);
  await sendWithControl(this, cardTxnsRequest(card(this).id, [withPath(t, field, valueOf(value))]), cardTxnsRequest(card(this).id, [t]), `the same card transaction with the template's ${field}`);
});

// ---------------------------------------------------------------- customers, balances, initialise

When('the TPP reads the sandbox customers', async function (this: Xs2aWorld) {
  await sendNow(this, { method: 'GET', path: SANDBOX_PATHS.customers, psu: false });
});

Then('the customers are a list with private and corporate customers, each with a national identity number', function (this: Xs2aWorld) {
  const c = ['endpoints.list-sandbox-customers'];
  const p = this.profile;
  const list = readValue(p, 'sandbox-customers.list', this.json, Array.isArray);
  if (!list?.length) fail(`expected a list of customers at ${pointers(p, 'sandbox-customers.list').map((x) => x || '(the body)').join(', ')} (responses.sandbox-customers.list): ${describeResponse(this.last)}`, c);
  if (list.some((x) => !readOptionalString(p, 'sandbox-customer.nationalId', x))) fail(`a customer has no national identity number at ${pointers(p, 'sandbox-customer.nationalId').join(', ')} (responses.sandbox-customer.nationalId)`, c);
  const types = new Set(list.map((x) => String(readOptionalString(p, 'sandbox-customer.type', x)).toLowerCase()));
  if (!types.has('private') || !types.has('corporate')) fail(`expected private and corporate customers, got types ${[...types].join(', ')}`, c);
});

When('the TPP sets the sandbox account\'s balance to {int}', async function (this: Xs2aWorld, amount: number) {
  const a = account(this);
  await sendNow(this, { ...silentOperation(this, 'update-sandbox-account-balance', { id: a.id }), psu: false, body: body(this.profile, 'sandbox-balance-update', { amountInt: amount, currency: a.currency }) });
});

When('the TPP sets the sandbox card account\'s balance to {int}', async function (this: Xs2aWorld, amount: number) {
  await sendNow(this, { ...silentOperation(this, 'update-sandbox-card-account-balance', { id: card(this).id }), psu: false, body: body(this.profile, 'sandbox-balance-update', { amountInt: amount, currency: 'NOK' }) });
});

Then(/^a balance shows the amount (\d+) \(in units or minor units\)$/, function (this: Xs2aWorld, amount: string) {
  const n = Number(amount);
  const got = amountsIn(this.json?.balances ?? []).map((a) => Number(a.amount));
  if (!got.some((x) => x === n || Math.round(x * 100) === n)) fail(`no balance shows ${amount} (or ${n / 100}): ${JSON.stringify(got)}`, ['endpoints.update-sandbox-account-balance', 'endpoints.update-sandbox-card-account-balance']);
});

When('the TPP initialises the sandbox', async function (this: Xs2aWorld) {
  await sendNow(this, { ...silentOperation(this, 'initialise-sandbox'), psu: false });
});

Then('the sandbox account no longer exists', async function (this: Xs2aWorld) {
  // Through the spec-named read of its transactions: a wiped account is unknown there.
  const ex = await listSandboxTxns(this, account(this).id);
  if (ex.response?.status !== 404) fail(`the account created before initialising is still there: ${describeResponse(ex)}`, ['endpoints.initialise-sandbox']);
});

Then('the PSU has two accounts and one card account', async function (this: Xs2aWorld) {
  const accounts = jsonOf(await sendNow(this, { method: 'GET', path: '/v1/accounts' }))?.accounts ?? [];
  const cards = jsonOf(await sendNow(this, { method: 'GET', path: '/v1/card-accounts' }))?.cardAccounts ?? [];
  if (accounts.length !== 2 || cards.length !== 1) fail(`after initialising, the private PSU has ${accounts.length} accounts and ${cards.length} card accounts, not 2 and 1`, ['endpoints.initialise-sandbox']);
});

Then('the answer is 200 in a sandbox and a refusal in production', function (this: Xs2aWorld) {
  const s = this.status;
  if (this.profile.environment === 'production') {
    if (s < 400 || s >= 500) fail(`a production target served the sandbox operation: ${describeResponse(this.last)}`, ['conventions.sandbox-only']);
    if (s !== 401) expectErrorBody(this.last, s, undefined, ['conventions.sandbox-only']);
  } else if (s !== 200) fail(`the sandbox does not serve its customer list: ${describeResponse(this.last)}`, ['conventions.sandbox-only']);
});

