// Payment initiation: create (single, bulk, periodic), read, status, cancel, authorisations,
// cancellation authorisations, fee information.
import { PAYMENT_PRODUCTS } from '../../spec/codes.ts';
import { fundsFor } from '../batch.ts';
import { BankError } from '../errors.ts';
import { json, type Ctx, type Reply } from '../http.ts';
import { amountObj } from '../money.ts';
import { queryBool } from '../params.ts';
import { parsePayment } from '../payment-bodies.ts';
import { resolvePsu, startSca } from '../sca.ts';
import type { Authorisation, Payment, PaymentService } from '../state.ts';

export const paymentPath = (p: Pick<Payment, 'service' | 'product' | 'paymentId'>) =>
  `/v1/${p.service}/${p.product}/${encodeURIComponent(p.paymentId)}`;

function product(ctx: Ctx, service: PaymentService): string {
  const product = ctx.params.product;
  if (!(PAYMENT_PRODUCTS as readonly string[]).includes(product)) {
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `payment product ${product.slice(0, 80)} is unknown; products: ${PAYMENT_PRODUCTS.join(', ')}`,
      { tppCode: 'PRODUCT_UNKNOWN' },
    );
  }
  // The products offered as bulk and as periodic payments (rules.bulkProducts, rules.periodicProducts; not stated).
  const offered =
    service === 'bulk-payments'
      ? ctx.bank.rules.bulkProducts
      : service === 'periodic-payments'
        ? ctx.bank.rules.periodicProducts
        : undefined;
  if (offered && !offered.includes(product)) {
    throw new BankError(
      'FORMAT_ERROR',
      `${product} is not offered as ${service}; offered: ${offered.join(', ') || 'none'}`,
      { tppCode: 'PRODUCT_INVALID' },
    );
  }
  return product;
}

function feeOf(ctx: Ctx, product: string): Record<string, unknown> {
  const fee = ctx.bank.rules.fees[product];
  return fee ? { transactionFeeIndicator: true, transactionFees: fee } : { transactionFeeIndicator: false };
}

export const createPayment =
  (service: PaymentService) =>
  (ctx: Ctx): Reply => {
    const prod = product(ctx, service);
    const allowDuplicate = queryBool(ctx, 'allowLogicalDuplicate') ?? false;
    const parsed = parsePayment(ctx.bank, service, prod, ctx.json, ctx.now);
    const st = ctx.bank.state;
    if (!allowDuplicate) {
      // allowLogicalDuplicate defaults to false: an open payment with the same content is refused.
      const dup = [...st.payments.values()].find(
        (p) => p.tppId === ctx.tpp.id && p.fingerprint === parsed.fingerprint && !['RJCT', 'CANC'].includes(p.status),
      );
      if (dup)
        throw new BankError(
          'CONFLICT',
          `logical duplicate of payment ${dup.paymentId}; send allowLogicalDuplicate=true to create it anyway`,
          { tppCode: 'CONFLICT' },
        );
    }
    const p: Payment = {
      paymentId: ctx.bank.nextId('pay'),
      service,
      product: prod,
      tppId: ctx.tpp.id,
      psuNid: resolvePsu(ctx),
      status: 'RCVD',
      body: ctx.json,
      debtorAccountId: parsed.debtor.id,
      items: parsed.items,
      executionDate: parsed.executionDate,
      createdAt: ctx.now,
      redirectUri: ctx.h('tpp-redirect-uri') ?? '',
      authorisations: [],
      fingerprint: parsed.fingerprint,
    };
    st.payments.set(p.paymentId, p);
    const self = paymentPath(p);
    // Berlin Group initiatePayment: 201 with Location; the spec's links carry verbs.
    return json(
      201,
      {
        transactionStatus: p.status,
        paymentId: p.paymentId,
        ...feeOf(ctx, prod),
        _links: {
          self: { href: self, verbs: ['GET', 'DELETE'] },
          startAuthorisation: { href: `${self}/authorisations`, verbs: ['POST'] },
        },
      },
      { location: self },
    );
  };

function find(ctx: Ctx, service: PaymentService): Payment {
  const p = ctx.bank.state.payments.get(ctx.params.paymentId);
  if (!p || p.tppId !== ctx.tpp.id || p.service !== service || p.product !== ctx.params.product) {
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `no ${service} ${ctx.params.product.slice(0, 60)} payment ${ctx.params.paymentId.slice(0, 80)}`,
      { tppCode: 'RESOURCE_UNKNOWN' },
    );
  }
  return p;
}

/**
 * § States: the products of the rule (domestic-norway-credit-transfers) cannot be read before the PSU approves (our
 * answer: 404).
 */
function visible(ctx: Ctx, p: Payment): void {
  if (ctx.bank.rules.hiddenBeforeApproval.includes(p.product) && p.status === 'RCVD') {
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `${p.product} payment ${p.paymentId} cannot be read before the PSU approves it; start its authorisation first`,
      { tppCode: 'RESOURCE_UNKNOWN' },
    );
  }
}

export const getPayment =
  (service: PaymentService) =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    visible(ctx, p);
    const self = paymentPath(p);
    return json(200, {
      ...(p.body as object),
      paymentId: p.paymentId,
      transactionStatus: p.status,
      _links: { self: { href: self, verbs: ['GET', 'DELETE'] }, status: { href: `${self}/status`, verbs: ['GET'] } },
    });
  };

export const getPaymentStatus =
  (service: PaymentService) =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    visible(ctx, p);
    // § States: fundsAvailable indicates a rejection caused by lack of funds; always present.
    return json(200, { transactionStatus: p.status, fundsAvailable: p.fundsAvailable ?? fundsFor(ctx.bank, p) });
  };

export const cancelPayment =
  (service: PaymentService) =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    if (p.status === 'PDNG' && ctx.bank.rules.pendingUntilExecutionDate && p.fundsAvailable === undefined) {
      // Scheduled (rules.pendingUntilExecutionDate): PDNG until its execution date; the same error, its own reason.
      throw new BankError(
        'CONFLICT',
        `payment ${p.paymentId} is PDNG: it is authorised and scheduled for execution on ${p.executionDate}, so it cannot be cancelled through this interface; the batch executes it on that date, or the PSU can stop it in the online bank before then`,
        { tppCode: 'CONFLICT' },
      );
    }
    if (p.status === 'PDNG') {
      // § States: deleting a PDNG payment is an error with a descriptive message (our status/code: 409 CONFLICT).
      throw new BankError(
        'CONFLICT',
        `payment ${p.paymentId} is PDNG: the bank's batch is already processing it (waiting for funds), so it cannot be cancelled through this interface; it is retried until the last batch run of the day and then rejected, or the PSU can stop it in the online bank`,
        { tppCode: 'CONFLICT' },
      );
    }
    if (p.status === 'RCVD' || (p.status === 'ACTC' && !ctx.bank.rules.cancelAuthorisedNeedsSca)) {
      // Not authorised (or a bank whose cancellation needs no SCA): the DELETE alone cancels it (Berlin Group 204).
      p.status = 'CANC';
      return { status: 204 };
    }
    if (p.status === 'ACTC') {
      const self = paymentPath(p);
      // Authorised: the cancellation needs its own authorisation (Berlin Group 202).
      return json(202, {
        transactionStatus: p.status,
        _links: {
          self: { href: self, verbs: ['GET'] },
          startAuthorisation: { href: `${self}/cancellation-authorisations`, verbs: ['POST'] },
        },
      });
    }
    throw new BankError('CONFLICT', `payment ${p.paymentId} has the final status ${p.status} and cannot be cancelled`, {
      tppCode: 'CONFLICT',
    });
  };

function authorisationReply(ctx: Ctx, base: string, a: Authorisation, href: string): Reply {
  return json(
    201,
    {
      authorisationId: a.authorisationId,
      scaStatus: a.scaStatus,
      _links: {
        scaRedirect: { href, verbs: ['GET'] },
        scaStatus: { href: `${base}/${encodeURIComponent(a.authorisationId)}`, verbs: ['GET'] },
      },
    },
    { location: `${base}/${encodeURIComponent(a.authorisationId)}` },
  );
}

/** The startAuthorisation link: POST with an empty body, 201 with scaRedirect. */
export const startAuthorisation =
  (service: PaymentService, kind: 'authorisation' | 'cancellation') =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    const need = kind === 'authorisation' ? 'RCVD' : 'ACTC';
    if (p.status !== need) {
      throw new BankError(
        'CONFLICT',
        `payment ${p.paymentId} has status ${p.status}; ${kind === 'authorisation' ? 'authorisation' : 'cancellation authorisation'} needs ${need}`,
        { tppCode: 'CONFLICT' },
      );
    }
    const authorisationId = ctx.bank.nextId('auth');
    const href = startSca(ctx, kind === 'authorisation' ? 'payment' : 'cancellation', {
      expectedNid: resolvePsu(ctx) ?? p.psuNid,
      targetId: p.paymentId,
      authorisationId,
      redirectUri: ctx.h('tpp-redirect-uri') ?? p.redirectUri,
    });
    const a: Authorisation = {
      authorisationId,
      kind,
      scaStatus: 'received',
      scaId: href.slice(href.lastIndexOf('/') + 1),
    };
    p.authorisations.push(a);
    return authorisationReply(
      ctx,
      `${paymentPath(p)}/${kind === 'authorisation' ? 'authorisations' : 'cancellation-authorisations'}`,
      a,
      href,
    );
  };

export const listAuthorisations =
  (service: PaymentService, kind: 'authorisation' | 'cancellation') =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    return json(200, {
      authorisationIds: p.authorisations.filter((a) => a.kind === kind).map((a) => a.authorisationId),
    });
  };

export const getAuthorisation =
  (service: PaymentService, kind: 'authorisation' | 'cancellation') =>
  (ctx: Ctx): Reply => {
    const p = find(ctx, service);
    const a = p.authorisations.find((x) => x.kind === kind && x.authorisationId === ctx.params.authorisationId);
    if (!a)
      throw new BankError('RESOURCE_UNKNOWN', `no authorisation ${ctx.params.authorisationId.slice(0, 80)}`, {
        tppCode: 'RESOURCE_UNKNOWN',
      });
    return json(200, { scaStatus: a.scaStatus });
  };

/**
 * `/v1/payments/instant-norwegian-credit-transfers-<variant>/fee-information` (method not shown: GET and POST answer).
 */
export function feeInformation(ctx: Ctx): Reply {
  const m = /^instant-norwegian-(?:domestic-)?credit-transfers-([a-z]+)$/.exec(ctx.params.product);
  const prod = m ? `instant-norwegian-domestic-credit-transfers-${m[1]}` : '';
  if (!m || !(PAYMENT_PRODUCTS as readonly string[]).includes(prod)) {
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `no fee information for ${ctx.params.product.slice(0, 80)}; known: instant-norwegian-credit-transfers-straks`,
      { tppCode: 'PRODUCT_UNKNOWN' },
    );
  }
  const fee = ctx.bank.rules.fees[prod];
  return json(200, {
    paymentProduct: prod,
    transactionFeeIndicator: !!fee,
    ...(fee ? { transactionFees: amountObj(BigInt(fee.amount.replace('.', '')), fee.currency) } : {}),
  });
}
