// Named checks (src/suite/checks/): unique ids of the form <area>.<what>, known clauses, and each
// example shown failing on a wrong answer and passing on a right one, in the shared failure shape.
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allChecks, runCheck } from '../../src/suite/checks/check.ts';
import { accountsWellFormed, balancesNonEmpty } from '../../src/suite/checks/accounts.ts';
import { Failure, shapeOf } from '../../src/session/failure.ts';
import { clauseById } from '../../src/spec/clauses.ts';
import type { ScenarioSession } from '../../src/session/session.ts';
import type { Exchange } from '../../src/tpp/client.ts';

const DIR = new URL('../../src/suite/checks/', import.meta.url);
const session = {} as ScenarioSession;
const answer = (status: number, json: unknown): Exchange => ({ request: { method: 'GET', target: '/v1/accounts' }, response: { status, json, text: JSON.stringify(json) } }) as unknown as Exchange;

beforeAll(async () => {
  for (const f of readdirSync(DIR).filter((f) => f.endsWith('.ts') && f !== 'check.ts')) await import(new URL(f, DIR).href);
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
    const err = await runCheck(session, accountsWellFormed, answer(200, { accounts: [{ resourceId: 'a1', iban: 'DE89370400440532013000' }] })).catch((e) => e);
    expect(err).toBeInstanceOf(Failure);
    const shape = shapeOf(err);
    expect(shape.code).toBe('accounts.list-well-formed');
    expect(shape.clauses).toEqual(['endpoints.list-accounts', 'conventions.currency-code']);
    expect(shape.received).toEqual({ resourceId: 'a1', iban: 'DE89370400440532013000' });
    expect(err.message).toContain('clause endpoints.list-accounts:');
    expect(err.message).toContain('  received: ');
  });

  it('pass a right answer', async () => {
    await expect(runCheck(session, accountsWellFormed, answer(200, { accounts: [{ resourceId: 'a1', iban: 'DE89370400440532013000', currency: 'EUR' }] }))).resolves.toBeUndefined();
    await expect(runCheck(session, balancesNonEmpty, answer(200, { balances: [{ balanceAmount: { amount: '1.00', currency: 'EUR' } }] }))).resolves.toBeUndefined();
  });

  it('fail an empty list (fault: balances answered as [])', async () => {
    const err = await runCheck(session, balancesNonEmpty, answer(200, { balances: [] })).catch((e) => e);
    expect(shapeOf(err)).toMatchObject({ code: 'accounts.balances-non-empty', expected: 'a non-empty balances list', received: [] });
  });
});
