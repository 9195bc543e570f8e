// One session per scenario: the target, the TPP client, the PSU, the target's clock as this scenario
// moved it, what was sent and received, and the typed state the scenario keeps between steps. The
// cucumber World (steps/support/world.ts) holds one; the fuzzer's stateful model obtains its PSU
// through it too.
import { workerIndex } from './psu-pool.ts';
import { KeptSessions, type KeepPolicy } from './kept-sessions.ts';
import { workerState } from './worker-state.ts';
import { checkRunning } from './run-guard.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { PsuContext as Context } from '../spec/codes.ts';
import { TppClient, type Exchange, type PsuContext, type RequestSpec } from '../tpp/client.ts';
import { clockMover, type ClockMover } from '../tpp/clock.ts';
import { ClockMoveFailed } from '../tpp/errors.ts';
import { admit, leaveWindow, openWindow } from './clock-window.ts';
import { spendAllowance } from './allowance.ts';
import { describeResponse, fail, jsonOf, responseOf, setupFail } from './expect.ts';
import { CheckFailure } from './errors.ts';
import { psuOf, transportOf, type IdentityName, type Profile, type PsuIdentity } from './profile.ts';
import type { RunContext } from './run-context.ts';
import { NO_CORPORATE_ID, performSca, type ScaResult } from './sca/index.ts';
import { customersOfType } from './shapes.ts';
import { emptyState, type ListedAccount, type ScenarioState } from './state.ts';
import { buildBody } from './templates.ts';

export type { Context };

/** Evidence for the report (cucumber's `attach`: a screenshot, a text, a JSON). */
export interface Attach {
  (data: string, options: string | { mediaType: string; fileName?: string }): unknown;
  (data: Buffer, options: string | { mediaType: string; fileName?: string }): unknown;
}

export interface SessionOptions {
  ctx: RunContext;
  profile: Profile;
  /** The client to send with; by default one made from the profile for ctx.targetUrl. */
  client?: TppClient;
  attach?: Attach;
  /** Whether obtainPsu may reuse (and keep) the worker's PSU session (default true). */
  reusePsuSession?: boolean;
  /** Runs before an SCA whose session the worker keeps (PRIVATE): what the worker's next scenarios
   * need granted by it is made there (the World gives the suite's sandbox pools). Nothing by default. */
  beforeKeptSca?: (session: ScenarioSession) => Promise<void>;
  /** Seconds another session of this scenario has moved the target's clock (`as`); default 0. */
  clockOffsetSeconds?: number;
  /** The profile's other TPP this session acts as (`as`): its kept PSU session is that TPP's own. */
  identity?: IdentityName;
}

/**
 * How long a scenario about to move the clock waits for the other running scenarios to end (they are bounded by their
 * steps' timeouts).
 */
const CLOCK_WINDOW_WAIT_MS = 50_000;

export class ScenarioSession {
  readonly ctx: RunContext;
  readonly profile: Profile;
  readonly client: TppClient;
  readonly attach: Attach;
  /** The PSU this scenario acts for. */
  psu: PsuContext & { context?: Context } = {};
  last?: Exchange;
  lastSca?: ScaResult;
  /** A failing step showed the last SCA's evidence (the After hook does not show it again). */
  scaEvidenceShown = false;
  /** What the scenario keeps between steps (payment ids, basket, accounts …). */
  readonly state: ScenarioState = emptyState();
  /** Clause ids checked by the steps so far (for the report). */
  readonly checked = new Set<string>();
  /** The clauses the scenario's tags name (the Before hook sets them): what a failed control names. */
  scenarioClauses: string[] = [];
  /** Whether obtainPsu may reuse (and keep) the worker's PSU session. Not in a scenario that moves the
   * clock, nor once it has changed the bank's data (a new sandbox account is not in an older consent). */
  reusePsuSession: boolean;
  /** Whether this session acts for the worker's PSU as the main TPP (not another TPP, not the fuzzer):
   * then the session its own SCA opens becomes the worker's kept one, even where it could not reuse
   * one. The bank keeps one session per TPP and PSU, so that SCA ended the kept one. */
  private readonly keepsPsuSession: boolean;
  /** Moves the target's clock, when the run has a clock control. */
  private readonly clock?: ClockMover;
  /**
   * The scenario's id in the run's clock window (clock-window.ts; the Before hook sets it in a parallel run), and
   * whether it has the window.
   */
  clockWindow?: { dir: string; id: string; open?: boolean };
  /** The scenario's sessions as the profile's other TPPs (`as`), by identity name. */
  private readonly others = new Map<IdentityName, ScenarioSession>();
  /** The other TPP this session acts as (`as`), undefined for the profile's own. */
  private readonly identity?: IdentityName;
  private readonly beforeKeptSca?: (session: ScenarioSession) => Promise<void>;

  constructor(opts: SessionOptions) {
    const { ctx, profile } = opts;
    this.ctx = ctx;
    this.profile = profile;
    this.attach = opts.attach ?? (() => undefined);
    this.reusePsuSession = opts.reusePsuSession ?? true;
    this.keepsPsuSession = this.reusePsuSession;
    this.identity = opts.identity;
    this.beforeKeptSca = opts.beforeKeptSca;
    this.client =
      opts.client ??
      new TppClient({
        baseUrl: ctx.targetUrl,
        identity: profile.tpp.signing,
        redirectUri: profile.tpp.redirectUri,
        timeoutMs: profile.timeoutMs,
        transport: transportOf(profile, ctx),
        onOutcome: ctx.guard ? (o) => workerState().breaker(ctx.guard!).record(o) : undefined,
        beforeSend: ctx.guard ? () => checkRunning(ctx.guard) : undefined,
      });
    this.psu = { tppSessionId: randomUUID(), psuIpAddress: psuOf(profile, 'PRIVATE').ipAddress };
    // From the first move on, the client's Date follows the target's clock, so it stays within the 60 s window.
    const keepDateInStep = (s: number) => {
      this.client.options.skewSeconds = s;
    };
    if (opts.clockOffsetSeconds !== undefined) keepDateInStep(opts.clockOffsetSeconds);
    if (ctx.clockControl)
      this.clock = clockMover(this.client, ctx.clockControl, {
        offsetSeconds: opts.clockOffsetSeconds,
        onMove: keepDateInStep,
      });
  }

  /** What this scenario may do with the worker's kept PSU session now (kept-sessions.ts). */
  private get keepPolicy(): KeepPolicy {
    return { reuse: this.reusePsuSession, keepsOwn: this.keepsPsuSession, clockOffsetSeconds: this.clockOffsetSeconds };
  }

  /**
   * Whether the session an SCA of this scenario opens now becomes the worker's kept one (not under a moved clock: its
   * SCA time would lie off the bank's).
   */
  private get keepsOwnSca(): boolean {
    return KeptSessions.keepsSca(this.keepPolicy);
  }

  /** Seconds the target's clock has been moved in this scenario; requests are signed with it. */
  get clockOffsetSeconds(): number {
    return this.clock?.offsetSeconds ?? 0;
  }

  /**
   * A value an earlier step keeps: fails the scenario when it was not kept (the step that makes it did not run or made
   * none).
   */
  need<K extends keyof ScenarioState>(key: K, what: string = String(key)): NonNullable<ScenarioState[K]> {
    const v = this.state[key];
    if (v === undefined || v === null) return fail(`no ${what} was kept in this scenario (an earlier step makes it)`);
    return v;
  }

  /**
   * Sends a request as the current PSU (unless spec.psu says otherwise) and keeps the exchange. A request that changes
   * state ends the reuse of the worker's kept
   * PSU session in this scenario (a new account needs the PSU's grant at a new SCA), unless
   * `keepsPsuSession` says it changes nothing that session's grant covers (transactions on an
   * account that exists, a pooled account made and granted ahead).
   */
  async send(spec: RequestSpec, opts: { keepsPsuSession?: boolean } = {}): Promise<Exchange> {
    const psu = spec.psu === false ? false : { ...this.psu, ...(spec.psu || {}) };
    if (this.profile.environment === 'production') {
      const present = psu !== false && !!psu.psuIpAddress && spec.headers?.['PSU-IP-Address'] !== null;
      spendAllowance(spec.method, spec.path, present);
    }
    if (spec.method !== 'GET' && spec.method !== 'HEAD' && !opts.keepsPsuSession) this.reusePsuSession = false;
    this.last = await this.client.request({ ...spec, psu });
    return this.last;
  }

  get status(): number {
    return responseOf(this.last).status;
  }

  get json(): any {
    return jsonOf(this.last);
  }

  /**
   * Establishes a PSU id: a preset one, or an SCA started by GET /v1/users (spec: users "start an SCA to obtain a PSU
   * id").
   */
  async obtainPsu(context: Context = 'PRIVATE'): Promise<void> {
    const who = this.who(context);
    this.psu.psuIpAddress = who.ipAddress ?? this.psu.psuIpAddress;
    if (this.profile.sca.driver === 'preset' || who.psuId) {
      if (!who.psuId)
        setupFail(`the preset SCA driver needs psu.${context.toLowerCase()}.psuId in the profile`, undefined);
      this.psu.psuId = who.psuId;
      this.psu.psuCorporateId = context === 'CORPORATE' ? who.corporateId : undefined;
      this.psu.context = context;
      return;
    }
    this.psu.psuId = undefined;
    this.psu.psuCorporateId = undefined;
    this.state.accounts = undefined;
    const key = this.keptKey(context);
    const kept = workerState().kept.candidate(key, this.keepPolicy);
    if (kept) {
      Object.assign(this.psu, kept);
      const ex = await this.send({ method: 'GET', path: '/v1/accounts' });
      const accounts = (ex.response?.json as any)?.accounts;
      if (ex.response?.status === 200 && Array.isArray(accounts)) {
        this.state.accounts = accounts;
        this.psu.context = context;
        return;
      }
      // No longer accepted (expired, replaced by another session, revoked): start afresh.
      workerState().kept.forget(key);
      Object.assign(this.psu, { psuId: undefined, psuCorporateId: undefined, tppSessionId: randomUUID() });
    }
    // The session this SCA opens is kept for the worker's next scenarios: what they will need granted is made first.
    if (context === 'PRIVATE' && this.keepsOwnSca) await this.beforeKeptSca?.(this);
    // The account list needs consent, given by the PSU during SCA (spec: What the service does);
    // the answer is a 401 scaRedirect until then. The redirect back carries the psu-id.
    for (let round = 0; round < 3; round++) {
      const ex = await this.send({ method: 'GET', path: '/v1/accounts' });
      if (ex.response?.status === 200) {
        const accounts = (ex.response.json as any)?.accounts;
        // Berlin Group accountList: {"accounts": [...]}; a 200 without it is no account list.
        if (!Array.isArray(accounts))
          setupFail(
            `the account list answered 200 without an accounts array: ${describeResponse(ex)}`,
            'list-accounts',
            ['endpoints.list-accounts.success', 'conventions.json-utf8'],
          );
        this.state.accounts = accounts;
        this.psu.context = context;
        // Kept for the worker's next scenarios, which check it still serves (GET /v1/accounts) before using it.
        workerState().kept.afterAccess(key, this.keepPolicy, this.psu);
        return;
      }
      // Neither the list nor an SCA to start: the PSU the scenario needs could not be had. A set-up
      // (inconclusive) unless the scenario is the account list's own; after an SCA, the psu-id it gave
      // was not taken (sca-redirect.feature checks that itself).
      const href = (ex.response?.json as any)?._links?.scaRedirect?.href;
      if (ex.response?.status !== 401 || typeof href !== 'string')
        setupFail(
          round === 0
            ? `the PSU's account list (GET /v1/accounts) answers 401 with an scaRedirect link before an SCA, but ${describeResponse(ex)}`
            : `the PSU's account list (GET /v1/accounts) with the psu-id of the SCA in PSU-ID is needed, but ${describeResponse(ex)}`,
          'list-accounts',
          round === 0
            ? ['sca.redirect-on-401', 'errors.sca-required']
            : ['sca.psu-id-reused', 'endpoints.list-accounts.success'],
        );
      const r = await this.runSca(this.absolute(href), context);
      // An SCA that gives no psu-id is a set-up the scenario could not make: inconclusive wherever it is
      // a set-up (whatever the scenario's @op), failed once per cause in the scenarios that perform the
      // SCA as their action (sca-redirect.feature: "the PSU completes the SCA ...").
      if (!r.completed || !r.params['psu-id'])
        setupFail(`SCA did not give a psu-id: ${r.problem ?? JSON.stringify(r.params)}`, undefined, [
          'sca.redirect-to-tpp',
          'events.success.psu-id',
        ]);
      // A CORPORATE SCA without psu-corporate-id leaves the corporate requests nothing to send: the
      // same (sca-redirect.feature checks the parameter itself).
      if (context === 'CORPORATE' && !r.params['psu-corporate-id'])
        setupFail(NO_CORPORATE_ID, undefined, ['events.success.psu-corporate-id', 'sca.corporate-context']);
      this.psu.psuId = r.params['psu-id'];
      this.psu.psuCorporateId = r.params['psu-corporate-id'];
    }
    setupFail('the account list still demands SCA after two completed SCAs', 'list-accounts', ['sca.redirect-on-401']);
  }

  /** The profile's PSU for `context`. */
  private who(context: Context): PsuIdentity {
    return psuOf(this.profile, context);
  }

  /** The key of this worker's kept PSU session in `context`. */
  private keptKey(context: Context): string {
    const who = this.who(context);
    return `${this.ctx.runId ?? ''}|${this.identity ?? ''}|${context}|${who.nationalId ?? `sandbox customer of worker ${workerIndex()}`}`;
  }

  /** The corporate id of the worker's kept CORPORATE session, if it has one. */
  keptCorporateId(): string | undefined {
    return workerState().kept.get(this.keptKey('CORPORATE'))?.psuCorporateId;
  }

  /**
   * The worker's kept PSU session in `context` no longer serves: the next obtainPsu makes a new SCA (accounts made
   * since need the PSU's grant).
   */
  forgetKeptSession(context: Context = 'PRIVATE'): void {
    workerState().kept.forget(this.keptKey(context));
  }

  /** The scaRedirect href of a 401 answer. */
  scaHref(ex: Exchange | undefined = this.last): string {
    const r = responseOf(ex, ['sca.redirect-on-401']);
    const href = (r.json as any)?._links?.scaRedirect?.href;
    if (r.status !== 401 || typeof href !== 'string') {
      throw new CheckFailure(`expected 401 with _links.scaRedirect.href, got ${r.status}: ${r.text.slice(0, 300)}`, [
        'sca.redirect-on-401',
        'errors.sca-required',
      ]);
    }
    return this.absolute(href);
  }

  /** A link href of the target (relative or absolute) as an absolute URL. */
  absolute(href: string): string {
    return new URL(href, this.ctx.targetUrl).toString();
  }

  /**
   * The PSU's national identity number: the profile's, or (sandbox) a customer of that type in GET
   * /v1/sandbox/customers.
   */
  async nationalId(context: Context): Promise<string | undefined> {
    const who = this.who(context);
    if (who.nationalId || !this.profile.capabilities.sandbox) return who.nationalId;
    const key = `${this.ctx.runId ?? ''}|${workerIndex()}`;
    const known = this.state.nationalIds[context] ?? workerState().sandboxCustomers.get(key);
    if (known !== undefined) return (this.state.nationalIds[context] = known);
    const ex = await this.client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false });
    const list = ex.response?.json;
    // A corporate PSU is a person too (facts §1.4: agreements engage private customers), so both contexts log in with a
    // private customer's number.
    const type = 'private';
    // Parallel workers act for different PSUs: one PSU's new session would end another's (spec: SCA within a
    // TPP-Session-ID).
    // The list's shape is not shown by the spec: the profile's pointers (responses.sandbox-customers.list, .nationalId,
    // .type).
    const all = customersOfType(this.profile, list, type);
    const c = all.length ? all[workerIndex() % all.length] : undefined;
    if (!c)
      setupFail(
        `no national identity number for a ${type} PSU: set psu.${type}.nationalId in the profile (GET /v1/sandbox/customers: ${describeResponse(ex)})`,
        'list-sandbox-customers',
      );
    this.state.nationalIds[context] = c;
    workerState().sandboxCustomers.set(key, c!);
    return c;
  }

  /**
   * Runs the profile's SCA driver on a scaRedirect href (as the profile's PSU, or logging in with `nationalId`, in
   * `tppSessionId`, by default the PSU's); its screenshots are attached, failed flows included.
   */
  async runSca(
    href: string,
    context: Context = 'PRIVATE',
    cancel = false,
    nationalId?: string,
    tppSessionId = this.psu.tppSessionId,
  ): Promise<ScaResult> {
    const who = { ...this.who(context), nationalId: nationalId ?? (await this.nationalId(context)) };
    // A corporate id the scenario picked (another agreement than the profile's) is not the kept session's.
    const picked = context === 'CORPORATE' && this.psu.psuCorporateId !== undefined;
    const r = await performSca(this.profile, {
      href,
      targetUrl: this.ctx.targetUrl,
      context,
      cancel,
      vars: { 'psu.nationalId': who.nationalId, context, corporateId: who.corporateId, tppSessionId },
      transport: this.client.options.transport,
      beforeRequest: () => checkRunning(this.ctx.guard),
    });
    this.lastSca = r;
    // The bank may keep one session per TPP and PSU: an SCA of the worker's PSU replaced the kept one
    // in its context, and is now the one the worker's next scenarios find (and check) first.
    workerState().kept.afterSca(this.keptKey(context), this.keepPolicy, context, r, {
      picked,
      otherPsu: nationalId !== undefined,
    });
    for (const s of r.screenshots ?? []) this.attach(s.data, { mediaType: s.mediaType, fileName: `${s.name}.jpg` });
    return r;
  }

  /** The PSU's accounts (GET /v1/accounts), read once per scenario. */
  async accounts(): Promise<ListedAccount[]> {
    if (!this.state.accounts) {
      const ex = await this.client.request({ method: 'GET', path: '/v1/accounts', psu: { ...this.psu } });
      const list = (ex.response?.json as any)?.accounts;
      if (ex.response?.status !== 200 || !Array.isArray(list))
        setupFail(`the PSU's account list is needed, but ${describeResponse(ex)}`, 'list-accounts', [
          'endpoints.list-accounts.success',
        ]);
      this.state.accounts = list;
    }
    const list = this.state.accounts;
    // An empty list is a valid answer, but leaves the scenario nothing to work on: no operation is at fault.
    if (!list.length)
      setupFail(
        `the scenario needs an account of the PSU, but the PSU's account list (GET /v1/accounts) is empty: choose a PSU with an account (psu.${(this.psu.context ?? 'PRIVATE').toLowerCase()} in the profile)`,
        undefined,
      );
    return list;
  }

  /** The debtor account reference of a payment: the PSU's first account (by IBAN, else BBAN). */
  async debtorAccount(): Promise<{ iban?: string; bban?: string; currency: string }> {
    const acc = (await this.accounts())[0];
    return acc.iban ? { iban: acc.iban, currency: acc.currency } : { bban: acc.bban, currency: acc.currency };
  }

  /** A payment body from the template, debiting the PSU's first account. */
  async paymentBody(template: string, vars: Record<string, unknown> = {}): Promise<any> {
    const debtorAccount = await this.debtorAccount();
    // A random amount: equal payments from different scenarios would be logical duplicates.
    const amount = `${randomInt(1, 1000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;
    return buildBody(this.profile, template, { amount, currency: 'EUR', debtorAccount, ...vars });
  }

  /** This scenario acting as another TPP of the profile (tpp.identities): a session of its own (its
   * client, its PSU session, its SCA), the same PSU, run and clock; its exchanges go into this
   * scenario's record. Made once per scenario and identity. Its PSU session may be the one the
   * worker keeps for that TPP (obtainPsu), and its own SCA becomes the one kept, as for the profile's
   * TPP; a scenario whose step is that TPP's SCA makes its own (reusePsuSession false). */
  as(name: IdentityName): ScenarioSession {
    let other = this.others.get(name);
    if (other) return other;
    const id = this.profile.tpp.identities[name];
    if (!id)
      fail(
        `the profile names no tpp.identities.${name}: this scenario should have been not applicable (@identity:${name})`,
      );
    const profile: Profile = {
      ...this.profile,
      tpp: {
        ...this.profile.tpp,
        signing: id.signing,
        tls: id.tls || this.profile.tpp.tls ? { ...this.profile.tpp.tls, ...id.tls } : undefined,
      },
    };
    const c = this.client.options;
    const client = new TppClient({
      ...c,
      identity: id.signing,
      transport: transportOf(profile, this.ctx),
      exchanges: this.client.exchanges,
      psu: {},
    });
    other = new ScenarioSession({
      ctx: this.ctx,
      profile,
      client,
      attach: this.attach,
      identity: name,
      clockOffsetSeconds: this.clockOffsetSeconds,
    });
    // The same PSU (a worker acts for its own), at the same moment of the target's clock.
    Object.assign(other.state.nationalIds, this.state.nationalIds);
    other.psu.psuIpAddress = this.psu.psuIpAddress;
    this.others.set(name, other);
    return other;
  }

  /** Closes the scenario's clients (its own and those of its other TPPs). */
  async closeClients(): Promise<void> {
    await Promise.all([this.client, ...[...this.others.values()].map((o) => o.client)].map((c) => c.close()));
  }

  /** Moves the target's clock (test-mode control or the profile's clock-control operation). From
   * then on the client's Date follows the target's clock, so it stays within the 60 s window. */
  async advanceClock(seconds: number): Promise<void> {
    await this.openClockWindow();
    await this.moveClock((c) => c.advance(seconds));
  }

  /**
   * As scenario `id` starts in a parallel run: it runs in the clock window, marked by the coordinator
   * (the first of a batch) or now, once no scenario has the window (clock-window.ts admit).
   */
  async joinClockWindow(id: string): Promise<void> {
    const dir = this.ctx.clockWindowDir;
    if (!dir) return;
    this.clockWindow = { dir, id };
    await admit(dir, id);
  }

  /**
   * Before the scenario's first move of the clock: waits until no other scenario runs, and none starts until this one
   * ends (clock-window.ts).
   */
  private async openClockWindow(): Promise<void> {
    const w = this.clockWindow;
    if (!w || w.open) return;
    w.open = true;
    // Not the target's doing: the scenario is inconclusive.
    if (!(await openWindow(w.dir, w.id, CLOCK_WINDOW_WAIT_MS)))
      setupFail(
        `the other scenarios of the run did not end within ${CLOCK_WINDOW_WAIT_MS / 1000} s, so the target's clock could not be moved with no other scenario running`,
        undefined,
      );
  }

  /** As the scenario ends (the After hook, after restoreClock): other scenarios may start again. */
  leaveClockWindow(): void {
    const w = this.clockWindow;
    if (w) leaveWindow(w.dir, w.id, !!w.open);
  }

  /** Moves the target's clock back by what this scenario moved it (the After hook calls it). */
  async restoreClock(): Promise<void> {
    if (this.clockOffsetSeconds) await this.moveClock((c) => c.restore());
  }

  /** A move of the clock mover; a move the target refused fails the scenario. */
  private async moveClock(move: (c: ClockMover) => Promise<void>): Promise<void> {
    if (!this.clock) fail('no clock control: this scenario should have been not applicable (@clock)');
    try {
      await move(this.clock);
    } catch (e) {
      if (e instanceof ClockMoveFailed) fail(e.message);
      throw e;
    }
  }
}
