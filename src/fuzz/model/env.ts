// The real side of the stateful model: the target (XS2A_TARGET_URL / XS2A_PROFILE, else the
// embedded reference bank; or a bank started here with faults), one PSU obtained by SCA as the suite
// does it (steps/support/world.ts), and `send`, which applies the checks every answer must pass.
import { randomUUID } from 'node:crypto';
import { startBank, type Fault, type RunningBank } from '../../bank/index.ts';
import { validate } from '../../spec/validate.ts';
import { performSca, type ScaResult } from '../../suite/sca/index.ts';
import { customersOfType } from '../../suite/shapes.ts';
import { dialectFromEnv, dialectProfile } from '../../suite/dialects.ts';
import type { Exchange, PsuContext, RequestSpec, TppClient } from '../../tpp/client.ts';
import { openTarget, type Target, type TargetOptions } from '../target.ts';
import { ModelSetupError, type Verdicts } from './verdicts.ts';

export interface StatefulEnvOptions extends Pick<TargetOptions, 'target' | 'profile' | 'env' | 'timeoutMs'> {
  /** Start an embedded reference bank (test mode) with these faults: registered ids or inline Fault objects. */
  faults?: ReadonlyArray<Fault | string>;
}

export interface DebtorAccount { iban?: string; bban?: string; currency: string }

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
    /** `POST /__control/batch` is there (the reference bank in test mode). */
    readonly batch: boolean,
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
  async send(v: Verdicts, spec: RequestSpec, what: string): Promise<Exchange & { response: NonNullable<Exchange['response']> }> {
    const ex = await this.client.request({ ...spec, psu: spec.psu === false ? false : { ...this.psu(), ...(spec.psu || {}) } });
    const r = ex.response;
    v.must(!!r, ['errors.SYSTEM_ERROR'], () => `${what}: no answer (${ex.error?.code}: ${ex.error?.message})`);
    if (!r) throw new ModelSetupError(`${what}: no answer`);
    v.must(r.status < 500, ['errors.SYSTEM_ERROR'], () => `${what}: ${describe(ex)}; a sequence of valid steps never makes the service fail internally`);
    if (r.status === 401) {
      const ok = validate('sca-required-response', r.json);
      v.must(ok.ok, ['errors.sca-required', 'sca.redirect-on-401'], () => `${what}: 401 without _links.scaRedirect (${ok.ok ? '' : ok.errors.map((e) => `${e.path} ${e.message}`).join('; ')}): ${describe(ex)}`);
    } else if (r.status >= 400) {
      const ok = validate('error-body', r.json);
      v.must(ok.ok, ['fields.error-body'], () => `${what}: the error answer is not the spec's error body (${ok.ok ? '' : ok.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}): ${describe(ex)}`);
      const status = (r.json as { status?: unknown } | undefined)?.status;
      v.must(status === r.status, ['fields.error-body.status'], () => `${what}: error body status ${JSON.stringify(status)} is not the HTTP status ${r.status}: ${describe(ex)}`);
    }
    return ex as Exchange & { response: NonNullable<Exchange['response']> };
  }

  /** Runs the profile's SCA driver on a scaRedirect href as the PSU, PRIVATE context. */
  async sca(href: string, cancel: boolean, sessionId = this.sessionId): Promise<ScaResult> {
    return performSca(this.profile, { href: new URL(href, this.target.url).toString(), targetUrl: this.target.url, context: 'PRIVATE', cancel, vars: { 'psu.nationalId': this.nationalId, context: 'PRIVATE', tppSessionId: sessionId } });
  }

  /** A path relative to the target from a link href (absolute or relative). */
  path(href: string): string {
    const base = new URL(this.target.url.endsWith('/') ? this.target.url : `${this.target.url}/`);
    const u = new URL(href, base);
    const prefix = base.pathname.replace(/\/$/, '');
    return (u.pathname.startsWith(prefix) ? u.pathname.slice(prefix.length) : u.pathname) + u.search;
  }

  /** Runs one payment batch now (reference bank, test mode). */
  async runBatch(lastOfDay: boolean): Promise<void> {
    const ex = await this.client.request({ method: 'POST', path: '/__control/batch', body: { lastOfDay }, psu: false });
    if (!ex.response || ex.response.status >= 300) throw new ModelSetupError(`POST /__control/batch failed: ${describe(ex)}`);
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

/** Opens the target and obtains the PSU: psu-id through SCA (or the profile's preset), the debtor account from GET /v1/accounts. */
export async function openStatefulEnv(opts: StatefulEnvOptions = {}): Promise<StatefulEnv> {
  let own: RunningBank | undefined;
  let target: Target;
  if (opts.faults?.length) {
    const dialect = dialectFromEnv();
    own = await startBank({ mode: 'test', host: '127.0.0.1', port: 0, faults: opts.faults, dialect });
    target = await openTarget({ target: own.url, env: false, timeoutMs: opts.timeoutMs, profile: dialectProfile(dialect) });
  } else target = await openTarget({ target: opts.target, profile: opts.profile, env: opts.env, timeoutMs: opts.timeoutMs });
  const profile = target.profile;
  const client = target.client({});
  const sessionId = randomUUID();
  const ip = target.psu.psuIpAddress;
  const batch = !!own || !!target.embedded || target.profile.clockControl?.path === '/__control/clock';
  try {
    const who = profile.psu.private;
    let nationalId = who.nationalId;
    if (!nationalId && profile.capabilities.sandbox) {
      const ex = await client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false });
      const list = ex.response?.json;
      nationalId = customersOfType(profile, list, 'private')[0];
    }
    let psuId = who.psuId;
    if (!psuId) {
      if (profile.sca.driver === 'preset') fail('the preset SCA driver needs psu.private.psuId in the profile');
      if (!nationalId) fail('no national identity number for a private PSU: set psu.private.nationalId in the profile');
      const first = await client.request({ method: 'GET', path: '/v1/accounts', psu: { psuIpAddress: ip, tppSessionId: sessionId } });
      const href = (first.response?.json as any)?._links?.scaRedirect?.href;
      if (first.response?.status !== 401 || typeof href !== 'string') fail(`GET /v1/accounts without a PSU-ID should demand SCA: ${describe(first)}`);
      const r = await performSca(profile, { href: new URL(href, target.url).toString(), targetUrl: target.url, context: 'PRIVATE', vars: { 'psu.nationalId': nationalId, context: 'PRIVATE', tppSessionId: sessionId } });
      psuId = r.params['psu-id'];
      if (!r.completed || !psuId) fail(`SCA did not give a psu-id: ${r.problem ?? JSON.stringify(r.params)}`);
    }
    const ex = await client.request({ method: 'GET', path: '/v1/accounts', psu: { psuId, psuIpAddress: ip, tppSessionId: sessionId } });
    const accounts = (ex.response?.json as any)?.accounts;
    if (ex.response?.status !== 200 || !Array.isArray(accounts) || !accounts.length) fail(`the PSU's accounts are needed for the debtor account: ${describe(ex)}`);
    const acc = accounts.find((a: any) => a.iban) ?? accounts[0];
    const debtor: DebtorAccount = acc.iban ? { iban: acc.iban, currency: acc.currency } : { bban: acc.bban, currency: acc.currency };
    return new StatefulEnv(target, client, psuId!, nationalId, debtor, sessionId, batch, own);
  } catch (e) {
    await target.close();
    await own?.close();
    throw e;
  }
}
