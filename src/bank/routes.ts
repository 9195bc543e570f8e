// The route table: method, path pattern, operation id, handler, and the data the pipeline reads
// (family, body, required headers from src/spec, x-accept-fix, PSD2 role). One row per operation.
import { ACCEPT_FIX_REQUIRED } from '../spec/versioning.ts';
import type { Bank } from './bank.ts';
import { requiredHeaders } from './checks.ts';
import type { Family, Handler, Route } from './http.ts';
import * as acc from './handlers/accounts.ts';
import * as bsk from './handlers/baskets.ts';
import * as con from './handlers/consents.ts';
import * as ctl from './handlers/control.ts';
import * as pay from './handlers/payments.ts';
import * as sbx from './handlers/sandbox.ts';
import * as tpp from './handlers/tpp.ts';
import { dialectNamed, type Dialect } from './dialects/index.ts';
import type { PaymentService } from './state.ts';

/** A fixed product for a row whose path names it. */
const withProduct =
  (product: string, h: Handler): Handler =>
  (ctx) => {
    ctx.params = { ...ctx.params, product };
    return h(ctx);
  };

type Row = [method: string, pattern: string, op: string, family: Family, handler: Handler, extra?: Partial<Route>];

const ROLE: Partial<Record<Family, Route['role']>> = {
  ais: 'PSP_AI',
  consent: 'PSP_AI',
  pis: 'PSP_PI',
  identity: 'any',
  tpp: 'any',
  sandbox: 'any',
};

function paymentRows(service: PaymentService): Row[] {
  const base = `/v1/${service}/{product}/{paymentId}`;
  const pis = { tppMessages: true } as const;
  return [
    [
      'POST',
      `/v1/${service}/{product}`,
      'initiate-payment',
      'pis',
      pay.createPayment(service),
      { body: 'json', ...pis },
    ],
    ['GET', base, 'get-payment', 'pis', pay.getPayment(service), pis],
    ['GET', `${base}/status`, 'get-payment-status', 'pis', pay.getPaymentStatus(service), pis],
    ['DELETE', base, 'cancel-payment', 'pis', pay.cancelPayment(service), pis],
    [
      'POST',
      `${base}/authorisations`,
      'start-payment-authorisation',
      'pis',
      pay.startAuthorisation(service, 'authorisation'),
      { body: 'empty', ...pis },
    ],
    [
      'GET',
      `${base}/authorisations`,
      'list-payment-authorisations',
      'pis',
      pay.listAuthorisations(service, 'authorisation'),
      pis,
    ],
    [
      'GET',
      `${base}/authorisations/{authorisationId}`,
      'get-payment-authorisation',
      'pis',
      pay.getAuthorisation(service, 'authorisation'),
      pis,
    ],
    [
      'POST',
      `${base}/cancellation-authorisations`,
      'start-payment-cancellation-authorisation',
      'pis',
      pay.startAuthorisation(service, 'cancellation'),
      { body: 'empty', ...pis },
    ],
    [
      'GET',
      `${base}/cancellation-authorisations`,
      'list-payment-cancellation-authorisations',
      'pis',
      pay.listAuthorisations(service, 'cancellation'),
      pis,
    ],
    [
      'GET',
      `${base}/cancellation-authorisations/{authorisationId}`,
      'get-payment-cancellation-authorisation',
      'pis',
      pay.getAuthorisation(service, 'cancellation'),
      pis,
    ],
  ];
}

const ROWS: Row[] = [
  // Account information
  ['GET', '/v1/accounts', 'list-accounts', 'ais', acc.listAccounts],
  ['GET', '/v1/accounts/{id}', 'get-account', 'ais', acc.getAccount],
  ['GET', '/v1/accounts/{id}/balances', 'get-balances', 'ais', acc.getBalances],
  ['GET', '/v1/accounts/{id}/transactions', 'list-transactions', 'ais', acc.listTransactions],
  [
    'GET',
    '/v1/accounts/{id}/transactions/{transactionId}',
    'get-transaction-details',
    'ais',
    acc.getTransactionDetails,
  ],
  ['GET', '/v1/card-accounts', 'list-card-accounts', 'ais', acc.listCardAccounts],
  ['GET', '/v1/card-accounts/{id}', 'get-card-account', 'ais', acc.getCardAccount],
  ['GET', '/v1/card-accounts/{id}/balances', 'get-card-balances', 'ais', acc.getCardBalances],
  ['GET', '/v1/card-accounts/{id}/transactions', 'list-card-transactions', 'ais', acc.listCardTransactions],
  // Consent and identity
  ['POST', '/v1/bank-offered-consents', 'bank-offered-consents', 'consent', con.bankOfferedConsents],
  ['POST', '/v1/consents', 'create-consent', 'consent', con.consents],
  ['GET', '/v1/users', 'get-users', 'identity', con.users],
  ['GET', '/v1/user', 'get-user', 'identity', con.users],
  ['GET', '/v1/agreements', 'list-agreements', 'identity', con.agreements],
  // Payments. Cross-border creation has its own row: the spec details it (required headers, x-accept-fix).
  [
    'POST',
    '/v1/payments/cross-border-credit-transfers',
    'create-cross-border-payment',
    'pis',
    withProduct('cross-border-credit-transfers', pay.createPayment('payments')),
    { body: 'json', tppMessages: true },
  ],
  ...paymentRows('payments'),
  ...paymentRows('bulk-payments'),
  ...paymentRows('periodic-payments'),
  [
    'GET',
    '/v1/payments/{product}/fee-information',
    'fee-information',
    'pis',
    pay.feeInformation,
    { tppMessages: true },
  ],
  [
    'POST',
    '/v1/payments/{product}/fee-information',
    'fee-information',
    'pis',
    pay.feeInformation,
    { tppMessages: true },
  ],
  // Signing baskets
  [
    'POST',
    '/v1/signing-baskets',
    'create-signing-basket',
    'pis',
    bsk.createBasket,
    { body: 'json', tppMessages: true },
  ],
  ['GET', '/v1/signing-baskets/{basketId}', 'get-signing-basket', 'pis', bsk.getBasket, { tppMessages: true }],
  [
    'GET',
    '/v1/signing-baskets/{basketId}/status',
    'get-signing-basket-status',
    'pis',
    bsk.getBasketStatus,
    { tppMessages: true },
  ],
  ['DELETE', '/v1/signing-baskets/{basketId}', 'delete-signing-basket', 'pis', bsk.deleteBasket, { tppMessages: true }],
  [
    'POST',
    '/v1/signing-baskets/{basketId}/authorisations',
    'start-signing-basket-authorisation',
    'pis',
    bsk.startBasketAuthorisation,
    { body: 'empty', tppMessages: true },
  ],
  [
    'GET',
    '/v1/signing-baskets/{basketId}/authorisations/{authorisationId}',
    'get-signing-basket-authorisation',
    'pis',
    bsk.getBasketAuthorisation,
    { tppMessages: true },
  ],
  // Sandbox mock data
  ['GET', '/v1/sandbox/customers', 'list-sandbox-customers', 'sandbox', sbx.listCustomers],
  ['POST', '/v1/sandbox/customers', 'create-sandbox-customer', 'sandbox', sbx.createCustomer, { body: 'json' }],
  ['POST', '/v1/sandbox/accounts', 'create-sandbox-account', 'sandbox', sbx.createAccount, { body: 'json' }],
  ['GET', '/v1/sandbox/accounts/{mockAccountId}', 'get-sandbox-account', 'sandbox', sbx.getAccount],
  [
    'PUT',
    '/v1/sandbox/accounts/{mockAccountId}/balances',
    'update-sandbox-account-balance',
    'sandbox',
    sbx.updateAccountBalance,
    { body: 'json' },
  ],
  [
    'POST',
    '/v1/sandbox/accounts/{mockAccountId}/transactions',
    'create-sandbox-account-transactions',
    'sandbox',
    sbx.createAccountTransactions,
    { body: 'json' },
  ],
  [
    'GET',
    '/v1/sandbox/accounts/{mockAccountId}/transactions',
    'get-sandbox-account-transactions',
    'sandbox',
    sbx.listAccountTransactions,
  ],
  [
    'POST',
    '/v1/sandbox/card-accounts',
    'create-sandbox-card-account',
    'sandbox',
    sbx.createCardAccount,
    { body: 'json' },
  ],
  ['GET', '/v1/sandbox/card-accounts/{mockCardAccountId}', 'get-sandbox-card-account', 'sandbox', sbx.getCardAccount],
  [
    'PUT',
    '/v1/sandbox/card-accounts/{mockCardAccountId}/balances',
    'update-sandbox-card-account-balance',
    'sandbox',
    sbx.updateCardBalance,
    { body: 'json' },
  ],
  [
    'POST',
    '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions',
    'create-sandbox-card-transactions',
    'sandbox',
    sbx.createCardTransactions,
    { body: 'json' },
  ],
  ['GET', '/v1/sandbox/agreements', 'list-sandbox-agreements', 'sandbox', sbx.listSandboxAgreements],
  [
    'POST',
    '/v1/sandbox/agreements',
    'create-sandbox-agreement',
    'sandbox',
    sbx.createSandboxAgreement,
    { body: 'json' },
  ],
  ['POST', '/v1/sandbox/initialise', 'initialise-sandbox', 'sandbox', sbx.initialise],
  // TPP dialogue
  ['POST', '/v1/tpp-dialogue/contact', 'register-tpp-contact', 'tpp', tpp.registerContact, { body: 'json' }],
  ['GET', '/v1/tpp-dialogue/contact', 'get-tpp-contact', 'tpp', tpp.getContact],
  // SCA pages (browser, unsigned): the dialect's page set (dialect.scaPages) goes here.
];

const CONTROL_ROWS: Row[] = [
  ['GET', '/__control/clock', 'control-get-clock', 'control', ctl.getClock, { auth: 'control' }],
  ['POST', '/__control/clock', 'control-move-clock', 'control', ctl.moveClock, { auth: 'control' }],
  ['POST', '/__control/reset', 'control-reset', 'control', ctl.reset, { auth: 'control' }],
  ['GET', '/__control/state-digest', 'control-state-digest', 'control', ctl.digest, { auth: 'control' }],
  ['POST', '/__control/batch', 'control-batch', 'control', ctl.batch, { auth: 'control' }],
];

/** Rows with a dialect's route overrides (op id → method and path, or absent). */
const overridden = (dialect: Dialect, rows: Row[]): Row[] =>
  rows.flatMap((row): Row[] => {
    const o = dialect.routes[row[2]];
    if (o === null) return [];
    return o ? [[o[0], o[1], ...row.slice(2)] as Row] : [row];
  });

/** The rows of a dialect: its route overrides (op id → method and path, or absent) and its SCA pages. */
function dialectRows(dialect: Dialect): Row[] {
  const rows = overridden(dialect, ROWS);
  for (const p of dialect.scaPages)
    rows.push([
      p.method,
      p.pattern,
      p.op,
      'sca',
      p.handler,
      p.method === 'GET' ? { auth: 'browser' } : { auth: 'browser', body: 'form' },
    ]);
  return rows;
}

/** Method and path of the operations the dialect moved or does not have (answered 404 like any unknown path). */
export function absentRoutes(bank: Bank): Array<{ method: string; pattern: string }> {
  const dialect = dialectNamed(bank.dialect);
  return ROWS.filter((r) => dialect.routes[r[2]] !== undefined && (bank.sandbox || r[3] !== 'sandbox')).map((r) => ({
    method: r[0],
    pattern: r[1],
  }));
}

/** The routes of a bank in its mode and dialect: production has no sandbox rows and no control rows. */
export function buildRoutes(bank: Bank): Route[] {
  const dialect = dialectNamed(bank.dialect);
  // The test-mode control rows take the dialect's overrides too (the variant's payment batch control has its own path).
  const rows = [
    ...dialectRows(dialect).filter((r) => bank.sandbox || r[3] !== 'sandbox'),
    ...(bank.mode === 'test' ? overridden(dialect, CONTROL_ROWS) : []),
  ];
  return rows.map(([method, pattern, op, family, handler, extra = {}]) => {
    const body = extra.body ?? 'none';
    const route: Route = {
      method,
      pattern,
      op,
      family,
      handler,
      auth: 'signed',
      body,
      role: ROLE[family],
      sandboxOnly: family === 'sandbox',
      required: requiredHeaders(op, family, body === 'json'),
      ...extra,
    };
    const fix = (ACCEPT_FIX_REQUIRED as Record<string, string | null | undefined>)[op];
    if (fix !== undefined) route.acceptFix = fix;
    return route;
  });
}
