// Sandbox rules (§ Endpoints 4 and 5, § What the service does > Sandbox).
import type { Bank } from '../bank.ts';
import { acceptErrors, mapJson, onOps, type AreaFault } from './support.ts';

const features = ['sandbox-mock-data'];
const CARD_TXN = ['create-sandbox-card-transactions'];

const createdCardTransactions = () => ({ status: 201, body: { cardAccount: { maskedPan: '************0000' }, cardTransactions: { booked: [], pending: [] } } });

/** State before an initialise, per bank: the initialise that keeps it. */
const before = new WeakMap<Bank, Bank['state']>();

export const SANDBOX_FAULTS: readonly AreaFault[] = [
  { id: 'card-future-dates-accepted', area: 'sandbox', features, description: 'Takes card transactions whose booking or value date is not before the current time.', clauses: ['endpoints.create-sandbox-card-transactions.dates-in-past'], hooks: { transformResponse: acceptErrors(CARD_TXN, /must be before the current time/, createdCardTransactions) } },
  { id: 'card-booking-after-value-accepted', area: 'sandbox', features, description: 'Takes card transactions whose booking date is after the value date.', clauses: ['endpoints.create-sandbox-card-transactions.booking-not-after-value'], hooks: { transformResponse: acceptErrors(CARD_TXN, /is after the value date/, createdCardTransactions) } },
  { id: 'card-transactions-unknown-card-accepted', area: 'sandbox', features, description: 'Takes card transactions for a card account that was never created.', clauses: ['endpoints.create-sandbox-card-transactions.card-account-exists'], hooks: { transformResponse: onOps(CARD_TXN, (reply) => (reply.status === 404 ? createdCardTransactions() : reply)) } },
  {
    id: 'sandbox-list-without-payments', area: 'sandbox', features,
    description: 'Leaves the transactions of payments made in the sandbox out of the sandbox transaction list.',
    clauses: ['endpoints.get-sandbox-account-transactions.returns-all'],
    hooks: {
      transformResponse: mapJson(['get-sandbox-account-transactions'], (items, ctx) => {
        const a = ctx.bank.state.accounts.get(ctx.params?.mockAccountId ?? '');
        const fromPayments = new Set((a?.transactions ?? []).filter((t) => t.source === 'payment').map((t) => t.transactionId));
        return Array.isArray(items) ? items.filter((t) => !fromPayments.has(t?.id)) : items;
      }),
    },
  },
  {
    id: 'initialise-keeps-created', area: 'sandbox', features,
    description: 'Answers the sandbox initialisation without wiping the data created since.',
    clauses: ['endpoints.initialise-sandbox'],
    hooks: {
      beforeHandle: (req, _body, bank) => {
        if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v1/sandbox/initialise') before.set(bank, bank.state);
        return undefined;
      },
      transformResponse: onOps(['initialise-sandbox'], (reply, ctx) => {
        const kept = before.get(ctx.bank);
        if (reply.status < 300 && kept) ctx.bank.state = kept;
        before.delete(ctx.bank);
        return reply;
      }),
    },
  },
];

/** Card transaction items not checked against the spec's table (§ Resources > Sandbox card transaction). */
export const CARD_SCHEMA_FAULT: AreaFault = {
  id: 'card-transaction-fields-unchecked', area: 'sandbox', features,
  description: 'Takes card transaction items that miss required fields or break their types (no check against the request table).',
  clauses: ['fields.sandbox-card-transaction'],
  hooks: { transformResponse: acceptErrors(CARD_TXN, /does not match the schema|is not a country code/, createdCardTransactions) },
};
