// Account transactions (§ States > Account transactions, § Limits, § Endpoints 3): the pending
// rule, the default page size, the calls and the 90 days without PSU, stable booked ids.
import { mapJson, type AreaFault } from './support.ts';

export const TRANSACTION_FAULTS: readonly AreaFault[] = [
  { id: 'pending-filtered', area: 'transactions', features: ['accounts'], description: 'Applies dateFrom, dateTo and limit to pending transactions with bookingStatus both or pending.', clauses: ['limits.pending-all-returned'], rules: { pendingAlwaysAll: false } },
  { id: 'page-size-100', area: 'transactions', features: ['accounts'], description: 'Pages transactions by 100 instead of 200 when no paging parameters are sent.', clauses: ['limits.default-page-size'], rules: { defaultPageSize: 100 } },
  {
    id: 'page-links-size-100', area: 'transactions', features: ['accounts'],
    description: 'Writes limit=100 in the pagination links of a default page (the page itself holds 200).',
    clauses: ['limits.default-page-size'],
    hooks: {
      transformResponse: mapJson(['list-transactions'], (b) => {
        const links = b?.transactions?._links as Record<string, { href: string }> | undefined;
        if (links) for (const l of Object.values(links)) if (typeof l?.href === 'string') l.href = l.href.replace(/([?&]limit=)200\b/, '$1100');
        return b;
      }),
    },
  },
  { id: 'no-psu-allowance-3', area: 'transactions', features: ['access-without-psu'], description: 'Allows 3 calls without PSU-IP-Address per 24 hours instead of 4.', clauses: ['limits.calls-without-psu', 'endpoints.get-transaction-details.no-psu-calls'], rules: { callsWithoutPsu: 3 } },
  { id: 'no-psu-allowance-48h', area: 'transactions', features: ['access-without-psu'], description: 'Counts the calls without PSU-IP-Address over 48 hours instead of 24.', clauses: ['limits.calls-without-psu'], rules: { callsWithoutPsuWindowHours: 48 } },
  { id: 'history-91-days', area: 'transactions', features: ['access-without-psu'], description: 'Serves 91 days of transactions without PSU-IP-Address (at most 90).', clauses: ['limits.history-without-psu'], rules: { historyWithoutPsuDays: 91 } },
  { id: 'consent-age-100', area: 'transactions', features: ['access-without-psu'], description: 'Serves details without PSU-IP-Address on a consent up to 100 days old (at most 90).', clauses: ['limits.consent-age-details', 'endpoints.get-transaction-details.no-psu-consent-age'], rules: { consentAgeDetailsDays: 100 } },
  {
    id: 'booked-id-unstable', area: 'transactions', features: ['accounts'],
    description: 'Generates the transactionId of booked transactions anew on each read.',
    clauses: ['states.transactions-booked-stable-id'],
    hooks: {
      transformResponse: mapJson(['list-transactions'], (b) => {
        const salt = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
        for (const t of b?.transactions?.booked ?? []) if (typeof t?.transactionId === 'string') t.transactionId = `${t.transactionId}-${salt}`;
        return b;
      }),
    },
  },
];
