// Sandbox rules (§ Endpoints 4 and 5, § What the service does > Sandbox).
import type { IncomingMessage } from 'node:http';
import type { Bank } from '../bank.ts';
import { acceptErrors, errorBody, mapJson, onOps, requestJson, rerun, type AreaFault } from './support.ts';

const features = ['sandbox-mock-data'];
const CARD_TXN = ['create-sandbox-card-transactions'];

const createdCardTransactions = () => ({
  status: 201,
  body: { cardAccount: { maskedPan: '************0000' }, cardTransactions: { booked: [], pending: [] } },
});

/** State before an initialise, per bank: the initialise that keeps it. */
const before = new WeakMap<Bank, Bank['state']>();

export const SANDBOX_FAULTS: readonly AreaFault[] = [
  {
    id: 'card-future-dates-accepted',
    area: 'sandbox',
    features,
    description: 'Takes card transactions whose booking or value date is not before the current time.',
    clauses: ['endpoints.create-sandbox-card-transactions.dates-in-past'],
    hooks: { transformResponse: acceptErrors(CARD_TXN, /must be before the current time/, createdCardTransactions) },
  },
  {
    id: 'card-booking-after-value-accepted',
    area: 'sandbox',
    features,
    description: 'Takes card transactions whose booking date is after the value date.',
    clauses: ['endpoints.create-sandbox-card-transactions.booking-not-after-value'],
    hooks: { transformResponse: acceptErrors(CARD_TXN, /is after the value date/, createdCardTransactions) },
  },
  {
    id: 'card-transactions-unknown-card-accepted',
    area: 'sandbox',
    features,
    description: 'Takes card transactions for a card account that was never created.',
    clauses: ['endpoints.create-sandbox-card-transactions.card-account-exists'],
    hooks: {
      transformResponse: onOps(CARD_TXN, (reply) => (reply.status === 404 ? createdCardTransactions() : reply)),
    },
  },
  {
    id: 'sandbox-list-without-payments',
    area: 'sandbox',
    features,
    description: 'Leaves the transactions of payments made in the sandbox out of the sandbox transaction list.',
    clauses: ['endpoints.get-sandbox-account-transactions.returns-all'],
    hooks: {
      transformResponse: mapJson(['get-sandbox-account-transactions'], (items, ctx) => {
        const a = ctx.bank.state.accounts.get(ctx.params?.mockAccountId ?? '');
        const fromPayments = new Set(
          (a?.transactions ?? []).filter((t) => t.source === 'payment').map((t) => t.transactionId),
        );
        return Array.isArray(items) ? items.filter((t) => !fromPayments.has(t?.id)) : items;
      }),
    },
  },
  {
    id: 'initialise-keeps-created',
    area: 'sandbox',
    features,
    description: 'Answers the sandbox initialisation without wiping the data created since.',
    clauses: ['endpoints.initialise-sandbox'],
    hooks: {
      beforeHandle: (req, _body, bank) => {
        if (bank.operationAt(req.method ?? '', req.url ?? '')?.op === 'initialise-sandbox')
          before.set(bank, bank.state);
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

const LIST = ['get-sandbox-account-transactions'];
const CARD_TXN_PATH = /^\/v1\/sandbox\/card-accounts\/[^/]+\/transactions$/;
type Item = Record<string, any>;

/** The items of a card transactions request, when it is one and parses. */
const cardItems = (req: IncomingMessage, body: Buffer): Item[] => {
  const v = requestJson(req, body, 'POST', CARD_TXN_PATH);
  return Array.isArray(v) ? v.filter((x): x is Item => !!x && typeof x === 'object') : [];
};

/** A card transactions request refused (400) when one of its items matches. */
const refuseCardItems =
  (bad: (t: Item, bank: Bank) => boolean, message: string) => (req: IncomingMessage, body: Buffer, bank: Bank) =>
    cardItems(req, body).some((t) => bad(t, bank)) ? errorBody('FORMAT_ERROR', message) : undefined;

/** A balance update answered but not stored: the balance before the request is put back. */
function balanceNotStored(
  param: string,
  get: (bank: Bank, id: string) => { balance: bigint } | undefined,
  op: string,
): AreaFault['hooks'] {
  const saved = new WeakMap<Bank, { id: string; balance: bigint }>();
  return {
    // Keyed on the operation the request reaches in the bank's dialect, not on one dialect's path.
    beforeHandle: (req, _body, bank) => {
      const at = bank.operationAt(req.method ?? '', req.url ?? '');
      const id = at?.op === op ? at.params[param] : undefined;
      const target = id === undefined ? undefined : get(bank, id);
      if (id !== undefined && target) saved.set(bank, { id, balance: target.balance });
      return undefined;
    },
    transformResponse: onOps([op], (reply, ctx) => {
      const s = saved.get(ctx.bank);
      saved.delete(ctx.bank);
      const target = s && get(ctx.bank, s.id);
      if (reply.status < 300 && s && target) target.balance = s.balance;
      return reply;
    }),
  };
}

const yesterday = (bank: Bank) => new Date(bank.now() - 86_400_000).toISOString().slice(0, 10);

/** Sandbox operations that answer wrongly although the request is right (each breaks one stated behaviour). */
export const SANDBOX_OPERATION_FAULTS: readonly AreaFault[] = [
  ...(['account', 'card-account'] as const).map((kind): AreaFault => ({
    id: `sandbox-${kind}-not-readable`,
    area: 'sandbox',
    replay: 'clauses',
    description: `Answers the read of a sandbox ${kind.replace('-', ' ')} it just created with 404.`,
    clauses: [`endpoints.get-sandbox-${kind}`],
    hooks: {
      transformResponse: onOps([`get-sandbox-${kind}`], (reply) =>
        reply.status < 300 ? errorBody('RESOURCE_UNKNOWN', `no sandbox ${kind.replace('-', ' ')}`) : reply,
      ),
    },
  })),
  {
    id: 'sandbox-account-created-without-id',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Answers a created sandbox account without its id.',
    clauses: ['endpoints.create-sandbox-account'],
    hooks: { transformResponse: mapJson(['create-sandbox-account'], ({ id: _i, resourceId: _r, ...rest }) => rest) },
  },
  {
    id: 'sandbox-card-account-created-without-id',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Answers a created sandbox card account without its id.',
    clauses: ['endpoints.create-sandbox-card-account'],
    hooks: {
      transformResponse: mapJson(['create-sandbox-card-account'], ({ id: _i, resourceId: _r, ...rest }) => rest),
    },
  },
  {
    id: 'sandbox-transactions-not-stored',
    area: 'sandbox',
    replay: 'clauses',
    description:
      'Answers sandbox account transactions as created but does not store them (they are missing from the sandbox list).',
    clauses: ['endpoints.create-sandbox-account-transactions'],
    hooks: {
      transformResponse: onOps(['create-sandbox-account-transactions'], (reply, ctx) => {
        const a = ctx.bank.state.accounts.get(ctx.params?.mockAccountId ?? '');
        const created = new Set((Array.isArray(reply.body) ? reply.body : []).map((t: Item) => t?.id));
        if (reply.status < 300 && a) a.transactions = a.transactions.filter((t) => !created.has(t.transactionId));
        return reply;
      }),
    },
  },
  {
    id: 'sandbox-list-items-without-links',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Leaves the required _links.self out of the sandbox transaction list items.',
    clauses: ['fields.sandbox-account-transaction._links'],
    hooks: {
      transformResponse: mapJson(LIST, (items) =>
        Array.isArray(items) ? items.map(({ _links: _l, ...rest }: Item) => rest) : items,
      ),
    },
  },
  {
    id: 'sandbox-list-dates-exclusive',
    area: 'sandbox',
    replay: 'clauses',
    description:
      'Applies fromDate and toDate of the sandbox list exclusively: transactions booked on those days are left out.',
    clauses: [
      'endpoints.get-sandbox-account-transactions.query.fromDate',
      'endpoints.get-sandbox-account-transactions.query.toDate',
    ],
    hooks: {
      transformResponse: mapJson(LIST, (items, ctx) => {
        const ends = [ctx.query?.get('fromDate'), ctx.query?.get('toDate')].filter((d): d is string => !!d);
        return Array.isArray(items) ? items.filter((t: Item) => !ends.includes(t?.bookingDate)) : items;
      }),
    },
  },
  {
    id: 'sandbox-offset-ignored',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Ignores offset in the sandbox list (always starts at the first transaction).',
    clauses: ['endpoints.get-sandbox-account-transactions.query.offset'],
    hooks: {
      transformResponse: onOps(LIST, (reply, ctx) =>
        reply.status === 200 && ctx.query?.has('offset') ? (rerun(ctx, (q) => q.delete('offset')) ?? reply) : reply,
      ),
    },
  },
  {
    id: 'sandbox-limit-ignored',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Ignores limit in the sandbox list (always answers every transaction after the offset).',
    clauses: ['endpoints.get-sandbox-account-transactions.query.limit'],
    hooks: {
      transformResponse: onOps(LIST, (reply, ctx) =>
        reply.status === 200 && ctx.query?.has('limit') ? (rerun(ctx, (q) => q.delete('limit')) ?? reply) : reply,
      ),
    },
  },
  {
    id: 'sandbox-negative-limit-accepted',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Takes a negative limit in the sandbox list as "no limit" (the minimum is 1).',
    clauses: ['limits.sandbox-limit-min'],
    hooks: {
      transformResponse: onOps(LIST, (reply, ctx) =>
        reply.status === 400 && Number(ctx.query?.get('limit')) < 0
          ? (rerun(ctx, (q) => q.delete('limit')) ?? reply)
          : reply,
      ),
    },
  },
  {
    id: 'sandbox-balance-update-not-stored',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Answers a sandbox account balance update but keeps the old balance.',
    clauses: ['endpoints.update-sandbox-account-balance'],
    hooks: balanceNotStored(
      'mockAccountId',
      (bank, id) => bank.state.accounts.get(id),
      'update-sandbox-account-balance',
    ),
  },
  {
    id: 'sandbox-card-balance-update-not-stored',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Answers a sandbox card account balance update but keeps the old balance.',
    clauses: ['endpoints.update-sandbox-card-account-balance'],
    hooks: balanceNotStored(
      'mockCardAccountId',
      (bank, id) => bank.state.cardAccounts.get(id),
      'update-sandbox-card-account-balance',
    ),
  },
  {
    id: 'sandbox-only-switch-inverted',
    area: 'sandbox',
    replay: 'clauses',
    description:
      'Gates the sandbox operations the wrong way round: the sandbox answers its customer list with 404, as only production may.',
    clauses: ['conventions.sandbox-only', 'endpoints.list-sandbox-customers'],
    hooks: {
      transformResponse: onOps(['list-sandbox-customers'], () =>
        errorBody('RESOURCE_UNKNOWN', 'no resource at /v1/sandbox/customers'),
      ),
    },
  },
  {
    id: 'card-transactions-answer-without-pending',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Answers created card transactions without the required cardTransactions.pending list.',
    clauses: ['fields.sandbox-card-transactions-response.cardTransactions'],
    hooks: {
      transformResponse: mapJson(CARD_TXN, (b) => {
        if (b?.cardTransactions) delete b.cardTransactions.pending;
        return b;
      }),
    },
  },
  {
    id: 'card-dates-yesterday-refused',
    area: 'sandbox',
    replay: 'clauses',
    description:
      'Counts a card transaction dated yesterday as not before the current time (compares calendar days off by one).',
    clauses: ['endpoints.create-sandbox-card-transactions.dates-in-past'],
    hooks: {
      beforeHandle: refuseCardItems(
        (t, bank) =>
          [t.bookingDate, t.transactionDate].some((d) => typeof d === 'string' && d.slice(0, 10) >= yesterday(bank)),
        'bookingDate and transactionDate must be before the current time',
      ),
    },
  },
  {
    id: 'card-invoiced-boolean-only',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Refuses invoiced as the string "true" or "false" (takes only a JSON boolean).',
    clauses: ['fields.sandbox-card-transaction.invoiced'],
    hooks: { beforeHandle: refuseCardItems((t) => typeof t.invoiced === 'string', 'invoiced must be a boolean') },
  },
  {
    id: 'card-amount-int32-off-by-one',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Refuses the largest int32 (2147483647) as a card transaction amount (an off-by-one range check).',
    clauses: ['fields.sandbox-card-transaction.transactionAmount'],
    hooks: {
      beforeHandle: refuseCardItems(
        (t) => typeof t.transactionAmount?.amount === 'number' && t.transactionAmount.amount >= 2 ** 31 - 1,
        'transactionAmount.amount is out of the int32 range',
      ),
    },
  },
  {
    id: 'card-street-max-35',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Refuses a cardAcceptorAddress street over 35 characters (the spec allows 70).',
    clauses: ['fields.sandbox-card-transaction.cardAcceptorAddress'],
    hooks: {
      beforeHandle: refuseCardItems(
        (t) => typeof t.cardAcceptorAddress?.street === 'string' && t.cardAcceptorAddress.street.length > 35,
        'cardAcceptorAddress.street is longer than 35 characters',
      ),
    },
  },
  {
    id: 'card-currency-exchange-refused',
    area: 'sandbox',
    replay: 'clauses',
    description: 'Refuses the optional currencyExchange of a card transaction.',
    clauses: ['fields.sandbox-card-transaction.currencyExchange'],
    hooks: {
      beforeHandle: refuseCardItems((t) => t.currencyExchange !== undefined, 'currencyExchange is not supported'),
    },
  },
];

/** Card transaction items not checked against the spec's table (§ Resources > Sandbox card transaction). */
export const CARD_SCHEMA_FAULT: AreaFault = {
  id: 'card-transaction-fields-unchecked',
  area: 'sandbox',
  features,
  description:
    'Takes card transaction items that miss required fields or break their types (no check against the request table).',
  clauses: ['fields.sandbox-card-transaction'],
  hooks: {
    transformResponse: acceptErrors(
      CARD_TXN,
      /does not match the schema|is not a country code/,
      createdCardTransactions,
    ),
  },
};
