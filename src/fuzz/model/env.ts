// The real side of the stateful model: the target (XS2A_TARGET_URL / XS2A_PROFILE, else the
// embedded reference bank; or a bank started here with faults), one PSU obtained by SCA through the
// scenario session (src/session/session.ts), and `send`, which applies the checks every answer must pass.
import { randomUUID } from 'node:crypto';
import { startBank, type Fault, type RunningBank } from '../../bank/index.ts';
import { checkErrorBody, validate } from '../../spec/validate.ts';
import type { ScaResult } from '../../session/sca/index.ts';
import { ConformanceAssertionError, SetupFailure } from '../../session/errors.ts';
import { ScenarioSession } from '../../session/session.ts';
import { dialectFromEnv, dialectProfile } from '../../session/dialects.ts';
import type { Exchange, PsuContext, RequestSpec, TppClient } from '../../tpp/client.ts';
import { fillText } from '../../tpp/fill-text.ts';
import { openTarget, type Target, type TargetOptions } from '../target.ts';
import { ModelSetupError } from '../errors.ts';
import type { Verdicts } from './verdicts.ts';

export interface StatefulEnvOptions extends Pick<TargetOptions, 'target' | 'profile' | 'env' | 'timeoutMs'> {
  /** Start an embedded reference bank (test mode) with these faults: registered ids or inline Fault objects. */
  faults?: ReadonlyArray<Fault | string>;
}

export interface DebtorAccount {
  iban?: string;
  bban?: string;
  currency: string;
}

/**
 * The reference bank's test-mode batch control in its default dialect (src/bank/handlers/control.ts; the variant's is
 * in its profile).
 */
export const REFERENCE_BATCH = { method: 'POST', path: '/__control/batch', body: '{"lastOfDay": {{lastOfDay}}}' };

export class StatefulEnv {
  /** The TPP-Session-ID in which the PSU last completed an SCA (the model starts each run from it). */
  sessionId: string;
  constructor(
    readonly target: Target,
    readonly client: TppClient,
    readonly psuId: string,
    readonly nationalId: string | undefined,
    readonly debtor: DebtorAccount,
    sessionId: string,
    /**
     * The operation that runs the payment batch now: the profile's batchControl, else the embedded reference bank's
     * default one; none: the steps that need a batch are left out.
     */
    readonly batch: { method: string; path: string; body?: string } | undefined,
    /** The session that obtained the PSU; its SCA driver runs the model's SCAs. */
    private readonly session: ScenarioSession,
    private readonly own?: RunningBank,
  ) {
    this.sessionId = sessionId;
  }

  get profile() {
    return this.target.profile;
  }

  get capabilities() {
    return this.target.profile.capabilities;
  }

  /** SCA can be driven (form or browser driver; the preset driver performs none). */
  get canSca(): boolean {
    return this.profile.sca.driver !== 'preset' && !!this.nationalId;
  }

  psu(sessionId = this.sessionId): PsuContext {
    return { psuId: this.psuId, psuIpAddress: this.target.psu.psuIpAddress, tppSessionId: sessionId };
  }

  /**
   * Sends a request as the PSU and checks what every answer must satisfy: an answer at all, no 5xx
   * (a sequence of valid steps never makes the service fail internally), the error body with
   * `status` equal to the HTTP status on 4xx (401: the `_links.scaRedirect` object instead).
   */
  async send(
    v: Verdicts,
    spec: RequestSpec,
    what: string,
  ): Promise<Exchange & { response: NonNullable<Exchange['response']> }> {
    const ex = await this.client.request({
      ...spec,
      psu: spec.psu === false ? false : { ...this.psu(), ...(spec.psu || {}) },
    });
    const r = ex.response;
    v.must(!!r, ['errors.SYSTEM_ERROR'], () => `${what}: no answer (${ex.error?.code}: ${ex.error?.message})`);
    if (!r) throw new ModelSetupError(`${what}: no answer`);
    v.must(
      r.status < 500,
      ['errors.SYSTEM_ERROR'],
      () => `${what}: ${describe(ex)}; a sequence of valid steps never makes the service fail internally`,
    );
    if (r.status === 401) {
      const ok = validate('sca-required-response', r.json);
      v.must(
        ok.ok,
        ['errors.sca-required', 'sca.redirect-on-401'],
        () =>
          `${what}: 401 without _links.scaRedirect (${ok.ok ? '' : ok.errors.map((e) => `${e.path} ${e.message}`).join('; ')}): ${describe(ex)}`,
      );
    } else if (r.status >= 400) {
      const { schema, status, statusMatches } = checkErrorBody(r.json, r.status);
      v.must(
        schema.ok,
        ['fields.error-body'],
        () =>
          `${what}: the error answer is not the spec's error body (${schema.ok ? '' : schema.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`,
      );
      v.must(
        statusMatches,
        ['fields.error-body.status'],
        () =>
          `${what}: error body status ${JSON.stringify(status)} is not the HTTP status ${r.status}: ${describe(ex)}`,
      );
    }
    return ex as Exchange & { response: NonNullable<Exchange['response']> };
  }

  /** Runs the profile's SCA driver on a scaRedirect href as the PSU, PRIVATE context. */
  async sca(href: string, cancel: boolean, sessionId = this.sessionId): Promise<ScaResult> {
    return this.session.runSca(
      new URL(href, this.target.url).toString(),
      'PRIVATE',
      cancel,
      this.nationalId ?? '',
      sessionId,
    );
  }

  /** A path relative to the target from a link href (absolute or relative). */
  path(href: string): string {
    const base = new URL(this.target.url.endsWith('/') ? this.target.url : `${this.target.url}/`);
    const u = new URL(href, base);
    const prefix = base.pathname.replace(/\/$/, '');
    return (u.pathname.startsWith(prefix) ? u.pathname.slice(prefix.length) : u.pathname) + u.search;
  }

  /** Runs one payment batch now with the batch control operation. */
  async runBatch(lastOfDay: boolean): Promise<void> {
    const op = this.batch;
    if (!op) throw new ModelSetupError('no batch control operation (batchControl in the profile)');
    const body = op.body === undefined ? undefined : fillText(op.body, { lastOfDay: String(lastOfDay) });
    const ex = await this.client.request({
      method: op.method,
      path: op.path,
      body: body === undefined ? undefined : Buffer.from(body),
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      psu: false,
    });
    if (!ex.response || ex.response.status >= 300)
      throw new ModelSetupError(`the batch control ${op.method} ${op.path} (batchControl) failed: ${describe(ex)}`);
  }

  async close(): Promise<void> {
    await this.target.close(); // closes the clients it made
    await this.own?.close();
  }
}

export function describe(ex: Exchange | undefined): string {
  if (!ex) return 'no exchange';
  const req = `${ex.request.method} ${ex.request.target}`;
  if (!ex.response) return `${req} → no answer (${ex.error?.code}: ${ex.error?.message})`;
  return `${req} → ${ex.response.status} ${ex.response.text.replace(/\s+/g, ' ').slice(0, 300)}`;
}

const fail = (message: string): never => {
  throw new ModelSetupError(message);
};

/** A set-up the session could not make (its SetupFailure or check failure) is the model's set-up error. */
async function asModelSetup<T>(make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (e) {
    if (e instanceof SetupFailure || e instanceof ConformanceAssertionError) fail(e.message);
    throw e;
  }
}

/**
 * Opens the target and obtains the PSU: psu-id through SCA (or the profile's preset), the debtor account from GET
 * /v1/accounts.
 */
export async function openStatefulEnv(opts: StatefulEnvOptions = {}): Promise<StatefulEnv> {
  let own: RunningBank | undefined;
  let target: Target;
  if (opts.faults?.length) {
    const dialect = dialectFromEnv();
    own = await startBank({ mode: 'test', host: '127.0.0.1', port: 0, faults: opts.faults, dialect });
    target = await openTarget({
      target: own.url,
      env: false,
      timeoutMs: opts.timeoutMs,
      profile: dialectProfile(dialect),
    });
  } else
    target = await openTarget({ target: opts.target, profile: opts.profile, env: opts.env, timeoutMs: opts.timeoutMs });
  const profile = target.profile;
  const client = target.client({});
  const sessionId = randomUUID();
  const ip = target.psu.psuIpAddress;
  // The profile's batch control (a dialect's own: profiles/variant.yaml); without one, the reference
  // bank's default in test mode; another target without one has none.
  const batch = profile.batchControl ?? (own || target.embedded ? REFERENCE_BATCH : undefined);
  // The suite's session, as a scenario without a kept PSU session: SCA (or the profile's preset psu-id), then the
  // account list.
  const session = new ScenarioSession({
    ctx: { targetUrl: target.url, allowPayments: true, embedded: !!target.embedded || !!own },
    profile,
    client,
    reusePsuSession: false,
  });
  session.psu = { psuIpAddress: ip, tppSessionId: sessionId };
  try {
    const accounts = await asModelSetup(async () => {
      await session.obtainPsu('PRIVATE');
      return session.accounts();
    });
    const psuId = session.psu.psuId ?? fail('SCA did not give a psu-id');
    // Further SCAs log in as the same PSU; without a national identity number (none in the profile, no sandbox
    // customers) the model drives none.
    const nationalId = await session.nationalId('PRIVATE').catch(() => undefined);
    const acc = accounts.find((a) => a.iban) ?? accounts[0];
    const debtor: DebtorAccount = acc.iban
      ? { iban: acc.iban, currency: acc.currency }
      : { bban: acc.bban, currency: acc.currency };
    return new StatefulEnv(
      target,
      client,
      psuId,
      nationalId,
      debtor,
      session.psu.tppSessionId ?? sessionId,
      batch,
      session,
      own,
    );
  } catch (e) {
    await target.close();
    await own?.close();
    throw e;
  }
}
