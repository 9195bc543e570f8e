// Account information helpers: transaction lists and pages, details, calls without a PSU present,
// header removal for the "required header left out" rows, and the target clock for @clock rules.
import { checkAmount } from '../spec/amount.ts';
import { BOOKING_STATUSES } from '../spec/codes.ts';
import { limitValue } from '../spec/limits.ts';
import { describeResponse, fail, fromEarlierStep, jsonOf, notApplicable, setupFail } from '../session/expect.ts';
import { tamperWith } from './tamper.ts';
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import type { ScenarioSession } from '../session/session.ts';
import { randomUUID } from 'node:crypto';
import {
  createSandboxAccount,
  createSandboxTxns,
  daysAgo,
  isSameAccount,
  listSandboxTxns,
  sandboxTxn,
  sendNow,
} from './sandbox.ts';
import type { SandboxAccount, SandboxCard } from '../session/state.ts';
import { eachAtOnce } from './concurrently.ts';
import { templateCarries } from '../session/templates.ts';

/**
 * ISO 20022 ExternalCashAccountType1Code (the code set the `cash-account-type-iso` fix maps to;
 * ISO 20022 external code sets, ExternalCashAccountType1Code).
 */
export const ISO_CASH_ACCOUNT_TYPES = [
  'CACC',
  'CARD',
  'CASH',
  'CHAR',
  'CISH',
  'COMM',
  'CPAC',
  'LLSV',
  'LOAN',
  'MGLD',
  'MOMA',
  'NFCA',
  'NREX',
  'ODFT',
  'ONDP',
  'OTHR',
  'SACC',
  'SLRY',
  'SVGS',
  'TAXE',
  'TRAN',
  'TRAS',
  'VACC',
];

/** PSU overrides for a call without a PSU present: no PSU-IP-Address (spec § Limits). */
export const NO_PSU = { psuIpAddress: undefined };

export const accountPath = (id: string, rest = '') => `/v1/accounts/${encodeURIComponent(id)}${rest}`;
export const cardPath = (id: string, rest = '') => `/v1/card-accounts/${encodeURIComponent(id)}${rest}`;

/** The AIS account id (resourceId) of an account the PSU granted, found by iban or bban. */
export async function aisAccountId(w: ScenarioSession, ref: { iban?: string; bban?: string }): Promise<string> {
  const list = await w.accounts();
  const a = list.find((x) => isSameAccount(x, ref));
  if (!a?.resourceId)
    fail(`the account ${ref.iban ?? ref.bban} is not in the PSU's account list after SCA (${list.length} accounts)`, [
      'endpoints.list-accounts',
    ]);
  return a.resourceId;
}

export type Query = Record<string, string | number | undefined>;

// ---------------------------------------------------------------- what the scenario made and found

/** The sandbox account this scenario created. */
export function sandboxAccountOf(w: ScenarioSession): SandboxAccount {
  const a = w.state.sandboxAccount;
  if (!a) fail('no sandbox account was created in this scenario');
  return a;
}

/** The sandbox card account this scenario created. */
export function sandboxCardOf(w: ScenarioSession): SandboxCard {
  const c = w.state.sandboxCard;
  if (!c) fail('no sandbox card account was created in this scenario');
  return c;
}

/**
 * A sandbox account (`account`) or card account (`card`) named with `n` characters can be asked for only
 * where the profile's body template carries the name (templates.sandbox-account {{accountName}},
 * templates.sandbox-card-account {{name}}); else the bank names it its own way and the scenario is not
 * applicable, naming the key (a value is read back only where the bank was asked for it).
 */
export function nameAskable(w: ScenarioSession, kind: 'account' | 'card', n: number): void {
  const [template, variable] =
    kind === 'account' ? ['sandbox-account', 'accountName'] : ['sandbox-card-account', 'name'];
  if (!templateCarries(w.profile, template, variable))
    notApplicable(
      `the ${template} template (templates.${template}) carries no {{${variable}}}: the bank cannot be asked for a name of ${n} characters`,
    );
}

/** The AIS account id of the sandbox account (found once in the PSU's account list). */
export async function sandboxAisId(w: ScenarioSession): Promise<string> {
  return (w.state.sandboxAisId ??= await aisAccountId(w, sandboxAccountOf(w)));
}

/** The AIS resourceId of the sandbox card account, found by its masked PAN in the PSU's card account list. */
export async function cardAisId(w: ScenarioSession): Promise<string> {
  if (w.state.cardAisId) return w.state.cardAisId;
  const c = sandboxCardOf(w);
  const ex = await sendNow(w, { method: 'GET', path: '/v1/card-accounts' });
  const found = (jsonOf(ex)?.cardAccounts ?? []).find((x: any) => x.maskedPan === c.maskedPan);
  if (!found?.resourceId)
    fail(`the sandbox card account ${c.maskedPan} is not in the PSU's card account list: ${describeResponse(ex)}`, [
      'conventions.psu-contexts',
    ]);
  w.state.cardAisId = found.resourceId;
  return found.resourceId;
}

/** The resourceId of the PSU's first account. */
export const firstAccountId = async (w: ScenarioSession): Promise<string> => (await w.accounts())[0].resourceId;

/** Creates a sandbox account with booked transactions `days` days back; keeps date → days and the created ids. */
export async function accountWithTxnsAt(w: ScenarioSession, days: number[]): Promise<void> {
  const acc = await createSandboxAccount(w);
  const items = days.map((d) =>
    sandboxTxn(w, {
      bookingDate: daysAgo(w, d),
      valueDate: daysAgo(w, d),
      remittanceInformationUnstructured: `conformance ${d} days ${randomUUID().slice(0, 8)}`,
    }),
  );
  const created = await createSandboxTxns(w, acc.id, items);
  w.state.txnDays = new Map(days.map((d) => [daysAgo(w, d), d]));
  // The bank's answer is the truth: each item as the bank answered it, else as sent (only its booking
  // date is read then: the day the scenario asked for, read back as a calendar date, createdTxnId).
  w.state.createdTxns = days.map((d, i) => ({ days: d, id: created[i]?.id, item: created[i] ?? items[i] }));
}

/**
 * The calendar date of an ISO 8601 date or date-time with offset ("2026-01-10", "2026-01-10T00:00:00+01:00"):
 * § Conventions lets a bank write a JSON date either way, so a date the scenario set is read back as
 * the day it names; anything else is returned as it is (and differs from every day).
 */
export function calendarDate(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/.exec(v);
  return m ? m[1] : v;
}

/** Per scenario: the AIS transactionIds found by booking day (one list read serves the concurrent calls). */
const listedIds = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * The AIS transactionId of the sandbox transaction the scenario created `days` back, read from the
 * account's transaction list (§ Endpoints 3: "`transactionId` comes from the list response"; the
 * sandbox's own id is another operation's, which the spec does not tie to it).
 */
export function createdTxnId(w: ScenarioSession, days: number): Promise<string> {
  const t = w.need('createdTxns', 'created transactions').find((x) => x.days === days);
  return listedTxnIdOn(w, calendarDate(t?.item?.bookingDate) ?? daysAgo(w, days));
}

/**
 * The AIS transactionId of the booked transaction of the sandbox account on `day` (the one the scenario
 * created that day), from the account's transaction list. Read with the PSU present (no call without the
 * PSU is spent), unless `psuPresent` is false: after the clock moved by days, the hour of SCA within the
 * TPP session is over and only access without the PSU remains. The list refused, or without that
 * transaction, breaks the list's rules (with the PSU present no history limit applies): a failure of the
 * scenarios that check them, else the scenario is inconclusive (fromEarlierStep).
 */
export function listedTxnIdOn(w: ScenarioSession, day: string, psuPresent = true): Promise<string> {
  const cache = listedIds.get(w.state) ?? new Map<string, Promise<string>>();
  listedIds.set(w.state, cache);
  const key = `${day}|${psuPresent}`;
  let found = cache.get(key);
  if (!found) {
    found = (async () => {
      const list = await readTransactions(
        w,
        await sandboxAisId(w),
        { bookingStatus: readStatus(w, 'booked'), dateFrom: day },
        psuPresent,
      );
      const clauses = psuPresent
        ? ['endpoints.list-transactions', 'limits.history-without-psu']
        : ['endpoints.list-transactions'];
      const booked = fromEarlierStep(() => report(list, clauses).booked);
      const on = (Array.isArray(booked) ? booked : []).filter(
        (x: any) => calendarDate(x?.bookingDate) === day && x?.transactionId !== undefined,
      );
      if (on.length > 1)
        setupFail(
          `the sandbox account's transaction list holds ${on.length} booked transactions on ${day}: the one the scenario created there cannot be told apart`,
          undefined,
        );
      if (!on.length)
        fromEarlierStep(() =>
          fail(
            `the transaction the scenario created on the sandbox account, booked on ${day}, is not in the account's transaction list read ${psuPresent ? 'with' : 'without'} the PSU present: ${describeResponse(list)}`,
            clauses,
          ),
        );
      return String(on[0].transactionId);
    })();
    cache.set(key, found);
  }
  return found;
}

/**
 * The bank's record of the one sandbox transaction the scenario created on the account `accountId`:
 * the item its creation answer gave (`created`), else the item of the sandbox list (§ Endpoints 5, whose
 * item fields the spec shows): the account's only one, or the one with the remittance text sent. Never
 * the item as sent: a bank may keep a value its own way where the spec does not say it keeps it.
 */
export async function sandboxRecordOf(
  w: ScenarioSession,
  accountId: string,
  created: unknown,
  sent: Record<string, unknown>,
): Promise<any> {
  if (created && typeof created === 'object') return created;
  const ex = await listSandboxTxns(w, accountId);
  const list = ex.response?.status === 200 && Array.isArray(ex.response.json) ? (ex.response.json as any[]) : [];
  const record =
    list.length === 1
      ? list[0]
      : list.find((x) => x?.remittanceInformationUnstructured === sent.remittanceInformationUnstructured);
  if (!record)
    setupFail(
      `the bank's record of the transaction the scenario created: its creation answer gave no item (responses.sandbox-transactions.list) and the sandbox list does not single it out: ${describeResponse(ex)}`,
      undefined,
    );
  return record;
}

/** Keeps the first of the PSU's accounts that has pending transactions, and their ids; fails when none has. */
export async function findPendingAccount(w: ScenarioSession): Promise<void> {
  for (const a of await w.accounts()) {
    const pending = ids(
      report(await readTransactions(w, a.resourceId, widePeriod(w, readStatus(w, 'pending')))).pending,
    );
    if (pending.length) {
      w.state.pendingAccount = a.resourceId;
      w.state.allPending = pending;
      return;
    }
  }
  fail(
    "none of the PSU's accounts has a pending transaction: the check needs one (seed one in the target, or choose a PSU who has)",
    ['limits.pending-all-returned'],
  );
}

/** GET /v1/accounts/{id}/transactions. */
export function readTransactions(w: ScenarioSession, id: string, query: Query, psuPresent = true): Promise<Exchange> {
  return sendNow(w, {
    method: 'GET',
    path: accountPath(id, '/transactions'),
    query,
    psu: psuPresent ? undefined : NO_PSU,
  });
}

// ---------------------------------------------------------------- bookingStatus: the values the profile lists

/**
 * A bookingStatus value a scenario's check needs (the feature names it: "bookingStatus information
 * answers …"): that value, when the profile's `bookingStatuses` lists it; else the scenario is not
 * applicable, naming the key. The profile leaving a value out never fails a scenario.
 */
export function listedStatus(w: ScenarioSession, status: string): string {
  if (!w.profile.bookingStatuses.includes(status))
    notApplicable(
      `the profile does not list bookingStatus ${status} among the values the bank's transaction list takes (bookingStatuses)`,
    );
  return status;
}

/**
 * The values the suite reads by where the check needs no particular one (set-ups, controls, plain
 * reads), in order of preference; the first the profile's `bookingStatuses` lists is taken:
 * - `booked` (the booked transactions): `booked`; a bank without it, `both`, then `all`: their
 *   answers hold the same `transactions.booked` beside the pending ones, and these reads look at the
 *   booked list only;
 * - `pending` (the pending transactions): `pending`, then `both`, then `all`;
 * - `any` (a plain read of the list): `both` (the spec's), then `all`, `booked`, `pending`.
 * None of them listed: the scenario is not applicable, naming the key. With the default profile the
 * picks are the values the suite always used (booked, pending, both).
 */
const READ_BY = {
  booked: ['booked', 'both', 'all'],
  pending: ['pending', 'both', 'all'],
  any: ['both', 'all', 'booked', 'pending'],
} as const;

export function readStatus(w: ScenarioSession, what: keyof typeof READ_BY = 'any'): string {
  const listed = w.profile.bookingStatuses;
  return (
    READ_BY[what].find((s) => listed.includes(s)) ??
    notApplicable(
      `the profile lists none of the bookingStatus values ${READ_BY[what].join(', ')} that read the ${what === 'any' ? '' : `${what} `}transactions (bookingStatuses: ${listed.join(', ')})`,
    )
  );
}

/**
 * A query the feature writes (`bookingStatus=booked&dateFrom=…`) and the usual one of its control,
 * their bookingStatus read as the profile's. The scenario is about another parameter (a missing one,
 * a period, a format): a Berlin Group value the profile does not list becomes the one the suite reads
 * by (readStatus: `booked` → the booked pick, any other → the plain pick). A value the scenario tries
 * in place of the usual one (`everything`, expected refused) that the profile lists: not applicable.
 */
export function withListedStatuses(w: ScenarioSession, query: string, usual: string): [string, string] {
  const valueIn = (q: string) => /(?:^|&)bookingStatus=([^&]*)/.exec(q)?.[1];
  const tried = valueIn(query);
  if (tried !== undefined && tried !== valueIn(usual) && w.profile.bookingStatuses.includes(tried)) {
    notApplicable(
      `the profile lists bookingStatus ${tried} among the values the bank's transaction list takes (bookingStatuses)`,
    );
  }
  const listed = (q: string) =>
    q.replace(/(^|&)bookingStatus=([^&]*)/g, (m, pre: string, v: string) =>
      (BOOKING_STATUSES as readonly string[]).includes(v) && !w.profile.bookingStatuses.includes(v)
        ? `${pre}bookingStatus=${readStatus(w, v === 'booked' ? 'booked' : 'any')}`
        : m,
    );
  return [listed(query), listed(usual)];
}

/**
 * A wide period with the PSU present (Berlin Group: dateFrom is required unless bookingStatus is information); by
 * default the plain read's bookingStatus.
 */
export const widePeriod = (w: ScenarioSession, bookingStatus = readStatus(w)): Query => ({
  bookingStatus,
  dateFrom: daysAgo(w, 1000),
});

/** The `transactions` report of an accepted list answer. */
export function report(ex: Exchange | undefined, clauses: string[] = ['endpoints.list-transactions']): any {
  const s = ex?.response?.status ?? 0;
  if (s < 200 || s >= 300) fail(`the transaction list was not accepted: ${describeResponse(ex)}`, clauses);
  const t = jsonOf(ex, clauses)?.transactions;
  if (!t || typeof t !== 'object')
    fail(`the transaction list has no \`transactions\` object: ${describeResponse(ex)}`, clauses);
  return t;
}

export const ids = (items: unknown): string[] =>
  Array.isArray(items) ? items.map((t: any) => String(t?.transactionId)) : [];

/** Follows a link href of the target (relative or absolute) with the PSU present. */
export function follow(w: ScenarioSession, href: string): Promise<Exchange> {
  const u = new URL(href, w.ctx.targetUrl);
  const base = new URL(w.ctx.targetUrl).pathname.replace(/\/$/, '');
  const path = u.pathname.startsWith(base) ? u.pathname.slice(base.length) : u.pathname;
  return sendNow(w, { method: 'GET', path: path + u.search });
}

/**
 * Follows the `next` links from the last transaction page (a first full page of the default size): one more full page,
 * then the rest, `total` distinct transactions in all.
 */
export async function expectNextPages(w: ScenarioSession, total: number): Promise<void> {
  const size = limitValue('default-page-size', 'default');
  let t = report(w.last);
  const all = ids(t.booked);
  const sizes: number[] = [];
  for (let i = 0; i < 5 && t._links?.next?.href; i++) {
    const href = String(t._links.next.href);
    const limit = new URL(href, 'http://x').searchParams.get('limit');
    if (limit !== null && Number(limit) !== size)
      fail(`the next link carries limit=${limit}, not the default page size ${size}: ${href}`, [
        'limits.default-page-size',
      ]);
    t = report(await follow(w, href), ['limits.default-page-size']);
    sizes.push(t.booked?.length ?? 0);
    all.push(...ids(t.booked));
  }
  // The first page (the last answer) and the next: a full page, then the rest.
  if (JSON.stringify(sizes) !== JSON.stringify([size, total - 2 * size]) || new Set(all).size !== total)
    fail(
      `following the next links gave pages of ${sizes.join(', ')} (${new Set(all).size} distinct transactions); expected ${size} and ${total - 2 * size}, ${total} in all`,
      ['limits.default-page-size'],
    );
}

/**
 * Account information requests at the edges (huge offsets and limits, far dates, long and odd ids, an unknown
 * withBalance): the exchanges, judged together.
 */
export async function sendEdgeCases(w: ScenarioSession): Promise<Exchange[]> {
  const id = await firstAccountId(w);
  const long = 'x'.repeat(2000);
  const q = { bookingStatus: readStatus(w), dateFrom: '0001-01-01' };
  return eachAtOnce(
    w,
    [
      { path: accountPath(id, '/transactions'), query: { ...q, offset: 2147483647, limit: 2147483647 } },
      { path: accountPath(id, '/transactions'), query: { ...q, dateTo: '9999-12-31', limit: 1 } },
      { path: accountPath(id, '/transactions'), query: { ...q, offset: 99999999999 } },
      { path: accountPath(long, '/transactions'), query: q },
      { path: accountPath(id, `/transactions/${long}`) },
      { path: accountPath(id, '/transactions/%00%ff') },
      { path: accountPath(id, '/balances'), query: { withBalance: 'maybe' } },
    ],
    (spec) => sendNow(w, { method: 'GET', ...spec }),
  );
}

/** GET /v1/accounts/{id}/transactions/{transactionId}. */
export function readDetails(
  w: ScenarioSession,
  id: string,
  transactionId: string,
  extra: Partial<RequestSpec> = {},
): Promise<Exchange> {
  return sendNow(w, {
    method: 'GET',
    path: accountPath(id, `/transactions/${encodeURIComponent(transactionId)}`),
    ...extra,
  });
}

/** Every amount object found in a body: `{amount, currency}` pairs, with their JSON path. */
export function amountsIn(node: unknown, path = ''): Array<{ path: string; amount: unknown; currency: string }> {
  if (Array.isArray(node)) return node.flatMap((x, i) => amountsIn(x, `${path}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  const here =
    'amount' in o && typeof o.currency === 'string' ? [{ path, amount: o.amount, currency: o.currency }] : [];
  return [...here, ...Object.entries(o).flatMap(([k, v]) => (k === 'amount' ? [] : amountsIn(v, `${path}/${k}`)))];
}

/** Amounts are strings with the currency's minor units (spec § Conventions); a sign is allowed on booked amounts. */
export function expectAmountStrings(body: unknown, what: string): void {
  const found = amountsIn(body);
  if (!found.length) fail(`${what} carries no amount to check`, ['conventions.amount-string']);
  for (const a of found) {
    const r = checkAmount(a.amount, a.currency, { allowNegative: true, allowZero: true });
    if (!r.ok)
      fail(`${what}: ${a.path || '/'} amount ${JSON.stringify(a.amount)} ${a.currency}: ${r.message}`, [
        'conventions.amount-string',
        r.clause,
      ]);
  }
}

/** Spec header names → a request spec part that leaves that header out (signature headers after signing). */
export function leaveOut(header: string): Partial<RequestSpec> {
  switch (header.toLowerCase()) {
    case 'signature':
      return { tamper: tamperWith('signature.missing') };
    case 'digest':
      return { sign: { digest: 'none' } };
    default:
      return { headers: { [header]: null } };
  }
}

/** Moves the target's clock (the session signs with the moved clock and moves it back after the scenario). */
export async function moveClock(w: ScenarioSession, seconds: number): Promise<void> {
  await w.advanceClock(seconds);
}

/** Seconds the target's clock was moved in this scenario. */
export const movedSeconds = (w: ScenarioSession): number => w.clockOffsetSeconds;
