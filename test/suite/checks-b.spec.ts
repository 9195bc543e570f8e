// The named checks of payments, sandbox, platform, error codes and SCA (src/suite/checks/): each file
// has checks shown failing on a crafted wrong exchange (the fault in the test's title), in the shared
// failure shape with the check id as code, and passing on a right one.
import { describe, expect, it } from 'vitest';
import { runCheck, type Check } from '../../src/suite/checks/check.ts';
import { bothPaymentsAccepted, duplicateRefused, paymentRefused } from '../../src/suite/checks/payments.ts';
import { balanceShows, cardTransactionsBooked, sandboxOnly } from '../../src/suite/checks/sandbox.ts';
import { errorBodyStatus, neverXml, requestIdEchoed } from '../../src/suite/checks/platform.ts';
import { failureRedirectCode, refusalNamesCode } from '../../src/suite/checks/errors.ts';
import { contextsDisjoint, psuIdStable } from '../../src/suite/checks/sca.ts';
import { Failure, shapeOf } from '../../src/session/errors.ts';
import type { FailureShape } from '../../src/session/failure.ts';
import type { ScenarioSession } from '../../src/session/session.ts';
import type { ScenarioState } from '../../src/session/state.ts';
import type { Exchange } from '../../src/tpp/client.ts';

/** A session with the state and members a check reads (need() as the real one: a missing value fails). */
function session(state: Partial<ScenarioState> = {}, extra: Record<string, unknown> = {}): ScenarioSession {
  const s = {
    state: { nationalIds: {}, payments: [], ...state },
    profile: { environment: 'sandbox' },
    ...extra,
  } as any;
  s.need = (k: keyof ScenarioState, what = String(k)) => {
    if (s.state[k] == null) throw new Error(`no ${what} was kept in this scenario`);
    return s.state[k];
  };
  return s as ScenarioSession;
}

const REQUEST_ID = '0d6b5c6e-6f39-4a3b-9f2a-6d0b7d1f3c11';
const ERROR_BODY = (status: number, code: string) => ({
  id: 'e-1',
  system: 'payments',
  status,
  code,
  message: 'The payment was refused, see the code',
});

function answer(
  status: number,
  json: unknown,
  o: { headers?: Record<string, string>; text?: string; method?: string; target?: string } = {},
): Exchange {
  const text = o.text ?? (json === undefined ? '' : JSON.stringify(json));
  return {
    id: 'x',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: {
      method: o.method ?? 'POST',
      url: `https://bank.example${o.target ?? '/v1/payments/x'}`,
      target: o.target ?? '/v1/payments/x',
      headers: [['X-Request-ID', REQUEST_ID]],
      body: Buffer.from('{}'),
    },
    response: {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID, ...o.headers },
      text,
      json,
      body: Buffer.from(text),
    },
  } as unknown as Exchange;
}

/** The failure a check throws on the exchange, as the shared shape (its code the check id). */
async function failureOf<A extends unknown[]>(
  s: ScenarioSession,
  c: Check<A>,
  ex: Exchange | undefined,
  ...args: A
): Promise<FailureShape> {
  const err = await runCheck(s, c, ex, ...args).then(
    () => undefined,
    (e) => e,
  );
  expect(err, `${c.id} passed a wrong answer`).toBeInstanceOf(Failure);
  const shape = shapeOf(err);
  expect(shape.code).toBe(c.id);
  for (const clause of c.clauses) expect(shape.clauses).toContain(clause);
  return shape;
}

const passes = <A extends unknown[]>(s: ScenarioSession, c: Check<A>, ex: Exchange | undefined, ...args: A) =>
  expect(runCheck(s, c, ex, ...args)).resolves.toBeUndefined();

describe('payment checks', () => {
  it('fail a logical duplicate accepted with allowLogicalDuplicate=false (fault: the second payment answered 201)', async () => {
    const s = session({ first: answer(201, { paymentId: 'p1' }) });
    const f = await failureOf(s, duplicateRefused, answer(201, { paymentId: 'p2' }));
    expect(f).toMatchObject({
      title: 'a logical duplicate was accepted with allowLogicalDuplicate=false (status 201)',
      expected: '4xx',
      received: 201,
      clauses: ['endpoints.create-cross-border-payment.query.allowLogicalDuplicate'],
    });
  });

  it('pass a duplicate refused with 409 and the error body', async () => {
    await passes(
      session({ first: answer(201, { paymentId: 'p1' }) }),
      duplicateRefused,
      answer(409, ERROR_BODY(409, 'CONFLICT')),
    );
  });

  it('fail a refusal that was a 200 (fault: the payment of an unknown product accepted)', async () => {
    const f = await failureOf(session(), paymentRefused, answer(200, { paymentId: 'p1' }));
    expect(f.title).toMatch(/^expected the request to be refused with a 4xx status, got 200: /);
    expect(f).toMatchObject({ expected: '4xx', received: 200 });
  });

  it('fail two identical payments when the second is refused (fault: allowLogicalDuplicate=true ignored)', async () => {
    const f = await failureOf(
      session({ first: answer(201, { paymentId: 'p1' }) }),
      bothPaymentsAccepted,
      answer(409, ERROR_BODY(409, 'CONFLICT')),
    );
    expect(f.title).toMatch(/^the second payment was refused: 409 /);
    await passes(
      session({ first: answer(201, { paymentId: 'p1' }) }),
      bothPaymentsAccepted,
      answer(201, { paymentId: 'p2' }),
    );
  });
});

describe('sandbox checks', () => {
  it('fail a balance update that does not show (fault: the balance still shows the old amount)', async () => {
    const f = await failureOf(
      session(),
      balanceShows,
      answer(200, { balances: [{ balanceAmount: { amount: '12.00', currency: 'NOK' } }] }),
      '500',
    );
    expect(f).toMatchObject({ title: 'no balance shows 500 (or 5): [12]', expected: 500, received: [12] });
    expect(f.clauses).toEqual([
      'endpoints.update-sandbox-account-balance',
      'endpoints.update-sandbox-card-account-balance',
    ]);
  });

  it('pass a balance in units or in minor units', async () => {
    await passes(
      session(),
      balanceShows,
      answer(200, { balances: [{ balanceAmount: { amount: '5.00', currency: 'NOK' } }] }),
      '500',
    );
    await passes(
      session(),
      balanceShows,
      answer(200, { balances: [{ balanceAmount: { amount: '500', currency: 'NOK' } }] }),
      '500',
    );
  });

  it('fail booked card transactions other than the created (fault: one created transaction missing)', async () => {
    const s = session({ cardTxnIds: ['ct-1', 'ct-2'] });
    const f = await failureOf(
      s,
      cardTransactionsBooked,
      answer(200, { cardTransactions: { booked: [{ cardTransactionId: 'ct-1' }], pending: [] } }),
      2,
    );
    expect(f).toMatchObject({ expected: ['ct-1', 'ct-2'], received: ['ct-1'] });
    await passes(
      s,
      cardTransactionsBooked,
      answer(200, {
        cardTransactions: { booked: [{ cardTransactionId: 'ct-2' }, { cardTransactionId: 'ct-1' }], pending: [] },
      }),
      2,
    );
  });

  it('fail a production target that serves a sandbox operation (fault: the sandbox customers served in production)', async () => {
    const prod = session({}, { profile: { environment: 'production' } });
    const f = await failureOf(prod, sandboxOnly, answer(200, []));
    expect(f).toMatchObject({ expected: '4xx', received: 200, clauses: ['conventions.sandbox-only'] });
    await passes(prod, sandboxOnly, answer(404, ERROR_BODY(404, 'RESOURCE_UNKNOWN')));
    await passes(session(), sandboxOnly, answer(200, []));
  });
});

describe('platform checks', () => {
  it('fail an answer that echoes another X-Request-ID (fault: the bank makes up its own)', async () => {
    const f = await failureOf(session(), requestIdEchoed, answer(200, {}, { headers: { 'x-request-id': 'other-id' } }));
    expect(f).toMatchObject({
      title: `the request carried X-Request-ID ${REQUEST_ID}, the answer other-id`,
      expected: REQUEST_ID,
      received: 'other-id',
    });
    await passes(session(), requestIdEchoed, answer(200, {}));
  });

  it('fail an XML answer (fault: Content-Type application/xml)', async () => {
    const f = await failureOf(
      session(),
      neverXml,
      answer(200, undefined, { headers: { 'content-type': 'application/xml' }, text: '<accounts/>' }),
    );
    expect(f).toMatchObject({ received: 'application/xml', clauses: ['conventions.json-utf8'] });
    await passes(
      session(),
      neverXml,
      answer(406, undefined, { headers: { 'content-type': 'text/plain' }, text: 'not acceptable' }),
    );
  });

  it('fail an error body asked of a success (fault: a request to an unserved path answered 200)', async () => {
    const f = await failureOf(session(), errorBodyStatus, answer(200, { accounts: [] }));
    expect(f).toMatchObject({ received: 200, clauses: ['fields.error-body'] });
    await passes(session(), errorBodyStatus, answer(404, ERROR_BODY(404, 'RESOURCE_UNKNOWN')));
  });
});

describe('error code checks', () => {
  it('fail a refusal that names another code (fault: CONFLICT answered as FORMAT_ERROR), with the finer clause', async () => {
    const f = await failureOf(
      session(),
      refusalNamesCode,
      answer(400, { ...ERROR_BODY(400, 'FORMAT_ERROR'), tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] }),
      'CONFLICT',
    );
    expect(f).toMatchObject({
      expected: 'CONFLICT',
      received: ['FORMAT_ERROR', 'FORMAT_ERROR'],
      clauses: ['fields.tpp-message.code', 'fields.cross-border-payment-response.tppMessages'],
    });
    expect(f.title).toMatch(
      /^expected the refusal to name the code CONFLICT \(in tppMessages or the error body's code\), but it names FORMAT_ERROR, FORMAT_ERROR: 400 /,
    );
  });

  it('fail an accepted request (fault: a payment dated in the past accepted)', async () => {
    const f = await failureOf(session(), refusalNamesCode, answer(201, { paymentId: 'p1' }), 'EXECUTION_DATE_INVALID');
    expect(f).toMatchObject({ received: 201, clauses: ['fields.tpp-message.code'] });
  });

  it('pass a refusal naming the code in tppMessages or in the error body', async () => {
    await passes(
      session(),
      refusalNamesCode,
      answer(409, { tppMessages: [{ category: 'ERROR', code: 'CONFLICT' }] }),
      'CONFLICT',
    );
    await passes(session(), refusalNamesCode, answer(409, ERROR_BODY(409, 'CONFLICT')), 'CONFLICT');
  });

  it('fail a failed SCA redirected without its code (fault: the redirect carries another code)', async () => {
    const s = session(
      {},
      { lastSca: { completed: true, params: { status: '401', code: 'PSU_CREDENTIALS_INVALID', message: 'wrong' } } },
    );
    const f = await failureOf(s, failureRedirectCode, undefined, 'SCA_CANCELLED');
    expect(f).toMatchObject({
      expected: 'SCA_CANCELLED',
      received: 'PSU_CREDENTIALS_INVALID',
      clauses: ['events.failure.code'],
    });
    await passes(s, failureRedirectCode, undefined, 'PSU_CREDENTIALS_INVALID');
  });
});

describe('SCA checks', () => {
  const PSU = '2b6a1f0e-5c1d-4c3e-9a7b-1f2e3d4c5b6a';
  const OTHER = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
  const sca = (psuId: string) => ({
    lastSca: { completed: true, params: { 'psu-id': psuId, 'tpp-session-id': 's', context: 'PRIVATE' } },
  });

  it('fail a second SCA that gives another psu-id (fault: a new psu-id at each SCA)', async () => {
    const f = await failureOf(session({ rememberedPsuId: PSU }, sca(OTHER)), psuIdStable, undefined);
    expect(f).toMatchObject({
      expected: PSU,
      received: OTHER,
      clauses: ['sca.psu-id-reused', 'events.success.psu-id'],
    });
    await passes(session({ rememberedPsuId: PSU }, sca(PSU)), psuIdStable, undefined);
  });

  it('fail a CORPORATE list that holds a PRIVATE account (fault: the contexts share accounts)', async () => {
    const s = session({ rememberedAccounts: [{ resourceId: 'a1', iban: 'NO9386011117947' }] as any });
    const f = await failureOf(
      s,
      contextsDisjoint,
      answer(200, { accounts: [{ resourceId: 'c1', iban: 'NO9386011117947' }] }),
    );
    expect(f).toMatchObject({
      title: "the CORPORATE account list holds the PSU's PRIVATE accounts NO9386011117947",
      received: ['NO9386011117947'],
    });
    await passes(s, contextsDisjoint, answer(200, { accounts: [{ resourceId: 'c1', iban: 'NO0215030000000' }] }));
  });
});
