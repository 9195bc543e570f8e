// Signing baskets: create, read, status (worst case of its payments), delete, authorisations.
import { basketView } from '../../spec/states.ts';
import { validate } from '../../spec/validate.ts';
import { BankError } from '../errors.ts';
import { json, type Ctx, type Reply } from '../http.ts';
import { startSca, resolvePsu } from '../sca.ts';
import type { Authorisation, Basket, Payment } from '../state.ts';
import type { BankRules } from '../rules.ts';

type BasketStatus = BankRules['basketBadness'][number];

/** § States: one status, the worst case of the basket's payments, in the order of `rules.basketBadness`. */
export function basketStatus(badness: readonly BasketStatus[], statuses: readonly string[]): BasketStatus {
  let worst: BasketStatus = badness[badness.length - 1];
  for (const s of statuses) {
    const v = basketView(s);
    if (badness.indexOf(v) < badness.indexOf(worst)) worst = v;
  }
  return worst;
}

const path = (b: Basket) => `/v1/signing-baskets/${encodeURIComponent(b.basketId)}`;

function payments(ctx: Ctx, b: Basket): Payment[] {
  return b.paymentIds.map((id) => ctx.bank.state.payments.get(id)).filter((p): p is Payment => !!p);
}

const statusOf = (ctx: Ctx, b: Basket) =>
  basketStatus(
    ctx.bank.rules.basketBadness,
    payments(ctx, b).map((p) => p.status),
  );

export function createBasket(ctx: Ctx): Reply {
  const { bank } = ctx;
  const r = validate('signing-basket-request', ctx.json);
  // The count is checked against rules.basketMaxPayments below (a fault may change it).
  const issues = r.ok ? [] : r.errors.filter((e) => !(e.keyword === 'maxItems' && e.path === '/paymentIds'));
  if (issues.length && bank.checkOn('body-schema')) {
    throw new BankError(
      'FORMAT_ERROR',
      `the body does not match the schema: ${issues
        .slice(0, 5)
        .map((i) => `${i.path || '/'}: ${i.message}`)
        .join('; ')}`,
      { tppCode: 'FORMAT_ERROR', path: issues[0].path },
    );
  }
  const ids = (ctx.json as { paymentIds?: unknown }).paymentIds;
  if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string'))
    throw new BankError('FORMAT_ERROR', 'paymentIds must be an array of strings', {
      tppCode: 'FORMAT_ERROR',
      path: '/paymentIds',
    });
  if (ids.length > bank.rules.basketMaxPayments) {
    throw new BankError(
      'FORMAT_ERROR',
      `a signing basket holds at most ${bank.rules.basketMaxPayments} payments; got ${ids.length}`,
      { tppCode: 'FORMAT_ERROR', path: '/paymentIds' },
    );
  }
  if (new Set(ids).size !== ids.length)
    throw new BankError('FORMAT_ERROR', 'paymentIds lists a payment more than once', {
      tppCode: 'FORMAT_ERROR',
      path: '/paymentIds',
    });
  const st = bank.state;
  const found = ids.map((id: string) => st.payments.get(id));
  const mine = found.map((p) => (p && p.tppId === ctx.tpp.id ? p : undefined));
  // § States: bulk or periodic payments cannot be put in a basket.
  const mixed = mine.find((p) => p && p.service !== 'payments');
  if (mixed && bank.checkOn('basket-mix')) {
    throw new BankError(
      'REFERENCE_MIX_INVALID',
      `payment ${mixed.paymentId} is a ${mixed.service === 'bulk-payments' ? 'bulk' : 'periodic'} payment; only single payments can be put in a signing basket`,
      { path: '/paymentIds' },
    );
  }
  const unknown = ids.find((_id: string, i: number) => !mine[i]);
  if (unknown !== undefined)
    throw new BankError('RESOURCE_UNKNOWN', `payment ${String(unknown).slice(0, 80)} is unknown`, {
      tppCode: 'RESOURCE_UNKNOWN',
      path: '/paymentIds',
    });
  const busy = mine.find((p) => p!.status !== 'RCVD' || (p!.basketId && !st.baskets.get(p!.basketId)?.deleted));
  if (busy)
    throw new BankError(
      'CONFLICT',
      `payment ${busy.paymentId} ${busy.status !== 'RCVD' ? `has status ${busy.status}, not RCVD` : `is already in signing basket ${busy.basketId}`}`,
      { tppCode: 'CONFLICT' },
    );
  const b: Basket = {
    basketId: bank.nextId('basket'),
    tppId: ctx.tpp.id,
    paymentIds: ids,
    createdAt: ctx.now,
    deleted: false,
    authorisations: [],
    redirectUri: ctx.h('tpp-redirect-uri') ?? '',
  };
  for (const p of mine) p!.basketId = b.basketId;
  st.baskets.set(b.basketId, b);
  return json(
    201,
    {
      basketId: b.basketId,
      transactionStatus: statusOf(ctx, b),
      _links: {
        self: { href: path(b), verbs: ['GET', 'DELETE'] },
        startAuthorisation: { href: `${path(b)}/authorisations`, verbs: ['POST'] },
      },
    },
    { location: path(b) },
  );
}

function find(ctx: Ctx): Basket {
  const b = ctx.bank.state.baskets.get(ctx.params.basketId);
  if (!b || b.deleted || b.tppId !== ctx.tpp.id)
    throw new BankError('RESOURCE_UNKNOWN', `no signing basket ${ctx.params.basketId.slice(0, 80)}`, {
      tppCode: 'RESOURCE_UNKNOWN',
    });
  return b;
}

export function getBasket(ctx: Ctx): Reply {
  const b = find(ctx);
  return json(200, {
    payments: b.paymentIds,
    transactionStatus: statusOf(ctx, b),
    _links: {
      self: { href: path(b), verbs: ['GET', 'DELETE'] },
      status: { href: `${path(b)}/status`, verbs: ['GET'] },
    },
  });
}

export function getBasketStatus(ctx: Ctx): Reply {
  return json(200, { transactionStatus: statusOf(ctx, find(ctx)) });
}

export function deleteBasket(ctx: Ctx): Reply {
  const b = find(ctx);
  const authorised = payments(ctx, b).find((p) => p.status !== 'RCVD');
  if (authorised)
    throw new BankError(
      'CONFLICT',
      `signing basket ${b.basketId} cannot be deleted: payment ${authorised.paymentId} has status ${authorised.status}`,
      { tppCode: 'CONFLICT' },
    );
  b.deleted = true;
  for (const p of payments(ctx, b)) p.basketId = undefined;
  return { status: 204 };
}

export function startBasketAuthorisation(ctx: Ctx): Reply {
  const b = find(ctx);
  if (!payments(ctx, b).some((p) => p.status === 'RCVD'))
    throw new BankError('CONFLICT', `signing basket ${b.basketId} has no payment left to authorise`, {
      tppCode: 'CONFLICT',
    });
  const authorisationId = ctx.bank.nextId('auth');
  const href = startSca(ctx, 'basket', {
    expectedNid: resolvePsu(ctx),
    targetId: b.basketId,
    authorisationId,
    redirectUri: ctx.h('tpp-redirect-uri') ?? b.redirectUri,
  });
  const a: Authorisation = {
    authorisationId,
    kind: 'authorisation',
    scaStatus: 'received',
    scaId: href.slice(href.lastIndexOf('/') + 1),
  };
  b.authorisations.push(a);
  const base = `${path(b)}/authorisations`;
  return json(
    201,
    {
      authorisationId,
      scaStatus: a.scaStatus,
      _links: {
        scaRedirect: { href, verbs: ['GET'] },
        scaStatus: { href: `${base}/${encodeURIComponent(authorisationId)}`, verbs: ['GET'] },
      },
    },
    { location: `${base}/${encodeURIComponent(authorisationId)}` },
  );
}

export function getBasketAuthorisation(ctx: Ctx): Reply {
  const b = find(ctx);
  const a = b.authorisations.find((x) => x.authorisationId === ctx.params.authorisationId);
  if (!a)
    throw new BankError('RESOURCE_UNKNOWN', `no authorisation ${ctx.params.authorisationId.slice(0, 80)}`, {
      tppCode: 'RESOURCE_UNKNOWN',
    });
  return json(200, { scaStatus: a.scaStatus });
}
