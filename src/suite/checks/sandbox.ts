// Checks of the sandbox mock data (§ Endpoints 4 and 5, Other operations): created accounts, card
// accounts and transactions, the sandbox transaction list, customers, balances, initialisation; and
// that these operations exist in the sandbox only.
import { describeResponse, expectErrorBody, jsonOf, responseOf } from '../../session/expect.ts';
import { customerTypeOf, pointers, readOptionalString, readValue } from '../../session/shapes.ts';
import type { Exchange } from '../../tpp/client.ts';
import { amountsIn, calendarDate, sandboxAccountOf } from '../accounts.ts';
import { eachAtOnce } from '../concurrently.ts';
import { listSandboxTxns, sendNow } from '../sandbox.ts';
import { defineCheck, type Problem } from './check.ts';

const RETURNS_ALL = 'endpoints.get-sandbox-account-transactions.returns-all';
const INITIALISE = 'endpoints.initialise-sandbox';

/** The ids of a sandbox transaction list (a JSON array), or the problem that it is none. */
function sandboxIds(ex: Exchange | undefined): string[] | Problem {
  const list = jsonOf(ex);
  return Array.isArray(list)
    ? list.map((t: any) => String(t.id))
    : { title: `expected a list: ${describeResponse(ex)}`, expected: 'a JSON array', received: list };
}

/** The answer to a sandbox creation names the new account's id where the profile's responses say (`createdIdKey`). */
export const createdIdNamed = defineCheck({
  id: 'sandbox.created-id-named',
  clauses: ['endpoints.create-sandbox-account', 'endpoints.create-sandbox-card-account'],
  run(s, ex) {
    const key = s.need('createdIdKey', 'sandbox creation');
    if (!readOptionalString(s.profile, key, jsonOf(ex)))
      return {
        title: `the answer names no id at ${pointers(s.profile, key).join(', ')} (responses.${key}): ${describeResponse(ex)}`,
      };
    return undefined;
  },
});

/** The sandbox transaction list holds all `n` transactions the scenario created (`createdTxns`). */
export const listHoldsCreated = defineCheck<[n: number]>({
  id: 'sandbox.list-holds-created',
  clauses: [RETURNS_ALL],
  run(s, ex, n) {
    const ids = sandboxIds(ex);
    if (!Array.isArray(ids)) return ids;
    const got = new Set(ids);
    const created = s.need('createdTxns', 'created transactions').map((t) => t.id);
    const missing = created.filter((id) => !id || !got.has(id));
    if (created.length !== n || missing.length)
      return {
        title: `the sandbox list (${got.size} items) lacks created transactions ${missing.join(', ')}`,
        expected: created,
        received: ids,
      };
    return undefined;
  },
});

/**
 * The sandbox transaction list holds exactly the created transactions of the given days back ("3, 20"), by their
 * booking dates (`txnDays`) read as calendar dates (an item's bookingDate is a string: § Conventions lets a bank write
 * a date-time with offset).
 */
export const listHoldsDays = defineCheck<[days: string]>({
  id: 'sandbox.list-holds-days',
  clauses: [
    'endpoints.get-sandbox-account-transactions.query.fromDate',
    'endpoints.get-sandbox-account-transactions.query.toDate',
  ],
  run(s, ex, days) {
    const map = s.need('txnDays', 'dates of created transactions');
    const json = jsonOf(ex);
    const got = (Array.isArray(json) ? json : [])
      .map((t: any) => map.get(String(calendarDate(t.bookingDate))) ?? `other (${t.bookingDate})`)
      .map(String)
      .sort();
    const want = days
      .split(',')
      .map((d) => d.trim())
      .sort();
    if (JSON.stringify(got) !== JSON.stringify(want))
      return {
        title: `expected the transactions of ${want.join(', ')} days back, got ${got.join(', ') || 'none'}`,
        expected: want,
        received: got,
      };
    return undefined;
  },
});

/** The paged sandbox transaction list is the slice from..to of the list read now without paging. */
export const listIsSlice = defineCheck<[from: string, to: string]>({
  id: 'sandbox.list-is-slice',
  clauses: [
    'endpoints.get-sandbox-account-transactions.query.offset',
    'endpoints.get-sandbox-account-transactions.query.limit',
  ],
  async run(s, ex, from, to) {
    const page = sandboxIds(ex);
    if (!Array.isArray(page)) return page;
    const all = (jsonOf(await listSandboxTxns(s, sandboxAccountOf(s).id)) as any[]).map((t) => String(t.id));
    const want = all.slice(Number(from), Number(to));
    if (JSON.stringify(page) !== JSON.stringify(want))
      return {
        title: `got ${JSON.stringify(page)}, the unpaged list's slice ${from}..${to} is ${JSON.stringify(want)}`,
        expected: want,
        received: page,
      };
    return undefined;
  },
});

/**
 * The sandbox transaction list holds a NOK transaction of the amount, in whole units or minor units (øre), whichever
 * the sandbox uses (int32 amounts).
 */
export const listHoldsDebit = defineCheck<[amount: string]>({
  id: 'sandbox.list-holds-debit',
  clauses: [RETURNS_ALL],
  run(_s, ex, amount) {
    const units = Number(amount);
    const json = jsonOf(ex);
    const items = Array.isArray(json) ? json : [];
    if (
      !items.some(
        (t: any) => t.currency === 'NOK' && [units, Math.round(units * 100)].includes(Math.abs(Number(t.amount))),
      )
    ) {
      return {
        title: `no transaction of ${amount} NOK in the sandbox list: ${describeResponse(ex)}`,
        expected: `${amount} NOK`,
      };
    }
    return undefined;
  },
});

/**
 * No transaction of `amount` NOK in the sandbox list (a list it is): release 1.16.0, the sandbox batch leaves periodic
 * payments out.
 */
export const listHoldsNoDebit = defineCheck<[amount: string]>({
  id: 'sandbox.list-holds-no-periodic-debit',
  clauses: ['releases.sandbox-payment-batch'],
  run(_s, ex, amount) {
    const units = Number(amount);
    const json = jsonOf(ex);
    if (!Array.isArray(json))
      return { title: `expected the sandbox list: ${describeResponse(ex)}`, expected: 'a JSON array', received: json };
    const hit = json.find(
      (t: any) => t.currency === 'NOK' && [units, Math.round(units * 100)].includes(Math.abs(Number(t.amount))),
    );
    if (hit)
      return {
        title: `the sandbox batch executed the periodic payment of ${amount} NOK: the batch processes all payments except periodic`,
        expected: `no transaction of ${amount} NOK`,
        received: hit,
      };
    return undefined;
  },
});

/** Card transactions posted as a set-up were created (a status below 300); `single` says one transaction was posted. */
export const cardTransactionsCreated = defineCheck<[single: boolean]>({
  id: 'sandbox.card-transactions-created',
  clauses: ['endpoints.create-sandbox-card-transactions'],
  run(_s, ex, single) {
    const status = ex?.response?.status ?? 0;
    if (status >= 300)
      return {
        title: `${single ? 'the card transaction was' : 'card transactions were'} not created: ${describeResponse(ex)}`,
        expected: 'a status below 300',
        received: status,
      };
    return undefined;
  },
});

/** The booked card transactions of the answer are exactly the `n` created ones (`cardTxnIds`). */
export const cardTransactionsBooked = defineCheck<[n: number]>({
  id: 'sandbox.card-transactions-booked',
  clauses: ['fields.sandbox-card-transactions-response.cardTransactions'],
  run(s, ex, n) {
    const got = (jsonOf(ex)?.cardTransactions?.booked ?? []).map((t: any) => t.cardTransactionId).sort();
    const want = [...s.need('cardTxnIds', 'created card transactions')].sort();
    if (want.length !== n || JSON.stringify(got) !== JSON.stringify(want))
      return {
        title: `the answer books ${JSON.stringify(got)}, created ${JSON.stringify(want)}`,
        expected: want,
        received: got,
      };
    return undefined;
  },
});

/**
 * The sandbox customers are a non-empty list of private and corporate customers, each with a national identity number
 * (read where the profile's responses say).
 */
export const customersListed = defineCheck({
  id: 'sandbox.customers-listed',
  clauses: ['endpoints.list-sandbox-customers'],
  run(s, ex) {
    const p = s.profile;
    const list = readValue(p, 'sandbox-customers.list', jsonOf(ex), Array.isArray);
    if (!list?.length)
      return {
        title: `expected a list of customers at ${pointers(p, 'sandbox-customers.list')
          .map((x) => x || '(the body)')
          .join(', ')} (responses.sandbox-customers.list): ${describeResponse(ex)}`,
      };
    if (list.some((x) => !readOptionalString(p, 'sandbox-customer.nationalId', x)))
      return {
        title: `a customer has no national identity number at ${pointers(p, 'sandbox-customer.nationalId').join(', ')} (responses.sandbox-customer.nationalId)`,
      };
    // The type values are the profile's (customerTypes; default private, corporate).
    const types = new Set(list.map((x) => String(readOptionalString(p, 'sandbox-customer.type', x)).toLowerCase()));
    const wanted = [customerTypeOf(p, 'private'), customerTypeOf(p, 'corporate')].map((t) => t.toLowerCase());
    if (!wanted.every((t) => types.has(t)))
      return {
        title: `expected private and corporate customers (types ${wanted.join(' and ')}, customerTypes), got types ${[...types].join(', ')}`,
        expected: wanted,
        received: [...types],
      };
    return undefined;
  },
});

/** A balance of the answer shows the amount set, in units or minor units. */
export const balanceShows = defineCheck<[amount: string]>({
  id: 'sandbox.balance-shows',
  clauses: ['endpoints.update-sandbox-account-balance', 'endpoints.update-sandbox-card-account-balance'],
  run(_s, ex, amount) {
    const n = Number(amount);
    const got = amountsIn(jsonOf(ex)?.balances ?? []).map((a) => Number(a.amount));
    if (!got.some((x) => x === n || Math.round(x * 100) === n))
      return {
        title: `no balance shows ${amount} (or ${n / 100}): ${JSON.stringify(got)}`,
        expected: n,
        received: got,
      };
    return undefined;
  },
});

/**
 * After initialising, the sandbox account created before is unknown (404) to the spec-named read of its transactions
 * (the exchange given).
 */
export const sandboxAccountWiped = defineCheck({
  id: 'sandbox.account-wiped',
  clauses: [INITIALISE],
  run(_s, ex) {
    if (ex?.response?.status !== 404)
      return {
        title: `the account created before initialising is still there: ${describeResponse(ex)}`,
        expected: 404,
        received: ex?.response?.status,
      };
    return undefined;
  },
});

/** After initialising, the private PSU has two accounts and one card account (read now). */
export const initialAccounts = defineCheck({
  id: 'sandbox.initial-accounts',
  clauses: [INITIALISE],
  async run(s) {
    // The two lists at once (they do not depend on each other): this scenario runs alone, so its round trips are the
    // whole run's.
    const [list, cardList] = await eachAtOnce(s, ['/v1/accounts', '/v1/card-accounts'], async (path) =>
      jsonOf(await sendNow(s, { method: 'GET', path })),
    );
    const accounts = list?.accounts ?? [];
    const cards = cardList?.cardAccounts ?? [];
    if (accounts.length !== 2 || cards.length !== 1)
      return {
        title: `after initialising, the private PSU has ${accounts.length} accounts and ${cards.length} card accounts, not 2 and 1`,
        expected: { accounts: 2, cardAccounts: 1 },
        received: { accounts: accounts.length, cardAccounts: cards.length },
      };
    return undefined;
  },
});

/**
 * A sandbox operation is served (200) by a sandbox and refused (4xx, the error body unless 401) by a production target.
 */
export const sandboxOnly = defineCheck({
  id: 'sandbox.only-in-sandbox',
  clauses: ['conventions.sandbox-only'],
  run(s, ex) {
    const status = responseOf(ex).status;
    if (s.profile.environment === 'production') {
      if (status < 400 || status >= 500)
        return {
          title: `a production target served the sandbox operation: ${describeResponse(ex)}`,
          expected: '4xx',
          received: status,
        };
      if (status !== 401) expectErrorBody(ex, status, undefined, ['conventions.sandbox-only']);
    } else if (status !== 200)
      return {
        title: `the sandbox does not serve its customer list: ${describeResponse(ex)}`,
        expected: 200,
        received: status,
      };
    return undefined;
  },
});
