// Checks of the transaction lists and transaction details (§ Endpoints: transactions, § States:
// booked and pending, § Limits: pages and access without the PSU present, § Versioning: card
// accounts). A check that needs a second read to compare with (the unpaged list, the details of a
// listed transaction) makes it itself, with the PSU present, as the step did before.
import { limitValue } from '../../spec/limits.ts';
import { describeResponse, expectErrorBody, expectSchema, jsonOf, responseOf } from '../../session/expect.ts';
import type { ScenarioSession } from '../../session/session.ts';
import type { Exchange } from '../../tpp/client.ts';
import {
  calendarDate,
  ids,
  readDetails,
  readStatus,
  readTransactions,
  report,
  sandboxAisId,
  widePeriod,
} from '../accounts.ts';
import { daysAgo } from '../sandbox.ts';
import { runCheck, defineCheck, type Problem } from './check.ts';
import { schemaNamed } from './common.ts';

const BOOKED_AND_PENDING = 'states.transactions-booked-and-pending';

/** A list answer's `transactions.booked` is a list, and `transactions.pending`, when there, too. */
export const transactionsBookedAndPendingLists = defineCheck({
  id: 'transactions.booked-and-pending-lists',
  clauses: [BOOKED_AND_PENDING],
  run(_s, ex) {
    const t = report(ex, [BOOKED_AND_PENDING]);
    if (!Array.isArray(t.booked))
      return { title: '`transactions.booked` is not a list', expected: 'a list', received: t.booked };
    if (t.pending !== undefined && !Array.isArray(t.pending))
      return { title: '`transactions.pending` is not a list', expected: 'a list or nothing', received: t.pending };
    return undefined;
  },
});

/**
 * The groups a bookingStatus asks for ("booked transactions only", "pending transactions only", "booked and pending
 * transactions"), and no other.
 */
export const transactionsHoldGroups = defineCheck<[groups: string]>({
  id: 'transactions.holds-asked-groups',
  clauses: [BOOKED_AND_PENDING, 'endpoints.list-transactions'],
  run(_s, ex, groups) {
    const t = report(ex, [BOOKED_AND_PENDING]);
    const wantBooked = groups !== 'pending transactions only';
    const wantPending = groups !== 'booked transactions only';
    if (wantBooked && !Array.isArray(t.booked))
      return {
        title: `expected a \`booked\` list: ${describeResponse(ex)}`,
        expected: 'a booked list',
        received: t.booked,
      };
    if (wantPending && (!Array.isArray(t.pending) || !t.pending.length))
      return {
        title: `expected the account's pending transactions in a \`pending\` list: ${describeResponse(ex)}`,
        expected: 'a non-empty pending list',
        received: t.pending,
      };
    if (!wantBooked && Array.isArray(t.booked) && t.booked.length)
      return {
        title: `bookingStatus pending answered ${t.booked.length} booked transactions`,
        expected: 0,
        received: t.booked.length,
      };
    if (!wantPending && Array.isArray(t.pending) && t.pending.length)
      return {
        title: `bookingStatus booked answered ${t.pending.length} pending transactions`,
        expected: 0,
        received: t.pending.length,
      };
    return undefined;
  },
});

/** No transactionId is listed both as booked and as pending. */
export const transactionsNoneBothBookedAndPending = defineCheck({
  id: 'transactions.none-both-booked-and-pending',
  clauses: [BOOKED_AND_PENDING],
  run(_s, ex) {
    const t = report(ex);
    const pending = new Set(ids(t.pending));
    const both = ids(t.booked).filter((id) => pending.has(id));
    return both.length
      ? { title: `transactions ${both.join(', ')} are listed as booked and as pending`, received: both }
      : undefined;
  },
});

/** bookingStatus information: the report holds a `transactions.information` list. */
export const transactionsInformationList = defineCheck({
  id: 'transactions.information-list',
  clauses: ['endpoints.list-transactions'],
  run(_s, ex) {
    const info = report(ex).information;
    return Array.isArray(info)
      ? undefined
      : {
          title: `expected \`transactions.information\`: ${describeResponse(ex)}`,
          expected: 'an information list',
          received: info,
        };
  },
});

/**
 * Every pending transaction of the account (kept by the set-up, `allPending`) is in the answer, whatever the filter.
 */
export const transactionsAllPendingReturned = defineCheck({
  id: 'transactions.all-pending-returned',
  clauses: ['limits.pending-all-returned'],
  run(s, ex) {
    const got = new Set(ids(report(ex, ['limits.pending-all-returned']).pending));
    const missing = s.need('allPending', 'pending transactions').filter((id) => !got.has(id));
    return missing.length
      ? {
          title: `${missing.length} of the account's pending transactions are missing (${missing.slice(0, 3).join(', ')}): ${describeResponse(ex)}`,
          received: missing,
        }
      : undefined;
  },
});

/**
 * The booked transactions are exactly those the scenario created the given days back (by booking date, `txnDays`, read
 * as a calendar date: § Conventions lets the bank write a date-time with offset).
 */
export const transactionsBookedDays = defineCheck<[want: number[]]>({
  id: 'transactions.booked-days',
  clauses: ['endpoints.list-transactions'],
  run(s, ex, want) {
    const items: Array<{ bookingDate?: string }> = report(ex).booked ?? [];
    const map = s.need('txnDays', 'dates of created transactions');
    const got = items.map((t) => map.get(String(calendarDate(t.bookingDate))) ?? `other (${t.bookingDate})`);
    const sort = (a: Array<number | string>) => [...a].map(String).sort();
    if (JSON.stringify(sort(got)) === JSON.stringify(sort(want))) return undefined;
    return {
      title: `the booked transactions: expected the transactions of ${want.join(', ')} days back, got ${got.join(', ') || 'none'}`,
      expected: want,
      received: got,
    };
  },
});

/**
 * A page of limit 2 and offset 3 is the 4th and 5th of the unpaged booked list of the sandbox account (read by the
 * check).
 */
export const transactionsPageOfUnpaged = defineCheck({
  id: 'transactions.page-of-unpaged',
  clauses: ['endpoints.list-transactions'],
  async run(s, ex) {
    const page = ids(report(ex).booked);
    const all = ids(
      report(
        await readTransactions(s, await sandboxAisId(s), {
          bookingStatus: readStatus(s, 'booked'),
          dateFrom: daysAgo(s, 1000),
        }),
      ).booked,
    );
    const want = all.slice(3, 5);
    if (JSON.stringify(page) === JSON.stringify(want)) return undefined;
    return {
      title: `limit 2 and offset 3 gave ${JSON.stringify(page)}, the unpaged list's 4th and 5th are ${JSON.stringify(want)}`,
      expected: want,
      received: page,
    };
  },
});

/** Without paging parameters: a first page of the default size (200) with a `transactions._links.next` link. */
export const transactionsDefaultPageWithNext = defineCheck({
  id: 'transactions.default-page-with-next',
  clauses: ['limits.default-page-size'],
  run(_s, ex) {
    const size = limitValue('default-page-size', 'default');
    const t = report(ex, ['limits.default-page-size']);
    if (t.booked?.length !== size)
      return {
        title: `without paging parameters the page holds ${t.booked?.length} booked transactions, not ${size}`,
        expected: size,
        received: t.booked?.length,
      };
    if (typeof t._links?.next?.href !== 'string')
      return {
        title: `no transactions._links.next link on a first page of ${size} of 401: ${String(JSON.stringify(t._links)).slice(0, 300)}`,
        clauses: ['endpoints.list-transactions'],
        expected: 'a next link',
        received: t._links,
      };
    return undefined;
  },
});

/** Two reads of the same booked transactions (the first kept as `firstRead`) list the same transactionIds, as sets. */
export const transactionsStableBookedIds = defineCheck({
  id: 'transactions.stable-booked-ids',
  clauses: ['states.transactions-booked-stable-id'],
  run(s, ex) {
    const first = s.need('firstRead', 'first read');
    const second = ids(report(ex).booked);
    if (!first.length) return { title: "the PSU's first account has no booked transaction to compare" };
    // Stable ids are stated; a stable order of the list is not: compare the ids as sets.
    if (JSON.stringify([...first].sort()) === JSON.stringify([...second].sort())) return undefined;
    return {
      title: `two reads of the same booked transactions differ: ${first.slice(0, 3).join(', ')} … vs ${second.slice(0, 3).join(', ')} …`,
      expected: first,
      received: second,
    };
  },
});

/** The details of the first booked transaction of the first read carry its transactionId (the check reads them). */
export const transactionsDetailsCarryStableId = defineCheck({
  id: 'transactions.details-carry-stable-id',
  clauses: ['states.transactions-booked-stable-id'],
  async run(s) {
    const id = s.need('firstRead', 'first read')[0];
    const ex = await readDetails(s, s.need('stableAccount', 'account read twice'), id);
    const got = ex.response?.status === 200 ? jsonOf(ex)?.transactionsDetails?.transactionId : undefined;
    return ex.response?.status === 200 && got === id
      ? undefined
      : {
          title: `the details of booked transaction ${id} do not carry it: ${describeResponse(ex)}`,
          expected: id,
          received: got,
        };
  },
});

/** Set-up: the PSU's first account lists a booked transaction to read the details of. */
export const transactionsFirstAccountHasBooked = defineCheck({
  id: 'transactions.first-account-has-booked',
  clauses: ['endpoints.get-transaction-details.path-ids'],
  run(_s, ex) {
    const booked = report(ex).booked;
    return Array.isArray(booked) && booked.length
      ? undefined
      : {
          title: "the PSU's first account has no booked transaction to read the details of",
          expected: 'a booked transaction',
          received: booked,
        };
  },
});

/**
 * The transaction the scenario created, as a booked list answer shows it: by the remittance information of the bank's
 * record of it, or the only one.
 */
export function listedCreatedTxn(s: ScenarioSession, list: Exchange | undefined): any {
  const item = s.need('createdTxns', 'created transactions')[0].item;
  const booked = report(list).booked ?? [];
  return (
    booked.find((x: any) => x.remittanceInformationUnstructured === item.remittanceInformationUnstructured) ??
    (booked.length === 1 ? booked[0] : undefined)
  );
}

/** Set-up: the transaction the scenario created is in the booked list answer, with a transactionId. */
export const transactionsCreatedListed = defineCheck({
  id: 'transactions.created-listed',
  clauses: ['endpoints.get-transaction-details.path-ids'],
  run(s, ex) {
    if (listedCreatedTxn(s, ex)?.transactionId) return undefined;
    return {
      title: `the created transaction is not in the account's transaction list (${(report(ex).booked ?? []).length} booked)`,
    };
  },
});

const DETAILS_IDS = ['endpoints.get-transaction-details.path-ids', 'fields.transaction-details'];
// ultimateCreditor/ultimateDebtor are "not offered by the current implementation"; names and remittance
// "not always available"; bankTransactionCode and purposeCode "when supported": shown or not, but when
// shown, the bank's value. The dates have no such words.
const MAY_BE_LEFT_OUT = new Set([
  'creditorName',
  'debtorName',
  'remittanceInformationUnstructured',
  'ultimateCreditor',
  'ultimateDebtor',
  'purposeCode',
  'bankTransactionCode',
]);
const DETAIL_FIELDS = [
  'creditorName',
  'debtorName',
  'remittanceInformationUnstructured',
  'ultimateCreditor',
  'ultimateDebtor',
  'purposeCode',
  'bankTransactionCode',
  'bookingDate',
  'valueDate',
];
const DETAIL_DATES = new Set(['bookingDate', 'valueDate']);

/**
 * The details carry the listed transactionId (`listedTxnId`) and the values of the bank's record of the
 * created transaction (`createdTxns`: its creation answer, else its sandbox list item, never the item as
 * sent; those the spec lets be left out may be). The sandbox list "Returns all transactions on an account
 * …, including transactions created through the sandbox transaction operations" (§ Endpoints 5) with the
 * same field names as the details: one transaction, read twice. Dates are compared as calendar dates
 * (the sandbox item's are strings, the details' dates).
 */
export const transactionsDetailsAsCreated = defineCheck({
  id: 'transactions.details-as-created',
  clauses: DETAILS_IDS,
  run(s, ex) {
    const d = jsonOf(ex)?.transactionsDetails ?? {};
    const item = s.need('createdTxns', 'created transactions')[0].item;
    if (d.transactionId !== s.state.listedTxnId)
      return {
        title: `details transactionId ${d.transactionId} is not the listed ${s.state.listedTxnId}`,
        expected: s.state.listedTxnId,
        received: d.transactionId,
      };
    for (const k of DETAIL_FIELDS) {
      if (d[k] === undefined && MAY_BE_LEFT_OUT.has(k)) continue;
      if (DETAIL_DATES.has(k) ? calendarDate(d[k]) !== calendarDate(item[k]) : d[k] !== item[k])
        return {
          title: `details ${k} is ${JSON.stringify(d[k])}, the bank's record of the created transaction ${JSON.stringify(item[k])}`,
          clauses: [`fields.transaction-details.${k}`],
          expected: item[k],
          received: d[k],
        };
    }
    return undefined;
  },
});

/** The details' transactionAmount is in the currency of the bank's record of the created transaction. */
export const transactionsDetailsAmountCurrency = defineCheck({
  id: 'transactions.details-amount-currency',
  clauses: ['fields.transaction-details.transactionAmount'],
  run(s, ex) {
    const d = jsonOf(ex)?.transactionsDetails ?? {};
    const item = s.need('createdTxns', 'created transactions')[0].item;
    if (d.transactionAmount?.currency === item.currency) return undefined;
    return {
      title: `details transactionAmount ${JSON.stringify(d.transactionAmount)} is not in ${item.currency}`,
      expected: item.currency,
      received: d.transactionAmount?.currency,
    };
  },
});

/** Set-up: the details of at least one booked transaction were read (`detailReads`). */
export const transactionsSomeDetailsRead = defineCheck({
  id: 'transactions.some-details-read',
  clauses: ['endpoints.get-transaction-details'],
  run(s) {
    return s.need('detailReads', 'details reads').length
      ? undefined
      : { title: "the PSU's accounts have no booked transactions to read the details of" };
  },
});

/** A details read is accepted: 200. */
export const transactionsDetailsAccepted = defineCheck({
  id: 'transactions.details-accepted',
  clauses: ['endpoints.get-transaction-details.success'],
  run(_s, ex) {
    return ex?.response?.status === 200
      ? undefined
      : { title: `details not accepted: ${describeResponse(ex)}`, expected: 200, received: ex?.response?.status };
  },
});

/** Every details read (`detailReads`) is accepted and its body matches the schema. */
export const transactionsDetailReadsMatch = defineCheck<[schema: string]>({
  id: 'transactions.detail-reads-match-schema',
  clauses: ['endpoints.get-transaction-details.success'],
  async run(s, _ex, schema) {
    const name = schemaNamed(schema);
    for (const ex of s.need('detailReads', 'details reads')) {
      await runCheck(s, transactionsDetailsAccepted, ex);
      expectSchema(jsonOf(ex), name, `details of ${ex.request.target}`);
    }
    return undefined;
  },
});

/** A sandbox transaction creation was refused (4xx with the error body) or made (2xx). */
export const transactionsCreationAnswered = defineCheck({
  id: 'transactions.creation-refused-or-made',
  clauses: ['endpoints.create-sandbox-account-transactions'],
  run(_s, creation) {
    const s = creation?.response?.status ?? 0;
    if (s >= 400 && s < 500) {
      expectErrorBody(creation, s, undefined);
      return undefined;
    }
    if (s < 200 || s >= 300)
      return {
        title: `the sandbox answered neither a refusal nor a creation: ${describeResponse(creation)}`,
        expected: '4xx or 2xx',
        received: s,
      };
    return undefined;
  },
});

/** The sandbox account's booked list answer is not empty (the created transaction is in it). */
export const transactionsCreatedBooked = defineCheck({
  id: 'transactions.created-booked',
  clauses: ['endpoints.get-transaction-details.path-ids'],
  run(_s, ex) {
    return (report(ex).booked ?? []).length
      ? undefined
      : { title: "the created transaction is not in the account's transaction list" };
  },
});

/**
 * The sandbox refused the transaction the scenario created (`creation`), or its details, read through the list, are
 * accepted and match the schema.
 */
export const transactionsRefusedOrDetailsMatch = defineCheck<[schema: string]>({
  id: 'transactions.refused-or-details-match',
  clauses: [
    'endpoints.create-sandbox-account-transactions',
    'endpoints.get-transaction-details.path-ids',
    'endpoints.get-transaction-details.success',
  ],
  async run(s, _ex, schema) {
    const name = schemaNamed(schema);
    const creation = s.need('creation', 'transaction creation');
    await runCheck(s, transactionsCreationAnswered, creation);
    if ((creation.response?.status ?? 0) >= 400) return undefined;
    const id = await sandboxAisId(s);
    const list = await readTransactions(s, id, widePeriod(s, readStatus(s, 'booked')));
    await runCheck(s, transactionsCreatedBooked, list);
    const ex = await readDetails(s, id, report(list).booked[0].transactionId);
    await runCheck(s, transactionsDetailsAccepted, ex);
    expectSchema(jsonOf(ex), name, 'the details');
    return undefined;
  },
});

/** Without the PSU present: the booked transactions hold the one of `days` days back. */
export const transactionsHoldDaysBack = defineCheck<[days: number]>({
  id: 'transactions.hold-days-back',
  clauses: ['limits.history-without-psu'],
  run(s, ex, days) {
    const got = report(ex, ['limits.history-without-psu']).booked ?? [];
    return got.some((t: any) => calendarDate(t.bookingDate) === daysAgo(s, days))
      ? undefined
      : {
          title: `the transaction of ${days} days back is missing: ${describeResponse(ex)}`,
          expected: daysAgo(s, days),
        };
  },
});

/**
 * Without the PSU present: the request is refused (4xx with the error body), or no booked transaction is older than
 * `days` days.
 */
export const transactionsRefusedOrNoneOlder = defineCheck<[days: number]>({
  id: 'transactions.refused-or-none-older',
  clauses: ['limits.history-without-psu'],
  run(s, ex, days) {
    const status = responseOf(ex).status;
    if (status >= 400 && status < 500) {
      expectErrorBody(ex, status, undefined, ['limits.history-without-psu']);
      return undefined;
    }
    const old = (report(ex, ['limits.history-without-psu']).booked ?? []).filter(
      (t: any) => String(calendarDate(t.bookingDate)) < daysAgo(s, days),
    );
    return old.length
      ? {
          title: `without PSU-IP-Address the list holds ${old.length} transactions older than ${days} days (${old[0].bookingDate})`,
          expected: `none booked before ${daysAgo(s, days)}`,
          received: old[0].bookingDate,
        }
      : undefined;
  },
});

/**
 * cardaccount-switch-originalamount-and-transactionamount: the card transaction (`switchTxnId`) has transactionAmount
 * in NOK and originalAmount in EUR, as created.
 */
export const transactionsCardAmountsSwitched = defineCheck({
  id: 'transactions.card-amounts-switched',
  clauses: ['versioning.accept-fix.cardaccount-switch-originalamount-and-transactionamount'],
  run(s, ex): Problem | undefined {
    const wanted = s.need('switchTxnId', 'card transaction');
    const t = (jsonOf(ex)?.cardTransactions?.booked ?? []).find((x: any) => x.cardTransactionId === wanted);
    if (!t) return { title: `card transaction ${wanted} is not in the card transactions: ${describeResponse(ex)}` };
    if (t.transactionAmount?.currency !== 'NOK' || t.originalAmount?.currency !== 'EUR') {
      return {
        title: `transactionAmount ${JSON.stringify(t.transactionAmount)} and originalAmount ${JSON.stringify(t.originalAmount)}: created as NOK and EUR`,
        expected: { transactionAmount: 'NOK', originalAmount: 'EUR' },
        received: { transactionAmount: t.transactionAmount?.currency, originalAmount: t.originalAmount?.currency },
      };
    }
    return undefined;
  },
});
