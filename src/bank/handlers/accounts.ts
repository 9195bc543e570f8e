// Account information: accounts, balances, transactions, transaction details, card accounts.
import { BOOKING_STATUSES } from '../../spec/codes.ts';
import { fixActive } from '../checks.ts';
import { isoDate } from '../clock.ts';
import { BankError } from '../errors.ts';
import { json, known, type Ctx, type Reply } from '../http.ts';
import { amountObj } from '../money.ts';
import { daysAgo, queryBool, queryDate, queryEnum, queryInt, queryRequired } from '../params.ts';
import { aisAccess, requireScaWithoutPsu, type AisAccess } from '../sca.ts';
import type { BankRules } from '../rules.ts';
import type { Account, CardAccount, CardTxn, Txn } from '../state.ts';

/** Our choice for the cashAccountType written before the cash-account-type-iso fix (§ Versioning). */
const LEGACY_CASH_ACCOUNT_TYPE: Record<string, string> = {
  CACC: 'Current',
  SVGS: 'Savings',
  TAXE: 'Tax',
  LOAN: 'Loan',
  CARD: 'Card',
};

const nameLimit = (ctx: Ctx) =>
  fixActive(ctx.bank, ctx.fixes, 'longer-names', ctx.now) ? ctx.bank.rules.longNameMax : ctx.bank.rules.shortNameMax;

// An account outside the consent is not disclosed: the same 404 as an unknown one.
const inConsent = (access: AisAccess, id: string) => access.consent.accountIds.includes(id);
const account = (ctx: Ctx, access: AisAccess, id: string): Account =>
  known(inConsent(access, id) ? ctx.bank.state.accounts.get(id) : undefined, 'account', id);
const card = (ctx: Ctx, access: AisAccess, id: string): CardAccount =>
  known(inConsent(access, id) ? ctx.bank.state.cardAccounts.get(id) : undefined, 'card account', id);

/** § Limits calls-without-psu: 4 successful calls per 24 h per TPP, PSU, account and operation. */
function allowance(ctx: Ctx, access: AisAccess, accountId: string, op: string): void {
  const { bank } = ctx;
  // With PSU-IP-Address (PSU present) the call is not counted (`allowance-psu-present` switches that exemption off).
  if ((access.present && bank.checkOn('allowance-psu-present')) || !bank.checkOn('psu-allowance')) return;
  const key = `${ctx.tpp.id}|${access.nid}|${accountId}|${op}`;
  const windowMs = bank.rules.callsWithoutPsuWindowHours * 3600_000;
  const recent = (bank.state.calls.get(key) ?? []).filter((t) => ctx.now - t < windowMs);
  if (recent.length >= bank.rules.callsWithoutPsu) {
    throw new BankError(
      'ACCESS_EXCEEDED',
      `${bank.rules.callsWithoutPsu} calls without PSU-IP-Address per ${bank.rules.callsWithoutPsuWindowHours} h used for ${op} of this account`,
    );
  }
  ctx.onSuccess.push(() => bank.state.calls.set(key, [...recent, ctx.now]));
}

function balancesOf(a: Account): unknown[] {
  const pending = a.transactions.filter((t) => t.status === 'pending').reduce((s, t) => s + t.amount, 0n);
  const at = new Date(a.lastChange).toISOString();
  return [
    {
      balanceType: 'interimBooked',
      balanceAmount: amountObj(a.balance, a.currency),
      lastChangeDateTime: at,
      referenceDate: isoDate(a.lastChange),
    },
    {
      balanceType: 'interimAvailable',
      balanceAmount: amountObj(a.balance + a.creditLine, a.currency),
      creditLimitIncluded: a.creditLine > 0n,
      lastChangeDateTime: at,
    },
    { balanceType: 'expected', balanceAmount: amountObj(a.balance + pending, a.currency), lastChangeDateTime: at },
  ];
}

function accountView(ctx: Ctx, a: Account, withBalance: boolean, usage: string): Record<string, unknown> {
  const iso = fixActive(ctx.bank, ctx.fixes, 'cash-account-type-iso', ctx.now);
  const owner = ctx.bank.state.customers.get(a.customerNumber);
  const base = `/v1/accounts/${encodeURIComponent(a.id)}`;
  return {
    resourceId: a.id,
    iban: a.iban,
    bban: a.bban,
    currency: a.currency,
    name: a.accountName.slice(0, nameLimit(ctx)),
    product: a.product,
    cashAccountType: iso ? a.cashAccountType : (LEGACY_CASH_ACCOUNT_TYPE[a.cashAccountType] ?? a.cashAccountType),
    status: 'enabled',
    bic: a.bic,
    usage,
    ownerName: owner?.name,
    ...(withBalance ? { balances: balancesOf(a) } : {}),
    _links: { balances: { href: `${base}/balances` }, transactions: { href: `${base}/transactions` } },
  };
}

const usageOf = (access: AisAccess) => (access.consent.context === 'CORPORATE' ? 'ORGA' : 'PRIV');

export function listAccounts(ctx: Ctx): Reply {
  const withBalance = queryBool(ctx, 'withBalance') ?? false;
  const access = aisAccess(ctx);
  const accounts = access.consent.accountIds
    .map((id) => ctx.bank.state.accounts.get(id))
    .filter((a): a is Account => !!a);
  return json(200, { accounts: accounts.map((a) => accountView(ctx, a, withBalance, usageOf(access))) });
}

export function getAccount(ctx: Ctx): Reply {
  const withBalance = queryBool(ctx, 'withBalance') ?? false;
  const access = aisAccess(ctx);
  return json(200, { account: accountView(ctx, account(ctx, access, ctx.params.id), withBalance, usageOf(access)) });
}

export function getBalances(ctx: Ctx): Reply {
  const access = aisAccess(ctx);
  const a = account(ctx, access, ctx.params.id);
  allowance(ctx, access, a.id, 'balances');
  return json(200, { account: { iban: a.iban, currency: a.currency }, balances: balancesOf(a) });
}

/** List item: lighter since 15-Aug-2024 (§ Versioning > Deprecations); the rest is in the details. */
function listItem(a: Account, t: Txn): Record<string, unknown> {
  return {
    transactionId: t.transactionId,
    bookingDate: t.bookingDate,
    valueDate: t.valueDate,
    transactionAmount: amountObj(t.amount, t.currency),
    creditorName: t.creditorName,
    debtorName: t.debtorName,
    remittanceInformationUnstructured: t.remittanceInformationUnstructured,
    _links: {
      transactionDetails: {
        href: `/v1/accounts/${encodeURIComponent(a.id)}/transactions/${encodeURIComponent(t.transactionId)}`,
      },
    },
  };
}

const newestFirst = (x: { bookingDate: string; transactionId?: string; cardTransactionId?: string }, y: typeof x) =>
  x.bookingDate < y.bookingDate
    ? 1
    : x.bookingDate > y.bookingDate
      ? -1
      : String(x.transactionId ?? x.cardTransactionId) < String(y.transactionId ?? y.cardTransactionId)
        ? -1
        : 1;

interface Period {
  bookingStatus: string;
  dateFrom: string;
  dateTo: string;
  limit: number;
  offset: number;
  paged: boolean;
}

function period(ctx: Ctx, statuses: readonly string[], defaults: BankRules['transactionListDefaults'] = null): Period {
  // rules.transactionListDefaults (account transactions only): a missing bookingStatus or dateFrom takes its default
  // instead of a 400.
  const absent = (name: string) => defaults !== null && !ctx.query.get(name);
  const bookingStatus = queryEnum(
    ctx,
    'bookingStatus',
    statuses,
    absent('bookingStatus') ? defaults!.bookingStatus : queryRequired(ctx, 'bookingStatus'),
  );
  // Berlin Group: dateFrom is mandated unless bookingStatus is information.
  if (bookingStatus !== 'information' && !defaults) queryRequired(ctx, 'dateFrom');
  const dateFrom =
    (absent('dateFrom') ? undefined : queryDate(ctx, 'dateFrom')) ??
    (defaults && bookingStatus !== 'information' ? daysAgo(ctx.now, defaults.dateFromDaysBack) : '0000-01-01');
  const dateTo = queryDate(ctx, 'dateTo') ?? isoDate(ctx.now);
  const limit = queryInt(ctx, 'limit', 1);
  const offset = queryInt(ctx, 'offset', 0);
  queryBool(ctx, 'withBalance');
  if (dateFrom > dateTo) throw new BankError('PERIOD_INVALID', `dateFrom ${dateFrom} is after dateTo ${dateTo}`);
  return {
    bookingStatus,
    dateFrom,
    dateTo,
    limit: limit ?? ctx.bank.rules.defaultPageSize,
    offset: offset ?? 0,
    paged: limit !== undefined || offset !== undefined,
  };
}

/**
 * § Limits history-without-psu: without PSU present, at most 90 days back (with PSU present, no limit unless
 * `history-psu-present` is switched off).
 */
function historyWindow(ctx: Ctx, access: AisAccess, date: string, what: string): void {
  if ((access.present && ctx.bank.checkOn('history-psu-present')) || !ctx.bank.checkOn('history-window')) return;
  const oldest = daysAgo(ctx.now, ctx.bank.rules.historyWithoutPsuDays);
  if (date < oldest) {
    throw new BankError(
      'PERIOD_INVALID',
      `${what} ${date} is more than ${ctx.bank.rules.historyWithoutPsuDays} days back; without PSU-IP-Address the oldest is ${oldest}`,
    );
  }
}

function pageLinks(base: string, p: Period, total: number): Record<string, { href: string }> {
  const href = (offset: number) => {
    const q = new URLSearchParams({
      bookingStatus: p.bookingStatus,
      dateFrom: p.dateFrom,
      dateTo: p.dateTo,
      limit: String(p.limit),
      offset: String(offset),
    });
    return { href: `${base}?${q}` };
  };
  const links: Record<string, { href: string }> = { first: href(0) };
  if (p.offset > 0) links.previous = href(Math.max(0, p.offset - p.limit));
  if (p.offset + p.limit < total) links.next = href(p.offset + p.limit);
  links.last = href(total > 0 ? Math.floor((total - 1) / p.limit) * p.limit : 0);
  return links;
}

export function listTransactions(ctx: Ctx): Reply {
  const p = period(ctx, BOOKING_STATUSES, ctx.bank.rules.transactionListDefaults);
  const access = aisAccess(ctx);
  const a = account(ctx, access, ctx.params.id);
  const { bank } = ctx;
  // § Limits sca-renewal: the account must have been accessed with SCA within 180 days.
  requireScaWithoutPsu(ctx, access, 'sca-renewal', bank.rules.scaRenewalDays);
  historyWindow(ctx, access, p.dateFrom, 'dateFrom');
  allowance(ctx, access, a.id, 'transactions');
  const base = `/v1/accounts/${encodeURIComponent(a.id)}/transactions`;
  const report: Record<string, unknown> = {};
  const bs = p.bookingStatus;
  let total = 0;
  if (bs === 'booked' || bs === 'both' || bs === 'all') {
    const booked = a.transactions
      .filter((t) => t.status === 'booked' && t.bookingDate >= p.dateFrom && t.bookingDate <= p.dateTo)
      .sort(newestFirst);
    total = booked.length;
    report.booked = booked.slice(p.offset, p.offset + p.limit).map((t) => listItem(a, t));
  }
  if (bs === 'pending' || bs === 'both' || bs === 'all') {
    let pending = a.transactions.filter((t) => t.status === 'pending').sort(newestFirst);
    // § Limits: with both or pending, every pending transaction, whatever dateFrom, dateTo and limit say.
    if (!(bank.rules.pendingAlwaysAll && (bs === 'both' || bs === 'pending'))) {
      pending = pending.filter((t) => t.bookingDate >= p.dateFrom && t.bookingDate <= p.dateTo).slice(0, p.limit);
    }
    report.pending = pending.map((t) => listItem(a, t));
  }
  if (bs === 'information' || bs === 'all') report.information = standingOrders(ctx, a);
  // Pagination links sit in transactions._links (Berlin Group accountReport); page size 200 by default, also in the
  // links.
  report._links = {
    account: { href: `/v1/accounts/${encodeURIComponent(a.id)}` },
    ...(bs === 'information' ? {} : pageLinks(base, p, total)),
  };
  const body: Record<string, unknown> = { account: { iban: a.iban, currency: a.currency }, transactions: report };
  if (ctx.query.get('withBalance') === 'true') body.balances = balancesOf(a);
  return json(200, body);
}

/** bookingStatus information: standing orders, i.e. the periodic payments from the account (Berlin Group). */
function standingOrders(ctx: Ctx, a: Account): unknown[] {
  return [...ctx.bank.state.payments.values()]
    .filter(
      (p) =>
        p.service === 'periodic-payments' && p.debtorAccountId === a.id && !['RJCT', 'CANC', 'RCVD'].includes(p.status),
    )
    .map((p) => {
      const b = p.body as Record<string, unknown>;
      const it = p.items[0];
      return {
        transactionAmount: amountObj(it.amount, it.currency),
        creditorName: it.creditorName,
        creditorAccount: withCurrency(it.creditorAccount, it.currency),
        remittanceInformationUnstructured: it.remittance,
        additionalInformationStructured: {
          standingOrderDetails: {
            startDate: b.startDate,
            endDate: b.endDate,
            frequency: b.frequency,
            dayOfExecution: b.dayOfExecution,
            monthsOfExecution: b.monthsOfExecution,
          },
        },
      };
    });
}

/** An account reference needs its currency (§ Resources > Account reference); sandbox items carry
 * only iban and bban, so the transaction's currency is filled in. */
function withCurrency<T extends { currency?: string }>(
  ref: T | undefined,
  currency: string,
): (T & { currency: string }) | undefined {
  return ref && { ...ref, currency: ref.currency ?? currency };
}

export function getTransactionDetails(ctx: Ctx): Reply {
  const access = aisAccess(ctx);
  const a = account(ctx, access, ctx.params.id);
  const t = known(
    a.transactions.find((x) => x.transactionId === ctx.params.transactionId),
    'transaction',
    ctx.params.transactionId,
    ' on this account',
  );
  // § Endpoints 3: without PSU-IP-Address the consent must be at most 90 days old.
  requireScaWithoutPsu(ctx, access, 'consent-age', ctx.bank.rules.consentAgeDetailsDays);
  historyWindow(ctx, access, t.bookingDate, 'the transaction booking date');
  allowance(ctx, access, a.id, 'details');
  const d: Record<string, unknown> = {
    transactionId: t.transactionId,
    bankTransactionCode: t.bankTransactionCode,
    endToEndId: t.endToEndId,
    bookingDate: t.bookingDate,
    valueDate: t.valueDate,
    transactionAmount: amountObj(t.amount, t.currency),
    currencyExchange: t.currencyExchange,
    creditorId: t.creditorId,
    creditorName: t.creditorName,
    creditorAccount: withCurrency(t.creditorAccount, t.currency),
    creditorAgent: t.creditorAgent,
    ultimateCreditor: t.ultimateCreditor,
    debtorName: t.debtorName,
    debtorAccount: withCurrency(t.debtorAccount, t.currency),
    debtorAgent: t.debtorAgent,
    ultimateDebtor: t.ultimateDebtor,
    remittanceInformationUnstructured: t.remittanceInformationUnstructured,
    remittanceInformationUnstructuredArray: t.remittanceInformationUnstructuredArray,
    remittanceInformationStructuredArray: t.remittanceInformationStructuredArray,
    purposeCode: t.purposeCode,
    proprietaryBankTransactionCode: t.proprietaryBankTransactionCode,
  };
  // § Resources > Transaction details: _links only in the corporate context.
  if (access.consent.context === 'CORPORATE')
    d._links = {
      transactionDetails: {
        href: `/v1/accounts/${encodeURIComponent(a.id)}/transactions/${encodeURIComponent(t.transactionId)}`,
      },
    };
  return json(200, { transactionsDetails: d });
}

// ---------------------------------------------------------------- card accounts

function cardView(ctx: Ctx, c: CardAccount, withBalance: boolean): Record<string, unknown> {
  const base = `/v1/card-accounts/${encodeURIComponent(c.id)}`;
  return {
    resourceId: c.id,
    maskedPan: c.maskedPan,
    currency: c.currency,
    name: c.name.slice(0, nameLimit(ctx)),
    product: c.product,
    status: c.status,
    creditLimit: amountObj(c.creditLimit, c.currency),
    ...(withBalance ? { balances: cardBalances(c) } : {}),
    _links: { balances: { href: `${base}/balances` }, transactions: { href: `${base}/transactions` } },
  };
}

function cardBalances(c: CardAccount): unknown[] {
  const at = new Date(c.lastChange).toISOString();
  return [
    { balanceType: 'interimBooked', balanceAmount: amountObj(c.balance, c.currency), lastChangeDateTime: at },
    {
      balanceType: 'interimAvailable',
      balanceAmount: amountObj(c.creditLimit + c.balance, c.currency),
      creditLimitIncluded: true,
      lastChangeDateTime: at,
    },
  ];
}

export function listCardAccounts(ctx: Ctx): Reply {
  const withBalance = queryBool(ctx, 'withBalance') ?? false;
  const access = aisAccess(ctx);
  const cards = access.consent.accountIds
    .map((id) => ctx.bank.state.cardAccounts.get(id))
    .filter((c): c is CardAccount => !!c);
  return json(200, { cardAccounts: cards.map((c) => cardView(ctx, c, withBalance)) });
}

export function getCardAccount(ctx: Ctx): Reply {
  const withBalance = queryBool(ctx, 'withBalance') ?? false;
  const access = aisAccess(ctx);
  return json(200, { cardAccount: cardView(ctx, card(ctx, access, ctx.params.id), withBalance) });
}

export function getCardBalances(ctx: Ctx): Reply {
  const access = aisAccess(ctx);
  const c = card(ctx, access, ctx.params.id);
  allowance(ctx, access, c.id, 'balances');
  return json(200, { cardAccount: { maskedPan: c.maskedPan }, balances: cardBalances(c) });
}

/**
 * Card transaction: transactionAmount in the account currency, originalAmount as at the merchant (the switch fix is
 * default).
 */
export function cardTxnView(t: CardTxn): Record<string, unknown> {
  return {
    cardTransactionId: t.cardTransactionId,
    terminalId: t.terminalId,
    transactionDate: t.transactionDate,
    bookingDate: t.bookingDate,
    transactionAmount: amountObj(t.transactionAmount.amount, t.transactionAmount.currency),
    originalAmount: amountObj(t.originalAmount.amount, t.originalAmount.currency),
    currencyExchange: t.currencyExchange ? [t.currencyExchange] : undefined,
    markupFee: t.markupFee ? amountObj(t.markupFee.amount, t.markupFee.currency) : undefined,
    markupFeePercentage: t.markupFeePercentage,
    cardAcceptorId: t.cardAcceptorId,
    cardAcceptorAddress: t.cardAcceptorAddress,
    merchantCategoryCode: t.merchantCategoryCode,
    maskedPAN: t.maskedPan,
    transactionDetails: t.transactionDetails,
    invoiced: t.invoiced === undefined ? undefined : t.invoiced === 'true',
    proprietaryBankTransactionCode: t.proprietaryBankTransactionCode,
  };
}

export function listCardTransactions(ctx: Ctx): Reply {
  const p = period(ctx, ['booked', 'pending', 'both']);
  const access = aisAccess(ctx);
  const c = card(ctx, access, ctx.params.id);
  historyWindow(ctx, access, p.dateFrom, 'dateFrom');
  allowance(ctx, access, c.id, 'transactions');
  const inPeriod = c.transactions
    .filter((t) => t.bookingDate >= p.dateFrom && t.bookingDate <= p.dateTo)
    .sort(newestFirst);
  // Card accounts are not affected by the "all pending" rule (§ Limits): dates and limit apply.
  const pick = (s: string) =>
    inPeriod
      .filter((t) => t.status === s)
      .slice(p.offset, p.offset + p.limit)
      .map(cardTxnView);
  const report: Record<string, unknown> = {};
  report.booked = p.bookingStatus === 'pending' ? [] : pick('booked');
  if (p.bookingStatus !== 'booked') report.pending = pick('pending');
  report._links = { cardAccount: { href: `/v1/card-accounts/${encodeURIComponent(c.id)}` } };
  return json(200, { cardAccount: { maskedPan: c.maskedPan }, cardTransactions: report });
}
