// The commands of the stateful model (fast-check AsyncCommand): payments, signing baskets, the
// PSU's consent and SCA sessions. Each command checks its precondition on the model, drives the
// target, asserts what the spec states about the answer (must) or what Berlin Group / the
// reference bank's documentation says where the spec is silent (should), and updates the model.
import { APPROVE_BEFORE_READ_PRODUCTS } from '../../spec/codes.ts';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { limitValue } from '../../spec/limits.ts';
import { validate } from '../../spec/validate.ts';
import { isoDateAhead, makeUnique, PRODUCTS, templateBody, token } from '../../session/payment-requests.ts';
import type { ScaResult } from '../../session/sca/index.ts';
import type { Exchange } from '../../tpp/client.ts';
import { describe, type StatefulEnv } from './env.ts';
import {
  FINAL_STATUSES,
  INACTIVE_STATUSES,
  isPaymentStatus,
  judgeBasket,
  UNAUTHORISED_STATUSES,
  type Model,
  type ModelBasket,
  type ModelPayment,
  type PaymentKind,
} from './state.ts';
import { ModelSetupError } from '../errors.ts';
import type { Verdicts } from './verdicts.ts';

export interface Real {
  env: StatefulEnv;
  v: Verdicts;
}

type Cmd = fc.AsyncCommand<Model, Real>;
type Answer = Exchange & { response: NonNullable<Exchange['response']> };

const BASKET_MAX = limitValue('basket-size');
const BASKET_PATH = '/v1/signing-baskets';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const json = (ex: Answer): any => ex.response.json;
const ok2xx = (ex: Answer) => ex.response.status >= 200 && ex.response.status < 300;
const errorMessage = (ex: Answer): string | undefined => {
  const b = json(ex);
  if (typeof b?.message === 'string' && b.message.trim()) return b.message;
  const t = Array.isArray(b?.tppMessages)
    ? b.tppMessages.find((m: any) => typeof m?.text === 'string' && m.text.trim())
    : undefined;
  return t?.text;
};

// ------------------------------------------------------------------ payments

type KindOf = { service: ModelPayment['service']; product: string; template: string };

const SINGLE: Record<Exclude<PaymentKind, 'bulk' | 'periodic'>, KindOf> = {
  'cross-border': { service: 'payments', product: PRODUCTS.crossBorder, template: 'cross-border-payment' },
  'norwegian-domestic': { service: 'payments', product: PRODUCTS.domestic, template: 'norwegian-domestic-payment' },
  // The product the spec's approve-before-read rule names (§ States), with a domestic body.
  'domestic-norway': {
    service: 'payments',
    product: APPROVE_BEFORE_READ_PRODUCTS[0],
    template: 'norwegian-domestic-payment',
  },
};

/**
 * The service, product and template of a kind of payment. Bulk and periodic: the first product the
 * profile offers so (capabilities.bulkProducts, periodicProducts) and its `<product>-bulk-payment` /
 * `-periodic-payment` template; undefined when the profile offers none.
 */
function kindOf(env: StatefulEnv, kind: PaymentKind): KindOf | undefined {
  if (kind !== 'bulk' && kind !== 'periodic') return SINGLE[kind];
  const product = (kind === 'bulk' ? env.capabilities.bulkProducts : env.capabilities.periodicProducts)[0];
  return product === undefined
    ? undefined
    : {
        service: `${kind}-payments`,
        product,
        template: `${product.replace(/-credit-transfers$/, '')}-${kind}-payment`,
      };
}

function offered(env: StatefulEnv, kind: PaymentKind): boolean {
  const c = env.capabilities;
  if (kind === 'bulk') return !!kindOf(env, kind) && c.bulk && c.baskets;
  if (kind === 'periodic') return !!kindOf(env, kind) && c.periodic && c.baskets;
  return c.products.includes(SINGLE[kind].product);
}

/** Creates a payment and adds it to the model (or not, when the target refuses it). */
async function createPayment(
  m: Model,
  { env, v }: Real,
  kind: PaymentKind,
  big: boolean,
): Promise<ModelPayment | undefined> {
  const k = kindOf(env, kind);
  if (!k) return undefined;
  const tok = token();
  // Small amounts never drain the debtor account over a run; big ones exceed any balance.
  const amount = big ? '9999999.00' : `${1 + (m.payments.length % 9)}.${tok.slice(0, 2).replace(/[a-f]/g, '5')}`;
  const currency = kind === 'cross-border' ? 'EUR' : 'NOK';
  const body = makeUnique(
    templateBody(env.profile, k.template, {
      amount,
      currency,
      debtorAccount: env.debtor,
      token: tok,
      startDate: isoDateAhead(365),
    }),
    tok,
  );
  const label = `p${m.payments.length + 1}`;
  const what = `create ${kind} payment ${label}`;
  const ex = await env.send(
    v,
    {
      method: 'POST',
      path: `/v1/${k.service}/${k.product}`,
      query: { allowLogicalDuplicate: 'true' },
      body,
      headers: kind === 'cross-border' ? { 'x-accept-fix': 'amount-as-string' } : {},
    },
    what,
  );
  v.should(
    ok2xx(ex),
    [kind === 'cross-border' ? 'endpoints.create-cross-border-payment.success' : 'endpoints.initiate-payment.success'],
    () => `${what}: a valid payment is created, but ${describe(ex)}`,
  );
  if (!ok2xx(ex)) return undefined;
  const b = json(ex);
  if (kind === 'cross-border') {
    const r = validate('cross-border-payment-response', b);
    v.must(
      r.ok,
      ['fields.cross-border-payment-response'],
      () =>
        `${what}: the answer does not match the cross-border payment response (${r.ok ? '' : r.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
    );
  } else {
    // Fields of other products are not shown; the payment status values are.
    v.must(
      isPaymentStatus(b?.transactionStatus),
      ['fields.payment-status-response.transactionStatus', 'conventions.enums-exact'],
      () =>
        `${what}: transactionStatus ${JSON.stringify(b?.transactionStatus)} is not a payment status: ${describe(ex)}`,
    );
    const r = validate('cross-border-payment-response', b);
    v.should(
      r.ok,
      ['endpoints.initiate-payment'],
      () =>
        `${what}: the answer is not shaped like the payment response of the spec (${r.ok ? '' : r.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
    );
  }
  if (typeof b?.paymentId !== 'string' || !b.paymentId) return undefined;
  const self =
    typeof b._links?.self?.href === 'string'
      ? env.path(b._links.self.href)
      : `/v1/${k.service}/${k.product}/${encodeURIComponent(b.paymentId)}`;
  const start =
    typeof b._links?.startAuthorisation?.href === 'string' ? env.path(b._links.startAuthorisation.href) : undefined;
  const p: ModelPayment = {
    label,
    kind,
    service: k.service,
    product: k.product,
    paymentId: b.paymentId,
    self,
    startAuthorisation: start,
    status: isPaymentStatus(b.transactionStatus) ? b.transactionStatus : undefined,
    approved: false,
    cancelled: false,
    big,
  };
  m.payments.push(p);
  return p;
}

/** A status the target reports for a payment, judged against what the model knows, then kept. */
function observe(v: Verdicts, p: ModelPayment, status: unknown, what: string): void {
  v.must(
    isPaymentStatus(status),
    ['fields.payment-status-response.transactionStatus', 'conventions.enums-exact'],
    () => `${what}: transactionStatus ${JSON.stringify(status)} is not one of the payment statuses`,
  );
  if (!isPaymentStatus(status)) return;
  const was = p.status;
  if (p.cancelled) {
    v.should(
      INACTIVE_STATUSES.has(status),
      ['endpoints.cancel-payment'],
      () =>
        `${what}: ${p.label} was deleted (DELETE answered 204), yet its status is ${status}, an active status again`,
    );
  }
  if (was && FINAL_STATUSES.has(was)) {
    v.should(
      status === was,
      ['endpoints.get-payment-status'],
      () => `${what}: ${p.label} had the final status ${was}, now ${status}`,
    );
  }
  if (!p.approved) {
    v.should(
      UNAUTHORISED_STATUSES.has(status),
      ['endpoints.start-payment-authorisation', 'sca.psu-authenticates'],
      () => `${what}: ${p.label} was never authorised by the PSU's SCA, yet its status is ${status}`,
    );
  }
  p.status = status;
}

/**
 * The status of a payment of the approve-before-read products (the profile's; default the spec's) the PSU has not
 * approved cannot be fetched (spec § States).
 */
const hiddenBeforeApproval = (env: StatefulEnv, p: ModelPayment) =>
  env.capabilities.approveBeforeRead.includes(p.product) &&
  !p.approved &&
  !p.cancelled &&
  (p.status === undefined || p.status === 'RCVD');

/** GET …/status: judged, and the model follows it. False when the status could not be read. */
async function readStatus({ env, v }: Real, p: ModelPayment, why: string): Promise<boolean> {
  const what = `${why}: status of ${p.label} (${p.kind})`;
  const ex = await env.send(v, { method: 'GET', path: `${p.self}/status` }, what);
  if (hiddenBeforeApproval(env, p)) {
    v.must(
      !ok2xx(ex),
      ['states.payment-norwegian-domestic-after-approval'],
      () => `${what}: the PSU has not approved this ${p.product} payment, yet its status was served: ${describe(ex)}`,
    );
    if (!ok2xx(ex)) {
      p.status ??= 'RCVD';
      return true; // known to the model: created, not approved
    }
  }
  v.should(
    ex.response.status === 200,
    ['endpoints.get-payment-status.success', 'states.payment-status-per-payment'],
    () => `${what}: ${describe(ex)}`,
  );
  if (!ok2xx(ex)) return false;
  const r = validate('payment-status-response', json(ex));
  v.must(
    r.ok,
    ['fields.payment-status-response', 'states.payment-status-per-payment'],
    () =>
      `${what}: the answer does not match the payment status response (${r.ok ? '' : r.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
  );
  observe(v, p, json(ex)?.transactionStatus, what);
  return true;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
/**
 * The i-th of those that satisfy `prefer` when there are any, else of all: commands aim where the life cycle goes on.
 */
const pickPreferring = <T>(list: readonly T[], i: number, prefer: (x: T) => boolean): T => {
  const preferred = list.filter(prefer);
  return pick(preferred.length ? preferred : list, i);
};
const isSingle = (p: ModelPayment) =>
  p.kind === 'cross-border' || p.kind === 'norwegian-domestic' || p.kind === 'domestic-norway';
const inLiveBasket = (m: Readonly<Model>, p: ModelPayment) =>
  m.baskets.some((b) => !b.deleted && b.payments.includes(p.label));

export class CreatePayment implements Cmd {
  constructor(
    readonly kind: PaymentKind,
    readonly big: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.v.ran('CreatePayment');
    if (!offered(r.env, this.kind)) return;
    await createPayment(m, r, this.kind, this.big);
  }
  toString = () => `CreatePayment(${this.kind}${this.big ? ', big' : ''})`;
}

export class ReadPaymentStatus implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    r.v.ran('ReadPaymentStatus');
    await readStatus(r, pick(m.payments, this.i), 'read');
  }
  toString = () => `ReadPaymentStatus(${this.i})`;
}

export class DeletePayment implements Cmd {
  /** pending: a PDNG payment when the model has one. */
  constructor(
    readonly i: number,
    readonly pending: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, real: Real): Promise<void> {
    const { env, v } = real;
    v.ran('DeletePayment');
    const p = this.pending ? pickPreferring(m.payments, this.i, (x) => x.status === 'PDNG') : pick(m.payments, this.i);
    // A PDNG payment may have moved in a batch since it was last read: read it right before.
    if (p.status === 'PDNG') await readStatus(real, p, 'before delete');
    const pending = p.status === 'PDNG';
    const what = `delete ${p.label} (${p.kind}, ${p.status ?? 'status unknown'})`;
    const ex = await env.send(v, { method: 'DELETE', path: p.self }, what);
    if (pending) {
      v.must(
        ex.response.status >= 400 && !!errorMessage(ex),
        ['states.payment-delete-pending'],
        () => `${what}: deleting a PDNG payment must answer an error with a descriptive message: ${describe(ex)}`,
      );
    }
    if (ex.response.status === 204) p.cancelled = true;
    if (ok2xx(ex) && p.status === 'RCVD') {
      v.should(
        ex.response.status === 204,
        ['endpoints.cancel-payment.success'],
        () => `${what}: Berlin Group cancels a payment not yet authorised at once (204): ${describe(ex)}`,
      );
    }
    await readStatus(real, p, 'after delete');
    if (p.cancelled)
      v.should(
        p.status === 'CANC',
        ['endpoints.cancel-payment'],
        () => `${what}: DELETE answered 204, so the payment is cancelled; its status is ${p.status}`,
      );
  }
  toString = () => `DeletePayment(${this.i}${this.pending ? ', PDNG first' : ''})`;
}

/** The success or failure redirect of an SCA, judged (spec § Events). */
function judgeRedirect(
  env: StatefulEnv,
  v: Verdicts,
  r: ScaResult,
  what: string,
  sessionId: string,
  cancelled: boolean,
): 'success' | 'failure' | 'none' {
  const broken = r.steps.find((s) => s.status >= 500);
  v.must(
    !broken,
    ['errors.SYSTEM_ERROR'],
    () => `${what}: an SCA page answered ${broken?.status} (${broken?.method} ${broken?.url})`,
  );
  v.must(
    r.completed,
    ['sca.redirect-to-tpp'],
    () => `${what}: the SCA did not end at TPP-Redirect-URI: ${r.problem ?? JSON.stringify(r.params)}`,
  );
  if (!r.completed) return 'none';
  const q = r.params;
  const failed = q.code !== undefined || q.status !== undefined || q['psu-id'] === undefined;
  if (cancelled)
    v.must(
      failed,
      ['events.failure.code', 'events.failure.status'],
      () => `${what}: the PSU cancelled, yet the redirect reports success: ${JSON.stringify(q)}`,
    );
  if (failed) {
    v.must(
      /^\d{3}$/.test(q.status ?? ''),
      ['events.failure.status'],
      () => `${what}: failure redirect without a numeric status: ${JSON.stringify(q)}`,
    );
    v.must(!!q.code, ['events.failure.code'], () => `${what}: failure redirect without code: ${JSON.stringify(q)}`);
    v.must(
      q.message !== undefined,
      ['events.failure.message'],
      () => `${what}: failure redirect without message: ${JSON.stringify(q)}`,
    );
    return 'failure';
  }
  v.must(UUID.test(q['psu-id']), ['events.success.psu-id'], () => `${what}: psu-id ${q['psu-id']} is not a UUID`);
  v.must(
    q['psu-id'].toLowerCase() === env.psuId.toLowerCase(),
    ['sca.psu-id-reused'],
    () => `${what}: psu-id ${q['psu-id']} differs from the PSU's ${env.psuId} (stable per TPP and bank)`,
  );
  v.must(
    q['tpp-session-id'] === sessionId,
    ['events.success.tpp-session-id'],
    () =>
      `${what}: tpp-session-id ${q['tpp-session-id']} is not the TPP-Session-ID ${sessionId} of the request that started SCA`,
  );
  v.must(
    q.context === 'PRIVATE',
    ['events.success.context', 'sca.accounts-and-context'],
    () => `${what}: the PSU chose PRIVATE, the redirect says context ${q.context}`,
  );
  return 'success';
}

/** startAuthorisation (POST, empty body), the PSU's SCA completed or cancelled, then the status. */
async function authorise(m: Model, real: Real, p: ModelPayment, cancel: boolean): Promise<void> {
  const { env, v } = real;
  const what = `authorise ${p.label} (${p.kind}, ${p.status ?? 'status unknown'})${cancel ? ', SCA cancelled' : ''}`;
  const ex = await env.send(v, { method: 'POST', path: p.startAuthorisation ?? `${p.self}/authorisations` }, what);
  const href = json(ex)?._links?.scaRedirect?.href;
  if (ok2xx(ex))
    v.should(
      typeof href === 'string',
      ['fields.link', 'endpoints.start-payment-authorisation'],
      () => `${what}: the authorisation answer has no scaRedirect link: ${describe(ex)}`,
    );
  if (typeof href !== 'string') return;
  const r = await env.sca(href, cancel, m.session);
  const outcome = judgeRedirect(env, v, r, what, m.session, cancel);
  if (outcome === 'success') p.approved = true;
  await readStatus(real, p, `after ${cancel ? 'cancelled' : 'completed'} SCA`);
  if (outcome === 'success') {
    v.should(
      p.status !== 'RCVD',
      ['endpoints.start-payment-authorisation', 'sca.psu-authenticates'],
      () => `${what}: the PSU's SCA succeeded, yet the payment is still RCVD`,
    );
  }
}

export class AuthorisePayment implements Cmd {
  constructor(
    readonly i: number,
    readonly cancel: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, real: Real): Promise<void> {
    real.v.ran(this.cancel ? 'AuthorisePayment(cancel)' : 'AuthorisePayment(complete)');
    if (!real.env.canSca) return;
    await authorise(
      m,
      real,
      pickPreferring(m.payments, this.i, (x) => x.status === 'RCVD' && !x.cancelled),
      this.cancel,
    );
  }
  toString = () => `AuthorisePayment(${this.i}, ${this.cancel ? 'cancel' : 'complete'})`;
}

/** All payments' statuses after a batch (the model follows what the target says). */
async function afterBatch(m: Model, real: Real, lastOfDay: boolean): Promise<void> {
  for (const p of m.payments) await readStatus(real, p, `after a batch${lastOfDay ? ' (last of the day)' : ''}`);
}

/**
 * Create, authorise and batch-run a payment larger than any balance: the steps that make a payment
 * wait for funds (the reference bank: PDNG until the day's last run). Test mode only.
 */
export class UnfundedPayment implements Cmd {
  constructor(readonly kind: 'cross-border' | 'norwegian-domestic') {}
  check = () => true;
  async run(m: Model, real: Real): Promise<void> {
    real.v.ran('UnfundedPayment');
    if (!real.env.batch) return real.v.skipped('UnfundedPayment', NO_BATCH);
    if (!real.env.canSca) return;
    const p = await createPayment(m, real, this.kind, true);
    if (!p) return;
    await authorise(m, real, p, false);
    await real.env.runBatch(false);
    await afterBatch(m, real, false);
  }
  toString = () => `UnfundedPayment(${this.kind})`;
}

const NO_BATCH =
  'the profile names no batch control operation (batchControl): the steps that need a payment batch are left out';

export class RunBatch implements Cmd {
  constructor(readonly lastOfDay: boolean) {}
  check = () => true;
  async run(m: Model, real: Real): Promise<void> {
    real.v.ran('RunBatch');
    if (!real.env.batch) return real.v.skipped('RunBatch', NO_BATCH);
    await real.env.runBatch(this.lastOfDay);
    await afterBatch(m, real, this.lastOfDay);
  }
  toString = () => `RunBatch(${this.lastOfDay ? 'last of day' : 'not last'})`;
}

// ------------------------------------------------------------------ signing baskets

/** Current statuses of a basket's payments: read where readable (the model follows), else as the model knows them. */
async function basketPaymentStatuses(
  m: Model,
  real: Real,
  b: ModelBasket,
  read: boolean,
): Promise<string[] | undefined> {
  const out: string[] = [];
  for (const label of b.payments) {
    const p = m.payments.find((x) => x.label === label);
    if (!p) return undefined;
    if (read && !(await readStatus(real, p, `status of ${b.label}`))) return undefined;
    if (!p.status) return undefined;
    out.push(p.status);
  }
  return out;
}

function judge(v: Verdicts, basketStatus: unknown, statuses: readonly string[], what: string): void {
  const j = judgeBasket(basketStatus, statuses);
  v.must(
    !j.must,
    ['states.basket-worst-case', 'states.basket-single-status', 'states.basket-not-atomic'],
    () => `${what}: ${j.must}`,
  );
  v.should(!j.should, ['states.basket-worst-case'], () => `${what}: ${j.should}`);
}

export type BasketVariant = 'plain' | 'mix' | 'unknown' | 'oversize';

export class CreateBasket implements Cmd {
  /**
   * picks: indices into the TPP's single payments in RCVD that are in no open basket (the ones a TPP
   * would put in one; plain creates up to three first when there are fewer). mix: adds a bulk or
   * periodic payment (created first when the model has none); unknown: adds an id the target never
   * issued; oversize: fills up to one more than the limit with new payments.
   */
  constructor(
    readonly picks: number[],
    readonly variant: BasketVariant,
  ) {}
  check = (_m: Readonly<Model>) => {
    return true;
  };
  async run(m: Model, real: Real): Promise<void> {
    const { env, v } = real;
    v.ran(`CreateBasket(${this.variant})`);
    if (!env.capabilities.baskets) return;
    const candidates = m.payments.filter(
      (p) => isSingle(p) && p.status === 'RCVD' && !p.cancelled && !inLiveBasket(m, p),
    );
    if (this.variant === 'plain') {
      // Too few payments to put in it: the TPP creates them first (cross-border and domestic by turns).
      const want = Math.min(this.picks.length, 3);
      while (candidates.length < want) {
        const p = await createPayment(
          m,
          real,
          this.picks[candidates.length] % 2 ? 'norwegian-domestic' : 'cross-border',
          false,
        );
        if (!p) return;
        candidates.push(p);
      }
    }
    const chosen: ModelPayment[] = [];
    if (candidates.length)
      for (const i of this.picks) {
        const p = pick(candidates, i);
        if (!chosen.includes(p)) chosen.push(p);
      }
    if (this.variant === 'mix') {
      let other = m.payments.filter((p) => !isSingle(p));
      if (!other.length) {
        const kind: PaymentKind = (this.picks[0] ?? 0) % 2 ? 'periodic' : 'bulk';
        if (!offered(env, kind)) return;
        const p = await createPayment(m, real, kind, false);
        if (!p) return;
        other = [p];
      }
      chosen.push(pick(other, this.picks[0] ?? 0));
    }
    const unknown = this.variant === 'unknown' ? [`unknown-${++m.unknownIds}-${randomUUID()}`] : [];
    if (this.variant === 'oversize') {
      // One more than the limit, of payments the TPP really created: only the size is wrong.
      while (chosen.length < BASKET_MAX + 1) {
        const p = await createPayment(m, real, 'cross-border', false);
        if (!p) throw new ModelSetupError('could not create the payments for an oversize basket');
        chosen.push(p);
      }
    }
    const ids = [...chosen.map((p) => p.paymentId), ...unknown];
    if (!ids.length) return;
    const mixed = chosen.filter((p) => !isSingle(p));
    const what = `create basket of ${ids.length} (${[...chosen.map((p) => `${p.label} ${p.kind} ${p.status ?? '?'}`), ...unknown.map(() => 'unknown id')].join(', ')})`;
    const ex = await env.send(
      v,
      { method: 'POST', path: BASKET_PATH, headers: { 'x-accept-fix': 'amount-as-string' }, body: { paymentIds: ids } },
      what,
    );
    const st = ex.response.status;
    if (ids.length > BASKET_MAX) {
      v.must(
        st === 400,
        [
          'limits.basket-size',
          'endpoints.create-signing-basket.at-most-10-ids',
          'fields.signing-basket-request.paymentIds',
        ],
        () => `${what}: more than ${BASKET_MAX} payments must be refused with 400: ${describe(ex)}`,
      );
    } else if (mixed.length && !unknown.length) {
      v.must(
        st === 400 && json(ex)?.code === 'REFERENCE_MIX_INVALID',
        ['states.basket-no-bulk-or-periodic', 'errors.REFERENCE_MIX_INVALID'],
        () =>
          `${what}: ${mixed.map((p) => `${p.label} is ${p.kind}`).join(', ')}; the attempt must be answered 400 REFERENCE_MIX_INVALID: ${describe(ex)}`,
      );
    } else if (mixed.length) {
      v.must(
        !ok2xx(ex),
        ['states.basket-no-bulk-or-periodic'],
        () => `${what}: bulk or periodic payments cannot be put in a basket, yet it was created: ${describe(ex)}`,
      );
    } else if (unknown.length) {
      v.should(
        st >= 400 && st < 500,
        ['endpoints.create-signing-basket.payments-created-first'],
        () => `${what}: a basket naming payment ids the TPP never created is refused: ${describe(ex)}`,
      );
    } else {
      v.should(
        ok2xx(ex),
        ['endpoints.create-signing-basket.success'],
        () => `${what}: a basket of the TPP's own received payments is created: ${describe(ex)}`,
      );
    }
    if (!ok2xx(ex)) return;
    v.should(st === 201, ['endpoints.create-signing-basket.success'], () => `${what}: ${describe(ex)}`);
    const b = json(ex);
    const r = validate('signing-basket-response', b);
    v.must(
      r.ok,
      ['fields.signing-basket-response', 'fields.signing-basket-response.transactionStatus'],
      () =>
        `${what}: the answer does not match the signing basket response (${r.ok ? '' : r.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
    );
    const basketId = typeof b?.basketId === 'string' ? b.basketId : undefined;
    const self =
      typeof b?._links?.self?.href === 'string'
        ? env.path(b._links.self.href)
        : basketId
          ? `${BASKET_PATH}/${encodeURIComponent(basketId)}`
          : undefined;
    if (!self) return;
    const basket: ModelBasket = {
      label: `b${m.baskets.length + 1}`,
      basketId,
      self,
      payments: chosen.map((p) => p.label),
      deleted: false,
    };
    m.baskets.push(basket);
    if (unknown.length) return; // its worst case involves payments the model does not know
    const statuses = await basketPaymentStatuses(m, real, basket, false);
    if (statuses) judge(v, b?.transactionStatus, statuses, `${what} → ${basket.label}`);
  }
  toString = () => `CreateBasket(${this.variant}, [${this.picks.join(',')}])`;
}

export class ReadBasketStatus implements Cmd {
  /** deleted: any basket, deleted ones too; else an open one when there is one. */
  constructor(
    readonly i: number,
    readonly deleted = false,
  ) {}
  check = (m: Readonly<Model>) => m.baskets.length > 0;
  async run(m: Model, real: Real): Promise<void> {
    const { env, v } = real;
    v.ran('ReadBasketStatus');
    const b = this.deleted ? pick(m.baskets, this.i) : pickPreferring(m.baskets, this.i, (x) => !x.deleted);
    const what = `status of basket ${b.label} [${b.payments.join(', ')}]${b.deleted ? ' (deleted)' : ''}`;
    const read = () => env.send(v, { method: 'GET', path: `${b.self}/status` }, what);
    if (b.deleted) {
      const ex = await read();
      v.should(
        ex.response.status >= 400 && ex.response.status < 500,
        ['endpoints.create-signing-basket'],
        () => `${what}: a deleted basket is gone: ${describe(ex)}`,
      );
      return;
    }
    for (let round = 0; round < 2; round++) {
      const before = await basketPaymentStatuses(m, real, b, true);
      const ex = await read();
      v.should(ex.response.status === 200, ['states.basket-single-status'], () => `${what}: ${describe(ex)}`);
      if (!ok2xx(ex)) return;
      const r = validate('basket-status-response', json(ex));
      v.must(
        r.ok,
        [
          'fields.basket-status-response',
          'fields.basket-status-response.transactionStatus',
          'states.basket-single-status',
        ],
        () =>
          `${what}: the answer does not match the basket status response (${r.ok ? '' : r.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
      );
      if (!before) return;
      const j = judgeBasket(json(ex)?.transactionStatus, before);
      // A batch may have moved a payment between the reads: judge a disagreement only on a second, fresh round.
      if ((j.must || j.should) && round === 0) {
        const after = await basketPaymentStatuses(m, real, b, true);
        if (after && after.join() !== before.join()) continue;
      }
      judge(
        v,
        json(ex)?.transactionStatus,
        before,
        `${what} (payments ${b.payments.map((l, k) => `${l} ${before[k]}`).join(', ')})`,
      );
      return;
    }
  }
  toString = () => `ReadBasketStatus(${this.i}${this.deleted ? ', any' : ''})`;
}

export class DeleteBasket implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => m.baskets.some((b) => !b.deleted);
  async run(m: Model, { env, v }: Real): Promise<void> {
    v.ran('DeleteBasket');
    const live = m.baskets.filter((b) => !b.deleted);
    const b = pick(live, this.i);
    const ex = await env.send(v, { method: 'DELETE', path: b.self }, `delete basket ${b.label}`);
    if (ok2xx(ex)) b.deleted = true;
  }
  toString = () => `DeleteBasket(${this.i})`;
}

// ------------------------------------------------------------------ consent and SCA sessions

/** GET /v1/accounts in a session. */
const readAccounts = (r: Real, session: string, what: string) =>
  r.env.send(r.v, { method: 'GET', path: '/v1/accounts', psu: { tppSessionId: session } }, what);

export class ObtainConsent implements Cmd {
  check = () => true;
  async run(m: Model, real: Real): Promise<void> {
    const { env, v } = real;
    v.ran('ObtainConsent');
    if (!env.canSca) return;
    const old = m.session;
    const fresh = randomUUID();
    const what = 'consent in a new TPP-Session-ID';
    const first = await readAccounts(real, fresh, `${what}: accounts before SCA`);
    const href = json(first)?._links?.scaRedirect?.href;
    v.must(
      first.response.status === 401 && typeof href === 'string',
      ['states.sca-session-new-needs-sca', 'sca.redirect-on-401'],
      () => `${what}: a new TPP-Session-ID needs a new SCA (401 scaRedirect): ${describe(first)}`,
    );
    if (typeof href !== 'string') return;
    const r = await env.sca(href, false, fresh);
    if (judgeRedirect(env, v, r, what, fresh, false) !== 'success') return;
    m.session = fresh;
    env.sessionId = fresh;
    const list = await readAccounts(real, fresh, `${what}: accounts after SCA`);
    v.should(
      list.response.status === 200 && Array.isArray(json(list)?.accounts),
      ['endpoints.list-accounts.success', 'endpoints.list-accounts'],
      () => `${what}: after the PSU's SCA the accounts are read: ${describe(list)}`,
    );
    const stale = await readAccounts(real, old, `${what}: accounts in the old TPP-Session-ID`);
    v.must(
      stale.response.status === 401,
      ['states.sca-session-new-invalidates-old'],
      () =>
        `${what}: the SCA in the new session invalidates the old one, yet the old one still reads accounts: ${describe(stale)}`,
    );
  }
  toString = () => 'ObtainConsent';
}

export class AbortSca implements Cmd {
  check = () => true;
  async run(m: Model, real: Real): Promise<void> {
    const { env, v } = real;
    v.ran('AbortSca');
    if (!env.canSca) return;
    const fresh = randomUUID();
    const what = 'SCA in a new TPP-Session-ID, aborted';
    const first = await readAccounts(real, fresh, `${what}: accounts before SCA`);
    const href = json(first)?._links?.scaRedirect?.href;
    v.must(
      first.response.status === 401 && typeof href === 'string',
      ['states.sca-session-new-needs-sca', 'sca.redirect-on-401'],
      () => `${what}: a new TPP-Session-ID needs a new SCA (401 scaRedirect): ${describe(first)}`,
    );
    if (typeof href !== 'string') return;
    const r = await env.sca(href, true, fresh);
    judgeRedirect(env, v, r, what, fresh, true);
    const kept = await readAccounts(real, m.session, `${what}: accounts in the old TPP-Session-ID`);
    v.must(
      kept.response.status !== 401,
      ['states.sca-session-abort-keeps-old'],
      () => `${what}: the aborted SCA leaves the old session valid, yet it now demands SCA: ${describe(kept)}`,
    );
    v.should(kept.response.status === 200, ['endpoints.list-accounts.success'], () => `${what}: ${describe(kept)}`);
    const still = await readAccounts(real, fresh, `${what}: accounts in the aborted TPP-Session-ID`);
    v.must(
      still.response.status === 401,
      ['states.sca-session-new-needs-sca'],
      () => `${what}: the new session's SCA was aborted, so it still needs one: ${describe(still)}`,
    );
  }
  toString = () => 'AbortSca';
}

// ------------------------------------------------------------------ the arbitrary

export interface CommandOptions {
  maxCommands?: number;
}

/** The command sequences: short, weighted towards what makes baskets interesting. */
export function statefulCommands(opts: CommandOptions = {}): fc.Arbitrary<Iterable<Cmd>> {
  const idx = fc.nat({ max: 11 });
  const single = fc.constantFrom<PaymentKind>('cross-border', 'norwegian-domestic', 'domestic-norway');
  const createSingle = fc.tuple(single, fc.boolean()).map(([k, big]) => new CreatePayment(k, big) as Cmd);
  const picks = fc.array(idx, { minLength: 1, maxLength: 5 });
  const arbs: fc.Arbitrary<Cmd>[] = [
    createSingle,
    createSingle,
    createSingle,
    fc.constantFrom<PaymentKind>('bulk', 'periodic').map((k) => new CreatePayment(k, false)),
    idx.map((i) => new ReadPaymentStatus(i)),
    fc.tuple(idx, fc.boolean()).map(([i, pending]) => new DeletePayment(i, pending)),
    idx.map((i) => new DeletePayment(i, true)),
    fc.tuple(idx, fc.boolean()).map(([i, c]) => new AuthorisePayment(i, c)),
    fc.tuple(idx, fc.boolean()).map(([i, c]) => new AuthorisePayment(i, c)),
    fc.tuple(idx, fc.boolean()).map(([i, c]) => new AuthorisePayment(i, c)),
    picks.map((p) => new CreateBasket(p, 'plain')),
    picks.map((p) => new CreateBasket(p, 'plain')),
    fc
      .tuple(picks, fc.constantFrom<BasketVariant>('mix', 'unknown', 'oversize'))
      .map(([p, k]) => new CreateBasket(p, k)),
    fc.tuple(idx, fc.nat({ max: 4 })).map(([i, n]) => new ReadBasketStatus(i, n === 0)),
    fc.tuple(idx, fc.nat({ max: 4 })).map(([i, n]) => new ReadBasketStatus(i, n === 0)),
    fc.tuple(idx, fc.nat({ max: 4 })).map(([i, n]) => new ReadBasketStatus(i, n === 0)),
    idx.map((i) => new DeleteBasket(i)),
    fc.boolean().map((last) => new RunBatch(last)),
    fc
      .constantFrom<'cross-border' | 'norwegian-domestic'>('cross-border', 'norwegian-domestic')
      .map((k) => new UnfundedPayment(k)),
    fc.constant(new ObtainConsent()),
    fc.constant(new AbortSca()),
  ];
  return fc.commands(arbs, { maxCommands: opts.maxCommands ?? 12, size: 'max' });
}
