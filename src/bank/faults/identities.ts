// Rules with more than one TPP or a PSD2 role (features/tpp-identities.feature): the psu-id per TPP
// and bank pair, consents, sessions, payments and baskets bound to their TPP, and the PSD2 role check.
// Each fault is a bank that forgets one of them; the correct path keys all of them by the TPP.
import { nameUuid } from '../ids.ts';
import { mapRedirect, onOps, recode, routed, skip, type AreaFault, type Reply, type Transform } from './support.ts';

const features = ['tpp-identities'];

type HookCtx = Parameters<Transform>[1];

/**
 * The answer the route's handler gives to the same request made by another TPP (a bank that does not tell TPPs apart).
 */
function answerAs(ctx: HookCtx, tppId: string): Reply | undefined {
  if (!routed(ctx)) return undefined;
  try {
    const r = ctx.route.handler({ ...ctx, tpp: { ...ctx.tpp, id: tppId }, onSuccess: [] });
    return r instanceof Promise ? undefined : r;
  } catch {
    return undefined;
  }
}

/** A refused read (status `refused`) of a resource that exists for another TPP is answered as that TPP would be. */
function visibleToAll(ops: readonly string[], refused: number, owner: (ctx: HookCtx) => string | undefined): Transform {
  return onOps(ops, (reply, ctx) => {
    if (reply.status !== refused || !routed(ctx)) return reply;
    const o = owner(ctx);
    return o && o !== ctx.tpp.id ? (answerAs(ctx, o) ?? reply) : reply;
  });
}

const PAYMENT_READS = ['get-payment', 'get-payment-status'];
const BASKET_READS = ['get-signing-basket', 'get-signing-basket-status'];
const ACCOUNT_READS = ['list-accounts', 'get-account', 'get-balances', 'list-transactions', 'get-transaction-details'];

/** The PSU's psu-id is the same with every TPP (bank-wide, not per TPP and bank pair); the last TPP's SCA owns it. */
const sharedPsuId: Transform = mapRedirect((q, ctx) => {
  const id = q.get('psu-id');
  const known = id ? ctx.bank.state.psuIds.get(id) : undefined;
  if (!id || !known) return;
  const shared = nameUuid(`psu|${known.nid}`);
  ctx.bank.state.psuIds.set(shared, known);
  q.set('psu-id', shared);
});

/** One SCA session per PSU whatever the TPP: a successful SCA ends the PSU's sessions with every other TPP. */
const sharedSession: Transform = mapRedirect((q, ctx) => {
  const known = ctx.bank.state.psuIds.get(q.get('psu-id') ?? '');
  if (!known) return;
  const sessions = ctx.bank.state.sessions;
  const mine = sessions.get(`${known.tppId}|${known.nid}`);
  if (!mine) return;
  for (const [key, s] of sessions)
    if (key.endsWith(`|${known.nid}`) && !key.startsWith(`${known.tppId}|`)) s.sessionId = mine.sessionId;
});

export const IDENTITY_FAULTS: readonly AreaFault[] = [
  {
    id: 'psu-id-shared-across-tpps',
    area: 'identities',
    features,
    description: 'Gives a PSU the same psu-id with every TPP (one per bank, not per TPP and bank pair).',
    clauses: ['sca.psu-id-per-tpp'],
    hooks: { transformResponse: sharedPsuId },
  },
  {
    id: 'consent-visible-to-other-tpp',
    area: 'identities',
    features,
    description:
      'Serves account information to any TPP that presents a psu-id and TPP-Session-ID another TPP holds (consents and sessions keyed by the psu-id alone).',
    clauses: ['sca.consent-per-tpp'],
    hooks: {
      transformResponse: visibleToAll(
        ACCOUNT_READS,
        401,
        (ctx) => ctx.bank.state.psuIds.get((ctx.h?.('psu-id') ?? '').toLowerCase())?.tppId,
      ),
    },
  },
  {
    id: 'session-shared-across-tpps',
    area: 'identities',
    features,
    description: "Keeps one SCA session per PSU across TPPs: another TPP's SCA for the PSU ends a TPP's session.",
    clauses: ['sca.session-per-tpp'],
    hooks: { transformResponse: sharedSession },
  },
  {
    id: 'payment-visible-to-other-tpp',
    area: 'identities',
    features,
    description: 'Lets any TPP read a payment and its status, not only the TPP that initiated it.',
    clauses: ['tpp.payments-per-tpp'],
    hooks: {
      transformResponse: visibleToAll(
        PAYMENT_READS,
        404,
        (ctx) => ctx.bank.state.payments.get(ctx.params?.paymentId ?? '')?.tppId,
      ),
    },
  },
  {
    id: 'basket-visible-to-other-tpp',
    area: 'identities',
    features,
    description: 'Lets any TPP read a signing basket and its status, not only the TPP that created it.',
    clauses: ['tpp.baskets-per-tpp'],
    hooks: {
      transformResponse: visibleToAll(
        BASKET_READS,
        404,
        (ctx) => ctx.bank.state.baskets.get(ctx.params?.basketId ?? '')?.tppId,
      ),
    },
  },
  {
    id: 'role-not-checked',
    area: 'identities',
    features,
    description:
      "Does not check the PSD2 role of the TPP's certificate: an AI-only TPP initiates payments, a PI-only one is led to SCA for accounts.",
    clauses: ['tpp.role-checked'],
    hooks: skip('production-role'),
  },
  {
    id: 'role-refused-as-certificate-error',
    area: 'identities',
    features,
    description:
      "Refuses a request outside the TPP's PSD2 roles with 400 CERTIFICATE_INVALID instead of 403 FORBIDDEN.",
    clauses: ['tpp.role-refusal-403'],
    hooks: {
      transformResponse: recode(
        (reply, code) => reply.status === 403 && code === 'FORBIDDEN',
        400,
        'CERTIFICATE_INVALID',
      ),
    },
  },
];
