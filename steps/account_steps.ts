// Account information: accounts, balances, transaction lists, transaction details, card accounts,
// and access without the PSU present (§ Endpoints 3, Other operations, § Limits, § Versioning).
import { Given, Then, When } from '@cucumber/cucumber';
import { randomUUID } from 'node:crypto';
import { keepControl, sendWithControl } from '../src/suite/controls.ts';
import {
  accountPath,
  accountWithTxnsAt,
  calendarDate,
  cardAisId,
  cardPath,
  createdTxnId,
  expectAmountStrings,
  expectNextPages,
  findPendingAccount,
  firstAccountId,
  ids,
  listedTxnIdOn,
  listedStatus,
  moveClock,
  sendEdgeCases,
  NO_PSU,
  readDetails,
  readStatus,
  readTransactions,
  report,
  sandboxAccountOf,
  sandboxAisId,
  sandboxRecordOf,
  widePeriod,
  withListedStatuses,
  type Query,
} from '../src/suite/accounts.ts';
import {
  createSandboxAccount,
  createSandboxTxns,
  daysAgo,
  postSandboxTxns,
  sandboxTxn,
  sendNow,
} from '../src/suite/sandbox.ts';
import type { Exchange, RequestSpec } from '../src/tpp/client.ts';
import { jsonOf } from '../src/session/expect.ts';
import { readValue } from '../src/session/shapes.ts';
import type { Xs2aWorld } from './support/world.ts';
import type { ScenarioSession } from '../src/session/session.ts';
import { eachAtOnce } from '../src/suite/concurrently.ts';
import { check, runCheck } from '../src/suite/checks/check.ts';
import {
  accountsCallsAccepted,
  accountsCardListHoldsSandbox,
  accountsCardNameKept,
  accountsCashAccountTypesIso,
  accountsEdgeCases5xxSystemError,
  accountsListHoldsSandbox,
  accountsNameKept,
  accountsNamesAtMost,
  accountsSandboxCashAccountType,
  accountsWellFormed,
  balancesNonEmpty,
} from '../src/suite/checks/accounts.ts';
import { expectClientError } from '../src/suite/checks/common.ts';
import {
  listedCreatedTxn,
  transactionsAllPendingReturned,
  transactionsBookedAndPendingLists,
  transactionsBookedDays,
  transactionsCardAmountsSwitched,
  transactionsCreatedListed,
  transactionsDefaultPageWithNext,
  transactionsDetailReadsMatch,
  transactionsDetailsAmountCurrency,
  transactionsDetailsAsCreated,
  transactionsDetailsCarryStableId,
  transactionsFirstAccountHasBooked,
  transactionsHoldDaysBack,
  transactionsHoldGroups,
  transactionsInformationList,
  transactionsNoneBothBookedAndPending,
  transactionsPageOfUnpaged,
  transactionsRefusedOrDetailsMatch,
  transactionsRefusedOrNoneOlder,
  transactionsSomeDetailsRead,
  transactionsStableBookedIds,
} from '../src/suite/checks/transactions.ts';

// ---------------------------------------------------------------- local helpers

/** "dateFrom 20 days back, dateTo 20 back", "limit 2 and offset 3" → query. */
function parseFilter(
  w: ScenarioSession,
  text: string,
  names: { from: string; to: string } = { from: 'dateFrom', to: 'dateTo' },
): Query {
  const q: Query = {};
  for (const m of text.matchAll(/(dateFrom|dateTo|fromDate|toDate|limit|offset) (-?\d+)( days)?( back)?/g)) {
    const key =
      m[1] === 'dateFrom' || m[1] === 'fromDate'
        ? names.from
        : m[1] === 'dateTo' || m[1] === 'toDate'
          ? names.to
          : m[1];
    q[key] = m[4] ? daysAgo(w, Number(m[2])) : Number(m[2]);
  }
  if (!Object.keys(q).length) throw new Error(`cannot read the filter "${text}"`);
  return q;
}

// ---------------------------------------------------------------- Given

Given('a sandbox account of the PSU', async function (this: Xs2aWorld) {
  await createSandboxAccount(this.session);
});

Given('a sandbox account of the PSU with {int} booked transactions', async function (this: Xs2aWorld, n: number) {
  await accountWithTxnsAt(
    this.session,
    Array.from({ length: n }, (_v, i) => 1 + (i % 20)),
  );
});

Given(
  'a sandbox account of the PSU with booked transactions {int}, {int} and {int} days back',
  async function (this: Xs2aWorld, a: number, b: number, c: number) {
    await accountWithTxnsAt(this.session, [a, b, c]);
  },
);

Given(
  'a sandbox account of the PSU with booked transactions {int} and {int} days back',
  async function (this: Xs2aWorld, a: number, b: number) {
    await accountWithTxnsAt(this.session, [a, b]);
  },
);

Given(
  'a sandbox account of the PSU with a transaction carrying every optional field',
  async function (this: Xs2aWorld) {
    const acc = await createSandboxAccount(this.session);
    const item = sandboxTxn(this.session, {
      remittanceInformationUnstructured: `Faktura ${randomUUID().slice(0, 8)}`,
      ultimateDebtor: 'Konsern Debitor ASA',
      ultimateCreditor: 'Kreditor Holding AS',
      purposeCode: 'SALA',
      bankTransactionCode: 'PMNT-RCDT-ESCT',
    });
    // The bank's record of it (its creation answer, else its sandbox list item), never the item as sent.
    const record = await sandboxRecordOf(
      this.session,
      acc.id,
      (await createSandboxTxns(this.session, acc.id, [item]))[0],
      item,
    );
    this.session.state.createdTxns = [{ days: 1, id: record?.id, item: record }];
  },
);

Given(
  'a sandbox account of the PSU with a transaction whose {word} has {int} characters',
  async function (this: Xs2aWorld, field: string, n: number) {
    const acc = await createSandboxAccount(this.session);
    const value =
      field === 'purposeCode' || field === 'bankTransactionCode'
        ? 'PMNTRCDTESCTXYZ'.padEnd(n, 'X').slice(0, n)
        : 'A'.repeat(n);
    const base = sandboxTxn(this.session);
    const item = { ...base, [field]: value };
    keepControl(this.session, `the same transaction with ${field} as the template makes it`, () =>
      postSandboxTxns(this.session, acc.id, [base]),
    );
    const ex = await postSandboxTxns(this.session, acc.id, [item]);
    this.session.state.creation = ex;
    this.session.state.createdTxns = [
      {
        days: 1,
        id: (readValue(this.session.profile, 'sandbox-transactions.list', ex.response?.json, Array.isArray)?.[0] as any)
          ?.id,
        item,
      },
    ];
  },
);

Given('an account of the PSU with pending transactions', async function (this: Xs2aWorld) {
  await findPendingAccount(this.session);
});

Given("a booked transaction of the PSU's first account", async function (this: Xs2aWorld) {
  const id = await firstAccountId(this.session);
  const list = await readTransactions(this.session, id, widePeriod(this.session, readStatus(this.session, 'booked')));
  await runCheck(this.session, transactionsFirstAccountHasBooked, list);
  this.session.state.bookedTxn = { accountId: id, transactionId: report(list).booked[0].transactionId };
});

// ---------------------------------------------------------------- accounts and balances

When("the TPP reads the balances of the PSU's first account", async function (this: Xs2aWorld) {
  await sendNow(this.session, { method: 'GET', path: accountPath(await firstAccountId(this.session), '/balances') });
});

When(
  /^the TPP reads (the balances|the transactions) of the account "([^"]*)"$/,
  async function (this: Xs2aWorld, what: string, id: string) {
    const read = (of: string): RequestSpec => ({
      method: 'GET',
      path: accountPath(of, what === 'the balances' ? '/balances' : '/transactions'),
      query: what === 'the balances' ? undefined : widePeriod(this.session),
    });
    await sendWithControl(
      this.session,
      read(id),
      read(await firstAccountId(this.session)),
      `the same read of ${what} of the PSU's first account`,
    );
  },
);

When('the TPP reads the balances of the sandbox account', async function (this: Xs2aWorld) {
  await sendNow(this.session, { method: 'GET', path: accountPath(await sandboxAisId(this.session), '/balances') });
});

Then('every listed account has a resourceId, an iban or bban and a currency code', function (this: Xs2aWorld) {
  return check(this.session, accountsWellFormed);
});

Then('the account list holds the sandbox account', function (this: Xs2aWorld) {
  return check(this.session, accountsListHoldsSandbox);
});

Then(
  "the balances are a non-empty list whose amounts are strings with the currency's minor units",
  async function (this: Xs2aWorld) {
    await check(this.session, balancesNonEmpty);
    expectAmountStrings(this.session.json.balances, 'the balances');
  },
);

// ---------------------------------------------------------------- transaction lists

When("the TPP reads the transactions of the PSU's first account", async function (this: Xs2aWorld) {
  await readTransactions(this.session, await firstAccountId(this.session), widePeriod(this.session));
});

When(
  "the TPP reads the transactions of the PSU's first account with bookingStatus {string}",
  async function (this: Xs2aWorld, status: string) {
    await readTransactions(
      this.session,
      await firstAccountId(this.session),
      listedStatus(this.session, status) === 'information'
        ? { bookingStatus: status }
        : widePeriod(this.session, status),
    );
  },
);

When(
  'the TPP reads the transactions of that account with bookingStatus {string}',
  async function (this: Xs2aWorld, status: string) {
    await readTransactions(
      this.session,
      this.session.need('pendingAccount', 'account with pending transactions'),
      widePeriod(this.session, listedStatus(this.session, status)),
    );
  },
);

When(
  /^the TPP reads the transactions of that account with bookingStatus "([^"]+)" and (.+)$/,
  async function (this: Xs2aWorld, status: string, filter: string) {
    const q: Query = { bookingStatus: listedStatus(this.session, status), dateFrom: daysAgo(this.session, 1000) };
    if (/30 days back/.test(filter))
      Object.assign(q, { dateFrom: daysAgo(this.session, 30), dateTo: daysAgo(this.session, 30) });
    if (/yesterday/.test(filter)) q.dateFrom = daysAgo(this.session, 1);
    if (/limit 1/.test(filter)) q.limit = 1;
    await readTransactions(this.session, this.session.need('pendingAccount', 'account with pending transactions'), q);
  },
);

When(
  "the TPP reads the transactions of the PSU's first account with the query {string} instead of {string}",
  async function (this: Xs2aWorld, query: string, usual: string) {
    const id = await firstAccountId(this.session);
    [query, usual] = withListedStatuses(this.session, query, usual);
    await sendWithControl(
      this.session,
      { method: 'GET', path: accountPath(id, `/transactions?${query}`) },
      { method: 'GET', path: accountPath(id, `/transactions?${usual}`) },
      `the same read with the query ${usual}`,
    );
  },
);

When(
  /^the TPP reads the booked transactions of the sandbox account with (.+)$/,
  async function (this: Xs2aWorld, filter: string) {
    await readTransactions(this.session, await sandboxAisId(this.session), {
      bookingStatus: readStatus(this.session, 'booked'),
      dateFrom: daysAgo(this.session, 1000),
      ...parseFilter(this.session, filter),
    });
  },
);

When(
  'the TPP reads the booked transactions of the sandbox account without paging parameters',
  async function (this: Xs2aWorld) {
    await readTransactions(this.session, await sandboxAisId(this.session), {
      bookingStatus: readStatus(this.session, 'booked'),
      dateFrom: daysAgo(this.session, 1000),
    });
  },
);

When("the TPP reads the booked transactions of the PSU's first account twice", async function (this: Xs2aWorld) {
  const id = await firstAccountId(this.session);
  const q = { bookingStatus: readStatus(this.session, 'booked'), dateFrom: daysAgo(this.session, 1000), limit: 50 };
  this.session.state.firstRead = ids(report(await readTransactions(this.session, id, q)).booked);
  await readTransactions(this.session, id, q);
  this.session.state.stableAccount = id;
});

Then('the transactions are grouped as booked and pending', function (this: Xs2aWorld) {
  return check(this.session, transactionsBookedAndPendingLists);
});

Then("every listed transaction amount is a string with the currency's minor units", function (this: Xs2aWorld) {
  const t = report(this.session.last);
  expectAmountStrings(
    [...(t.booked ?? []), ...(t.pending ?? [])].map((x: any) => x.transactionAmount),
    'the listed transactions',
  );
});

Then(
  /^the transaction report holds (booked transactions only|pending transactions only|booked and pending transactions)$/,
  function (this: Xs2aWorld, groups: string) {
    return check(this.session, transactionsHoldGroups, groups);
  },
);

Then('no transaction is both booked and pending', function (this: Xs2aWorld) {
  return check(this.session, transactionsNoneBothBookedAndPending);
});

Then('the transaction report holds an information list', function (this: Xs2aWorld) {
  return check(this.session, transactionsInformationList);
});

Then('every pending transaction of the account is in the answer', function (this: Xs2aWorld) {
  return check(this.session, transactionsAllPendingReturned);
});

Then(/^the booked transactions are those of ([\d, ]+) days back$/, function (this: Xs2aWorld, days: string) {
  return check(
    this.session,
    transactionsBookedDays,
    days.split(',').map((d) => Number(d.trim())),
  );
});

Then('the booked transactions are the 4th and 5th of the unpaged list', function (this: Xs2aWorld) {
  return check(this.session, transactionsPageOfUnpaged);
});

Then('the page holds 200 booked transactions and transactions._links has a next link', function (this: Xs2aWorld) {
  return check(this.session, transactionsDefaultPageWithNext);
});

Then(
  'following the next links gives pages of 200 and 1 transactions, 401 distinct in all',
  async function (this: Xs2aWorld) {
    await expectNextPages(this.session, 401);
  },
);

Then('both reads list the same booked transactionIds', function (this: Xs2aWorld) {
  return check(this.session, transactionsStableBookedIds);
});

Then('the details of the first booked transaction carry that transactionId', function (this: Xs2aWorld) {
  return check(this.session, transactionsDetailsCarryStableId);
});

When('the TPP sends edge-case account information requests', async function (this: Xs2aWorld) {
  this.session.state.edgeCases = await sendEdgeCases(this.session);
});

Then('every 5xx answer among them is an error body with status 500 and code SYSTEM_ERROR', function (this: Xs2aWorld) {
  return check(this.session, accountsEdgeCases5xxSystemError);
});

// ---------------------------------------------------------------- transaction details

When(
  'the TPP reads the details of that transaction, taking its ids from the transaction list',
  async function (this: Xs2aWorld) {
    const id = await sandboxAisId(this.session);
    const list = await readTransactions(this.session, id, widePeriod(this.session, readStatus(this.session, 'booked')));
    await runCheck(this.session, transactionsCreatedListed, list);
    this.session.state.listedTxnId = listedCreatedTxn(this.session, list).transactionId as string;
    await readDetails(this.session, id, this.session.state.listedTxnId);
  },
);

Then('the details show the values the transaction was created with', async function (this: Xs2aWorld) {
  await check(this.session, transactionsDetailsAsCreated);
  return check(this.session, transactionsDetailsAmountCurrency);
});

When(
  "the TPP reads the details of the first {int} booked transactions of the PSU's first {int} accounts",
  async function (this: Xs2aWorld, n: number, m: number) {
    const accounts = (await this.session.accounts()).slice(0, m);
    const lists = await eachAtOnce(this.session, accounts, (a) =>
      readTransactions(this.session, a.resourceId, {
        ...widePeriod(this.session, readStatus(this.session, 'booked')),
        limit: n,
      }),
    );
    const wanted = accounts.flatMap((a, i) =>
      ((report(lists[i]).booked ?? []) as any[])
        .slice(0, n)
        .map((t) => ({ account: a.resourceId as string, id: t.transactionId as string })),
    );
    this.session.state.detailReads = await eachAtOnce(this.session, wanted, (x) =>
      readDetails(this.session, x.account, x.id),
    );
    await check(this.session, transactionsSomeDetailsRead);
  },
);

Then('every details answer is accepted and matches the {string} schema', function (this: Xs2aWorld, schema: string) {
  return check(this.session, transactionsDetailReadsMatch, schema);
});

Then(
  'the transaction was refused at creation, or its details match the {string} schema',
  function (this: Xs2aWorld, schema: string) {
    return check(this.session, transactionsRefusedOrDetailsMatch, schema);
  },
);

When('the TPP reads the details of that booked transaction without PSU-ID', async function (this: Xs2aWorld) {
  const t = this.session.need('bookedTxn', 'booked transaction');
  keepControl(
    this.session,
    'the same details read with PSU-ID',
    () => readDetails(this.session, t.accountId, t.transactionId),
    'succeeded',
  );
  await readDetails(this.session, t.accountId, t.transactionId, {
    psu: { psuId: undefined, psuCorporateId: undefined },
  });
});

When(
  /^the TPP reads the details of (that transaction on an unknown account|an unknown transaction on the PSU's first account)$/,
  async function (this: Xs2aWorld, what: string) {
    const t = this.session.need('bookedTxn', 'booked transaction');
    keepControl(this.session, 'the details of that booked transaction on its own account', () =>
      readDetails(this.session, t.accountId, t.transactionId),
    );
    if (what.startsWith('that')) await readDetails(this.session, `no-such-account-${randomUUID()}`, t.transactionId);
    else await readDetails(this.session, t.accountId, `no-such-transaction-${randomUUID()}`);
  },
);

// "instead of its usual value": the control sends the header as the TPP always does (the PSU's own PSU-ID, or none).
When(
  /^the TPP reads the details of that booked transaction with the header (\S+) set to "([^"]*)" instead of (?:"([^"]*)"|its usual value)$/,
  async function (this: Xs2aWorld, header: string, value: string, usual?: string) {
    const t = this.session.need('bookedTxn', 'booked transaction');
    keepControl(
      this.session,
      `the same details read with ${usual == null ? `${header} as the TPP always sends it` : `${header}: ${usual}`}`,
      () =>
        readDetails(this.session, t.accountId, t.transactionId, usual == null ? {} : { headers: { [header]: usual } }),
    );
    await readDetails(this.session, t.accountId, t.transactionId, { headers: { [header]: value } });
  },
);

// ---------------------------------------------------------------- access without the PSU present

async function readOp(w: ScenarioSession, op: string, present: boolean): Promise<Exchange> {
  const id = await sandboxAisId(w);
  const psu = present ? undefined : NO_PSU;
  if (op === 'the balances') return sendNow(w, { method: 'GET', path: accountPath(id, '/balances'), psu });
  if (op === 'the transactions')
    return sendNow(w, {
      method: 'GET',
      path: accountPath(id, '/transactions'),
      query: { bookingStatus: readStatus(w, 'booked'), dateFrom: daysAgo(w, 30) },
      psu,
    });
  return readDetails(w, id, await createdTxnId(w, 1), { psu });
}

When(
  /^the TPP reads (the balances|the transactions|a transaction's details) of the sandbox account (\d+) times (with|without) PSU-IP-Address$/,
  async function (this: Xs2aWorld, op: string, n: string, how: string) {
    await sandboxAisId(this.session);
    // The calls do not depend on each other: the bank counts each, in whatever order they arrive.
    this.session.state.calls = await eachAtOnce(
      this.session,
      Array.from({ length: Number(n) }, (_, i) => i),
      () => readOp(this.session, op, how === 'with'),
    );
  },
);

When(
  /^the TPP reads (the balances|the transactions|a transaction's details) of the sandbox account once more without PSU-IP-Address$/,
  async function (this: Xs2aWorld, op: string) {
    keepControl(this.session, `the same read of ${op} with PSU-IP-Address (the PSU present)`, () =>
      readOp(this.session, op, true),
    );
    await readOp(this.session, op, false);
  },
);

Then('each of those calls is accepted', function (this: Xs2aWorld) {
  return check(this.session, accountsCallsAccepted);
});

When(
  "the target's clock moves {int} hours and {int} minute on",
  async function (this: Xs2aWorld, h: number, m: number) {
    await moveClock(this.session, h * 3600 + m * 60);
  },
);

When("the target's clock moves {int} hours on", async function (this: Xs2aWorld, h: number) {
  await moveClock(this.session, h * 3600);
});

When("the target's clock moves {int} days on", async function (this: Xs2aWorld, d: number) {
  await moveClock(this.session, d * 86400);
});

When(
  'the TPP reads the booked transactions of the sandbox account from {int} days back without PSU-IP-Address',
  async function (this: Xs2aWorld, days: number) {
    await readTransactions(
      this.session,
      await sandboxAisId(this.session),
      { bookingStatus: readStatus(this.session, 'booked'), dateFrom: daysAgo(this.session, days) },
      false,
    );
  },
);

Then('the booked transactions hold the one of {int} days back', function (this: Xs2aWorld, days: number) {
  return check(this.session, transactionsHoldDaysBack, days);
});

Then(
  'the request is refused, or it holds no booked transaction older than {int} days',
  function (this: Xs2aWorld, days: number) {
    return check(this.session, transactionsRefusedOrNoneOlder, days);
  },
);

When(
  /^the TPP reads the details of the transaction of (\d+) days back (with|without) PSU-IP-Address$/,
  async function (this: Xs2aWorld, days: string, how: string) {
    await readDetails(this.session, await sandboxAisId(this.session), await createdTxnId(this.session, Number(days)), {
      psu: how === 'with' ? undefined : NO_PSU,
    });
  },
);

Then('the request is refused with a client error', function (this: Xs2aWorld) {
  expectClientError(this.session);
});

When('a new transaction is booked today on the sandbox account', async function (this: Xs2aWorld) {
  const acc = sandboxAccountOf(this.session);
  const created = await createSandboxTxns(this.session, acc.id, [
    sandboxTxn(this.session, { bookingDate: daysAgo(this.session, 0), valueDate: daysAgo(this.session, 0) }),
  ]);
  // Its AIS transactionId, from the account's transaction list, not the sandbox's id. The list is read
  // without the PSU (one call of the day's 4): the clock moved by days, so the SCA of the TPP session is over.
  this.session.state.newestTxnId = await listedTxnIdOn(
    this.session,
    calendarDate(created[0]?.bookingDate) ?? daysAgo(this.session, 0),
    false,
  );
});

When('the TPP reads the details of the newest transaction without PSU-IP-Address', async function (this: Xs2aWorld) {
  await readDetails(this.session, await sandboxAisId(this.session), String(this.session.state.newestTxnId), {
    psu: NO_PSU,
  });
});

// ---------------------------------------------------------------- card accounts and x-accept-fix

When(
  /^the TPP reads the card account list(?: without x-accept-fix| with x-accept-fix "([^"]*)")?$/,
  async function (this: Xs2aWorld, fix?: string) {
    await sendNow(this.session, {
      method: 'GET',
      path: '/v1/card-accounts',
      headers: fix ? { 'x-accept-fix': fix } : undefined,
    });
  },
);

When(
  /^the TPP reads the account list (?:without x-accept-fix|with x-accept-fix "([^"]*)")$/,
  async function (this: Xs2aWorld, fix?: string) {
    await sendNow(this.session, {
      method: 'GET',
      path: '/v1/accounts',
      headers: fix ? { 'x-accept-fix': fix } : undefined,
    });
  },
);

Then('the card account list holds the sandbox card account', function (this: Xs2aWorld) {
  return check(this.session, accountsCardListHoldsSandbox);
});

Then("every amount in the answer is a string with the currency's minor units", function (this: Xs2aWorld) {
  expectAmountStrings(jsonOf(this.session.last), 'the answer');
});

When(
  /^the TPP reads (the details|the balances|the transactions) of the sandbox card account(?: without x-accept-fix| with x-accept-fix "([^"]*)")?$/,
  async function (this: Xs2aWorld, what: string, fix?: string) {
    const id = await cardAisId(this.session);
    const rest = what === 'the details' ? '' : what === 'the balances' ? '/balances' : '/transactions';
    await sendNow(this.session, {
      method: 'GET',
      path: cardPath(id, rest),
      query:
        rest === '/transactions'
          ? { bookingStatus: readStatus(this.session, 'booked'), dateFrom: daysAgo(this.session, 30) }
          : undefined,
      headers: fix ? { 'x-accept-fix': fix } : undefined,
    });
  },
);

Then('that card transaction has transactionAmount in NOK and originalAmount in EUR', function (this: Xs2aWorld) {
  return check(this.session, transactionsCardAmountsSwitched);
});

Then('the sandbox card account is listed with its name of {int} characters', function (this: Xs2aWorld, n: number) {
  return check(this.session, accountsCardNameKept, n);
});

Then('the sandbox account is listed with its name of {int} characters', function (this: Xs2aWorld, n: number) {
  return check(this.session, accountsNameKept, n);
});

Then('no account name in the list is longer than {int} characters', function (this: Xs2aWorld, n: number) {
  return check(this.session, accountsNamesAtMost, n);
});

Then('every cashAccountType in the list is an ISO 20022 cash account type code', function (this: Xs2aWorld) {
  return check(this.session, accountsCashAccountTypesIso);
});

Then('the sandbox account has cashAccountType {string}', function (this: Xs2aWorld, code: string) {
  return check(this.session, accountsSandboxCashAccountType, code);
});
