// Versioning (§ Versioning): x-accept-fix values and lists, the /v1 prefix, the removed /v1/consents.
import { errorBody, mapJson, rawHeader, skip, type AreaFault } from './support.ts';

const LEGACY: Record<string, string> = { CACC: 'Current', SVGS: 'Savings', TAXE: 'Tax', LOAN: 'Loan', CARD: 'Card' };

export const VERSIONING_FAULTS: readonly AreaFault[] = [
  {
    id: 'accept-fix-list-refused', area: 'versioning', features: ['versioning', 'cross-border-payment'],
    description: 'Refuses x-accept-fix with more than one fix (the comma-separated list).',
    clauses: ['headers.x-accept-fix'],
    hooks: { beforeHandle: (req) => ((rawHeader(req, 'x-accept-fix') ?? '').includes(',') ? errorBody('FORMAT_ERROR', 'x-accept-fix takes one fix') : undefined) },
  },
  { id: 'consents-not-removed', area: 'versioning', features: ['consents-users-agreements', 'error-bodies'], description: 'Still serves POST /v1/consents after its removal on 05-Dec-2024.', clauses: ['deprecations.consents-endpoint'], rules: { consentsRemovedOn: '2999-12-31' } },
  { id: 'longer-names-ignored', area: 'versioning', features: ['card-accounts'], description: 'Cuts account and card account names to 35 characters, as before longer-names.', clauses: ['versioning.accept-fix.longer-names'], rules: { longNameMax: 35 } },
  {
    id: 'cash-account-type-legacy', area: 'versioning', features: ['card-accounts'],
    description: 'Writes the legacy cashAccountType text even with x-accept-fix cash-account-type-iso.',
    clauses: ['versioning.accept-fix.cash-account-type-iso'],
    hooks: {
      transformResponse: mapJson(['list-accounts', 'get-account'], (b) => {
        for (const a of [...(b?.accounts ?? []), ...(b?.account ? [b.account] : [])]) if (LEGACY[a?.cashAccountType]) a.cashAccountType = LEGACY[a.cashAccountType];
        return b;
      }),
    },
  },
  {
    id: 'card-amounts-switched', area: 'versioning', features: ['card-accounts'],
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
    id: 'amount-as-number', area: 'versioning', features: ['accounts', 'card-accounts'],
    description: 'Serializes balance amounts as JSON numbers (amount-as-string is default since 01-Aug-2020).',
    clauses: ['versioning.accept-fix.amount-as-string', 'conventions.amount-string'],
    hooks: {
      transformResponse: mapJson(['get-balances', 'get-card-balances'], (b) => {
        for (const x of b?.balances ?? []) if (x?.balanceAmount && typeof x.balanceAmount.amount === 'string') x.balanceAmount.amount = Number(x.balanceAmount.amount);
        return b;
      }),
    },
  },
  {
    id: 'unversioned-paths-served', area: 'versioning', features: ['versioning'],
    description: 'Serves the account list without the /v1 prefix (at /accounts and /v2/accounts).',
    clauses: ['versioning.path-prefix'],
    hooks: { beforeHandle: (req) => (req.method === 'GET' && /^\/(v2\/)?accounts(\?|$)/.test(req.url ?? '') ? { status: 200, body: { accounts: [] } } : undefined) },
  },
  {
    id: 'accept-fix-refused-where-optional', area: 'versioning', replay: 'clauses',
    description: 'Refuses x-accept-fix on the operations that do not require it (the account list answers 400 to a published fix).',
    clauses: ['headers.x-accept-fix'],
    hooks: { beforeHandle: (req) => (req.method === 'GET' && rawHeader(req, 'x-accept-fix') !== undefined && (req.url ?? '').startsWith('/v1/') ? errorBody('FORMAT_ERROR', 'x-accept-fix is not supported on this operation') : undefined) },
  },
  {
    id: 'accept-fix-value-unchecked', area: 'versioning', replay: 'clauses',
    description: 'Takes any x-accept-fix on the signing basket operation, whose value must be amount-as-string (only its presence is checked).',
    clauses: ['versioning.accept-fix.value.create-signing-basket'],
    hooks: skip('accept-fix-value'),
  },
  {
    id: 'accounts-moved-to-v2', area: 'versioning', replay: 'clauses',
    description: 'Answers GET /v1/accounts with 404, the account list being deployed under another version prefix (paths carry /v1).',
    clauses: ['versioning.path-prefix'],
    hooks: { beforeHandle: (req) => (req.method === 'GET' && /^\/v1\/accounts(\?|$)/.test(req.url ?? '') ? errorBody('RESOURCE_UNKNOWN', 'no resource at /v1/accounts; see /v2/accounts') : undefined) },
  },
  {
    id: 'longer-names-80', area: 'versioning', replay: 'clauses',
    description: 'Takes and shows account and card account names of up to 80 characters with longer-names (at most 70).',
    clauses: ['versioning.accept-fix.longer-names'],
    rules: { longNameMax: 80 },
  },
];
