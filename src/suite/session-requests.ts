// Requests of a scenario that the TPP client cannot send as they are, and multi-step set-ups that
// several operations make together: each takes the scenario session and keeps its exchange.
import { send } from '../transport/index.ts';
import { UUID_PATTERN } from '../spec/events.ts';
import type { RequestSpec } from '../tpp/client.ts';
import { removeHeader } from '../tpp/http-message.ts';
import { describeResponse, fail, jsonOf, notApplicable, setupFail } from '../session/expect.ts';
import { accountVars, SANDBOX_PATHS, silentOperation } from './sandbox.ts';
import { customerTypeOf, operation } from '../session/shapes.ts';
import { stringsIn } from './sca-checks.ts';
import type { ScenarioSession } from '../session/session.ts';
import { buildBody } from '../session/templates.ts';

/**
 * Sends a GET with the Host header naming the port. Undici always derives Host from the origin, so the request is built
 * and signed by the client and sent here with the Host set.
 */
export async function sendWithHostPort(w: ScenarioSession, spec: RequestSpec): Promise<void> {
  const base = w.client.baseUrl;
  const host = `${base.hostname.includes(':') ? `[${base.hostname}]` : base.hostname}:${base.port || (base.protocol === 'https:' ? '443' : '80')}`;
  const built = w.client.build({ ...spec, psu: { ...w.psu } });
  const headers: string[] = ['host', host];
  for (const [k, v] of removeHeader(built.request.headers, 'Host')) headers.push(k, v);
  const started = Date.now();
  const res = await send(built.url, {
    method: 'GET',
    headers,
    transport: w.client.options.transport,
    timeoutMs: w.client.options.timeoutMs,
  });
  const body = res.body;
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  w.last = {
    id: 'host-port',
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    request: {
      method: 'GET',
      url: built.url,
      target: built.request.target,
      headers: [['Host', host], ...removeHeader(built.request.headers, 'Host')],
      body: Buffer.alloc(0),
    },
    response: { status: res.status, headers: res.headers as Record<string, string | string[]>, body, text, json },
  };
}

/**
 * The PSU's corporate ids. The spec: the corporate id is "chosen from GET /v1/agreements for a TPP
 * that already holds a PSU id"; the list's shape is not shown, so its UUIDs (psu-corporate-id is a
 * UUID, § Events) are the candidates.
 */
export async function corporateIds(w: ScenarioSession): Promise<string[]> {
  const ex = await w.send({ method: 'GET', path: '/v1/agreements' });
  if (ex.response?.status !== 200)
    fail(`GET /v1/agreements for a known PSU: ${describeResponse(ex)}`, [
      'endpoints.list-agreements',
      'endpoints.list-agreements.success',
    ]);
  return stringsIn(jsonOf(ex, ['endpoints.list-agreements'])).filter((s) => UUID_PATTERN.test(s) && s !== w.psu.psuId);
}

/**
 * The PSU gets a corporate id with no consent of this TPP yet, by the profile's recipe
 * (preconditions.newCorporateId): `create` (sandbox, platform shapes, facts §1.3-1.4) makes a
 * corporate customer with an account and an agreement engaging the PSU, keeping the corporate ids
 * listed before; `seeded` leaves the ids of the PSU's agreements that an SCA of this TPP may have
 * chosen as the ones listed before, so that the next step picks another of its seeded agreements.
 */
export async function createCorporateAgreement(w: ScenarioSession): Promise<void> {
  const listed = await corporateIds(w);
  if (w.profile.preconditions?.newCorporateId === 'seeded') {
    // Chosen before: the worker's kept CORPORATE session's id, the profile's, and the one an SCA page
    // offers first (the form and browser drivers take the checked, first, option): the list's first.
    w.state.agreementsBefore = [
      ...new Set(
        [w.keptCorporateId(), w.profile.psus.corporate[0]?.corporateId, listed[0]].filter((x): x is string => !!x),
      ),
    ];
    w.state.seededCorporateId = true;
    return;
  }
  const missing = ['create-sandbox-customer', 'create-sandbox-agreement'].filter((id) => !operation(w.profile, id));
  if (missing.length)
    notApplicable(
      `the profile says the bank offers no ${missing.join(' and no ')} operation (${missing.map((m) => `operations.${m}: null`).join(', ')}), the default recipe for a corporate id with no consent yet; preconditions.newCorporateId: seeded takes one of the PSU's seeded agreements instead`,
    );
  w.state.agreementsBefore = listed;
  const nid = await w.nationalId('PRIVATE');
  const org = String(910_000_000 + Math.floor(Math.random() * 89_999_999));
  const account = await accountVars(w, { customerNumber: org });
  // The customer and agreement operations are profile keys (the spec names neither); a bank without them makes this
  // scenario not applicable (@uses:).
  const steps: Array<[{ method: string; path: string }, unknown]> = [
    [
      silentOperation(w, 'create-sandbox-customer'),
      buildBody(w.profile, 'sandbox-customer', {
        customerNumber: org,
        customerType: customerTypeOf(w.profile, 'corporate'),
      }),
    ],
    [{ method: 'POST', path: SANDBOX_PATHS.accounts }, buildBody(w.profile, 'sandbox-account', account)],
    [
      silentOperation(w, 'create-sandbox-agreement'),
      buildBody(w.profile, 'sandbox-agreement', { owner: org, customer: nid, bban: account.bban }),
    ],
  ];
  for (const [op, body] of steps) {
    const ex = await w.send({ ...op, body, psu: false });
    if (!ex.response || ex.response.status >= 300)
      setupFail(
        `sandbox set-up ${op.method} ${op.path} failed: ${describeResponse(ex)}`,
        op.path === SANDBOX_PATHS.accounts ? 'create-sandbox-account' : undefined,
      );
  }
}

/** The PSU picks the corporate id the new agreement added to GET /v1/agreements. */
export async function pickNewCorporateId(w: ScenarioSession): Promise<void> {
  const before = new Set(w.need('agreementsBefore', 'agreements list'));
  const fresh = (await corporateIds(w)).filter((id) => !before.has(id));
  if (w.state.seededCorporateId) {
    if (!fresh.length)
      setupFail(
        `the PSU's agreements (GET /v1/agreements) hold no corporate id besides the one an SCA of this TPP may have chosen (${[...before].join(', ') || 'none'}): preconditions.newCorporateId: seeded needs a PSU with two corporate agreements in the seeded data`,
        undefined,
      );
    // The last listed: the furthest from the one an SCA page offers first.
    const id = fresh[fresh.length - 1];
    // Seeded data may hold this TPP's consent for it from an earlier run: the bank then serves it, and
    // the scenario has no id without consent to work on (a sandbox initialisation clears it).
    const probe = await w.client.request({
      method: 'GET',
      path: '/v1/accounts',
      psu: { ...w.psu, psuCorporateId: id },
    });
    if (probe.response?.status === 200)
      setupFail(
        `the seeded corporate id ${id} already has this TPP's consent (an earlier SCA chose it, in this run or an earlier one): initialise the sandbox, or set preconditions.newCorporateId: create`,
        undefined,
      );
    w.psu.psuCorporateId = id;
    return;
  }
  if (!fresh.length)
    fail(
      `GET /v1/agreements does not list the agreement the sandbox just made for the PSU: ${describeResponse(w.last)}`,
      ['endpoints.list-agreements'],
    );
  w.psu.psuCorporateId = fresh[0];
}
