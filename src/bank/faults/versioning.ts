// Versioning (§ Versioning): x-accept-fix values and lists, the /v1 prefix, the removed /v1/consents.
import { errorBody, mapJson, rawHeader, skip, type AreaFault } from './support.ts';

const LEGACY: Record<string, string> = { CACC: 'Current', SVGS: 'Savings', TAXE: 'Tax', LOAN: 'Loan', CARD: 'Card' };

export const VERSIONING_FAULTS: readonly AreaFault[] = [
  {
    id: 'accept-fix-list-refused',
    area: 'versioning',
    features: ['versioning', 'cross-border-payment'],
    description: 'Refuses x-accept-fix with more than one fix (the comma-separated list).',
    clauses: ['headers.x-accept-fix'],
    hooks: {
      beforeHandle: (req) =>
        (rawHeader(req, 'x-accept-fix') ?? '').includes(',')
          ? errorBody('FORMAT_ERROR', 'x-accept-fix takes one fix')
          : undefined,
    },
  },
  {
    id: 'consents-not-removed',
    area: 'versioning',
    features: ['consents-users-agreements', 'error-bodies'],
    description: 'Still serves POST /v1/consents after its removal on 05-Dec-2024.',
    clauses: ['deprecations.consents-endpoint'],
    rules: { consentsRemovedOn: '2999-12-31' },
  },
  {
    id: 'longer-names-ignored',
    area: 'versioning',
    features: ['card-accounts'],
    description: 'Cuts account and card account names to 35 characters, as before longer-names.',
    clauses: ['versioning.accept-fix.longer-names'],
    rules: { longNameMax: 35 },
  },
  {
    id: 'cash-account-type-legacy',
    area: 'versioning',
    features: ['card-accounts'],
    description: 'Writes the legacy cashAccountType text even with x-accept-fix cash-account-type-iso.',
    clauses: ['versioning.accept-fix.cash-account-type-iso'],
    hooks: {
      transformResponse: mapJson(['list-accounts', 'get-account'], (b) => {
        for (const a of [...(b?.accounts ?? []), ...(b?.account ? [b.account] : [])])
          if (LEGACY[a?.cashAccountType]) a.cashAccountType = LEGACY[a.cashAccountType];
        return b;
      }),
    },
  },
  {
    id: 'card-amounts-switched',
    area: 'versioning',
    features: ['card-accounts'],
    description: 'Swaps transactionAmount and originalAmount of card transactions (the mapping before the fix).',
    clauses: ['versioning.accept-fix.cardaccount-switch-originalamount-and-transactionamount'],
    hooks: {
      transformResponse: mapJson(['list-card-transactions'], (b) => {
        for (const list of [b?.cardTransactions?.booked, b?.cardTransactions?.pending]) {
          for (const t of list ?? []) [t.transactionAmount, t.originalAmount] = [t.originalAmount, t.transactionAmount];
        }
        return b;
      }),
    },
  },
  {
    id: 'amount-as-number',
    area: 'versioning',
    features: ['accounts', 'card-accounts'],
    description: 'Serializes balance amounts as JSON numbers (amount-as-string is default since 01-Aug-2020).',
    clauses: ['versioning.accept-fix.amount-as-string', 'conventions.amount-string'],
    hooks: {
      transformResponse: mapJson(['get-balances', 'get-card-balances'], (b) => {
        for (const x of b?.balances ?? [])
          if (x?.balanceAmount && typeof x.balanceAmount.amount === 'string')
            x.balanceAmount.amount = Number(x.balanceAmount.amount);
        return b;
      }),
    },
  },
  {
    id: 'unversioned-paths-served',
    area: 'versioning',
    features: ['versioning'],
    description: 'Serves the account list without the /v1 prefix (at /accounts and /v2/accounts).',
    clauses: ['versioning.path-prefix'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'GET' && /^\/(v2\/)?accounts(\?|$)/.test(req.url ?? '')
          ? { status: 200, body: { accounts: [] } }
          : undefined,
    },
  },
  {
    id: 'accept-fix-refused-where-optional',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Refuses x-accept-fix on the operations that do not require it (the account list answers 400 to a published fix).',
    clauses: ['headers.x-accept-fix'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'GET' && rawHeader(req, 'x-accept-fix') !== undefined && (req.url ?? '').startsWith('/v1/')
          ? errorBody('FORMAT_ERROR', 'x-accept-fix is not supported on this operation')
          : undefined,
    },
  },
  {
    id: 'accept-fix-value-unchecked',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Takes any x-accept-fix on the signing basket operation, whose value must be amount-as-string (only its presence is checked).',
    clauses: ['versioning.accept-fix.value.create-signing-basket'],
    hooks: skip('accept-fix-value'),
  },
  {
    id: 'accounts-moved-to-v2',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Answers GET /v1/accounts with 404, the account list being deployed under another version prefix (paths carry /v1).',
    clauses: ['versioning.path-prefix'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'GET' && /^\/v1\/accounts(\?|$)/.test(req.url ?? '')
          ? errorBody('RESOURCE_UNKNOWN', 'no resource at /v1/accounts; see /v2/accounts')
          : undefined,
    },
  },
  {
    id: 'longer-names-80',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Takes and shows account and card account names of up to 80 characters with longer-names (at most 70).',
    clauses: ['versioning.accept-fix.longer-names'],
    rules: { longNameMax: 80 },
  },
  // § Versioning > Notable release changes: a bank still as it was before the release.
  {
    id: 'booking-status-all-refused',
    area: 'versioning',
    replay: 'clauses',
    description: 'Refuses bookingStatus all on the account transaction list with 400, as before release 1.11.7.',
    clauses: ['releases.booking-status-all'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'GET' &&
        /^\/v1\/accounts\/[^/?]+\/transactions\?(.*&)?bookingStatus=all(&|$)/.test(req.url ?? '')
          ? errorBody('FORMAT_ERROR', 'bookingStatus must be one of booked, pending, both, information')
          : undefined,
    },
  },
  {
    id: 'monthly-variable-duplicates-accepted',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Takes a MonthlyVariable periodic payment whose monthsOfExecution repeat a month, as before release 1.18.1.',
    clauses: ['releases.monthly-variable-duplicate-months'],
    hooks: skip('monthly-variable'),
  },
  {
    id: 'sandbox-batch-executes-periodic',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Lets the sandbox payment batch execute periodic payments too (release 1.16.0: all payments except periodic).',
    clauses: ['releases.sandbox-payment-batch'],
    rules: { batchSkipsPeriodic: false },
  },
  {
    id: 'card-acceptor-dropped',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Reads card transactions without their card acceptor information (cardAcceptorId, cardAcceptorAddress), as before release 1.23.2.',
    clauses: ['releases.card-acceptor-information'],
    hooks: {
      transformResponse: mapJson(['list-card-transactions'], (b) => {
        for (const list of [b?.cardTransactions?.booked, b?.cardTransactions?.pending]) {
          for (const t of list ?? []) {
            delete t.cardAcceptorId;
            delete t.cardAcceptorAddress;
          }
        }
        return b;
      }),
    },
  },
  {
    id: 'card-account-status-missing',
    area: 'versioning',
    replay: 'clauses',
    description: 'Reads card accounts without their status, as before release 1.23.2.',
    clauses: ['releases.card-account-status'],
    hooks: {
      transformResponse: mapJson(['list-card-accounts', 'get-card-account'], (b) => {
        for (const c of [...(b?.cardAccounts ?? []), ...(b?.cardAccount ? [b.cardAccount] : [])]) delete c.status;
        return b;
      }),
    },
  },
  {
    id: 'single-sca-refused',
    area: 'versioning',
    replay: 'clauses',
    description:
      'Refuses a payment initiation without PSU-ID (400): a payment-only TPP must first obtain the psu-id by an SCA of its own, as before release 1.17.0.',
    clauses: ['releases.single-sca-payment-initiation'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'POST' &&
        /^\/v1\/(payments|bulk-payments|periodic-payments)\/[^/?]+(\?|$)/.test(req.url ?? '') &&
        !rawHeader(req, 'psu-id') &&
        !rawHeader(req, 'x-psu-identity')
          ? errorBody('FORMAT_ERROR', 'PSU-ID is required: obtain the psu-id through GET /v1/user first')
          : undefined,
    },
  },
];
