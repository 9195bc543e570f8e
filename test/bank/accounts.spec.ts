// Account information: accounts, balances, transactions (bookingStatus, paging, links), details,
// card accounts; the no-PSU rules (4 calls, 90 days, 90-day consent, 180-day renewal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/spec/validate.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import { accountsOf, consentFor, privateNids, PSU_IP, testBank, type TestBank } from './helpers.ts';

const DAY = 86400;
let tb: TestBank;
let nid: string;
let psuId: string;
let present: TppClient;
let absent: TppClient;
let acc: { id: string; iban: string };
const enc = encodeURIComponent;

beforeAll(async () => {
  tb = await testBank({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  nid = privateNids(tb.running)[0];
  psuId = await consentFor(tb, nid);
  present = tb.client({ psuId, tppSessionId: 'sess-1', psuIpAddress: PSU_IP });
  absent = tb.client({ psuId });
  acc = accountsOf(tb.running, nid)[0];
});
afterAll(async () => {
  await tb.close();
});

type Txs = {
  transactions: {
    booked?: Array<{ transactionId: string; bookingDate: string }>;
    pending?: unknown[];
    information?: unknown[];
    _links: Record<string, { href: string }>;
  };
};
const txs = (cl: TppClient, query: Record<string, string | number>, id = acc.id) =>
  cl.request({ method: 'GET', path: `/v1/accounts/${enc(id)}/transactions`, query });

describe('accounts and balances', () => {
  it('lists the consented accounts with links; one account; balances', async () => {
    const l = await present.request({ method: 'GET', path: '/v1/accounts', query: { withBalance: 'true' } });
    expect(l.response?.status).toBe(200);
    const accounts = (l.response!.json as { accounts: Array<Record<string, unknown>> }).accounts;
    expect(accounts.map((a) => a.resourceId)).toContain(acc.id);
    expect(accounts[0]).toMatchObject({ currency: 'NOK', usage: 'PRIV', _links: { balances: {}, transactions: {} } });
    expect(accounts[0].balances).toBeDefined();
    const one = await present.request({ method: 'GET', path: `/v1/accounts/${enc(acc.id)}` });
    expect(one.response?.json).toMatchObject({ account: { resourceId: acc.id, iban: acc.iban } });
    const b = await present.request({ method: 'GET', path: `/v1/accounts/${enc(acc.id)}/balances` });
    expect(b.response?.status).toBe(200);
    const bal = (b.response!.json as { balances: Array<{ balanceType: string; balanceAmount: { amount: string } }> })
      .balances;
    expect(bal.map((x) => x.balanceType)).toEqual(['interimBooked', 'interimAvailable', 'expected']);
    expect(bal[0].balanceAmount.amount).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown account and for one outside the consent', async () => {
    const other = accountsOf(tb.running, privateNids(tb.running)[1])[0];
    for (const id of ['nope', other.id]) {
      const r = await present.request({ method: 'GET', path: `/v1/accounts/${enc(id)}/balances` });
      expect(r.response?.status).toBe(404);
      expect(r.response?.json).toMatchObject({
        code: 'RESOURCE_UNKNOWN',
        status: 404,
        system: expect.any(String),
        id: expect.any(String),
      });
    }
  });

  it('needs SCA (401 scaRedirect, verbs GET) without a known PSU', async () => {
    const r = await tb.client({ psuIpAddress: PSU_IP }).request({ method: 'GET', path: '/v1/accounts' });
    expect(r.response?.status).toBe(401);
    expect(validate('sca-required-response', r.response!.json)).toEqual({ ok: true });
    expect(r.response!.json).toMatchObject({
      _links: { scaRedirect: { verbs: ['GET'], href: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sca\//) } },
    });
  });
});

describe('transactions', () => {
  it('pages booked transactions 200 at a time by default, with the links in transactions._links', async () => {
    const r = await txs(present, { bookingStatus: 'booked', dateFrom: '2020-01-01' });
    const t = (r.response!.json as Txs).transactions;
    expect(t.booked!.length).toBe(200);
    expect(t._links.next.href).toContain('limit=200');
    expect(t._links.next.href).toContain('offset=200');
    expect(t._links.first.href).toContain('limit=200');
    expect(t._links.account.href).toBe(`/v1/accounts/${enc(acc.id)}`);
    expect((r.response!.json as Record<string, unknown>)._links).toBeUndefined();
    const next = await present.request({ method: 'GET', path: t._links.next.href });
    const t2 = (next.response!.json as Txs).transactions;
    expect(t2.booked!.length).toBe(60);
    expect(t2._links.next).toBeUndefined();
    expect(t2._links.previous.href).toContain('offset=0');
    const ids = new Set([...t.booked!, ...t2.booked!].map((x) => x.transactionId));
    expect(ids.size).toBe(260);
  });

  it('applies limit, offset, dateFrom and dateTo to booked', async () => {
    const r = await txs(present, {
      bookingStatus: 'booked',
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01',
      limit: 5,
      offset: 1,
    });
    const b = (r.response!.json as Txs).transactions.booked!;
    expect(b.length).toBe(5);
    for (const x of b) expect(x.bookingDate >= '2026-01-01' && x.bookingDate <= '2026-02-01').toBe(true);
  });

  it('returns every pending transaction with both and pending, whatever dates and limit say', async () => {
    for (const bookingStatus of ['both', 'pending']) {
      const r = await txs(present, { bookingStatus, dateFrom: '2026-03-01', dateTo: '2026-03-02', limit: 1 });
      expect((r.response!.json as Txs).transactions.pending!.length, bookingStatus).toBe(3);
    }
    const booked = await txs(present, { bookingStatus: 'booked', dateFrom: '2026-03-01', limit: 1 });
    expect((booked.response!.json as Txs).transactions.pending).toBeUndefined();
  });

  it('takes all and information', async () => {
    const all = (await txs(present, { bookingStatus: 'all', dateFrom: '2026-01-01' })).response!.json as Txs;
    expect(all.transactions.booked).toBeDefined();
    expect(all.transactions.pending).toBeDefined();
    expect(all.transactions.information).toEqual([]);
    const info = await txs(present, { bookingStatus: 'information' });
    expect(info.response?.status).toBe(200);
  });

  it.each([
    [{ dateFrom: '2026-01-01' }, 400, 'QUERY_PARAMETER_REQUIRED'],
    [{ bookingStatus: 'booked' }, 400, 'QUERY_PARAMETER_REQUIRED'],
    [{ bookingStatus: 'settled', dateFrom: '2026-01-01' }, 400, 'FORMAT_ERROR'],
    [{ bookingStatus: 'booked', dateFrom: '2026-13-01' }, 400, 'FORMAT_ERROR'],
    [{ bookingStatus: 'booked', dateFrom: '2026-02-01', dateTo: '2026-01-01' }, 400, 'PERIOD_INVALID'],
    [{ bookingStatus: 'booked', dateFrom: '2026-01-01', limit: 0 }, 400, 'FORMAT_ERROR'],
    [{ bookingStatus: 'booked', dateFrom: '2026-01-01', offset: -1 }, 400, 'FORMAT_ERROR'],
    [{ bookingStatus: 'booked', dateFrom: '2026-01-01', limit: 'ten' }, 400, 'FORMAT_ERROR'],
  ])('refuses %j with %i %s', async (query, status, code) => {
    const r = await txs(present, query as Record<string, string>);
    expect(r.response?.status).toBe(status);
    expect(r.response?.json).toMatchObject({ code });
  });

  it('gives transaction details with every field of the spec table', async () => {
    const t = (await txs(present, { bookingStatus: 'booked', dateFrom: '2020-01-01', limit: 10 })).response!
      .json as Txs;
    const seen = new Set<string>();
    for (const x of t.transactions.booked!) {
      const d = await present.request({
        method: 'GET',
        path: `/v1/accounts/${enc(acc.id)}/transactions/${enc(x.transactionId)}`,
      });
      expect(d.response?.status).toBe(200);
      expect(validate('transaction-details-response', d.response!.json)).toEqual({ ok: true });
      for (const k of Object.keys((d.response!.json as { transactionsDetails: object }).transactionsDetails))
        seen.add(k);
    }
    for (const f of [
      'bankTransactionCode',
      'transactionId',
      'endToEndId',
      'bookingDate',
      'valueDate',
      'transactionAmount',
      'currencyExchange',
      'creditorId',
      'creditorName',
      'creditorAccount',
      'creditorAgent',
      'ultimateCreditor',
      'debtorName',
      'debtorAccount',
      'debtorAgent',
      'ultimateDebtor',
      'remittanceInformationUnstructured',
      'remittanceInformationUnstructuredArray',
      'remittanceInformationStructuredArray',
      'purposeCode',
      'proprietaryBankTransactionCode',
    ]) {
      expect(seen, f).toContain(f);
    }
    const missing = await present.request({ method: 'GET', path: `/v1/accounts/${enc(acc.id)}/transactions/nope` });
    expect(missing.response?.status).toBe(404);
  });
});

describe('card accounts', () => {
  it('lists, reads, balances and transactions of card accounts', async () => {
    const l = await present.request({ method: 'GET', path: '/v1/card-accounts' });
    const cards = (
      l.response!.json as { cardAccounts: Array<{ resourceId: string; maskedPan: string; status: string }> }
    ).cardAccounts;
    expect(cards.length).toBe(1);
    expect(cards[0].status).toBe('enabled');
    const id = enc(cards[0].resourceId);
    expect((await present.request({ method: 'GET', path: `/v1/card-accounts/${id}` })).response?.json).toMatchObject({
      cardAccount: { maskedPan: cards[0].maskedPan },
    });
    expect((await present.request({ method: 'GET', path: `/v1/card-accounts/${id}/balances` })).response?.status).toBe(
      200,
    );
    const t = await present.request({
      method: 'GET',
      path: `/v1/card-accounts/${id}/transactions`,
      query: { bookingStatus: 'both', dateFrom: '2026-01-01', dateTo: '2026-02-28' },
    });
    const ct = (
      t.response!.json as {
        cardTransactions: {
          booked: Array<{ transactionAmount: { amount: string }; originalAmount: object; bookingDate: string }>;
          pending: unknown[];
        };
      }
    ).cardTransactions;
    expect(ct.booked.length).toBeGreaterThan(0);
    expect(ct.booked[0].transactionAmount.amount).toMatch(/^-?\d+\.\d{2}$/);
    // Card accounts are not affected by the all-pending rule: the date filter hides today's pending one.
    expect(ct.pending).toEqual([]);
  });
});

describe('without PSU present (no PSU-IP-Address)', () => {
  it('allows 4 calls per 24 h per operation, then 429 ACCESS_EXCEEDED; bad calls do not count', async () => {
    const path = `/v1/accounts/${enc(acc.id)}/balances`;
    expect((await txs(absent, { bookingStatus: 'nope' })).response?.status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await absent.request({ method: 'GET', path })).response?.status).toBe(200);
    const r = await absent.request({ method: 'GET', path });
    expect(r.response?.status).toBe(429);
    expect(r.response?.json).toMatchObject({ code: 'ACCESS_EXCEEDED', status: 429 });
    expect((await present.request({ method: 'GET', path })).response?.status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await txs(absent, { bookingStatus: 'booked', dateFrom: '2026-02-01' })).response?.status).toBe(200);
    expect((await txs(absent, { bookingStatus: 'booked', dateFrom: '2026-02-01' })).response?.status).toBe(429);
    tb.running.bank.clock.advance(DAY + 1);
    expect((await absent.request({ method: 'GET', path })).response?.status).toBe(200);
  });

  it('reads at most 90 days back', async () => {
    const acc2 = accountsOf(tb.running, nid)[1];
    const now = tb.running.bank.now();
    const d = (days: number) => new Date(now - days * DAY * 1000).toISOString().slice(0, 10);
    expect((await txs(absent, { bookingStatus: 'booked', dateFrom: d(91) }, acc2.id)).response?.json).toMatchObject({
      code: 'PERIOD_INVALID',
    });
    expect((await txs(absent, { bookingStatus: 'booked', dateFrom: d(90) }, acc2.id)).response?.status).toBe(200);
  });

  it('needs a consent at most 90 days old for details and an SCA within 180 days for the list', async () => {
    const tb2 = await testBank({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
    try {
      const n2 = privateNids(tb2.running)[1];
      const id2 = await consentFor(tb2, n2);
      const a = accountsOf(tb2.running, n2)[0];
      const cl = tb2.client({ psuId: id2 });
      tb2.running.bank.clock.advance(85 * DAY);
      const list = await cl.request({
        method: 'GET',
        path: `/v1/accounts/${enc(a.id)}/transactions`,
        query: {
          bookingStatus: 'booked',
          dateFrom: new Date(tb2.running.bank.now() - 89 * DAY * 1000).toISOString().slice(0, 10),
        },
      });
      expect(list.response?.status, list.response?.text).toBe(200);
      const recent = (list.response!.json as Txs).transactions.booked!;
      expect(recent.length).toBeGreaterThan(0);
      const detailPath = `/v1/accounts/${enc(a.id)}/transactions/${enc(recent[0].transactionId)}`;
      expect((await cl.request({ method: 'GET', path: detailPath })).response?.status).toBe(200);
      tb2.running.bank.clock.advance(6 * DAY); // consent now 91 days old
      expect((await cl.request({ method: 'GET', path: detailPath })).response?.status).toBe(401);
      const q = {
        bookingStatus: 'booked',
        dateFrom: new Date(tb2.running.bank.now() - 10 * DAY * 1000).toISOString().slice(0, 10),
      };
      expect(
        (await cl.request({ method: 'GET', path: `/v1/accounts/${enc(a.id)}/transactions`, query: q })).response
          ?.status,
      ).toBe(200);
      tb2.running.bank.clock.advance(90 * DAY); // SCA now 181 days old
      const q2 = {
        bookingStatus: 'booked',
        dateFrom: new Date(tb2.running.bank.now() - 10 * DAY * 1000).toISOString().slice(0, 10),
      };
      const renewal = await cl.request({ method: 'GET', path: `/v1/accounts/${enc(a.id)}/transactions`, query: q2 });
      expect(renewal.response?.status).toBe(401);
      expect(validate('sca-required-response', renewal.response!.json)).toEqual({ ok: true });
    } finally {
      await tb2.close();
    }
  });
});
