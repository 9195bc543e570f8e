// Rules with more than one TPP or a PSD2 role (features/tpp-identities.feature): the scenario acts as
// the profile's other TPPs (tpp.identities: second, aiOnly, piOnly) through ScenarioSession.as, each
// with its own client, PSU session and SCA for the same PSU. What another TPP sends becomes the
// scenario's last exchange, so the shared Then steps read it.
import { UUID_PATTERN } from '../spec/events.ts';
import type { RequestSpec } from '../tpp/client.ts';
import { describeResponse, expectErrorBody, fail, responseOf } from '../session/expect.ts';
import {
  completeSca,
  currentBasket,
  currentPayment,
  initiateCrossBorder,
  productBody,
  readBasketStatus,
  readPayment,
  readStatus,
  sendProductPayment,
  startAuthorisation,
} from './payments-flow.ts';
import { PRODUCTS } from '../session/payment-requests.ts';
import { runCheck } from './checks/check.ts';
import { singleScaAuthorised } from './checks/payments.ts';
import { linkPath } from './payments.ts';
import type { IdentityName } from '../session/profile.ts';
import type { ScenarioSession } from '../session/session.ts';
import { keepControl } from './controls.ts';

/** The feature's names for the identities: "second TPP", "AI-only TPP", "PI-only TPP". */
const NAMES: Record<string, IdentityName> = { second: 'second', 'AI-only': 'aiOnly', 'PI-only': 'piOnly' };

export function identityNamed(word: string): IdentityName {
  const name = NAMES[word];
  if (!name) fail(`no TPP identity called "${word}": one of ${Object.keys(NAMES).join(', ')}`);
  return name;
}

/** Runs `act` as another TPP; its last exchange becomes the scenario's. */
async function asOther<T>(w: ScenarioSession, name: IdentityName, act: (o: ScenarioSession) => Promise<T>): Promise<T> {
  const o = w.as(name);
  try {
    return await act(o);
  } finally {
    if (o.last) w.last = o.last;
  }
}

/** The other TPP's PSU session for the scenario's PSU (its psu-id and session are its own): the one
 * the worker keeps for that TPP, or with `ownSca` (the scenario's step is that SCA) a new SCA. */
export async function otherObtainsPsu(w: ScenarioSession, name: IdentityName, ownSca = false): Promise<void> {
  await asOther(w, name, (o) => {
    if (ownSca) o.reusePsuSession = false;
    return o.obtainPsu('PRIVATE');
  });
}

/**
 * Each TPP holds a psu-id of its own for the PSU: both UUIDs, not the same (§ Authentication > PSU authentication step
 * 5).
 */
export function expectPsuIdPerTpp(w: ScenarioSession, name: IdentityName): void {
  const clauses = ['sca.psu-id-per-tpp'];
  const mine = w.psu.psuId;
  const theirs = w.as(name).psu.psuId;
  if (!mine || !theirs)
    fail(
      `both TPPs should hold a psu-id after their SCA: the first holds ${mine ?? 'none'}, the ${name} one ${theirs ?? 'none'}`,
      clauses,
    );
  for (const id of [mine, theirs])
    if (!UUID_PATTERN.test(id)) fail(`psu-id "${id}" is not a UUID`, ['events.success.psu-id', ...clauses]);
  if (mine.toLowerCase() === theirs.toLowerCase())
    fail(
      `the bank gave two TPPs the same psu-id ${mine} for the same PSU: a psu-id is unique per TPP and bank pair`,
      clauses,
    );
}

/** The other TPP reads the account list presenting the first TPP's psu-id and TPP-Session-ID. */
export async function otherReadsAccountsAsFirst(w: ScenarioSession, name: IdentityName): Promise<void> {
  if (!w.psu.psuId) fail('the first TPP holds no psu-id (an earlier step completes its SCA)');
  const psu = {
    psuId: w.psu.psuId,
    psuCorporateId: undefined,
    tppSessionId: w.psu.tppSessionId,
    psuIpAddress: w.psu.psuIpAddress,
  };
  await asOther(w, name, (o) => o.send({ method: 'GET', path: '/v1/accounts', psu }));
}

/** The other TPP reads the scenario's payment, or its status. */
export async function otherReadsPayment(
  w: ScenarioSession,
  name: IdentityName,
  what: 'payment' | 'status',
): Promise<void> {
  const p = currentPayment(w);
  // The control: the same read by the TPP that created the payment.
  keepControl(
    w,
    `the same ${what === 'status' ? 'status read' : 'read'} by the TPP that created the payment`,
    () => (what === 'status' ? readStatus(w, p) : readPayment(w, p)),
    'succeeded',
  );
  await asOther(w, name, (o) => (what === 'status' ? readStatus(o, p) : readPayment(o, p)));
}

/** The other TPP reads the scenario's signing basket, or its status. */
export async function otherReadsBasket(
  w: ScenarioSession,
  name: IdentityName,
  what: 'basket' | 'status',
): Promise<void> {
  const b = currentBasket(w);
  // The control: the same read by the TPP that created the basket.
  keepControl(
    w,
    `the same ${what === 'status' ? 'status read' : 'read'} by the TPP that created the signing basket`,
    () =>
      what === 'status' ? readBasketStatus(w) : w.send({ method: 'GET', path: linkPath(b.self, w.ctx.targetUrl) }),
    'succeeded',
  );
  await asOther(w, name, async (o) => {
    o.state.basket = b;
    return what === 'status' ? readBasketStatus(o) : o.send({ method: 'GET', path: linkPath(b.self, w.ctx.targetUrl) });
  });
}

/** The other TPP reads the account list (as a TPP that knows no psu-id for the PSU yet: SCA would follow). */
export async function otherReadsAccounts(w: ScenarioSession, name: IdentityName): Promise<void> {
  const spec: RequestSpec = { method: 'GET', path: '/v1/accounts' };
  // The control: the same request by the profile's main TPP (registered for account information).
  keepControl(w, 'the same account list read by the main TPP', () => w.send(spec));
  await asOther(w, name, (o) => o.send(spec));
}

/** The other TPP initiates a cross-border payment from the PSU's account (after its own SCA). */
export async function otherInitiatesPayment(w: ScenarioSession, name: IdentityName): Promise<void> {
  // The control: the same initiation by the profile's main TPP (registered for payment initiation).
  keepControl(w, 'the same cross-border payment initiated by the main TPP, after its own SCA for the PSU', async () => {
    await w.obtainPsu();
    return initiateCrossBorder(w);
  });
  await asOther(w, name, (o) => initiateCrossBorder(o));
}

/**
 * Release 1.17.0, "Single SCA payment initiation for payment-only TPPs"; the header table: PSU-Context is
 * "Required for single-SCA payment initiation". The suite's reading: the other TPP, holding no psu-id for
 * the PSU, initiates a norwegian-domestic payment with PSU-Context and no PSU-ID (the body debits the
 * PSU's first account, as the main TPP reads it). Its answer becomes the scenario's last exchange.
 */
export async function otherInitiatesWithoutPsu(w: ScenarioSession, name: IdentityName): Promise<void> {
  const body = await productBody(w, 'payments', PRODUCTS.domestic);
  await asOther(w, name, (o) => {
    if (o.psu.psuId)
      fail(`the ${name} TPP already holds a psu-id for the PSU: single-SCA initiation is by a TPP that holds none`);
    return sendProductPayment(o, 'payments', PRODUCTS.domestic, body, { headers: { 'PSU-Context': 'PRIVATE' } });
  });
}

/** The other TPP starts the authorisation of its payment, and the PSU completes that SCA, the only one. */
export async function otherAuthorisesPayment(w: ScenarioSession, name: IdentityName): Promise<void> {
  await asOther(w, name, async (o) => {
    const ex = await startAuthorisation(o);
    if (!ex.response || ex.response.status >= 300)
      fail(`the authorisation of the payment could not be started: ${describeResponse(ex)}`, [
        'endpoints.start-payment-authorisation',
        'releases.single-sca-payment-initiation',
      ]);
    await completeSca(o);
  });
}

/** The other TPP's payment is authorised after that one SCA (read by that TPP). */
export async function expectOtherPaymentAuthorised(w: ScenarioSession, name: IdentityName): Promise<void> {
  await asOther(w, name, (o) => runCheck(o, singleScaAuthorised));
}

/**
 * In production the registration is checked on each request (§ Authentication > TPP identity): a
 * request outside the TPP's roles is refused. Refused means a 4xx answer that neither serves it (no
 * accounts, no payment) nor starts an SCA for it (a 401 with scaRedirect would go on to serve it).
 */
export function expectRoleRefused(w: ScenarioSession): void {
  const clauses = ['tpp.role-checked'];
  const r = responseOf(w.last, clauses);
  const body = r.json as any;
  if (r.status < 400 || r.status >= 500)
    fail(`a request outside the TPP's PSD2 roles must be refused, but ${describeResponse(w.last)}`, clauses);
  if (body?._links?.scaRedirect)
    fail(
      `a request outside the TPP's PSD2 roles must be refused, but the bank started an SCA for it: ${describeResponse(w.last)}`,
      clauses,
    );
  if (Array.isArray(body?.accounts) || typeof body?.paymentId === 'string')
    fail(`a request outside the TPP's PSD2 roles was served: ${describeResponse(w.last)}`, clauses);
}

/** The refusal for a PSD2 role: 403 and FORBIDDEN (the error body's code; in payment answers also a tppMessage). */
export function expectForbidden(w: ScenarioSession): void {
  const clauses = ['tpp.role-refusal-403'];
  expectErrorBody(w.last, 403, 'FORBIDDEN', clauses);
}
