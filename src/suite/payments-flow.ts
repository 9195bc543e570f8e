// What the payment and basket steps do with the scenario session: create payments and baskets, follow their
// links, run the PSU's SCA on them, read statuses. Steps stay 1-5 lines; the logic is here.
import type { ScenarioSession } from '../session/session.ts';
import type { CreatedBasket, CreatedPayment, ListedTry } from '../session/state.ts';
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import { tamperWith } from './tamper.ts';
import { keepControl } from './controls.ts';
import { CheckFailure } from '../session/errors.ts';
import { describeResponse, expectSchema, fail, notApplicable, setupFail } from '../session/expect.ts';
import {
  BASKET_ACCEPT_FIX,
  BASKET_PATH,
  CROSS_BORDER_PATH,
  createdPayment,
  expectInitiationAnswer,
  linkPath,
  PURPOSE_CODES,
  variant,
  withAmount,
} from './payments.ts';
import {
  isoDateAhead,
  makeUnique,
  PRODUCTS,
  randomAmount,
  templateBody,
  token,
  type PaymentService,
} from '../session/payment-requests.ts';
import { OPERATION_HEADERS } from '../spec/headers.ts';
import { COUNTRY_CODES } from '../spec/countries.ts';
import { CURRENCIES } from '../spec/currencies.ts';
import { eachAtOnce } from './concurrently.ts';
import { operation } from '../session/shapes.ts';

type Change = (body: any) => void;
export interface SendOptions {
  headers?: RequestSpec['headers'];
  query?: RequestSpec['query'];
  sign?: RequestSpec['sign'];
  mutate?: RequestSpec['mutate'];
  tamper?: RequestSpec['tamper'];
}

/** Leaves out a header the spec lists as required for the operation (src/spec OPERATION_HEADERS). */
export function withoutRequiredHeader(
  op: 'create-cross-border-payment' | 'create-signing-basket',
  name: string,
): SendOptions {
  const required = OPERATION_HEADERS[op].required;
  if (!required.some((h) => h.toLowerCase() === name.toLowerCase()))
    throw new Error(`${name} is not a required header of ${op}; required: ${required.join(', ')}`);
  return withoutHeader(name);
}

/** Request options that leave one header out of an otherwise correct request. */
export function withoutHeader(name: string): SendOptions {
  const n = name.toLowerCase();
  if (n === 'signature') return { tamper: tamperWith('signature.missing') };
  // The Digest is added while signing: sign without one (only headers present are signed).
  if (n === 'digest') return { sign: { digest: 'none' } };
  return { headers: { [name]: null } };
}

const payments = (w: ScenarioSession): CreatedPayment[] => w.state.payments;

/** The payment the scenario works on: the last one created. */
export function currentPayment(w: ScenarioSession): CreatedPayment {
  const p = w.state.payment;
  if (!p) fail('no payment was created in this scenario');
  return p;
}

/** Keeps a created payment (when the exchange created one). */
function keep(w: ScenarioSession, ex: Exchange, service: PaymentService, product: string): void {
  const r = ex.response;
  const body = r?.json as any;
  if (r && r.status >= 200 && r.status < 300 && typeof body?.paymentId === 'string') {
    const p = createdPayment(service, product, body);
    w.state.payment = p;
    payments(w).push(p);
  }
}

/** A valid cross-border payment body (unique amount and remittance), optionally changed. */
export async function crossBorderBody(w: ScenarioSession, change?: Change): Promise<any> {
  const body = makeUnique(await w.paymentBody('cross-border-payment', { amount: randomAmount(), currency: 'EUR' }));
  change?.(body);
  return body;
}

/** POST /v1/payments/cross-border-credit-transfers with the required x-accept-fix. */
export async function sendCrossBorder(w: ScenarioSession, body: unknown, o: SendOptions = {}) {
  const ex = await w.send({
    method: 'POST',
    path: CROSS_BORDER_PATH,
    headers: { 'x-accept-fix': 'amount-as-string', ...o.headers },
    query: o.query,
    body,
    sign: o.sign,
    mutate: o.mutate,
    tamper: o.tamper,
  });
  keep(w, ex, 'payments', PRODUCTS.crossBorder);
  return ex;
}

export async function initiateCrossBorder(w: ScenarioSession, change?: Change, o: SendOptions = {}) {
  return sendCrossBorder(w, await crossBorderBody(w, change), o);
}

/**
 * A cross-border payment changed by `change` and sent with the options `o` (the violation), keeping
 * its control (controls.ts): the same body without the change, sent without the options.
 */
export async function initiateCrossBorderWithControl(
  w: ScenarioSession,
  what: string,
  change?: Change,
  o: SendOptions = {},
) {
  const body = await crossBorderBody(w);
  const control = structuredClone(body);
  change?.(body);
  keepControl(w, what, () => sendCrossBorder(w, control));
  return sendCrossBorder(w, body, o);
}

/**
 * The same cross-border payment twice with allowLogicalDuplicate `value`; the control sends it a
 * third time with allowLogicalDuplicate true, where a logical duplicate is allowed.
 */
export async function initiateCrossBorderTwice(w: ScenarioSession, value: string): Promise<void> {
  const body = await crossBorderBody(w);
  w.state.first = await sendCrossBorder(w, body, { query: { allowLogicalDuplicate: value } });
  keepControl(w, 'the same payment again with allowLogicalDuplicate=true', () =>
    sendCrossBorder(w, body, { query: { allowLogicalDuplicate: 'true' } }),
  );
  await sendCrossBorder(w, body, { query: { allowLogicalDuplicate: value } });
}

const TEMPLATE_OF: Record<string, string> = {
  [PRODUCTS.crossBorder]: 'cross-border-payment',
  [PRODUCTS.domestic]: 'norwegian-domestic-payment',
  [PRODUCTS.straks]: 'norwegian-domestic-payment',
  // The product of the approve-before-read rule: a Norwegian domestic credit transfer (the template a profile
  // replaces).
  'domestic-norway-credit-transfers': 'norwegian-domestic-payment',
  [PRODUCTS.sepa]: 'sepa-payment',
};

/** A valid body of a product (single, bulk or periodic), unique, optionally changed. */
export async function productBody(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  change?: Change,
  amount = randomAmount(),
): Promise<any> {
  offeredAs(w, service, product);
  const tok = token();
  const name =
    service === 'bulk-payments'
      ? `${product.replace(/-credit-transfers$/, '')}-bulk-payment`
      : service === 'periodic-payments'
        ? `${product.replace(/-credit-transfers$/, '')}-periodic-payment`
        : TEMPLATE_OF[product];
  if (!name) fail(`no request template for the payment product ${product}`);
  const vars = {
    amount,
    currency: product === PRODUCTS.crossBorder || product === PRODUCTS.sepa ? 'EUR' : 'NOK',
    debtorAccount: await w.debtorAccount(),
    token: tok,
    startDate: startDate(),
  };
  const body = makeUnique(templateBody(w.profile, name, vars), tok);
  change?.(body);
  return body;
}

/**
 * A start date for periodic payments: a year ahead of today, so it stays in the bank's future even
 * after the @clock scenarios of the run have moved the bank's clock forward.
 */
export const startDate = (): string => isoDateAhead(365);

/** POST /v1/{service}/{product}. */
export async function sendProductPayment(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  body: unknown,
  o: SendOptions = {},
) {
  const ex = await w.send({
    method: 'POST',
    path: `/v1/${service}/${product}`,
    headers: o.headers,
    query: o.query,
    body,
    sign: o.sign,
    mutate: o.mutate,
    tamper: o.tamper,
  });
  keep(w, ex, service, product);
  return ex;
}

export async function initiateProduct(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  change?: Change,
  o: SendOptions = {},
) {
  return sendProductPayment(w, service, product, await productBody(w, service, product, change), o);
}

/**
 * A payment of a product changed by `change` (the violation), keeping its control: the same body without the change.
 */
export async function initiateProductWithControl(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  change: Change,
  what: string,
) {
  const body = await productBody(w, service, product);
  const control = structuredClone(body);
  change(body);
  keepControl(w, what, () => sendProductPayment(w, service, product, control));
  return sendProductPayment(w, service, product, body);
}

/** The same payment of a product twice with allowLogicalDuplicate `value`; the control sends it again with true. */
export async function initiateProductTwice(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  value: string,
): Promise<void> {
  const body = await productBody(w, service, product);
  w.state.first = await sendProductPayment(w, service, product, body, { query: { allowLogicalDuplicate: value } });
  keepControl(w, 'the same payment again with allowLogicalDuplicate=true', () =>
    sendProductPayment(w, service, product, body, { query: { allowLogicalDuplicate: 'true' } }),
  );
  await sendProductPayment(w, service, product, body, { query: { allowLogicalDuplicate: value } });
}

/**
 * A norwegian-domestic payment body sent under `product`, which the bank does not know; the control
 * sends the same body under norwegian-domestic-credit-transfers. A profile that does not offer that
 * product leaves the control unmade: the refusal is not shown to be for the product (inconclusive).
 */
export async function initiateUnderUnknownProduct(w: ScenarioSession, product: string) {
  const body = await productBody(w, 'payments', PRODUCTS.domestic);
  keepControl(w, `the same payment under ${PRODUCTS.domestic}`, () => {
    if (!w.profile.capabilities.products.includes(PRODUCTS.domestic))
      setupFail(
        `the control sends the payment under ${PRODUCTS.domestic}, which the profile does not offer (capabilities.products)`,
        undefined,
      );
    return sendProductPayment(w, 'payments', PRODUCTS.domestic, body);
  });
  return sendProductPayment(w, 'payments', product, body);
}

/** The `@op:` that creates payments of a service and product. */
const initiationOp = (service: PaymentService, product: string) =>
  service === 'payments' && product === PRODUCTS.crossBorder ? 'create-cross-border-payment' : 'initiate-payment';

/**
 * Creates a payment the scenario needs as a precondition. Not created (no 2xx with a paymentId): the
 * set-up could not be made (inconclusive, a failure in the initiation's own scenarios). Created,
 * its answer is checked like any other.
 */
export async function givenPayment(
  w: ScenarioSession,
  service: PaymentService,
  product: string,
  change?: Change,
): Promise<CreatedPayment> {
  if (service === 'payments' && product === PRODUCTS.crossBorder) await initiateCrossBorder(w, change);
  else await initiateProduct(w, service, product, change);
  const r = w.last?.response;
  const id = (r?.json as any)?.paymentId;
  if (!r || r.status >= 300 || typeof id !== 'string' || !id)
    setupFail(
      `the ${product} payment the scenario works on could not be created: ${describeResponse(w.last)}`,
      initiationOp(service, product),
      ['endpoints.initiate-payment'],
    );
  expectInitiationAnswer(w.last);
  return currentPayment(w);
}

/**
 * The product of the approve-before-read rule the scenario works on: the first of the profile's
 * (capabilities.approveBeforeRead; default the spec's domestic-norway-credit-transfers); none: not
 * applicable. Whether the bank offers it is the payment's own check (productBody: offeredAs).
 */
export function approveBeforeReadProduct(w: ScenarioSession): string {
  return (
    w.profile.capabilities.approveBeforeRead[0] ??
    notApplicable(
      'the profile names no product whose payments are read only after approval (capabilities.approveBeforeRead)',
    )
  );
}

/** The profile's products of a payment service, and the key that holds them. */
export function productsOf(w: ScenarioSession, service: PaymentService): { products: string[]; key: string } {
  const c = w.profile.capabilities;
  return service === 'bulk-payments'
    ? { products: c.bulkProducts, key: 'bulkProducts' }
    : service === 'periodic-payments'
      ? { products: c.periodicProducts, key: 'periodicProducts' }
      : { products: c.products, key: 'products' };
}

/** Ends the scenario as not applicable when the profile does not offer `product` in `service`. */
export function offeredAs(w: ScenarioSession, service: PaymentService, product: string): void {
  const { products, key } = productsOf(w, service);
  if (!products.includes(product))
    notApplicable(
      `the profile does not offer ${product} as ${service === 'payments' ? 'a single payment' : service} (capabilities.${key})`,
    );
}

/**
 * The product of a bulk or periodic payment the scenario makes: the first the profile offers in `service`
 * (capabilities.bulkProducts, periodicProducts); none: not applicable, naming the key.
 */
export function serviceProduct(w: ScenarioSession, service: PaymentService): string {
  const { products, key } = productsOf(w, service);
  return products[0] ?? notApplicable(`the profile offers no product as ${service} (capabilities.${key})`);
}

/**
 * A product the profile offers as a single payment and not in `service` (bulk or periodic): one it
 * offers as a single payment only (in no other service) where it has one, preferring a domestic
 * one; none: not applicable.
 */
export function singleOnlyProduct(w: ScenarioSession, service: PaymentService): string {
  const other = new Set(productsOf(w, service).products);
  const single = w.profile.capabilities.products.filter((p) => !other.has(p));
  const c = w.profile.capabilities;
  const onlySingle = single.filter((p) => !c.bulkProducts.includes(p) && !c.periodicProducts.includes(p));
  const pick = (ps: string[]) => ps.find((p) => p !== PRODUCTS.crossBorder) ?? ps[0];
  return (
    pick(onlySingle) ??
    pick(single) ??
    notApplicable(
      `every product the profile offers as a single payment is offered as ${service} too (capabilities.products, capabilities.${productsOf(w, service).key})`,
    )
  );
}

/**
 * The product whose fee information the scenario reads: the profile's first (capabilities.feeInformation); none: not
 * applicable.
 */
export function feeInformationProduct(w: ScenarioSession): string {
  return (
    w.profile.capabilities.feeInformation[0] ??
    notApplicable('the profile names no product with fee information (capabilities.feeInformation)')
  );
}

/**
 * Goes on only where the profile's reading of the current payment's status is `needed` (cancelling in
 * that status needs the PSU's SCA: capabilities.cancellationSca); the other reading's scenario runs instead.
 */
export async function cancellationNeedsSca(w: ScenarioSession, needed: boolean): Promise<void> {
  const status = String(
    ((await readStatus(w)).response?.json as { transactionStatus?: unknown } | undefined)?.transactionStatus,
  );
  const inList = w.profile.capabilities.cancellationSca.includes(status);
  if (inList !== needed)
    notApplicable(
      `the profile says cancelling a ${status} payment needs ${inList ? "the PSU's SCA" : 'no SCA'} (capabilities.cancellationSca)`,
    );
}

/**
 * Lists the current payment's authorisations with the profile's operation (list-payment-authorisations; the scenario is
 * @uses: it).
 */
export async function listAuthorisations(w: ScenarioSession): Promise<void> {
  const op = operation(w.profile, 'list-payment-authorisations', {
    paymentPath: linkPath(currentPayment(w).self, w.ctx.targetUrl),
  });
  if (!op)
    notApplicable(
      "the profile says the bank offers no list of a payment's authorisations (operations.list-payment-authorisations: null)",
    );
  await w.send(op);
}

// ------------------------------------------------------------------ reading, authorising, cancelling

const path = (w: ScenarioSession, href: string) => linkPath(href, w.ctx.targetUrl);

export const readStatus = (w: ScenarioSession, p: CreatedPayment = currentPayment(w)) =>
  w.send({ method: 'GET', path: `${path(w, p.self)}/status` });
export const readPayment = (w: ScenarioSession, p: CreatedPayment = currentPayment(w)) =>
  w.send({ method: 'GET', path: path(w, p.self) });
export const deletePayment = (w: ScenarioSession, p: CreatedPayment = currentPayment(w)) =>
  w.send({ method: 'DELETE', path: path(w, p.self) });

/**
 * Deletes the current payment (in PDNG); the control deletes a payment of the same product that is not PDNG: one just
 * initiated.
 */
export async function deletePendingWithControl(w: ScenarioSession) {
  const p = currentPayment(w);
  keepControl(w, `the same deletion of a ${p.product} payment that is not PDNG (one just initiated)`, async () =>
    deletePayment(w, await givenPayment(w, p.service, p.product)),
  );
  return deletePayment(w, p);
}

/** The status of a payment now (GET .../status), failing unless it is read. */
export async function statusOf(w: ScenarioSession, p: CreatedPayment): Promise<string> {
  const ex = await readStatus(w, p);
  const s = (ex.response?.json as any)?.transactionStatus;
  if (ex.response?.status !== 200 || typeof s !== 'string')
    fail(`the payment status could not be read: ${describeResponse(ex)}`, [
      'states.payment-status-per-payment',
      'endpoints.get-payment-status',
    ]);
  return s;
}

/**
 * The statuses of several payments, read at once (one GET .../status each), in the order of the payments; each answer
 * checked against `schema` when given.
 */
export async function statusesOf(
  w: ScenarioSession,
  payments: readonly CreatedPayment[],
  schema?: 'payment-status-response',
): Promise<string[]> {
  return eachAtOnce(w, payments, async (p) => {
    const ex = await readStatus(w, p);
    const s = (ex.response?.json as any)?.transactionStatus;
    if (ex.response?.status !== 200 || typeof s !== 'string')
      fail(`the status of payment ${p.paymentId} could not be read: ${describeResponse(ex)}`, [
        'states.payment-status-per-payment',
        'endpoints.get-payment-status',
      ]);
    if (schema)
      expectSchema(ex.response.json, schema, `the status of payment ${p.paymentId}`, [
        'states.basket-payment-status-per-payment',
      ]);
    return s as string;
  });
}

/** POST to the payment's startAuthorisation link (Berlin Group path when the answer had none), empty body. */
export async function startAuthorisation(w: ScenarioSession, p: CreatedPayment = currentPayment(w)) {
  const href = p.links.startAuthorisation?.href ?? `${p.self}/authorisations`;
  const ex = await w.send({ method: 'POST', path: path(w, href) });
  keepAuthorisation(w);
  return ex;
}

/** Keeps the authorisation id and scaRedirect of the last answer, for the steps that follow. */
export function keepAuthorisation(w: ScenarioSession): void {
  const r = w.last?.response;
  const body = r?.json as any;
  if (!r || r.status >= 300) return;
  if (body?.authorisationId) w.state.authorisationId = body.authorisationId;
  if (typeof body?._links?.scaRedirect?.href === 'string')
    w.state.scaRedirect = w.absolute(body._links.scaRedirect.href);
}

/** The scaRedirect of the last answer (a 201 authorisation or a 401), as an absolute URL. */
export function redirectOf(w: ScenarioSession): string {
  const href = (w.last?.response?.json as any)?._links?.scaRedirect?.href;
  if (typeof href !== 'string')
    fail(`expected a scaRedirect link, but ${describeResponse(w.last)}`, ['fields.link', 'sca.redirect-on-401']);
  return new URL(href, w.ctx.targetUrl).toString();
}

/** Runs the PSU's SCA on the last answer's scaRedirect; fails unless it ends in a success redirect. */
export async function completeSca(w: ScenarioSession): Promise<void> {
  const href = w.state.scaRedirect ?? redirectOf(w);
  w.state.scaRedirect = undefined;
  const r = await w.runSca(href, w.psu.context ?? 'PRIVATE');
  if (!r.completed || r.params.code || r.params.status) {
    throw new CheckFailure(`the PSU's SCA did not succeed: ${r.problem ?? JSON.stringify(r.params)}`, [
      'sca.redirect-to-tpp',
    ]);
  }
}

/**
 * startAuthorisation, then the PSU's SCA: a precondition (an authorised payment), so a failure is a set-up that could
 * not be made.
 */
export async function authorise(w: ScenarioSession, p: CreatedPayment = currentPayment(w)): Promise<void> {
  const ex = await startAuthorisation(w, p);
  if (!ex.response || ex.response.status >= 300)
    setupFail(
      `the payment authorisation could not be started: ${describeResponse(ex)}`,
      'start-payment-authorisation',
      ['endpoints.start-payment-authorisation'],
    );
  try {
    await completeSca(w);
  } catch (e) {
    if (e instanceof CheckFailure)
      setupFail(
        `the payment could not be authorised: ${e.message.split('\n  clause ')[0]}`,
        'start-payment-authorisation',
        [...e.clauses],
      );
    throw e;
  }
}

export function allPayments(w: ScenarioSession): CreatedPayment[] {
  return payments(w);
}

// ------------------------------------------------------------------ signing baskets

export type { CreatedBasket };

/** POST /v1/signing-baskets with x-accept-fix amount-as-string (unless the options say otherwise). */
export async function sendBasket(w: ScenarioSession, body: unknown, o: SendOptions = {}) {
  const ex = await w.send({
    method: 'POST',
    path: BASKET_PATH,
    headers: { 'x-accept-fix': BASKET_ACCEPT_FIX, ...o.headers },
    body,
    sign: o.sign,
    mutate: o.mutate,
    tamper: o.tamper,
  });
  const b = ex.response?.json as any;
  if (ex.response && ex.response.status < 300 && b && typeof b === 'object') {
    const id = typeof b.basketId === 'string' ? b.basketId : undefined;
    const self = b._links?.self?.href ?? (id ? `${BASKET_PATH}/${encodeURIComponent(id)}` : undefined);
    if (self) w.state.basket = { basketId: id ?? '', self, links: b._links ?? {}, status: b.transactionStatus };
  }
  return ex;
}

/** A basket body of the payments created in this scenario (or of `of`). */
export async function basketBody(w: ScenarioSession, of: readonly CreatedPayment[] = payments(w)): Promise<any> {
  return templateBody(w.profile, 'signing-basket', { paymentIds: of.map((p) => p.paymentId) });
}

/**
 * A basket of the scenario's payments sent with the options `o` (the violation); the control sends the same basket
 * without them.
 */
export async function sendBasketWithControl(w: ScenarioSession, o: SendOptions, what: string) {
  const body = await basketBody(w);
  keepControl(w, what, () => sendBasket(w, body));
  return sendBasket(w, body, o);
}

/**
 * A basket of the scenario's payments, the last of which breaks a rule; the control sends the basket without that last
 * payment.
 */
export async function sendBasketWithoutLastAsControl(w: ScenarioSession, what: string) {
  const all = payments(w);
  if (all.length < 2)
    fail(
      `a basket whose last payment is the violation needs at least two payments; the scenario created ${all.length}`,
    );
  const control = await basketBody(w, all.slice(0, -1));
  keepControl(w, `the same basket without its last payment (${what})`, () => sendBasket(w, control));
  return sendBasket(w, await basketBody(w, all));
}

/**
 * A basket whose body names no payment the TPP created (`body`); the control creates a cross-border payment and sends a
 * basket of it.
 */
export async function sendBasketOfNoCreatedPayment(w: ScenarioSession, body: unknown) {
  keepControl(w, 'a signing basket of a payment the TPP created', async () => {
    const p = await givenPayment(w, 'payments', PRODUCTS.crossBorder);
    return sendBasket(w, await basketBody(w, [p]));
  });
  return sendBasket(w, body);
}

export function currentBasket(w: ScenarioSession): CreatedBasket {
  const b = w.state.basket;
  if (!b)
    fail('no signing basket was created in this scenario (or its answer had neither basketId nor a self link)', [
      'fields.signing-basket-response.basketId',
    ]);
  return b;
}

/** Berlin Group getSigningBasketStatus: GET {basket}/status. */
export const readBasketStatus = (w: ScenarioSession) =>
  w.send({ method: 'GET', path: `${path(w, currentBasket(w).self)}/status` });

/** The basket's startAuthorisation link (Berlin Group path when none), then the PSU's SCA. */
export async function authoriseBasket(w: ScenarioSession): Promise<void> {
  const b = currentBasket(w);
  const href = b.links.startAuthorisation?.href ?? `${b.self}/authorisations`;
  const ex = await w.send({ method: 'POST', path: path(w, href) });
  if (!ex.response || ex.response.status >= 300)
    fail(`the basket authorisation could not be started: ${describeResponse(ex)}`);
  keepAuthorisation(w);
  await completeSca(w);
}

/** Payments of several creations at once (n of them, each unique). */
export async function createPayments(
  w: ScenarioSession,
  n: number,
  service: PaymentService = 'payments',
  product: string = PRODUCTS.crossBorder,
): Promise<void> {
  for (let i = 0; i < n; i++) await givenPayment(w, service, product);
}

export { token };

// ------------------------------------------------------------------ table-driven tries

/**
 * Each listed way of changing a valid cross-border payment, sent as its own payment. The control
 * (controls.ts) is a valid payment made the same way, with none of the changes.
 */
export async function tryCrossBorderWays(
  w: ScenarioSession,
  rows: Array<{ way: string; answer: string }>,
): Promise<ListedTry[]> {
  keepControl(w, 'the same payment with none of the listed changes', () => initiateCrossBorder(w));
  const tries: ListedTry[] = [];
  const each = async (
    list: readonly string[],
    label: string,
    clauses: string[],
    expected: string,
    apply: (b: any, x: string) => void,
  ) => {
    const exs = await eachAtOnce(w, list, (x) => initiateCrossBorder(w, (b) => apply(b, x)));
    list.forEach((x, i) => tries.push({ way: `${label} ${x}`, expected, clauses, ex: exs[i] }));
  };
  for (const { way, answer } of rows) {
    if (way === 'every purposeCode of the list') {
      await each(
        PURPOSE_CODES,
        'purposeCode',
        ['fields.cross-border-payment-request.purposeCode'],
        answer,
        (b, code) => {
          b.purposeCode = code;
        },
      );
    } else if (way === 'every currency code of the list, in its minor units') {
      // The codes whose minor units are an ISO 4217 fact; the others have a SHOULD scenario of their own.
      const codes = [...CURRENCIES.values()].filter((c) => c.level === 'must').map((c) => c.code);
      await each(codes, 'currency', ['conventions.currency-code', 'limits.amount-precision'], answer, (b, code) =>
        withAmount(b, amountIn(code), code),
      );
    } else if (way === 'every country code of the list') {
      await each(
        COUNTRY_CODES,
        'creditorAddress country',
        ['conventions.country-code', 'fields.cross-border-payment-request.creditorAddress'],
        answer,
        (b, code) => {
          b.creditorAddress.country = code;
        },
      );
    } else {
      const v = variant(way);
      tries.push({ way, expected: answer, clauses: v.clauses, ex: await initiateCrossBorder(w, v.apply) });
    }
  }
  return tries;
}

/** An amount of 12 units and some minor units in a currency ("12.34", "12", "12.345"). */
const amountIn = (code: string): string => {
  const mu = CURRENCIES.get(code)!.minorUnits;
  return mu ? `12.${'3456'.slice(0, mu)}` : '12';
};
