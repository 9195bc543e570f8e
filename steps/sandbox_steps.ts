// Sandbox mock data (§ Endpoints 4 and 5, Other operations): accounts, card accounts, transactions,
// customers, balances, initialisation; and that these operations exist in the sandbox only.
import { forgetSandboxData } from '../src/session/worker-state.ts';
import { Given, Then, When } from '@cucumber/cucumber';
import { randomUUID } from 'node:crypto';
import { keepControl, sendWithControl } from '../src/suite/controls.ts';
import { checkedSetup } from '../src/session/expect.ts';
import { leaveOut } from '../src/suite/accounts.ts';
import {
  accountVars,
  body,
  cardTxn,
  VARIANT_STEPS,
  cardTxnDates,
  cardTxnsRequest,
  cardVars,
  createSandboxAccount,
  createSandboxCard,
  daysAgo,
  listSandboxTxns,
  payFromSandboxAccount,
  postCardTxns,
  SANDBOX_PATHS,
  readSandboxResource,
  sendNow,
  silentOperation,
  updateSandboxBalance,
  withPath,
} from '../src/suite/sandbox.ts';
import { nameAskable, sandboxAccountOf as account, sandboxCardOf as card } from '../src/suite/accounts.ts';
import { accountsCardAcceptor, accountsCardStatus } from '../src/suite/checks/accounts.ts';
import { check, runCheck } from '../src/suite/checks/check.ts';
import {
  balanceShows,
  cardTransactionsBooked,
  cardTransactionsCreated,
  createdIdNamed,
  customersListed,
  initialAccounts,
  listHoldsCreated,
  listHoldsDays,
  listHoldsDebit,
  listHoldsNoDebit,
  listIsSlice,
  sandboxAccountWiped,
  sandboxOnly,
} from '../src/suite/checks/sandbox.ts';
import type { Xs2aWorld } from './support/world.ts';
import type { ScenarioSession } from '../src/session/session.ts';

/** "fromDate 20 days back and toDate 20 days back", "offset 1, limit 2" → sandbox list query. */
function sandboxQuery(w: ScenarioSession, text: string): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  for (const m of text.matchAll(/(fromDate|toDate|limit|offset) (-?\d+)( days back)?/g))
    q[m[1]] = m[3] ? daysAgo(w, Number(m[2])) : Number(m[2]);
  if (!Object.keys(q).length) throw new Error(`cannot read the query "${text}"`);
  return q;
}

/** A JSON literal, or "<n> letters". */
const valueOf = (text: string): unknown => {
  const m = /^(\d+) letters$/.exec(text);
  return m ? 'S'.repeat(Number(m[1])) : JSON.parse(text);
};

// ---------------------------------------------------------------- accounts

When("the TPP creates a sandbox account for the PSU's customer", async function (this: Xs2aWorld) {
  this.session.state.createdIdKey = 'sandbox-account.id';
  await sendNow(this.session, {
    method: 'POST',
    path: SANDBOX_PATHS.accounts,
    psu: false,
    body: body(this.session.profile, 'sandbox-account', await accountVars(this.session)),
  });
});

When("the TPP creates a sandbox card account for the PSU's customer", async function (this: Xs2aWorld) {
  this.session.state.createdIdKey = 'sandbox-card-account.id';
  await sendNow(this.session, {
    method: 'POST',
    path: SANDBOX_PATHS.cardAccounts,
    psu: false,
    body: body(this.session.profile, 'sandbox-card-account', await cardVars(this.session)),
  });
});

Then("the answer names the new account's id", function (this: Xs2aWorld) {
  return check(this.session, createdIdNamed);
});

Given(VARIANT_STEPS.accountNamed.step, async function (this: Xs2aWorld, n: string) {
  nameAskable(this.session, 'account', Number(n));
  // A refusal at creation breaks the clause the scenario checks (names up to 70 characters), not just its set-up.
  await checkedSetup(
    () => createSandboxAccount(this.session, VARIANT_STEPS.accountNamed.vars([n])),
    `the sandbox did not take an account name of ${n} characters`,
    ['versioning.accept-fix.longer-names'],
  );
});

// A refusal at creation keeps the name limit (checked on the list after); the control, a new account
// named with one character fewer, shows that the refusal was for the length.
Given(
  'a sandbox account of the PSU named with {int} characters, unless the sandbox refuses it',
  async function (this: Xs2aWorld, n: number) {
    keepControl(this.session, `a sandbox account named with ${n - 1} characters`, async () =>
      sendNow(this.session, {
        method: 'POST',
        path: SANDBOX_PATHS.accounts,
        psu: false,
        body: body(
          this.session.profile,
          'sandbox-account',
          await accountVars(this.session, { accountName: 'N'.repeat(n - 1) }),
        ),
      }),
    );
    await createSandboxAccount(this.session, { accountName: 'N'.repeat(n) }).catch(() => undefined);
  },
);

Given(VARIANT_STEPS.accountOfType.step, async function (this: Xs2aWorld, code: string) {
  await createSandboxAccount(this.session, VARIANT_STEPS.accountOfType.vars([code]));
});

// ---------------------------------------------------------------- sandbox transaction list

When('the TPP reads the sandbox transactions of the sandbox account', async function (this: Xs2aWorld) {
  await listSandboxTxns(this.session, account(this.session).id);
});

// "… with limit 0 instead of limit 1": the control reads the list with the query after "instead of".
When(
  /^the TPP reads the sandbox transactions of the sandbox account with (.+?)(?: instead of (.+))?$/,
  async function (this: Xs2aWorld, text: string, usual?: string) {
    const id = account(this.session).id;
    if (usual != null)
      keepControl(this.session, `the same sandbox list with ${usual}`, () =>
        listSandboxTxns(this.session, id, sandboxQuery(this.session, usual)),
      );
    await listSandboxTxns(this.session, id, sandboxQuery(this.session, text));
  },
);

When(
  'the TPP reads the sandbox transactions of the sandbox account without the header {word}',
  async function (this: Xs2aWorld, header: string) {
    const id = account(this.session).id;
    keepControl(this.session, `the same sandbox list with ${header}`, () => listSandboxTxns(this.session, id));
    await listSandboxTxns(this.session, id, {}, leaveOut(header));
  },
);

Then('the sandbox list holds the {int} created transactions', function (this: Xs2aWorld, n: number) {
  return check(this.session, listHoldsCreated, n);
});

Then(/^the sandbox list holds the transactions of ([\d, ]+) days back$/, function (this: Xs2aWorld, days: string) {
  return check(this.session, listHoldsDays, days);
});

Then(
  /^the sandbox list is the slice (\d+)\.\.(\d+) of the unpaged list$/,
  function (this: Xs2aWorld, from: string, to: string) {
    return check(this.session, listIsSlice, from, to);
  },
);

When(
  /^the PSU pays ([\d.]+) NOK from the sandbox account by a norwegian-domestic payment and authorises it$/,
  async function (this: Xs2aWorld, amount: string) {
    await payFromSandboxAccount(this.session, account(this.session), amount);
  },
);

Then(/^the sandbox list holds a debit of ([\d.]+) NOK$/, function (this: Xs2aWorld, amount: string) {
  return check(this.session, listHoldsDebit, amount);
});

When(
  /^the PSU pays ([\d.]+) NOK from the sandbox account by a norwegian-domestic periodic payment starting today and authorises it$/,
  async function (this: Xs2aWorld, amount: string) {
    await payFromSandboxAccount(this.session, account(this.session), amount, true);
  },
);

Then(/^the sandbox list holds no debit of ([\d.]+) NOK$/, function (this: Xs2aWorld, amount: string) {
  return check(this.session, listHoldsNoDebit, amount);
});

// ---------------------------------------------------------------- card accounts and card transactions

When('the TPP reads the sandbox account with the sandbox read operation', async function (this: Xs2aWorld) {
  await readSandboxResource(this.session, 'account');
});

When('the TPP reads the sandbox card account with the sandbox read operation', async function (this: Xs2aWorld) {
  await readSandboxResource(this.session, 'card');
});

Given('a sandbox card account of the PSU', async function (this: Xs2aWorld) {
  await createSandboxCard(this.session);
});

Given(VARIANT_STEPS.cardNamed.step, async function (this: Xs2aWorld, n: string) {
  nameAskable(this.session, 'card', Number(n));
  await checkedSetup(
    () => createSandboxCard(this.session, VARIANT_STEPS.cardNamed.vars([n])),
    `the sandbox did not take a card account name of ${n} characters`,
    ['versioning.accept-fix.longer-names'],
  );
});

Given('a sandbox card account of the PSU with {int} card transactions', async function (this: Xs2aWorld, n: number) {
  const c = await createSandboxCard(this.session);
  await runCheck(
    this.session,
    cardTransactionsCreated,
    await postCardTxns(
      this.session,
      c.id,
      Array.from({ length: n }, () => cardTxn(this.session)),
    ),
    false,
  );
});

Given('a sandbox card account of the PSU with a card transaction at a card acceptor', async function (this: Xs2aWorld) {
  const c = await createSandboxCard(this.session);
  const t = cardTxn(this.session, {
    cardAcceptorId: `acc-${randomUUID().slice(0, 8)}`,
    cardAcceptorAddress: {
      street: 'Karl Johans gate',
      buildingNumber: '22',
      postalCode: '0159',
      city: 'Oslo',
      country: 'NO',
    },
  });
  await runCheck(this.session, cardTransactionsCreated, await postCardTxns(this.session, c.id, [t]), true);
  this.session.state.acceptorTxn = t;
});

// Release 1.23.2: card acceptor information and card account status in the card account reads.
Then(
  'that card transaction carries the cardAcceptorId and cardAcceptorAddress it was created with',
  function (this: Xs2aWorld) {
    return check(this.session, accountsCardAcceptor);
  },
);

Then('the card account carries a status of enabled, deleted or blocked', function (this: Xs2aWorld) {
  return check(this.session, accountsCardStatus);
});

Given(
  'a sandbox card account of the PSU with a card transaction of NOK in transactionAmount and EUR in originalAmount',
  async function (this: Xs2aWorld) {
    const c = await createSandboxCard(this.session);
    const t = cardTxn(this.session, {
      transactionAmount: { currency: 'NOK', amount: -11500 },
      originalAmount: { currency: 'EUR', amount: -1000 },
    });
    await runCheck(this.session, cardTransactionsCreated, await postCardTxns(this.session, c.id, [t]), true);
    this.session.state.switchTxnId = t.cardTransactionId;
  },
);

When(
  'the TPP creates {int} card transactions on the sandbox card account',
  async function (this: Xs2aWorld, n: number) {
    const items = Array.from({ length: n }, () => cardTxn(this.session));
    this.session.state.cardTxnIds = items.map((t) => t.cardTransactionId);
    await postCardTxns(this.session, card(this.session).id, items);
  },
);

// The control makes the card account the violation lacks (a set-up: inconclusive when the sandbox cannot).
When(
  'the TPP creates {int} card transactions on the card account {string}',
  async function (this: Xs2aWorld, n: number, id: string) {
    const items = Array.from({ length: n }, () => cardTxn(this.session));
    keepControl(this.session, 'the same card transactions on a sandbox card account of the PSU', async () =>
      postCardTxns(this.session, (await createSandboxCard(this.session)).id, items),
    );
    await postCardTxns(this.session, `${id}-${randomUUID().slice(0, 8)}`, items);
  },
);

When(
  'the TPP creates {int} card transactions on the sandbox card account without the header {word}',
  async function (this: Xs2aWorld, n: number, header: string) {
    const items = Array.from({ length: n }, () => cardTxn(this.session));
    keepControl(this.session, `the same card transactions with ${header}`, () =>
      postCardTxns(this.session, card(this.session).id, items),
    );
    await postCardTxns(this.session, card(this.session).id, items, leaveOut(header));
  },
);

Then('the booked card transactions of the answer are the {int} created', function (this: Xs2aWorld, n: number) {
  return check(this.session, cardTransactionsBooked, n);
});

When(/^the TPP creates a card transaction with (.+)$/, async function (this: Xs2aWorld, dates: string) {
  const t = cardTxn(this.session);
  await sendWithControl(
    this.session,
    cardTxnsRequest(card(this.session).id, [{ ...t, ...cardTxnDates(this.session, dates) }]),
    cardTxnsRequest(card(this.session).id, [t]),
    'the same card transaction booked and transacted yesterday',
  );
});

When('the TPP creates a card transaction without {word}', async function (this: Xs2aWorld, field: string) {
  const t = cardTxn(this.session, {
    currencyExchange: {
      sourceCurrency: 'EUR',
      targetCurrency: 'NOK',
      unitCurrency: 'EUR',
      exchangeRate: '11.5',
      quotationDate: daysAgo(this.session, 1),
    },
  });
  await sendWithControl(
    this.session,
    cardTxnsRequest(card(this.session).id, [withPath(t, field, undefined)]),
    cardTxnsRequest(card(this.session).id, [t]),
    `the same card transaction with ${field}`,
  );
});

When(
  /^the TPP creates a card transaction whose (\S+) is (.+)$/,
  async function (this: Xs2aWorld, field: string, value: string) {
    const t = cardTxn(this.session);
    await sendWithControl(
      this.session,
      cardTxnsRequest(card(this.session).id, [withPath(t, field, valueOf(value))]),
      cardTxnsRequest(card(this.session).id, [t]),
      `the same card transaction with the template's ${field}`,
    );
  },
);

// ---------------------------------------------------------------- customers, balances, initialise

When('the TPP reads the sandbox customers', async function (this: Xs2aWorld) {
  await sendNow(this.session, { method: 'GET', path: SANDBOX_PATHS.customers, psu: false });
});

Then(
  'the customers are a list with private and corporate customers, each with a national identity number',
  function (this: Xs2aWorld) {
    return check(this.session, customersListed);
  },
);

When("the TPP sets the sandbox account's balance to {int}", async function (this: Xs2aWorld, amount: number) {
  await updateSandboxBalance(this.session, 'account', amount);
});

When("the TPP sets the sandbox card account's balance to {int}", async function (this: Xs2aWorld, amount: number) {
  await updateSandboxBalance(this.session, 'card', amount);
});

Then(/^a balance shows the amount (\d+) \(in units or minor units\)$/, function (this: Xs2aWorld, amount: string) {
  return check(this.session, balanceShows, amount);
});

When('the TPP initialises the sandbox', async function (this: Xs2aWorld) {
  await sendNow(this.session, { ...silentOperation(this.session, 'initialise-sandbox'), psu: false });
  forgetSandboxData();
});

Then('the sandbox account no longer exists', async function (this: Xs2aWorld) {
  // Through the spec-named read of its transactions: a wiped account is unknown there.
  return runCheck(this.session, sandboxAccountWiped, await listSandboxTxns(this.session, account(this.session).id));
});

Then('the PSU has two accounts and one card account', function (this: Xs2aWorld) {
  return check(this.session, initialAccounts);
});

Then('the answer is 200 in a sandbox and a refusal in production', function (this: Xs2aWorld) {
  return check(this.session, sandboxOnly);
});
