// Account transactions (§ States > Account transactions, § Limits, § Endpoints 3): the pending
// rule, the default page size, the calls and the 90 days without PSU, stable booked ids.
import type { Bank } from '../bank.ts';
import { mapJson, skip, type AreaFault } from './support.ts';

/** Account ids per bank at its first request (the stale cache of account-list-startup-cache). */
const startup = new WeakMap<Bank, Set<string>>();

export const TRANSACTION_FAULTS: readonly AreaFault[] = [
  {
    id: 'pending-filtered',
    area: 'transactions',
    features: ['accounts'],
    description: 'Applies dateFrom, dateTo and limit to pending transactions with bookingStatus both or pending.',
    clauses: ['limits.pending-all-returned'],
    rules: { pendingAlwaysAll: false },
  },
  {
    id: 'page-size-100',
    area: 'transactions',
    features: ['accounts'],
    description: 'Pages transactions by 100 instead of 200 when no paging parameters are sent.',
    clauses: ['limits.default-page-size'],
    rules: { defaultPageSize: 100 },
  },
  {
    id: 'page-links-size-100',
    area: 'transactions',
    features: ['accounts'],
    description: 'Writes limit=100 in the pagination links of a default page (the page itself holds 200).',
    clauses: ['limits.default-page-size'],
    hooks: {
      transformResponse: mapJson(['list-transactions'], (b) => {
        const links = b?.transactions?._links as Record<string, { href: string }> | undefined;
        if (links)
          for (const l of Object.values(links))
            if (typeof l?.href === 'string') l.href = l.href.replace(/([?&]limit=)200\b/, '$1100');
        return b;
      }),
    },
  },
  {
    id: 'no-psu-allowance-3',
    area: 'transactions',
    features: ['access-without-psu'],
    description: 'Allows 3 calls without PSU-IP-Address per 24 hours instead of 4.',
    clauses: ['limits.calls-without-psu', 'endpoints.get-transaction-details.no-psu-calls'],
    rules: { callsWithoutPsu: 3 },
  },
  {
    id: 'no-psu-allowance-48h',
    area: 'transactions',
    features: ['access-without-psu'],
    description: 'Counts the calls without PSU-IP-Address over 48 hours instead of 24.',
    clauses: ['limits.calls-without-psu'],
    rules: { callsWithoutPsuWindowHours: 48 },
  },
  {
    id: 'history-91-days',
    area: 'transactions',
    features: ['access-without-psu'],
    description: 'Serves 91 days of transactions without PSU-IP-Address (at most 90).',
    clauses: ['limits.history-without-psu', 'releases.history-without-sca-90-days'],
    rules: { historyWithoutPsuDays: 91 },
  },
  {
    id: 'consent-age-100',
    area: 'transactions',
    features: ['access-without-psu'],
    description: 'Serves details without PSU-IP-Address on a consent up to 100 days old (at most 90).',
    clauses: ['limits.consent-age-details', 'endpoints.get-transaction-details.no-psu-consent-age'],
    rules: { consentAgeDetailsDays: 100 },
  },
  {
    id: 'booked-id-unstable',
    area: 'transactions',
    features: ['accounts'],
    description: 'Generates the transactionId of booked transactions anew on each read.',
    clauses: ['states.transactions-booked-stable-id', 'releases.stable-transaction-id'],
    hooks: {
      transformResponse: mapJson(['list-transactions'], (b) => {
        const salt = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
        for (const t of b?.transactions?.booked ?? [])
          if (typeof t?.transactionId === 'string') t.transactionId = `${t.transactionId}-${salt}`;
        return b;
      }),
    },
  },
  {
    id: 'psu-present-allowance-counted',
    area: 'transactions',
    replay: 'clauses',
    description: 'Counts calls with PSU-IP-Address (PSU present) against the 4 calls a day meant for calls without it.',
    clauses: ['limits.calls-without-psu'],
    hooks: skip('allowance-psu-present'),
  },
  {
    id: 'psu-present-history-limited',
    area: 'transactions',
    replay: 'clauses',
    description: 'Applies the 90-day history limit also to calls with PSU-IP-Address (PSU present).',
    clauses: ['limits.history-without-psu'],
    hooks: skip('history-psu-present'),
  },
  {
    id: 'sandbox-transaction-lengths-unchecked',
    area: 'transactions',
    replay: 'clauses',
    description:
      'Stores sandbox transactions with fields longer than the details operation may show (names over 70, remittance over 140, purposeCode over 4, bankTransactionCode outside 4 to 14) and shows them as sent.',
    clauses: [
      'fields.transaction-details.creditorName',
      'fields.transaction-details.debtorName',
      'fields.transaction-details.ultimateCreditor',
      'fields.transaction-details.ultimateDebtor',
      'fields.transaction-details.remittanceInformationUnstructured',
      'fields.transaction-details.purposeCode',
      'fields.transaction-details.bankTransactionCode',
    ],
    hooks: skip('sandbox-field-lengths'),
  },
  {
    id: 'account-list-without-currency',
    area: 'transactions',
    replay: 'clauses',
    description: 'Leaves the currency out of the accounts of the account list.',
    clauses: ['endpoints.list-accounts'],
    hooks: {
      transformResponse: mapJson(['list-accounts'], (b) => {
        for (const a of b?.accounts ?? []) delete a.currency;
        return b;
      }),
    },
  },
  {
    id: 'account-list-startup-cache',
    area: 'transactions',
    replay: 'clauses',
    description:
      'Serves the account list from a cache filled when the bank started: accounts created since (and granted at SCA) are missing.',
    clauses: ['endpoints.list-accounts'],
    hooks: {
      beforeHandle: (_req, _body, bank) => {
        if (!startup.has(bank)) startup.set(bank, new Set(bank.state.accounts.keys()));
        return undefined;
      },
      transformResponse: mapJson(['list-accounts'], (b, ctx) => {
        const known = startup.get(ctx.bank) ?? new Set<string>();
        if (Array.isArray(b?.accounts))
          b.accounts = b.accounts.filter((a: { resourceId?: string }) => known.has(a?.resourceId ?? ''));
        return b;
      }),
    },
  },
];
