// Sandbox mock data for the account scenarios: accounts, card accounts and transactions created
// through the sandbox operations (spec § Endpoints 4-5 and "Other operations"), so a scenario owns
// the data it reads. Bodies come from the request templates (templates.ts, profile-overridable);
import { randomInt, randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import { buildBody, setPath } from '../session/templates.ts';
import { ShapeMiss } from '../session/errors.ts';
import { describeResponse, fail, jsonOf, notApplicable, setupFail } from '../session/expect.ts';
import {
  operation,
  readOptionalString,
  readString,
  readValue,
  SANDBOX_PATHS,
  type OperationRef,
} from '../session/shapes.ts';
import type { Profile } from '../session/profile.ts';
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import type { ScenarioSession } from '../session/session.ts';
import { workerIndex } from '../session/psu-pool.ts';
import { workerState } from '../session/worker-state.ts';
import type { SandboxAccount, SandboxCard } from '../session/state.ts';
import { eachAtOnce } from './concurrently.ts';

export { SANDBOX_PATHS };
export type { SandboxAccount, SandboxCard };

/**
 * A spec-silent operation as the profile declares it; a scenario that needs one the bank does not offer is not
 * applicable (`@uses:<id>`), so reaching here without it is a set-up gap.
 */
export function silentOperation(w: ScenarioSession, id: string, params: Record<string, string> = {}): OperationRef {
  const op = operation(w.profile, id, params);
  if (!op)
    fail(`the profile says the bank offers no "${id}" operation (operations.${id}: null), but this scenario needs it`);
  return op;
}

export function body(profile: Profile, name: string, vars: Record<string, unknown>): any {
  return buildBody(profile, name, vars);
}

/** A valid Norwegian BBAN (11 digits, MOD11 check digit), random enough to be new. */
export function newBban(): string {
  for (;;) {
    const body10 = '9710' + String(randomInt(0, 1_000_000)).padStart(6, '0');
    const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = 11 - (body10.split('').reduce((s, d, i) => s + Number(d) * w[i], 0) % 11);
    if (r !== 10) return body10 + (r === 11 ? 0 : r);
  }
}

/** Milliseconds the target's clock is ahead of ours (moved by @clock scenarios). */
export function clockOffsetMs(w: ScenarioSession): number {
  return w.clockOffsetSeconds * 1000;
}

/** Whether a listed account (Berlin Group account list item) is this sandbox account: same IBAN or same BBAN. */
export function isSameAccount(
  x: { iban?: unknown; bban?: unknown } | undefined,
  a: { iban?: string; bban?: string },
): boolean {
  return !!x && ((!!a.iban && x.iban === a.iban) || (!!a.bban && x.bban === a.bban));
}

/** Sends as the session does, but signs with the target's clock when a scenario moved it (Date within 60 s). */
/**
 * Reads the sandbox account (or card account) the scenario created with the profile's read operation
 * (get-sandbox-account, get-sandbox-card-account: the scenario is @uses: it).
 */
export async function readSandboxResource(w: ScenarioSession, kind: 'account' | 'card'): Promise<void> {
  const id =
    (kind === 'account' ? w.state.sandboxAccount : w.state.sandboxCard)?.id ??
    fail(`no sandbox ${kind === 'account' ? 'account' : 'card account'} was created in this scenario`);
  const op = operation(w.profile, kind === 'account' ? 'get-sandbox-account' : 'get-sandbox-card-account', { id });
  if (!op)
    notApplicable(
      `the profile says the bank offers no sandbox ${kind === 'account' ? 'account' : 'card account'} read (operations.get-sandbox-${kind === 'account' ? 'account' : 'card-account'}: null)`,
    );
  await w.send({ ...op, psu: false });
}

export async function sendNow(
  w: ScenarioSession,
  spec: RequestSpec,
  opts: { keepsPsuSession?: boolean } = {},
): Promise<Exchange> {
  // The session's client already signs with the target's (moved) clock.
  return w.send(spec, opts);
}

/** The target's date `days` days back (UTC), as YYYY-MM-DD. */
export function daysAgo(w: ScenarioSession, days: number): string {
  return new Date(Date.now() + clockOffsetMs(w) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The sandbox data a scenario needs was made (2xx); else its set-up could not be made by `op` (an `@op:` id). */
const accepted = (ex: Exchange, what: string, op: string, clauses: string[]): any => {
  const s = ex.response?.status ?? 0;
  if (s < 200 || s >= 300) setupFail(`${what} was not accepted: ${describeResponse(ex)}`, op, clauses);
  return ex.response!.json;
};

/** Reads a value of an answer through the profile's pointers; a miss fails the set-up and names the key. */
function shaped<T>(read: () => T, op: string, clauses: string[]): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof ShapeMiss) setupFail(e.message, op, clauses);
    throw e;
  }
}

/** The template values of a new sandbox account for the PSU's customer (a fresh BBAN), `vars` replacing any. */
export async function accountVars(
  w: ScenarioSession,
  vars: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const bban = newBban();
  return {
    customerNumber: await w.nationalId('PRIVATE'),
    bban,
    iban: composeIBAN({ countryCode: 'NO', bban }),
    accountName: 'Totalkonto',
    cashAccountType: 'CACC',
    currency: 'NOK',
    ...vars,
  };
}

/**
 * A sandbox account of the PSU for this scenario (POST /v1/sandbox/accounts for the PSU's customer).
 * `vars` fill the template (accountName, cashAccountType, currency, customerNumber …). An account
 * with the template's values comes from the worker's pool when the scenario may use the kept PSU
 * session (pooledOrNew); one with other values, or in a scenario that made its own session
 * (@clock, after a change of state), is created here.
 */
export async function createSandboxAccount(
  w: ScenarioSession,
  vars: Record<string, unknown> = {},
): Promise<SandboxAccount> {
  return (w.state.sandboxAccount = await pooledOrNew(w, 'account', vars, (a) => a.iban ?? a.bban ?? ''));
}

// The worker's pools of sandbox accounts and card accounts with the template's values, per run and
// PSU: made together and granted at one SCA, each given to one scenario only (the set-up
// many scenarios share is made once per worker and PSU). Without them every such scenario would need
// an SCA of its own to grant its new account. When one pool runs dry, every pool of the PSU is
// topped up at once, so one SCA grants them all. A pool's size is the worker's share of what the
// run's scenarios take (RunContext.poolSizes, from the plan: poolSizes), with room for an uneven
// share: each refill costs an SCA (a browser's page loads where the browser driver runs it), and
// each account made and not taken costs a request of the bulk of the run.
// The first refill also makes one of each variant the run's scenarios ask for (VARIANT_STEPS: an
// account with other values); a variant the sandbox refuses there is left out, and the scenario that
// asks for it makes its own (its evidence then holds the refusal).
// Sandbox initialisation wipes manually created accounts: it empties the pools.
export type PoolKind = 'account' | 'card';
const KINDS: readonly PoolKind[] = ['account', 'card'];
/** The sizes where the run gave none (a session made outside a planned run: tests, properties). */
const DEFAULT_POOL_SIZES: Readonly<Record<PoolKind, number>> = { account: 32, card: 32 };
/** The sizes of this worker's pools: the clock lane's slot has its own (poolSizes). */
const sizes = (w: ScenarioSession): Readonly<Record<PoolKind, number>> => {
  const s = w.ctx.poolSizes;
  if (!s) return DEFAULT_POOL_SIZES;
  return s.lane && workerIndex() === s.lane.slot ? s.lane : s;
};
type Pooled = { account: SandboxAccount; card: SandboxCard };
/** How each kind is made (`pooled`: ahead, for the pool). */
const POOL_MAKERS: {
  [K in PoolKind]: (w: ScenarioSession, vars: Record<string, unknown>, pooled: boolean) => Promise<Pooled[K]>;
} = { account: newSandboxAccount, card: newSandboxCard };
/**
 * The worker's pools by key (kind, variant, run, customer), in its slot's state. A variant's pool exists once a refill
 * has made it, or tried to: it is not made again.
 */
const pools = (): Map<string, unknown[]> => workerState().pools;

/** A step that asks for sandbox data with other values than the template's: `vars` from its captures. */
export interface VariantStep {
  step: RegExp;
  kind: PoolKind;
  vars: (captures: string[]) => Record<string, unknown>;
}

/** The steps that ask for an account of other values, by name (the step definitions use them). */
export const VARIANT_STEPS = {
  accountNamed: {
    step: /^a sandbox account of the PSU named with (\d+) characters$/,
    kind: 'account',
    vars: ([n]) => ({ accountName: `Konto ${'L'.repeat(Number(n) - 6)}` }),
  },
  accountOfType: {
    step: /^a sandbox account of the PSU with cashAccountType "([^"]*)"$/,
    kind: 'account',
    vars: ([code]) => ({ cashAccountType: code }),
  },
  cardNamed: {
    step: /^a sandbox card account of the PSU named with (\d+) characters$/,
    kind: 'card',
    vars: ([n]) => ({ name: `Kort ${'K'.repeat(Number(n) - 5)}` }),
  },
} satisfies Record<string, VariantStep>;

/** One variant the run's scenarios ask for, once per asking scenario. */
export interface PoolVariant {
  kind: PoolKind;
  vars: Record<string, unknown>;
  /** The worker slot that makes it (its scenario is pinned there: src/run/schedule.ts pinScenarios); else every one. */
  slot?: number;
}

/** The variants the steps of a run's scenarios ask for (RunContext.poolVariants), one per asking step. */
export function variantsAsked(steps: readonly string[]): PoolVariant[] {
  return steps.flatMap((text) =>
    Object.values(VARIANT_STEPS as Record<string, VariantStep>).flatMap((v) => {
      const m = v.step.exec(text);
      return m ? [{ kind: v.kind, vars: v.vars(m.slice(1)) }] : [];
    }),
  );
}

/** A variant's key in the pools ('' for the template's values). */
const variantKey = (vars: Record<string, unknown>): string =>
  Object.keys(vars).length ? JSON.stringify(Object.entries(vars).sort(([a], [b]) => (a < b ? -1 : 1))) : '';

/** The steps that take sandbox data from the worker's pools (the template's values, or a variant): a
 * run that has one fills a worker's pools before its first kept PSU session (fillPoolsAhead). The step
 * definitions that take pooled data begin so (a test holds them to it). */
export const POOLED_STEP = /^a sandbox (card )?account of the PSU\b/;

/**
 * Each worker's pool sizes for a run (RunContext.poolSizes), from its scenarios' step texts and its
 * worker slots; undefined when no step takes pooled data. A size is the slot's share of the steps
 * that take the template's values (a variant is made once per asking step, apart), a quarter more
 * and one more, since the shares are uneven: at 2 slots about what a slot takes in a full run (one
 * SCA grants it), at 20 a handful (a slot that takes more refills, at an SCA, rather than every slot
 * making accounts no scenario takes).
 * `laneSlot`: the clock lane's slot (src/run/schedule.ts: one slot runs every clock-moving scenario,
 * after its share of the others). That slot's pools hold its share and all that its clock scenarios
 * take: shared out, they ran dry in the lane, where a refill's round trips wait with the whole run
 * (nothing runs beside a clock window).
 */
export function poolSizes(
  scenarios: ReadonlyArray<{ clock?: boolean; steps?: readonly string[] }>,
  slots: number,
  laneSlot?: number,
): (Record<PoolKind, number> & { lane?: { slot: number } & Record<PoolKind, number> }) | undefined {
  // No step takes pooled data (a variant's included: its worker makes it with the pools).
  if (!scenarios.some((p) => p.steps?.some((t) => POOLED_STEP.test(t)))) return undefined;
  const inLane = (p: { clock?: boolean }) => laneSlot !== undefined && !!p.clock;
  const share = demandOf(scenarios.filter((p) => !inLane(p)).flatMap((p) => p.steps ?? []));
  const own = demandOf(scenarios.filter(inLane).flatMap((p) => p.steps ?? []));
  const size = (n: number) => Math.ceil((1.25 * n) / Math.max(1, slots)) + 1;
  const sizes = { account: size(share.account), card: size(share.card) };
  if (laneSlot === undefined) return sizes;
  return { ...sizes, lane: { slot: laneSlot, account: sizes.account + own.account, card: sizes.card + own.card } };
}

/** How many of `steps` take pooled data of the template's values, by kind. */
function demandOf(steps: readonly string[]): Record<PoolKind, number> {
  const demand = { account: 0, card: 0 };
  for (const t of steps) {
    const m = POOLED_STEP.exec(t);
    if (m) demand[m[1] ? 'card' : 'account']++;
  }
  // The variants are made apart (askedVariants): they are not the template's.
  for (const v of variantsAsked(steps)) demand[v.kind]--;
  return { account: Math.max(0, demand.account), card: Math.max(0, demand.card) };
}

/** The variants of the run's plan this worker slot makes, with their keys (cards only where the bank has them). */
function askedVariants(w: ScenarioSession): Array<PoolVariant & { variant: string }> {
  const slot = workerIndex();
  return (w.ctx.poolVariants ?? [])
    .filter((v) => v.slot === undefined || v.slot === slot)
    .filter((v) => w.profile.capabilities.cardAccounts || v.kind !== 'card')
    .map((v) => ({ ...v, variant: variantKey(v.vars) }));
}

/** A pool's key: kind, variant, run and the worker's customer. */
const poolKey = (w: ScenarioSession, customer: string | undefined, kind: PoolKind, variant = ''): string =>
  `${kind}|${variant}|${w.ctx.runId ?? ''}|${customer}`;

/**
 * Tops up every pool the profile's bank offers (`kind`'s even where it does not say so), and makes the variants not
 * made yet.
 */
async function topUpPools(w: ScenarioSession, customer: string | undefined, kind: PoolKind): Promise<void> {
  const keyOf = (k: PoolKind, v = '') => poolKey(w, customer, k, v);
  const kinds = KINDS.filter((k) => k === kind || k !== 'card' || w.profile.capabilities.cardAccounts);
  const todo: Array<{ key: string; kind: PoolKind; vars: Record<string, unknown> }> = [
    ...kinds.flatMap((k) =>
      Array.from({ length: Math.max(0, sizes(w)[k] - (pools().get(keyOf(k))?.length ?? 0)) }, () => ({
        key: keyOf(k),
        kind: k,
        vars: {},
      })),
    ),
    ...askedVariants(w)
      .map((v) => ({ key: keyOf(v.kind, v.variant), kind: v.kind, vars: v.vars }))
      .filter((v) => !pools().has(v.key)),
  ];
  const made = await eachAtOnce(w, todo, (t) => {
    const making = POOL_MAKERS[t.kind](w, t.vars, true);
    // A variant the sandbox refuses is left out (its scenario makes its own); the template's values must be taken.
    return (Object.keys(t.vars).length ? making.catch(() => undefined) : making).then((x) => ({ key: t.key, x }));
  });
  for (const t of todo) if (!pools().has(t.key)) pools().set(t.key, []);
  for (const { key: k, x } of made) if (x !== undefined) pools().get(k)!.push(x);
}

/**
 * Before a worker's kept PSU session is opened (obtainPsu, the world's beforeKeptSca): where the run's
 * scenarios take pooled sandbox data (RunContext.poolSizes) and the worker's pools are not made yet,
 * they are made now, so that this SCA grants them and the first pooled scenario needs no SCA of its
 * own. A pool that cannot be made here is left to the scenario that needs it (its evidence then holds
 * the refusal): nothing here fails the scenario that opens the session.
 */
export async function fillPoolsAhead(w: ScenarioSession): Promise<void> {
  if (!w.ctx.poolSizes || !w.profile.capabilities.sandbox || !w.reusePsuSession) return;
  try {
    const customer = await w.nationalId('PRIVATE');
    if (pools().has(poolKey(w, customer, 'account'))) return;
    await topUpPools(w, customer, 'account');
    w.attach(
      `this worker's pools of sandbox data (${Object.entries(sizes(w))
        .map(([k, n]) => `${n} ${k}s`)
        .join(
          ', ',
        )}) were made before its PSU session's SCA, which grants them; the scenarios that take one need no SCA of their own`,
      { mediaType: 'text/plain', fileName: 'pooled sandbox data.txt' },
    );
  } catch {
    // The first scenario that takes pooled data makes them, and reports what failed.
  }
}

/**
 * One from the worker's pool when the scenario may use the kept PSU session (the template's values, or a variant the
 * run asked for); else one made here with `vars`.
 */
async function pooledOrNew<K extends PoolKind>(
  w: ScenarioSession,
  kind: K,
  vars: Record<string, unknown>,
  name: (x: Pooled[K]) => string,
): Promise<Pooled[K]> {
  const variant = variantKey(vars);
  if (!w.reusePsuSession || (variant && !askedVariants(w).some((v) => v.kind === kind && v.variant === variant)))
    return POOL_MAKERS[kind](w, vars, false);
  const customer = await w.nationalId('PRIVATE');
  const key = poolKey(w, customer, kind, variant);
  if (!pools().get(key)?.length) {
    // A variant made once already (used up, or refused by the sandbox): this scenario makes its own.
    if (variant && pools().has(key)) return POOL_MAKERS[kind](w, vars, false);
    // Every pool the profile's bank offers topped up together, and the variants not made yet.
    await topUpPools(w, customer, kind);
    // Made after the worker's kept PSU session: the PSU grants them at the next SCA.
    w.forgetKeptSession('PRIVATE');
  }
  const x = (pools().get(key) as Pooled[K][] | undefined)?.shift();
  // The sandbox refused the variant when the pools were topped up: the scenario makes its own.
  if (!x) return POOL_MAKERS[kind](w, vars, false);
  const what = variant
    ? `made, with the values this scenario asks for (${variant}), together with this worker's pools`
    : `one of ${sizes(w)[kind]} this worker made together`;
  w.attach(
    `sandbox ${kind} ${name(x)} (${x.id}) is ${what} for its PSU and had granted at one SCA; this scenario is the only one to use it`,
    { mediaType: 'text/plain', fileName: `pooled sandbox ${kind}.txt` },
  );
  return x;
}

/**
 * Sets the balance of the scenario's sandbox account or card account (the profile's balance-update operation). A
 * balance on an account that exists changes nothing the PSU's grant covers (as its transactions): the kept PSU session
 * still serves.
 */
export async function updateSandboxBalance(w: ScenarioSession, kind: PoolKind, amount: number): Promise<Exchange> {
  const x =
    kind === 'account' ? w.need('sandboxAccount', 'sandbox account') : w.need('sandboxCard', 'sandbox card account');
  const op = silentOperation(
    w,
    kind === 'account' ? 'update-sandbox-account-balance' : 'update-sandbox-card-account-balance',
    { id: x.id },
  );
  const currency = kind === 'account' ? (x as SandboxAccount).currency : 'NOK';
  return sendNow(
    w,
    { ...op, psu: false, body: body(w.profile, 'sandbox-balance-update', { amountInt: amount, currency }) },
    { keepsPsuSession: true },
  );
}

/**
 * POST /v1/sandbox/accounts; `pooled`: made ahead for the worker's pool (granted at its next SCA, so the scenario keeps
 * the kept session's reuse).
 */
async function newSandboxAccount(
  w: ScenarioSession,
  vars: Record<string, unknown>,
  pooled = false,
): Promise<SandboxAccount> {
  const clauses = ['endpoints.create-sandbox-account'];
  // A random account number may be one the sandbox already holds (its own seed, an earlier run's):
  // a 409 is then the suite's pick, not the bank's fault. Another number, at most twice more.
  const pinned = vars.bban !== undefined || vars.iban !== undefined;
  let v: Record<string, unknown>;
  let ex: Exchange;
  for (let tries = 1; ; tries++) {
    v = await accountVars(w, vars);
    ex = await sendNow(
      w,
      { method: 'POST', path: SANDBOX_PATHS.accounts, body: body(w.profile, 'sandbox-account', v), psu: false },
      { keepsPsuSession: pooled },
    );
    if (ex.response?.status !== 409 || pinned || tries === 3) break;
  }
  const json = accepted(ex, 'POST /v1/sandbox/accounts', 'create-sandbox-account', clauses);
  const p = w.profile;
  const id = shaped(
    () => readString(p, 'sandbox-account.id', json, 'POST /v1/sandbox/accounts answered no account id'),
    'create-sandbox-account',
    clauses,
  );
  let view: unknown = json;
  // The bank's answer is the truth: the account number it keeps, from the creation answer or, where that lacks it, from
  // a read.
  if (!readOptionalString(p, 'sandbox-account.iban', view) && !readOptionalString(p, 'sandbox-account.bban', view)) {
    const get = operation(p, 'get-sandbox-account', { id });
    if (get) view = (await sendNow(w, { ...get, psu: false }, { keepsPsuSession: pooled })).response?.json;
  }
  const iban = readOptionalString(p, 'sandbox-account.iban', view);
  const accountBban = readOptionalString(p, 'sandbox-account.bban', view);
  if (!iban && !accountBban)
    setupFail(
      `the bank named no IBAN or BBAN for the sandbox account ${id}: ${JSON.stringify(view)?.slice(0, 200)}; set responses.sandbox-account.iban or .bban in the profile`,
      'create-sandbox-account',
      clauses,
    );
  return {
    id,
    iban,
    bban: accountBban,
    currency: readOptionalString(p, 'sandbox-account.currency', view) ?? String(v.currency),
    name: readOptionalString(p, 'sandbox-account.name', view),
    sent: v,
  };
}

/**
 * The PSU pays `amount` NOK from the sandbox account by a norwegian-domestic payment and authorises it
 * (SCA completed); `periodic`: a periodic payment (the template's, monthly) starting today, the target's date.
 */
export async function payFromSandboxAccount(
  w: ScenarioSession,
  a: SandboxAccount,
  amount: string,
  periodic = false,
): Promise<void> {
  const b = body(w.profile, periodic ? 'norwegian-domestic-periodic-payment' : 'norwegian-domestic-payment', {
    amount,
    debtorAccount: { bban: a.bban, currency: a.currency },
    startDate: daysAgo(w, 0),
  });
  const created = await sendNow(w, {
    method: 'POST',
    path: `/v1/${periodic ? 'periodic-payments' : 'payments'}/norwegian-domestic-credit-transfers`,
    body: b,
    query: { allowLogicalDuplicate: true },
  });
  const links = jsonOf(created)?._links;
  const start = links?.startAuthorisation?.href ?? links?.scaRedirect?.href;
  if (created.response?.status !== 201 || typeof start !== 'string')
    fail(`the payment was not created with a startAuthorisation link: ${describeResponse(created)}`, [
      'endpoints.initiate-payment',
    ]);
  let href = links?.scaRedirect?.href as string | undefined;
  if (!href) {
    const u = new URL(start, w.ctx.targetUrl);
    const auth = await sendNow(w, {
      method: 'POST',
      path: u.pathname.slice(new URL(w.ctx.targetUrl).pathname.replace(/\/$/, '').length),
    });
    href = jsonOf(auth)?._links?.scaRedirect?.href;
    if (typeof href !== 'string')
      fail(`the authorisation gave no scaRedirect: ${describeResponse(auth)}`, [
        'endpoints.start-payment-authorisation',
      ]);
  }
  const r = await w.runSca(w.absolute(href), 'PRIVATE');
  if (!r.completed)
    fail(`the payment's SCA did not complete: ${r.problem ?? JSON.stringify(r.params)}`, ['sca.redirect-to-tpp']);
}

/** One sandbox account transaction item (template), with top-level overrides (undefined removes). */
export function sandboxTxn(w: ScenarioSession, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const day = daysAgo(w, 1);
  const t = {
    ...body(w.profile, 'sandbox-account-transaction', {
      amountInt: -randomInt(100, 100000),
      valueDate: day,
      bookingDate: day,
    }),
    ...overrides,
  };
  for (const k of Object.keys(t)) if (t[k] === undefined) delete t[k];
  return t;
}

/** POST /v1/sandbox/accounts/{id}/transactions; returns the exchange (the caller judges it). */
export function postSandboxTxns(w: ScenarioSession, accountId: string, items: unknown[]): Promise<Exchange> {
  // Transactions on an account that exists change nothing the PSU's grant covers.
  return sendNow(
    w,
    { method: 'POST', path: SANDBOX_PATHS.accountTransactions(accountId), body: items, psu: false },
    { keepsPsuSession: true },
  );
}

export async function createSandboxTxns(w: ScenarioSession, accountId: string, items: unknown[]): Promise<any[]> {
  const json = accepted(
    await postSandboxTxns(w, accountId, items),
    `POST /v1/sandbox/accounts/{id}/transactions with ${items.length} items`,
    'create-sandbox-account-transactions',
    ['endpoints.create-sandbox-account-transactions'],
  );
  return readValue(w.profile, 'sandbox-transactions.list', json, Array.isArray) ?? [];
}

/** GET /v1/sandbox/accounts/{id}/transactions. */
export function listSandboxTxns(
  w: ScenarioSession,
  accountId: string,
  query: Record<string, string | number | undefined> = {},
  extra: Partial<RequestSpec> = {},
): Promise<Exchange> {
  return sendNow(w, { method: 'GET', path: SANDBOX_PATHS.accountTransactions(accountId), query, psu: false, ...extra });
}

/**
 * The masked PAN of the next sandbox card account this process makes: first six and last four digits
 * shown, from a counter that starts at a random point. The suite finds a card in the PSU's list by its
 * masked PAN, so two cards of one PSU must never share one. Four random digits did, now and then:
 * with some thirty cards for one PSU in a run, a few runs in a hundred read another card's balances.
 */
let nextCard = randomInt(0, 1_000_000);
export function nextMaskedPan(): string {
  const n = nextCard++ % 1_000_000;
  return `5299${String(Math.floor(n / 10_000)).padStart(2, '0')}xxxxxx${String(n % 10_000).padStart(4, '0')}`;
}

/** The template values of a new sandbox card account for the PSU's customer, `vars` replacing any. */
export async function cardVars(
  w: ScenarioSession,
  vars: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return { customerNumber: await w.nationalId('PRIVATE'), maskedPan: nextMaskedPan(), name: 'Test', ...vars };
}

/**
 * A sandbox card account of the PSU for this scenario (POST /v1/sandbox/card-accounts for the PSU's customer); `vars`
 * fill the template (maskedPan, name …). With the template's values it comes from the worker's pool, as for accounts
 * (pooledOrNew).
 */
export async function createSandboxCard(w: ScenarioSession, vars: Record<string, unknown> = {}): Promise<SandboxCard> {
  return (w.state.sandboxCard = await pooledOrNew(w, 'card', vars, (c) => c.maskedPan));
}

/** POST /v1/sandbox/card-accounts; `pooled`: made ahead for the worker's pool. */
async function newSandboxCard(w: ScenarioSession, vars: Record<string, unknown>, pooled = false): Promise<SandboxCard> {
  const v = await cardVars(w, vars);
  const b = body(w.profile, 'sandbox-card-account', v);
  const clauses = ['endpoints.create-sandbox-card-account'];
  const json = accepted(
    await sendNow(
      w,
      { method: 'POST', path: SANDBOX_PATHS.cardAccounts, body: b, psu: false },
      { keepsPsuSession: pooled },
    ),
    'POST /v1/sandbox/card-accounts',
    'create-sandbox-card-account',
    clauses,
  );
  const p = w.profile;
  const id = shaped(
    () => readString(p, 'sandbox-card-account.id', json, 'POST /v1/sandbox/card-accounts answered no card account id'),
    'create-sandbox-card-account',
    clauses,
  );
  const maskedPan = shaped(
    () => readString(p, 'sandbox-card-account.maskedPan', json, 'POST /v1/sandbox/card-accounts answered no maskedPan'),
    'create-sandbox-card-account',
    clauses,
  );
  return { id, maskedPan, name: readOptionalString(p, 'sandbox-card-account.name', json), sent: v };
}

/** One sandbox card transaction item (template), booked and transacted yesterday. */
export function cardTxn(w: ScenarioSession, overrides: Record<string, unknown> = {}): Record<string, any> {
  const day = daysAgo(w, 1);
  const t = {
    ...body(w.profile, 'sandbox-card-transaction', {
      cardTransactionId: `ct-${randomUUID()}`,
      bookingDate: day,
      transactionDate: day,
      amountInt: -randomInt(100, 100000),
    }),
    ...overrides,
  };
  for (const k of Object.keys(t)) if (t[k] === undefined) delete t[k];
  return t;
}

/**
 * The dates of a card transaction in words, "bookingDate and transactionDate 3 days back",
 * "bookingDate 2 days back and transactionDate 1 day back", "transactionDate tomorrow", as fields.
 */
export function cardTxnDates(w: ScenarioSession, dates: string): Record<string, string> {
  const day = (s: string) => (s === 'tomorrow' ? daysAgo(w, -1) : daysAgo(w, Number(/(\d+) days? back/.exec(s)![1])));
  const both = /^bookingDate and transactionDate (.+)$/.exec(dates);
  const split = /^bookingDate (.+) and transactionDate (.+)$/.exec(dates);
  const one = /^(bookingDate|transactionDate) (tomorrow)$/.exec(dates);
  return both
    ? { bookingDate: day(both[1]), transactionDate: day(both[1]) }
    : split
      ? { bookingDate: day(split[1]), transactionDate: day(split[2]) }
      : one
        ? { [one[1]]: day(one[2]) }
        : fail(`cannot read the dates "${dates}"`);
}

export function postCardTxns(
  w: ScenarioSession,
  cardId: string,
  items: unknown[],
  extra: Partial<RequestSpec> = {},
): Promise<Exchange> {
  // Transactions on a card account that exists change nothing the PSU's grant covers.
  return sendNow(w, cardTxnsRequest(cardId, items, extra), { keepsPsuSession: true });
}

/** POST /v1/sandbox/card-accounts/{id}/transactions of `items`, as a request to send. */
export function cardTxnsRequest(cardId: string, items: unknown[], extra: Partial<RequestSpec> = {}): RequestSpec {
  return { method: 'POST', path: SANDBOX_PATHS.cardTransactions(cardId), body: items, psu: false, ...extra };
}

/** A copy of `obj` with the field at the dotted `path` set to `value` (undefined leaves it out). */
export function withPath<T>(obj: T, path: string, value: unknown): T {
  const copy = structuredClone(obj);
  setPath(copy, path, value);
  return copy;
}
