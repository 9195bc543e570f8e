// The `variant` dialect: the same bank, obeying every stated rule, taking
// the other legitimate reading wherever the spec is silent (docs/reference-bank.md, "Dialects").
// V1 customers list shape, no customer or agreement operations; V2/V3 sandbox account bodies with
// bank-assigned BBAN and mock…Id fields; V4 wrapped sandbox transactions with transactionAmount;
// V5 balance updates by amount; V6 /v1/sandbox/reset; V7 /v1/tpp/contact; V8 SCA pages
// (variant-sca.ts); V9 401 + scaRedirect for consents; V10 PDNG by execution date; V11 KID by
// referenceType; V12 lenient transaction list and x-accept-fix; V13 sandbox accounts without account
// types; V14 bulk payments of SEPA credit transfers only; V15 its own payment batch control.
import { isCurrencyCode } from '../../spec/currencies.ts';
import { findAccount } from '../batch.ts';
import { fmt, int, INT32, isObj, sandboxAmount, str } from '../handlers/sandbox.ts';
import { BankError } from '../errors.ts';
import type { Ctx, Reply } from '../http.ts';
import { sha256hex } from '../ids.ts';
import { bbanWithCheck, BANK_CODE, COUNTERPARTY } from '../seed.ts';
import type { Dialect, RequestAdapter, ResponseAdapter } from './types.ts';
import { VARIANT_SCA_PAGES } from './variant-sca.ts';

type Obj = Record<string, unknown>;
/** A JSON answer body as the shared handler (or a fault) wrote it. */
type Json = Record<string, any>;

/** Adapts 2xx answers with a JSON body only; errors and raw answers (faults) pass unchanged. */
const onSuccess =
  (f: (body: Json, reply: Reply, ctx: Ctx) => Reply): ResponseAdapter =>
  (reply, ctx) =>
    reply.status >= 200 &&
    reply.status < 300 &&
    reply.raw === undefined &&
    reply.body !== null &&
    typeof reply.body === 'object'
      ? f(reply.body as Json, reply, ctx)
      : reply;

const withBody = (reply: Reply, body: unknown, status = reply.status): Reply => ({ ...reply, status, body });

/** Renames request fields in the messages of error answers (a shared handler's words → the dialect's). */
const renameInErrors =
  (names: Record<string, string>): ResponseAdapter =>
  (reply) => {
    const b = reply.body as Obj | undefined;
    if (reply.status < 400 || !b || typeof b.message !== 'string') return reply;
    let message = b.message;
    for (const [from, to] of Object.entries(names)) message = message.split(from).join(to);
    return withBody(reply, { ...b, message });
  };

const both =
  (...fs: ResponseAdapter[]): ResponseAdapter =>
  (reply, ctx) =>
    fs.reduce((r, f) => f(r, ctx), reply);

// ---------------------------------------------------------------- V1 customers

/** Its own customer type values (the spec shows none): a person and an organisation. */
const CUSTOMER_TYPES: Record<string, string> = { private: 'PERSON', corporate: 'ORGANISATION' };

const customersView = onSuccess((items, reply) =>
  Array.isArray(items)
    ? withBody(reply, {
        customers: items.map((c: Json) => ({
          nationalIdentityNumber: c?.customerNumber,
          customerType: CUSTOMER_TYPES[c?.type] ?? c?.type,
          displayName: c?.name,
        })),
      })
    : reply,
);

// ---------------------------------------------------------------- V2 / V3 / V5 accounts and card accounts

function body(v: unknown): Obj {
  if (!isObj(v)) throw fmt('the body must be a JSON object');
  return v;
}

/**
 * A fresh BBAN for a new sandbox account (bank-assigned; any bban/iban in the request is ignored). Pure: changes no
 * state.
 */
function assignBban(ctx: Ctx): string {
  const taken = new Set<string>(Object.values(COUNTERPARTY));
  for (let i = 0; ; i++) {
    const h =
      parseInt(sha256hex(`${ctx.bank.seed}|variant-bban|${ctx.bank.state.accounts.size}|${i}`).slice(0, 8), 16) %
      1_000_000;
    const bban = bbanWithCheck(BANK_CODE + String(h).padStart(6, '0'));
    if (!taken.has(bban) && !findAccount(ctx.bank, { bban })) return bban;
  }
}

function owner(ctx: Ctx, b: Obj): string {
  const o = str(b, 'owner', '', { required: true, max: 11 })!;
  if (!ctx.bank.state.customers.has(o))
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `owner ${o} is not a sandbox customer; GET /v1/sandbox/customers lists them`,
    );
  return o;
}

function currencyOf(b: Obj): string {
  const currency = str(b, 'currency', '', { required: true, max: 3 })!;
  if (!isCurrencyCode(currency)) throw fmt('/currency is not a currency code', '/currency');
  return currency;
}

/** openingBalance {amount, currency} → the shared handler's balances array. */
function opening(b: Obj, currency: string): unknown[] | undefined {
  if (b.openingBalance === undefined) return undefined;
  const amt = sandboxAmount(b.openingBalance, '/openingBalance');
  if (amt.currency !== currency) throw fmt(`/openingBalance/currency must be ${currency}`, '/openingBalance/currency');
  return [{ balanceType: 'EXPECTED', balanceAmount: b.openingBalance }];
}

/** The one account type of the variant's sandbox accounts (V13): every account it makes is a current account. */
const SANDBOX_ACCOUNT_TYPE = 'CACC';

/**
 * V2: {owner, displayName, currency, creditLimit, openingBalance} → the shared create body. V13: the
 * sandbox has no account types: the bank makes every account a current account (CACC), and an
 * `accountType` sent is refused (400), not silently ignored, so no TPP believes it made another kind.
 */
const createAccount: RequestAdapter = (v, ctx) => {
  const b = body(v);
  if (b.accountType !== undefined)
    throw fmt(
      `/accountType is not a field of a sandbox account: the sandbox has no account types, every account is a current account (${SANDBOX_ACCOUNT_TYPE})`,
      '/accountType',
    );
  const displayName = str(b, 'displayName', '', { required: true, max: ctx.bank.rules.longNameMax })!;
  const currency = currencyOf(b);
  const creditLimit = int(b, 'creditLimit', '') ?? 0n;
  if (creditLimit < 0n) throw fmt('/creditLimit must not be negative', '/creditLimit');
  const balances = opening(b, currency);
  const customerNumber = owner(ctx, b);
  return {
    customerNumber,
    accountName: displayName,
    bban: assignBban(ctx),
    currency,
    cashAccountType: SANDBOX_ACCOUNT_TYPE,
    creditLine: Number(creditLimit),
    ...(balances ? { balances } : {}),
  };
};

/**
 * V3: {owner, maskedPan, displayName, currency, creditLimit {amount, currency}, openingBalance} → the shared create
 * body.
 */
const createCardAccount: RequestAdapter = (v, ctx) => {
  const b = body(v);
  const maskedPan = str(b, 'maskedPan', '', { required: true, max: 35 })!;
  const displayName = str(b, 'displayName', '', { max: ctx.bank.rules.longNameMax });
  const currency = currencyOf(b);
  if (b.creditLimit !== undefined) {
    const limit = sandboxAmount(b.creditLimit, '/creditLimit');
    if (limit.currency !== currency) throw fmt(`/creditLimit/currency must be ${currency}`, '/creditLimit/currency');
  }
  const balances = opening(b, currency);
  const customerNumber = owner(ctx, b);
  return {
    customerNumber,
    maskedPan,
    currency,
    ...(b.creditLimit !== undefined ? { creditLimit: b.creditLimit } : {}),
    ...(displayName !== undefined ? { name: displayName } : {}),
    ...(balances ? { balances } : {}),
  };
};

const accountView = onSuccess((a, reply) =>
  withBody(reply, {
    mockAccountId: a.id,
    iban: a.iban,
    bban: a.bban,
    displayName: a.accountName,
    currency: a.currency,
  }),
);
const cardView = onSuccess((c, reply) =>
  withBody(reply, {
    mockCardAccountId: c.resourceId,
    maskedPan: c.maskedPan,
    displayName: c.name,
    currency: c.currency,
  }),
);

/** V5: {amount, currency} → the shared balances array (an unknown account is left to the handler's 404). */
const balanceUpdate =
  (find: (ctx: Ctx) => { currency: string } | undefined): RequestAdapter =>
  (v, ctx) => {
    const target = find(ctx);
    if (!target) return v;
    const b = body(v);
    const amt = sandboxAmount(b, '');
    if (amt.currency !== target.currency) throw fmt(`/currency must be ${target.currency}`, '/currency');
    return { balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: b.amount, currency: b.currency } }] };
  };

// ---------------------------------------------------------------- V4 sandbox account transactions

/** Items carry transactionAmount {amount, currency} instead of top-level amount and currency. */
const accountTransactions: RequestAdapter = (v, ctx) => {
  const a = ctx.bank.state.accounts.get(ctx.params.mockAccountId ?? '');
  if (!a || !Array.isArray(v)) return v;
  return v.map((x, i) => {
    if (!isObj(x)) return x;
    const p = `/${i}/transactionAmount`;
    const ta = x.transactionAmount;
    if (ta === undefined) throw fmt(`${p} is required (an object with an int32 amount and the currency)`, p);
    if (!isObj(ta)) throw fmt(`${p} must be an object with an int32 amount and the currency`, p);
    if (!INT32(ta.amount)) throw fmt(`${p}/amount must be an int32`, `${p}/amount`);
    if (ta.amount === 0) throw fmt(`${p}/amount must not be zero`, `${p}/amount`);
    if (ta.currency !== a.currency)
      throw fmt(`${p}/currency must be the account currency ${a.currency}`, `${p}/currency`);
    const { transactionAmount: _t, amount: _a, currency: _c, ...rest } = x;
    return { ...rest, amount: ta.amount, currency: ta.currency };
  });
};

const wrapTransactions = onSuccess((items, reply) =>
  Array.isArray(items) ? withBody(reply, { transactions: items }) : reply,
);

// ---------------------------------------------------------------- V7 TPP dialogue

const contactRequest: RequestAdapter = (v) => {
  const b = body(v);
  if (typeof b.technicalContactEmail !== 'string')
    throw fmt('/technicalContactEmail must be an e-mail address', '/technicalContactEmail');
  return { email: b.technicalContactEmail };
};

const contactView = onSuccess((b, reply) =>
  withBody(reply, { technicalContactEmail: b.email, registeredAt: b.registeredAt }, 200),
);

// ---------------------------------------------------------------- V15 payment batch control (test mode)

/**
 * POST /__control/payment-batch {"runs": 1–5, "endOfDay": bool} → the shared control's {lastOfDay, runs}: that many
 * runs now, the last the day's last with endOfDay.
 */
const batchControl: RequestAdapter = (v) => {
  const b = body(v);
  if (!Number.isInteger(b.runs) || (b.runs as number) < 1 || (b.runs as number) > 5)
    throw fmt('/runs must be the number of batch runs to make now, 1 to 5', '/runs');
  if (typeof b.endOfDay !== 'boolean')
    throw fmt("/endOfDay must be true (the last of them is the day's last run) or false", '/endOfDay');
  return { runs: b.runs, lastOfDay: b.endOfDay };
};

// ---------------------------------------------------------------- V9 consents

/** "the body is ignored and an SCA redirect is returned": 401 with the scaRedirect link, as any call needing SCA. */
const consentRedirect = onSuccess((b, reply) => {
  const link = (b._links as Obj | undefined)?.scaRedirect;
  return link ? withBody(reply, { _links: { scaRedirect: link } }, 401) : reply;
});

export const VARIANT_DIALECT: Dialect = {
  name: 'variant',
  description: 'the same bank taking the other legitimate reading at every point the spec leaves open',
  routes: {
    'create-sandbox-customer': null,
    // No list of a payment's authorisations (the spec names none).
    'list-payment-authorisations': null,
    'list-sandbox-agreements': null,
    'create-sandbox-agreement': null,
    'update-sandbox-account-balance': ['POST', '/v1/sandbox/accounts/{mockAccountId}/balance'],
    'update-sandbox-card-account-balance': ['POST', '/v1/sandbox/card-accounts/{mockCardAccountId}/balance'],
    'initialise-sandbox': ['POST', '/v1/sandbox/reset'],
    'register-tpp-contact': ['PUT', '/v1/tpp/contact'],
    'get-tpp-contact': ['GET', '/v1/tpp/contact'],
    'control-batch': ['POST', '/__control/payment-batch'],
  },
  requests: {
    'create-sandbox-account': createAccount,
    'create-sandbox-card-account': createCardAccount,
    'update-sandbox-account-balance': balanceUpdate((ctx) =>
      ctx.bank.state.accounts.get(ctx.params.mockAccountId ?? ''),
    ),
    'update-sandbox-card-account-balance': balanceUpdate((ctx) =>
      ctx.bank.state.cardAccounts.get(ctx.params.mockCardAccountId ?? ''),
    ),
    'create-sandbox-account-transactions': accountTransactions,
    'register-tpp-contact': contactRequest,
    'control-batch': batchControl,
  },
  responses: {
    'list-sandbox-customers': customersView,
    'create-sandbox-account': accountView,
    'get-sandbox-account': accountView,
    'update-sandbox-account-balance': accountView,
    'create-sandbox-card-account': cardView,
    'get-sandbox-card-account': cardView,
    'update-sandbox-card-account-balance': cardView,
    'create-sandbox-account-transactions': wrapTransactions,
    'register-tpp-contact': both(contactView, renameInErrors({ '/email': '/technicalContactEmail' })),
    'get-tpp-contact': contactView,
    'bank-offered-consents': consentRedirect,
    'create-consent': consentRedirect,
  },
  scaPages: VARIANT_SCA_PAGES,
  rules: {
    pendingWithoutFunds: false,
    pendingUntilExecutionDate: true,
    kidReferenceType: 'KID',
    transactionListDefaults: { bookingStatus: 'booked', dateFromDaysBack: 90 },
    unknownAcceptFix: 'ignore',
    // An authorised payment is cancelled by the DELETE alone (the spec does not say a cancellation needs SCA).
    cancelAuthorisedNeedsSca: false,
    // The spec's product, and its Norwegian domestic transfers too (the spec does not forbid more).
    hiddenBeforeApproval: ['domestic-norway-credit-transfers', 'norwegian-domestic-credit-transfers'],
    // V14: bulk payments of SEPA credit transfers only; the Norwegian domestic product is single and periodic only.
    bulkProducts: ['sepa-credit-transfers'],
  },
};
