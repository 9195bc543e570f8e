// Sandbox mock-data operations (sandbox only; platform payload shapes, facts §1.3–1.4). Sandbox
// int32 amounts are read as minor units (øre), so they carry every amount exactly (our choice).
import { isCountryCode } from '../../spec/countries.ts';
import { isCurrencyCode } from '../../spec/currencies.ts';
import { validate } from '../../spec/validate.ts';
import { isValidIBAN } from 'ibantools';
import { findAccount } from '../batch.ts';
import { isoDate, parseIsoDate } from '../clock.ts';
import { BankError } from '../errors.ts';
import { json, known, type Ctx, type Reply } from '../http.ts';
import { encId, isNationalIdentityNumber, nameUuid } from '../ids.ts';
import { queryDate, queryInt } from '../params.ts';
import { BANK_BIC, ibanFor } from '../seed.ts';
import type { Account, CardAccount, CardTxn, Txn } from '../state.ts';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
export const fmt = (message: string, path?: string) => new BankError('FORMAT_ERROR', message, { path });
export const INT32 = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v <= 2 ** 31 - 1;

export function str(
  b: Obj,
  key: string,
  path: string,
  opts: { required?: boolean; max?: number; min?: number } = {},
): string | undefined {
  const v = b[key];
  if (v === undefined || v === null) {
    if (opts.required) throw fmt(`${path}/${key} is required`, `${path}/${key}`);
    return undefined;
  }
  if (typeof v !== 'string') throw fmt(`${path}/${key} must be a string`, `${path}/${key}`);
  if (v.length < (opts.min ?? (opts.required ? 1 : 0)) || v.length > (opts.max ?? 256))
    throw fmt(
      `${path}/${key} must be ${opts.min ?? (opts.required ? 1 : 0)} to ${opts.max ?? 256} characters`,
      `${path}/${key}`,
    );
  return v;
}

export function int(b: Obj, key: string, path: string, required = false): bigint | undefined {
  const v = b[key];
  if (v === undefined) {
    if (required) throw fmt(`${path}/${key} is required`, `${path}/${key}`);
    return undefined;
  }
  if (!INT32(v)) throw fmt(`${path}/${key} must be an int32`, `${path}/${key}`);
  return BigInt(v as number);
}

export function sandboxAmount(v: unknown, path: string): { amount: bigint; currency: string } {
  if (!isObj(v)) throw fmt(`${path} must be an object with currency and an int32 amount`, path);
  if (!isCurrencyCode(v.currency)) throw fmt(`${path}/currency is not a currency code`, `${path}/currency`);
  if (!INT32(v.amount)) throw fmt(`${path}/amount must be an int32`, `${path}/amount`);
  return { amount: BigInt(v.amount as number), currency: v.currency as string };
}

function bodyObject(ctx: Ctx): Obj {
  if (!isObj(ctx.json)) throw fmt('the body must be a JSON object');
  return ctx.json;
}

function bodyArray(ctx: Ctx, max = 1000): unknown[] {
  if (!Array.isArray(ctx.json) || ctx.json.length < 1 || ctx.json.length > max)
    throw fmt(`the body must be an array of 1 to ${max} items`);
  return ctx.json;
}

// ---------------------------------------------------------------- customers

export function listCustomers(ctx: Ctx): Reply {
  return json(
    200,
    [...ctx.bank.state.customers.values()].map((c) => ({
      customerNumber: c.customerNumber,
      name: c.name,
      type: c.type,
    })),
  );
}

export function createCustomer(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const type = b.type;
  if (type !== 'private' && type !== 'corporate') throw fmt('/type must be private or corporate', '/type');
  const customerNumber = str(b, 'customerNumber', '', { required: true, max: 11 })!;
  if (type === 'private' ? !isNationalIdentityNumber(customerNumber) : !/^\d{8,9}$/.test(customerNumber)) {
    throw fmt(
      type === 'private'
        ? '/customerNumber must be a valid national identity number'
        : '/customerNumber must be an 8 or 9 digit organisation number',
      '/customerNumber',
    );
  }
  const name = str(b, 'name', '', { required: true, max: 70 })!;
  const st = ctx.bank.state;
  if (st.customers.has(customerNumber)) throw new BankError('CONFLICT', `customer ${customerNumber} exists`);
  st.customers.set(customerNumber, { customerNumber, name, type });
  return json(201, { customerNumber, name, type });
}

// ---------------------------------------------------------------- accounts

function validBban(bban: string): boolean {
  if (!/^\d{11}$/.test(bban)) return false;
  const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const r =
    11 -
    (bban
      .slice(0, 10)
      .split('')
      .reduce((s, d, i) => s + Number(d) * w[i], 0) %
      11);
  return (r === 11 ? 0 : r) === Number(bban[10]);
}

const accountView = (a: Account) => ({
  id: a.id,
  customerNumber: a.customerNumber,
  accountName: a.accountName,
  bban: a.bban,
  iban: a.iban,
  currency: a.currency,
  product: a.product,
  cashAccountType: a.cashAccountType,
  creditLine: a.creditLine,
  balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: a.balance, currency: a.currency } }],
});

export function createAccount(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const st = ctx.bank.state;
  const customerNumber = str(b, 'customerNumber', '', { required: true, max: 11 })!;
  // § Versioning longer-names: account names up to the long-name maximum (70).
  const accountName = str(b, 'accountName', '', { required: true, max: ctx.bank.rules.longNameMax })!;
  const bban = str(b, 'bban', '', { required: true, max: 30 })!;
  if (!validBban(bban))
    throw fmt('/bban must be an 11-digit Norwegian account number with a valid MOD11 check digit', '/bban');
  const iban = str(b, 'iban', '', { max: 34 }) ?? ibanFor(bban);
  if (!isValidIBAN(iban) || !iban.endsWith(bban)) throw fmt('/iban must be the valid IBAN of the bban', '/iban');
  const currency = str(b, 'currency', '', { required: true, max: 3 })!;
  if (!isCurrencyCode(currency)) throw fmt('/currency is not a currency code', '/currency');
  const product = str(b, 'product', '', { max: 70 }) ?? 'Sandbox';
  const cashAccountType = str(b, 'cashAccountType', '', { max: 4 }) ?? 'CACC';
  if (!/^[A-Z]{4}$/.test(cashAccountType))
    throw fmt('/cashAccountType must be an ISO 20022 cash account type code', '/cashAccountType');
  const creditLine = int(b, 'creditLine', '') ?? 0n;
  if (creditLine < 0n) throw fmt('/creditLine must not be negative', '/creditLine');
  let balance = 0n;
  if (b.balances !== undefined) {
    if (!Array.isArray(b.balances)) throw fmt('/balances must be an array', '/balances');
    for (const [i, x] of b.balances.entries()) {
      if (!isObj(x)) throw fmt(`/balances/${i} must be an object`, `/balances/${i}`);
      str(x, 'balanceType', `/balances/${i}`, { required: true, max: 35 });
      const amt = sandboxAmount(x.balanceAmount, `/balances/${i}/balanceAmount`);
      if (amt.currency !== currency)
        throw fmt(`/balances/${i}/balanceAmount/currency must be ${currency}`, `/balances/${i}/balanceAmount/currency`);
      if (i === 0) balance = amt.amount;
    }
  }
  known(st.customers.get(customerNumber), 'customer', customerNumber, '; create it with POST /v1/sandbox/customers');
  if (findAccount(ctx.bank, { iban, bban })) throw new BankError('CONFLICT', `an account ${bban} exists`);
  const a: Account = {
    id: encId(`sandbox-account|${ctx.bank.nextId('acc')}`),
    customerNumber,
    accountName,
    bban,
    iban,
    bic: BANK_BIC,
    currency,
    product,
    cashAccountType,
    creditLine,
    balance,
    lastChange: ctx.now,
    transactions: [],
  };
  st.accounts.set(a.id, a);
  // Private customers get new accounts in their agreement automatically (facts §1.3): PRIVATE reach is by owner.
  return json(201, accountView(a));
}

const sandboxAccount = (ctx: Ctx): Account =>
  known(ctx.bank.state.accounts.get(ctx.params.mockAccountId), 'mock account', ctx.params.mockAccountId);

export function getAccount(ctx: Ctx): Reply {
  return json(200, accountView(sandboxAccount(ctx)));
}

export function updateAccountBalance(ctx: Ctx): Reply {
  const a = sandboxAccount(ctx);
  const b = bodyObject(ctx);
  if (!Array.isArray(b.balances) || b.balances.length < 1)
    throw fmt('/balances must be a non-empty array', '/balances');
  const amounts = b.balances.map((x, i) => {
    if (!isObj(x)) throw fmt(`/balances/${i} must be an object`, `/balances/${i}`);
    str(x, 'balanceType', `/balances/${i}`, { required: true, max: 35 });
    const amt = sandboxAmount(x.balanceAmount, `/balances/${i}/balanceAmount`);
    if (amt.currency !== a.currency)
      throw fmt(`/balances/${i}/balanceAmount/currency must be ${a.currency}`, `/balances/${i}/balanceAmount/currency`);
    return amt.amount;
  });
  a.balance = amounts[0];
  a.lastChange = ctx.now;
  return json(200, accountView(a));
}

/** Item of the sandbox list (§ Resources > Sandbox account transaction): every field a string, amount int32. */
function sandboxItem(a: Account, t: Txn): Record<string, unknown> {
  return {
    id: t.transactionId,
    amount: t.amount,
    currency: t.currency,
    valueDate: t.valueDate,
    bookingDate: t.bookingDate,
    remittanceInformationUnstructured: t.remittanceInformationUnstructured ?? '',
    creditorName: t.creditorName ?? '',
    creditorAccount: { iban: t.creditorAccount?.iban ?? '', bban: t.creditorAccount?.bban ?? '' },
    debtorName: t.debtorName ?? '',
    debtorAccount: { iban: t.debtorAccount?.iban ?? '', bban: t.debtorAccount?.bban ?? '' },
    bankTransactionCode: t.bankTransactionCode ?? 'PMNT',
    ultimateDebtor: t.ultimateDebtor ?? '',
    ultimateCreditor: t.ultimateCreditor ?? '',
    purposeCode: t.purposeCode ?? '',
    _links: {
      self: {
        href: `/v1/accounts/${encodeURIComponent(a.id)}/transactions/${encodeURIComponent(t.transactionId)}`,
        verbs: ['GET'],
      },
    },
  };
}

function dateField(b: Obj, key: string, path: string): string {
  const v = b[key];
  if (typeof v !== 'string' || Number.isNaN(parseIsoDate(v)))
    throw fmt(`${path}/${key} must be an ISO 8601 date`, `${path}/${key}`);
  return v;
}

function refField(b: Obj, key: string, path: string): { iban?: string; bban?: string } | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (!isObj(v)) throw fmt(`${path}/${key} must be an object with iban and bban`, `${path}/${key}`);
  return { iban: str(v, 'iban', `${path}/${key}`, { max: 34 }), bban: str(v, 'bban', `${path}/${key}`, { max: 30 }) };
}

export function createAccountTransactions(ctx: Ctx): Reply {
  const a = sandboxAccount(ctx);
  const items = bodyArray(ctx);
  // § Resources > Transaction details: the lengths the details operation shows (`sandbox-field-lengths` may be switched
  // off by a fault).
  const lengths = ctx.bank.checkOn('sandbox-field-lengths');
  const len = (o: { min?: number; max: number }) => (lengths ? o : { max: 10_000 });
  const txns: Txn[] = items.map((x, i) => {
    const p = `/${i}`;
    if (!isObj(x)) throw fmt(`${p} must be an object`, p);
    const amount = int(x, 'amount', p, true)!;
    if (amount === 0n) throw fmt(`${p}/amount must not be zero`, `${p}/amount`);
    const currency = str(x, 'currency', p, { required: true, max: 3 })!;
    if (currency !== a.currency) throw fmt(`${p}/currency must be the account currency ${a.currency}`, `${p}/currency`);
    const bankTransactionCode = str(x, 'bankTransactionCode', p, len({ min: 4, max: 14 }));
    return {
      transactionId: '',
      status: 'booked',
      amount,
      currency,
      valueDate: dateField(x, 'valueDate', p),
      bookingDate: dateField(x, 'bookingDate', p),
      remittanceInformationUnstructured: str(x, 'remittanceInformationUnstructured', p, len({ max: 140 })),
      creditorName: str(x, 'creditorName', p, len({ max: 70 })),
      creditorAccount: refField(x, 'creditorAccount', p),
      debtorName: str(x, 'debtorName', p, len({ max: 70 })),
      debtorAccount: refField(x, 'debtorAccount', p),
      bankTransactionCode,
      ultimateDebtor: str(x, 'ultimateDebtor', p, len({ max: 70 })),
      ultimateCreditor: str(x, 'ultimateCreditor', p, len({ max: 70 })),
      purposeCode: str(x, 'purposeCode', p, len({ max: 4 })),
      endToEndId: str(x, 'endToEndId', p, len({ max: 35 })),
      source: 'sandbox',
    } satisfies Txn;
  });
  for (const t of txns) {
    t.transactionId = encId(`sandbox-txn|${ctx.bank.nextId('txn')}`);
    a.transactions.push(t);
    a.balance += t.amount;
  }
  a.lastChange = ctx.now;
  return json(
    201,
    txns.map((t) => sandboxItem(a, t)),
  );
}

export function listAccountTransactions(ctx: Ctx): Reply {
  const from = queryDate(ctx, 'fromDate');
  const to = queryDate(ctx, 'toDate');
  const offset = queryInt(ctx, 'offset', 0) ?? 0;
  // § Endpoints 5: limit at least 1.
  const limit = queryInt(ctx, 'limit', ctx.bank.rules.sandboxLimitMin);
  if (from && to && from > to) throw new BankError('PERIOD_INVALID', `fromDate ${from} is after toDate ${to}`);
  const a = sandboxAccount(ctx);
  const all = a.transactions
    .filter((t) => (!from || t.bookingDate >= from) && (!to || t.bookingDate <= to))
    .sort((x, y) =>
      x.bookingDate < y.bookingDate
        ? 1
        : x.bookingDate > y.bookingDate
          ? -1
          : x.transactionId < y.transactionId
            ? -1
            : 1,
    );
  return json(
    200,
    all.slice(offset, limit === undefined ? undefined : offset + limit).map((t) => sandboxItem(a, t)),
  );
}

// ---------------------------------------------------------------- card accounts

const cardView = (c: CardAccount) => ({
  resourceId: c.id,
  customerNumber: c.customerNumber,
  maskedPan: c.maskedPan,
  currency: c.currency,
  name: c.name,
  product: c.product,
  status: c.status,
  creditLimit: { currency: c.currency, amount: c.creditLimit },
  balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: c.balance, currency: c.currency } }],
  cardId: c.cardId,
  accountNumber: c.accountNumber,
  expiry: c.expiry,
});

export function createCardAccount(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const customerNumber = str(b, 'customerNumber', '', { required: true, max: 11 })!;
  const maskedPan = str(b, 'maskedPan', '', { required: true, max: 35 })!;
  const currency = str(b, 'currency', '', { required: true, max: 3 })!;
  if (!isCurrencyCode(currency)) throw fmt('/currency is not a currency code', '/currency');
  const limit = b.creditLimit === undefined ? { amount: 0n, currency } : sandboxAmount(b.creditLimit, '/creditLimit');
  const name = str(b, 'name', '', { max: ctx.bank.rules.longNameMax }) ?? 'Card';
  const product = str(b, 'product', '', { max: 70 }) ?? 'Card';
  const status = str(b, 'status', '', { max: 35 }) ?? 'ENABLED';
  const expiry = b.expiry === undefined ? isoDate(ctx.now + 3 * 365 * 86400_000) : dateField(b, 'expiry', '');
  let balance = 0n;
  if (b.balances !== undefined) {
    if (!Array.isArray(b.balances)) throw fmt('/balances must be an array', '/balances');
    for (const [i, x] of b.balances.entries()) {
      if (!isObj(x)) throw fmt(`/balances/${i} must be an object`, `/balances/${i}`);
      const amt = sandboxAmount(x.balanceAmount, `/balances/${i}/balanceAmount`);
      if (i === 0) balance = amt.amount;
    }
  }
  const cardId = str(b, 'cardId', '', { max: 35 }) ?? '1';
  const accountNumber = str(b, 'accountNumber', '', { max: 35 }) ?? '';
  str(b, 'cardIdVNo', '', { max: 35 });
  known(ctx.bank.state.customers.get(customerNumber), 'customer', customerNumber);
  const c: CardAccount = {
    id: encId(`sandbox-card|${ctx.bank.nextId('card')}`),
    customerNumber,
    maskedPan,
    currency,
    name,
    product,
    status: status.toLowerCase(),
    creditLimit: limit.amount,
    balance,
    cardId,
    expiry,
    accountNumber,
    lastChange: ctx.now,
    transactions: [],
  };
  ctx.bank.state.cardAccounts.set(c.id, c);
  return json(201, cardView(c));
}

const sandboxCard = (ctx: Ctx): CardAccount =>
  known(
    ctx.bank.state.cardAccounts.get(ctx.params.mockCardAccountId),
    'mock card account',
    ctx.params.mockCardAccountId,
  );

export function getCardAccount(ctx: Ctx): Reply {
  return json(200, cardView(sandboxCard(ctx)));
}

export function updateCardBalance(ctx: Ctx): Reply {
  const c = sandboxCard(ctx);
  const b = bodyObject(ctx);
  if (!Array.isArray(b.balances) || b.balances.length < 1 || !isObj(b.balances[0]))
    throw fmt('/balances must be a non-empty array of balances', '/balances');
  const amt = sandboxAmount((b.balances[0] as Obj).balanceAmount, '/balances/0/balanceAmount');
  for (const [i, x] of b.balances.entries())
    if (!isObj(x)) throw fmt(`/balances/${i} must be an object`, `/balances/${i}`);
    else sandboxAmount(x.balanceAmount, `/balances/${i}/balanceAmount`);
  c.balance = amt.amount;
  c.lastChange = ctx.now;
  return json(200, cardView(c));
}

/** Date or date-time as an instant (start of day for a date). */
const instant = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? parseIsoDate(s) : Date.parse(s));

export function createCardTransactions(ctx: Ctx): Reply {
  const c = sandboxCard(ctx);
  const r = validate('sandbox-card-transactions-request', ctx.json);
  if (!r.ok && ctx.bank.checkOn('body-schema'))
    throw fmt(
      `the body does not match the schema: ${r.errors
        .slice(0, 5)
        .map((e) => `${e.path || '/'}: ${e.message}`)
        .join('; ')}`,
      r.errors[0].path,
    );
  const items = bodyArray(ctx) as Obj[];
  const seen = new Set(c.transactions.map((t) => t.cardTransactionId));
  const out: CardTxn[] = items.map((x, i) => {
    const p = `/${i}`;
    const booking = String(x.bookingDate);
    const value = String(x.transactionDate);
    const b = instant(booking);
    const v = instant(value);
    if (Number.isNaN(b) || Number.isNaN(v))
      throw fmt(`${p}: bookingDate and transactionDate must be dates`, `${p}/bookingDate`);
    // § Endpoints 4: booking and value date before the current time; booking date not after the value date.
    if (b >= ctx.now || v >= ctx.now)
      throw fmt(
        `${p}: bookingDate and transactionDate (value date) must be before the current time ${new Date(ctx.now).toISOString()}`,
        `${p}/bookingDate`,
      );
    if (b > v)
      throw fmt(`${p}: bookingDate ${booking} is after the value date (transactionDate) ${value}`, `${p}/bookingDate`);
    const id = String(x.cardTransactionId);
    if (seen.has(id))
      throw new BankError('CONFLICT', `card transaction ${id.slice(0, 80)} exists on this card account`);
    seen.add(id);
    const amt = (o: unknown) => ({
      currency: String((o as Obj).currency),
      amount: BigInt((o as Obj).amount as number),
    });
    const addr = x.cardAcceptorAddress as Record<string, string> | undefined;
    if (addr && !isCountryCode(addr.country))
      throw fmt(`${p}/cardAcceptorAddress/country is not a country code`, `${p}/cardAcceptorAddress/country`);
    return {
      cardTransactionId: id,
      status: 'booked',
      terminalId: x.terminalId as string,
      bookingDate: booking,
      transactionDate: value,
      transactionAmount: amt(x.transactionAmount),
      originalAmount: amt(x.originalAmount),
      merchantCategoryCode: x.merchantCategoryCode as string,
      currencyExchange: x.currencyExchange as Record<string, string> | undefined,
      markupFee: x.markupFee ? amt(x.markupFee) : undefined,
      markupFeePercentage: x.markupFeePercentage as string,
      cardAcceptorId: x.cardAcceptorId as string,
      cardAcceptorAddress: addr,
      maskedPan: x.maskedPan as string,
      transactionDetails: x.transactionDetails as string,
      invoiced: x.invoiced as string,
      proprietaryBankTransactionCode: x.proprietaryBankTransactionCode as string,
    };
  });
  for (const t of out) {
    c.transactions.push(t);
    c.balance += t.transactionAmount.amount;
  }
  c.lastChange = ctx.now;
  return json(201, {
    cardAccount: { maskedPan: c.maskedPan },
    cardTransactions: {
      booked: out.map((t) => ({
        cardTransactionId: t.cardTransactionId,
        bookingDate: t.bookingDate,
        transactionDate: t.transactionDate,
        transactionAmount: t.transactionAmount,
        originalAmount: t.originalAmount,
        merchantCategoryCode: t.merchantCategoryCode,
      })),
      pending: [],
    },
  });
}

// ---------------------------------------------------------------- agreements

export function listSandboxAgreements(ctx: Ctx): Reply {
  return json(
    200,
    [...ctx.bank.state.agreements.values()].map((a) => ({
      agreementId: a.agreementId,
      owner: a.owner,
      name: a.name,
      engagements: a.engagements,
    })),
  );
}

export function createSandboxAgreement(ctx: Ctx): Reply {
  const b = bodyObject(ctx);
  const st = ctx.bank.state;
  const owner = str(b, 'owner', '', { required: true, max: 11 })!;
  const name = str(b, 'name', '', { required: true, max: 70 })!;
  if (!Array.isArray(b.engagements)) throw fmt('/engagements must be an array', '/engagements');
  const byCustomer = new Map<string, { accountIds: string[]; roles: string[] }>();
  for (const [i, e] of b.engagements.entries()) {
    const p = `/engagements/${i}`;
    if (!isObj(e)) throw fmt(`${p} must be an object`, p);
    const customer = str(e, 'customer', p, { required: true, max: 11 })!;
    const acc = refField(e, 'account', p);
    if (!acc) throw fmt(`${p}/account is required`, `${p}/account`);
    if (!Array.isArray(e.roles) || e.roles.some((r) => typeof r !== 'string'))
      throw fmt(`${p}/roles must be an array of strings`, `${p}/roles`);
    const account = findAccount(ctx.bank, acc);
    if (st.customers.get(customer)?.type !== 'private')
      throw new BankError('RESOURCE_UNKNOWN', `${p}/customer ${customer} is not a private customer`);
    if (!account || account.customerNumber !== owner)
      throw new BankError('RESOURCE_UNKNOWN', `${p}/account is not an account of ${owner}`);
    const entry = byCustomer.get(customer) ?? { accountIds: [], roles: [] };
    if (!entry.accountIds.includes(account.id)) entry.accountIds.push(account.id);
    for (const r of e.roles as string[]) if (!entry.roles.includes(r)) entry.roles.push(r);
    byCustomer.set(customer, entry);
  }
  if (st.customers.get(owner)?.type !== 'corporate')
    throw new BankError('RESOURCE_UNKNOWN', `owner ${owner} is not a corporate customer`);
  const agreementId = nameUuid(`sandbox-agreement|${ctx.bank.nextId('agreement')}`);
  const a = {
    agreementId,
    owner,
    name,
    engagements: [...byCustomer.entries()].map(([customer, v]) => ({ customer, ...v })),
  };
  st.agreements.set(agreementId, a);
  return json(201, a);
}

// ---------------------------------------------------------------- initialise

/** Resets the sandbox to the known seed state; wipes created data (and consents, sessions, payments). */
export function initialise(ctx: Ctx): Reply {
  ctx.bank.reset();
  const st = ctx.bank.state;
  return json(200, {
    initialisedAt: new Date(ctx.bank.now()).toISOString(),
    customers: st.customers.size,
    accounts: st.accounts.size,
    cardAccounts: st.cardAccounts.size,
    agreements: st.agreements.size,
  });
}
