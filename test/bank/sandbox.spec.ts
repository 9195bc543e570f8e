// Sandbox mock-data operations, initialise, TPP dialogue, and the control endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/spec/validate.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import { bbanWithCheck, ibanFor } from '../../src/bank/seed.ts';
import { makeNationalIdentityNumber } from '../../src/bank/ids.ts';
import { testBank, type TestBank } from './helpers.ts';

let tb: TestBank;
let c: TppClient;
const T0 = Date.parse('2026-03-02T10:00:00Z');
beforeAll(async () => {
  tb = await testBank({ clock: () => T0 });
  c = tb.client({});
});
afterAll(async () => {
  await tb.close();
});

const nid = makeNationalIdentityNumber(17, 5, 84, 104)!;
const bban = bbanWithCheck('9710555000');
const post = (path: string, body: unknown) => c.request({ method: 'POST', path, body });

describe('sandbox customers, accounts and transactions', () => {
  let accountId = '';
  it('creates a customer and an account (201), reads it back', async () => {
    expect(
      (await post('/v1/sandbox/customers', { customerNumber: nid, name: 'Test Testperson 5', type: 'private' }))
        .response?.status,
    ).toBe(201);
    expect(
      (await post('/v1/sandbox/customers', { customerNumber: nid, name: 'Again', type: 'private' })).response?.status,
    ).toBe(409);
    const list = await c.request({ method: 'GET', path: '/v1/sandbox/customers' });
    expect((list.response!.json as Array<{ customerNumber: string }>).map((x) => x.customerNumber)).toContain(nid);
    const r = await post('/v1/sandbox/accounts', {
      customerNumber: nid,
      accountName: 'Totalkonto',
      bban,
      iban: ibanFor(bban),
      currency: 'NOK',
      product: 'Totalkonto',
      cashAccountType: 'CACC',
      creditLine: 0,
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1542000, currency: 'NOK' } }],
    });
    expect(r.response?.status, r.response?.text).toBe(201);
    accountId = (r.response!.json as { id: string }).id;
    expect(accountId).toMatch(/^enc!!/);
    const g = await c.request({ method: 'GET', path: `/v1/sandbox/accounts/${encodeURIComponent(accountId)}` });
    expect(g.response?.json).toMatchObject({ bban, balances: [{ balanceAmount: { amount: 1542000 } }] });
  });

  it.each([
    ['unknown customer', { customerNumber: '01010100000' }, 404],
    ['bad bban', { bban: '12345678901' }, 400],
    ['bad currency', { currency: 'XXX' }, 400],
    [
      'non-integer balance',
      { balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1.5, currency: 'NOK' } }] },
      400,
    ],
  ])('refuses an account with %s', async (_n, over, status) => {
    const b2 = bbanWithCheck('9710555100');
    const before = tb.running.bank.stateDigest();
    const r = await post('/v1/sandbox/accounts', {
      customerNumber: nid,
      accountName: 'X',
      bban: b2,
      currency: 'NOK',
      ...over,
    });
    expect(r.response?.status).toBe(status);
    expect(tb.running.bank.stateDigest()).toBe(before);
  });

  it('creates transactions and lists them with fromDate, toDate, offset and limit (at least 1)', async () => {
    const item = (d: string, amount: number) => ({
      amount,
      currency: 'NOK',
      valueDate: d,
      bookingDate: d,
      remittanceInformationUnstructured: 'r',
      creditorName: 'C',
      creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
      debtorName: 'D',
      debtorAccount: { iban: '', bban: '' },
      purposeCode: 'OTHR',
      bankTransactionCode: 'PMNT',
    });
    const r = await post(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions`, [
      item('2026-02-01', 1500),
      item('2026-02-10', -200),
      item('2026-02-20', 300),
    ]);
    expect(r.response?.status, r.response?.text).toBe(201);
    const path = `/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions`;
    const all = await c.request({ method: 'GET', path });
    expect(validate('sandbox-account-transactions', all.response!.json)).toEqual({ ok: true });
    expect((all.response!.json as unknown[]).length).toBe(3);
    const some = await c.request({
      method: 'GET',
      path,
      query: { fromDate: '2026-02-05', toDate: '2026-02-25', offset: 1, limit: 1 },
    });
    expect((some.response!.json as Array<{ bookingDate: string }>).map((x) => x.bookingDate)).toEqual(['2026-02-10']);
    expect((await c.request({ method: 'GET', path, query: { limit: 0 } })).response?.status).toBe(400);
    expect(
      (await c.request({ method: 'GET', path, query: { fromDate: '2026-03-01', toDate: '2026-02-01' } })).response
        ?.status,
    ).toBe(400);
    expect((await post(path, [{ ...item('2026-02-01', 1), amount: 'one' }])).response?.status).toBe(400);
  });

  it('updates balances of accounts', async () => {
    const r = await c.request({
      method: 'PUT',
      path: `/v1/sandbox/accounts/${encodeURIComponent(accountId)}/balances`,
      body: { balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 777, currency: 'NOK' } }] },
    });
    expect(r.response?.status).toBe(200);
    expect(r.response?.json).toMatchObject({ balances: [{ balanceAmount: { amount: 777 } }] });
    expect(
      (
        await c.request({
          method: 'PUT',
          path: `/v1/sandbox/accounts/${encodeURIComponent(accountId)}/balances`,
          body: { balances: [] },
        })
      ).response?.status,
    ).toBe(400);
  });
});

describe('sandbox card accounts', () => {
  let cardId = '';
  const item = (over: Record<string, unknown> = {}) => ({
    cardTransactionId: `t-${Math.random()}`,
    terminalId: 'tid',
    bookingDate: '2026-02-10',
    transactionDate: '2026-02-11',
    transactionAmount: { currency: 'NOK', amount: 100 },
    originalAmount: { currency: 'EUR', amount: 9 },
    merchantCategoryCode: '5411',
    markupFee: { currency: 'NOK', amount: 2 },
    markupFeePercentage: '2',
    cardAcceptorId: 'a',
    cardAcceptorAddress: { city: 'Oslo', country: 'NO' },
    maskedPan: '1234xxxxxxxx4321',
    transactionDetails: 'Shop',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'VISA',
    ...over,
  });

  it('creates a card account (201) and card transactions', async () => {
    const owner = [...tb.running.bank.state.customers.values()].find((x) => x.type === 'private')!.customerNumber;
    const r = await post('/v1/sandbox/card-accounts', {
      customerNumber: owner,
      maskedPan: '1234xxxxxxxx4321',
      currency: 'NOK',
      creditLimit: { currency: 'NOK', amount: 1000 },
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 0, currency: 'NOK' } }],
      cardId: '1',
      cardIdVNo: '2',
      accountNumber: '123412341234',
      expiry: '2030-01-01',
      name: 'Test',
      product: 'Basic Credit',
      status: 'ENABLED',
    });
    expect(r.response?.status, r.response?.text).toBe(201);
    cardId = (r.response!.json as { resourceId: string }).resourceId;
    const t = await post(`/v1/sandbox/card-accounts/${encodeURIComponent(cardId)}/transactions`, [item()]);
    expect(t.response?.status, t.response?.text).toBe(201);
    expect(validate('sandbox-card-transactions-response', t.response!.json)).toEqual({ ok: true });
    expect(
      (await c.request({ method: 'GET', path: `/v1/sandbox/card-accounts/${encodeURIComponent(cardId)}` })).response
        ?.status,
    ).toBe(200);
    const u = await c.request({
      method: 'PUT',
      path: `/v1/sandbox/card-accounts/${encodeURIComponent(cardId)}/balances`,
      body: { balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 5, currency: 'NOK' } }] },
    });
    expect(u.response?.status).toBe(200);
  });

  it.each([
    ['a booking date in the future', { bookingDate: '2026-03-03', transactionDate: '2026-03-04' }],
    ['a value date in the future', { bookingDate: '2026-03-01', transactionDate: '2026-03-05' }],
    ['a booking date after the value date', { bookingDate: '2026-02-12', transactionDate: '2026-02-11' }],
    ['a missing field', { terminalId: undefined }],
    ['a string amount', { transactionAmount: { currency: 'NOK', amount: '100' } }],
  ])('refuses %s with 400 and changes no state', async (_n, over) => {
    const before = tb.running.bank.stateDigest();
    const r = await post(`/v1/sandbox/card-accounts/${encodeURIComponent(cardId)}/transactions`, [item(over)]);
    expect(r.response?.status).toBe(400);
    expect(tb.running.bank.stateDigest()).toBe(before);
  });

  it('answers 404 for an unknown card account', async () => {
    expect((await post('/v1/sandbox/card-accounts/nope/transactions', [item()])).response?.status).toBe(404);
  });
});

describe('sandbox agreements and initialise', () => {
  it('creates an agreement for a corporate customer', async () => {
    const st = tb.running.bank.state;
    const corp = [...st.customers.values()].find((x) => x.type === 'corporate')!;
    const acc = [...st.accounts.values()].find((a) => a.customerNumber === corp.customerNumber)!;
    const r = await post('/v1/sandbox/agreements', {
      owner: corp.customerNumber,
      name: 'Testavtale 1',
      engagements: [{ customer: nid, account: { iban: acc.iban }, roles: ['VIEW', 'REGISTER'] }],
    });
    expect(r.response?.status, r.response?.text).toBe(201);
    expect((await c.request({ method: 'GET', path: '/v1/sandbox/agreements' })).response?.status).toBe(200);
    expect((await post('/v1/sandbox/agreements', { owner: nid, name: 'x', engagements: [] })).response?.status).toBe(
      404,
    );
  });

  it('initialise restores the known state and wipes created data', async () => {
    const fresh = await testBank({ clock: () => T0 });
    const seeded = fresh.running.bank.stateDigest();
    await fresh.close();
    expect(tb.running.bank.stateDigest()).not.toBe(seeded);
    const r = await post('/v1/sandbox/initialise', {});
    expect(r.response?.status).toBe(200);
    expect(tb.running.bank.stateDigest()).toBe(seeded);
    const st = tb.running.bank.state;
    const privates = [...st.customers.values()].filter((x) => x.type === 'private');
    for (const p of privates) {
      expect([...st.accounts.values()].filter((a) => a.customerNumber === p.customerNumber).length).toBe(2);
      expect([...st.cardAccounts.values()].filter((a) => a.customerNumber === p.customerNumber).length).toBe(1);
    }
    for (const corp of [...st.customers.values()].filter((x) => x.type === 'corporate')) {
      expect([...st.accounts.values()].filter((a) => a.customerNumber === corp.customerNumber).length).toBe(2);
      expect([...st.agreements.values()].filter((a) => a.owner === corp.customerNumber).length).toBe(1);
    }
  });
});

describe('TPP dialogue', () => {
  it('registers a non-personal contact e-mail and refuses a personal or malformed one', async () => {
    const r = await post('/v1/tpp-dialogue/contact', { email: 'psd2-ops@tpp.example' });
    expect(r.response?.status).toBe(201);
    expect((await c.request({ method: 'GET', path: '/v1/tpp-dialogue/contact' })).response?.json).toMatchObject({
      email: 'psd2-ops@tpp.example',
    });
    expect((await post('/v1/tpp-dialogue/contact', { email: 'ola.nordmann@tpp.example' })).response?.status).toBe(400);
    expect((await post('/v1/tpp-dialogue/contact', { email: 'not-an-address' })).response?.status).toBe(400);
  });
});

describe('control endpoint (test mode)', () => {
  it('moves the clock, gives the digest, resets', async () => {
    const base = tb.running.url;
    const c0 = (await (await fetch(`${base}/__control/clock`)).json()) as { ms: number };
    const moved = (await (
      await fetch(`${base}/__control/clock`, { method: 'POST', body: JSON.stringify({ advanceSeconds: 90 }) })
    ).json()) as { ms: number };
    expect(moved.ms - c0.ms).toBe(90_000);
    expect((await fetch(`${base}/__control/clock`, { method: 'POST', body: '{}' })).status).toBe(400);
    const d = (await (await fetch(`${base}/__control/state-digest`)).json()) as { digest: string };
    expect(d.digest).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(`${base}/__control/reset`, { method: 'POST' })).status).toBe(200);
    expect(tb.running.clockControl).toMatchObject({ method: 'POST', path: '/__control/clock' });
  });
});
