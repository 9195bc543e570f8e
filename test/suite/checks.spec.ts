// Named checks (src/suite/checks/): unique ids of the form <area>.<what>, known clauses, and each
// example shown failing on a wrong answer and passing on a right one, in the shared failure shape.
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allChecks, runCheck } from '../../src/suite/checks/check.ts';
import { accountsWellFormed, balancesNonEmpty } from '../../src/suite/checks/accounts.ts';
import { basketsStatusIs } from '../../src/suite/checks/baskets.ts';
import { expectAccepted, schemaNamed } from '../../src/suite/checks/common.ts';
import { consentsRemovedEndpointRefused } from '../../src/suite/checks/consents.ts';
import {
  transactionsBookedDays,
  transactionsDefaultPageWithNext,
  transactionsDetailReadsMatch,
  transactionsHoldGroups,
} from '../../src/suite/checks/transactions.ts';
import { Failure, shapeOf } from '../../src/session/errors.ts';
import { clauseById } from '../../src/spec/clauses.ts';
import type { ScenarioSession } from '../../src/session/session.ts';
import type { Exchange } from '../../src/tpp/client.ts';

const DIR = new URL('../../src/suite/checks/', import.meta.url);
const session = {} as ScenarioSession;
const answer = (status: number, json: unknown, target = '/v1/accounts'): Exchange =>
  ({
    request: { method: 'GET', target },
    response: { status, json, text: JSON.stringify(json), body: Buffer.from(JSON.stringify(json)) },
  }) as unknown as Exchange;
/** A session holding `state` (what the set-up steps kept), read as the checks read it. */
const holding = (state: Record<string, unknown>, last?: Exchange): ScenarioSession =>
  ({
    state,
    last,
    psu: {},
    need: (k: string) =>
      state[k] ??
      (() => {
        throw new Error(`no ${k}`);
      })(),
    get status() {
      return last!.response!.status;
    },
  }) as unknown as ScenarioSession;
const txns = (transactions: unknown) => answer(200, { transactions }, '/v1/accounts/a1/transactions');
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e) => shapeOf(e),
  );

beforeAll(async () => {
  for (const f of readdirSync(DIR).filter((f) => f.endsWith('.ts') && f !== 'check.ts'))
    await import(new URL(f, DIR).href);
});

describe('named checks', () => {
  it('have unique <area>.<what> ids and name only known clauses', () => {
    const checks = allChecks();
    expect(checks.length).toBeGreaterThan(1);
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
    for (const c of checks) {
      expect(c.id).toMatch(/^[a-z0-9-]+\.[a-z0-9.-]+$/);
      expect(c.clauses.length).toBeGreaterThan(0);
      for (const id of c.clauses) expect(() => clauseById(id)).not.toThrow();
    }
  });

  it('fail a wrong answer in the shared shape, with the check id as code (fault: an account without a currency)', async () => {
    const err = await runCheck(
      session,
      accountsWellFormed,
      answer(200, { accounts: [{ resourceId: 'a1', iban: 'DE89370400440532013000' }] }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(Failure);
    const shape = shapeOf(err);
    expect(shape.code).toBe('accounts.list-well-formed');
    expect(shape.clauses).toEqual(['endpoints.list-accounts', 'conventions.currency-code']);
    expect(shape.received).toEqual({ resourceId: 'a1', iban: 'DE89370400440532013000' });
    expect(err.message).toContain('clause endpoints.list-accounts:');
    expect(err.message).toContain('  received: ');
  });

  it('pass a right answer', async () => {
    await expect(
      runCheck(
        session,
        accountsWellFormed,
        answer(200, { accounts: [{ resourceId: 'a1', iban: 'DE89370400440532013000', currency: 'EUR' }] }),
      ),
    ).resolves.toBeUndefined();
    await expect(
      runCheck(
        session,
        balancesNonEmpty,
        answer(200, { balances: [{ balanceAmount: { amount: '1.00', currency: 'EUR' } }] }),
      ),
    ).resolves.toBeUndefined();
  });

  it('fail an empty list (fault: balances answered as [])', async () => {
    const err = await runCheck(session, balancesNonEmpty, answer(200, { balances: [] })).catch((e) => e);
    expect(shapeOf(err)).toMatchObject({
      code: 'accounts.balances-non-empty',
      expected: 'a non-empty balances list',
      received: [],
    });
  });

  it('fail a transaction list with the wrong groups (fault: bookingStatus booked answers pending transactions), pass the asked ones', async () => {
    const wrong = txns({ booked: [{ transactionId: 't1' }], pending: [{ transactionId: 't2' }] });
    expect(await failureOf(runCheck(session, transactionsHoldGroups, wrong, 'booked transactions only'))).toMatchObject(
      {
        code: 'transactions.holds-asked-groups',
        title: 'bookingStatus booked answered 1 pending transactions',
        expected: 0,
        received: 1,
        clauses: ['states.transactions-booked-and-pending', 'endpoints.list-transactions'],
      },
    );
    await expect(
      runCheck(
        session,
        transactionsHoldGroups,
        txns({ booked: [{ transactionId: 't1' }] }),
        'booked transactions only',
      ),
    ).resolves.toBeUndefined();
    await expect(
      runCheck(session, transactionsHoldGroups, wrong, 'booked and pending transactions'),
    ).resolves.toBeUndefined();
  });

  it("fail a first page without a next link (fault: paging links left out), with the finer clause after the check's own", async () => {
    const page = (links?: unknown) =>
      txns({
        booked: Array.from({ length: 200 }, (_, i) => ({ transactionId: `t${i}` })),
        ...(links ? { _links: links } : {}),
      });
    expect(await failureOf(runCheck(session, transactionsDefaultPageWithNext, page()))).toMatchObject({
      code: 'transactions.default-page-with-next',
      clauses: ['limits.default-page-size', 'endpoints.list-transactions'],
      expected: 'a next link',
    });
    await expect(
      runCheck(
        session,
        transactionsDefaultPageWithNext,
        page({ next: { href: '/v1/accounts/a1/transactions?offset=200' } }),
      ),
    ).resolves.toBeUndefined();
  });

  it('fail booked transactions of other days (fault: dateTo ignored), reading the created days from the session', async () => {
    const s = holding({
      txnDays: new Map([
        ['2026-01-10', 20],
        ['2026-01-20', 10],
      ]),
    });
    const got = txns({ booked: [{ bookingDate: '2026-01-10' }, { bookingDate: '2026-01-20' }] });
    expect(await failureOf(runCheck(s, transactionsBookedDays, got, [20]))).toMatchObject({
      code: 'transactions.booked-days',
      title: 'the booked transactions: expected the transactions of 20 days back, got 20, 10',
      expected: [20],
      received: [20, 10],
    });
    await expect(runCheck(s, transactionsBookedDays, got, [10, 20])).resolves.toBeUndefined();
  });

  it("fail a refused details read inside a composed check under the inner check's id (fault: details of a listed transaction answered 404)", async () => {
    const s = holding({
      detailReads: [
        answer(404, { id: 'e', system: 's', status: 404, code: 'RESOURCE_UNKNOWN' }, '/v1/accounts/a1/transactions/t1'),
      ],
    });
    expect(
      await failureOf(runCheck(s, transactionsDetailReadsMatch, undefined, 'transaction-details-response')),
    ).toMatchObject({
      code: 'transactions.details-accepted',
      clauses: ['endpoints.get-transaction-details.success'],
      expected: 200,
      received: 404,
    });
  });

  it('fail the removed /v1/consents answered as created (fault: the removed endpoint still served), pass its refusal', async () => {
    const created = {
      ...answer(201, { consentId: 'c1', _links: { scaRedirect: { href: '/sca' } } }),
      request: { method: 'POST', target: '/v1/consents' },
    } as unknown as Exchange;
    expect(await failureOf(runCheck(session, consentsRemovedEndpointRefused, created))).toMatchObject({
      code: 'consents.removed-endpoint-refused',
      clauses: ['deprecations.consents-endpoint', 'endpoints.create-consent'],
      received: 201,
    });
    await expect(
      runCheck(
        session,
        consentsRemovedEndpointRefused,
        answer(404, { id: 'e1', system: 'xs2a', status: 404, code: 'RESOURCE_UNKNOWN' }),
      ),
    ).resolves.toBeUndefined();
  });

  it('fail a signing basket status that is not the worst case (fault: basket reports its best payment), pass the wanted one', async () => {
    expect(
      await failureOf(runCheck(session, basketsStatusIs, answer(200, { transactionStatus: 'ACSC' }), 'RJCT')),
    ).toMatchObject({
      code: 'baskets.status-is',
      clauses: ['states.basket-worst-case'],
      expected: 'RJCT',
      received: 'ACSC',
    });
    await expect(
      runCheck(session, basketsStatusIs, answer(200, { transactionStatus: 'RJCT' }), 'RJCT'),
    ).resolves.toBeUndefined();
  });

  it('keep the clause-less assertions of common.ts as they were (fault: a refusal where acceptance was wanted; a typo in a schema name)', () => {
    let err: unknown;
    try {
      expectAccepted(holding({}, answer(400, { id: 'e', system: 's', status: 400, code: 'FORMAT_ERROR' })));
    } catch (e) {
      err = e;
    }
    expect(shapeOf(err)).toMatchObject({
      code: 'SESSION_ERR_CHECK_FAILED',
      clauses: [],
      expected: '< 400',
      received: 400,
    });
    expect(() => expectAccepted(holding({}, answer(201, {})))).not.toThrow();
    expect(() => schemaNamed('no-such-schema')).toThrow('no schema named "no-such-schema"');
    expect(schemaNamed('error-body')).toBe('error-body');
  });
});
