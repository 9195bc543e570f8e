// Values the suite reads back ("the bank's answer is the truth"): where a scenario
// compares an answer with what the bank was given or already answered, a bank that breaks the rule
// the comparison rests on. A bank that only keeps a value its own way (a name in other letters, a date
// as a date-time, a sandbox id of its own) breaks none, and the scenarios take it.
import { mapJson, type AreaFault } from './support.ts';

/** Names of the account and card account lists (Berlin Group accountDetails.name, cardAccountDetails.name). */
const cutNames = (n: number) =>
  mapJson(['list-accounts', 'list-card-accounts'], (b) => {
    for (const a of [...(b?.accounts ?? []), ...(b?.cardAccounts ?? [])])
      if (typeof a?.name === 'string') a.name = a.name.slice(0, n);
    return b;
  });

export const READ_BACK_FAULTS: readonly AreaFault[] = [
  {
    id: 'longer-names-cut-in-list',
    area: 'versioning',
    replay: 'clauses',
    description: 'Takes account and card account names of up to 70 characters at creation but lists them cut to 35.',
    clauses: ['versioning.accept-fix.longer-names'],
    hooks: { transformResponse: cutNames(35) },
  },
  {
    id: 'details-names-swapped',
    area: 'transactions',
    replay: 'clauses',
    description:
      'Shows the creditorName of a transaction as its debtorName in the transaction details, and the debtorName as its creditorName.',
    clauses: ['fields.transaction-details.creditorName', 'fields.transaction-details.debtorName'],
    hooks: {
      transformResponse: mapJson(['get-transaction-details'], (b) => {
        const d = b?.transactionsDetails;
        if (d && typeof d === 'object') [d.creditorName, d.debtorName] = [d.debtorName, d.creditorName];
        return b;
      }),
    },
  },
];
