// Signing baskets: create (at most 10, no bulk/periodic), read, status as the worst case, delete, authorisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketStatus } from '../../src/bank/handlers/baskets.ts';
import { defaultRules } from '../../src/bank/rules.ts';
import { validate } from '../../src/spec/validate.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import {
  accountsOf,
  completeSca,
  domesticBody,
  FIX,
  privateNids,
  PSU_IP,
  scaHref,
  testBank,
  type TestBank,
} from './helpers.ts';

let tb: TestBank;
let c: TppClient;
let nid: string;
let debtor: { id: string; iban: string; bban: string; currency: string };
let n = 0;
const PSU_ID = '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11';

beforeAll(async () => {
  tb = await testBank({ clock: () => Date.parse('2026-03-02T07:00:00Z') });
  nid = privateNids(tb.running)[0];
  debtor = accountsOf(tb.running, nid)[0];
  c = tb.client({ tppSessionId: 'sbs-1', psuIpAddress: PSU_IP, psuId: PSU_ID });
});
afterAll(async () => {
  await tb.close();
});

async function payment(service = 'payments'): Promise<string> {
  const body =
    service === 'bulk-payments'
      ? {
          debtorAccount: { bban: debtor.bban, currency: 'NOK' },
          payments: [
            {
              instructedAmount: { amount: '1.00', currency: 'NOK' },
              creditorAccount: { bban: '12345678903', currency: 'NOK' },
              remittanceInformationUnstructured: `b${++n}`,
            },
          ],
        }
      : {
          ...domesticBody(debtor, { remittanceInformationUnstructured: `basket ${++n}` }),
          ...(service === 'periodic-payments' ? { startDate: '2027-01-01', frequency: 'Monthly' } : {}),
        };
  const r = await c.request({ method: 'POST', path: `/v1/${service}/norwegian-domestic-credit-transfers`, body });
  expect(r.response?.status, r.response?.text).toBe(201);
  return (r.response!.json as { paymentId: string }).paymentId;
}

const basket = (paymentIds: unknown, headers: Record<string, string | null> = FIX) =>
  c.request({ method: 'POST', path: '/v1/signing-baskets', body: { paymentIds }, headers });

describe('signing baskets', () => {
  it('creates a basket with 201 and the spec shape', async () => {
    const r = await basket([await payment(), await payment()]);
    expect(r.response?.status, r.response?.text).toBe(201);
    expect(validate('signing-basket-response', r.response!.json)).toEqual({ ok: true });
    expect(r.response!.json).toMatchObject({ transactionStatus: 'RCVD' });
  });

  it('takes 10 payments, refuses 11 and changes no state', async () => {
    const ids = [];
    for (let i = 0; i < 11; i++) ids.push(await payment());
    const before = tb.running.bank.stateDigest();
    const r = await basket(ids);
    expect(r.response?.status).toBe(400);
    expect(tb.running.bank.stateDigest()).toBe(before);
    expect((await basket(ids.slice(0, 10))).response?.status).toBe(201);
  });

  it('refuses bulk and periodic payments with 400 REFERENCE_MIX_INVALID', async () => {
    for (const service of ['bulk-payments', 'periodic-payments']) {
      const r = await basket([await payment(), await payment(service)]);
      expect(r.response?.status).toBe(400);
      expect(r.response!.json).toMatchObject({ code: 'REFERENCE_MIX_INVALID', status: 400 });
    }
  });

  it('needs x-accept-fix with amount-as-string', async () => {
    const id = await payment();
    expect((await basket([id], { 'x-accept-fix': null })).response?.status).toBe(400);
    const wrong = await basket([id], { 'x-accept-fix': 'longer-names' });
    expect(wrong.response?.status).toBe(400);
    expect((wrong.response!.json as { message: string }).message).toMatch(/amount-as-string/);
  });

  it('refuses unknown, duplicate and already-basketed payments, and an empty list', async () => {
    expect((await basket(['nope'])).response?.status).toBe(404);
    const id = await payment();
    expect((await basket([id, id])).response?.status).toBe(400);
    expect((await basket([])).response?.status).toBe(400);
    expect((await basket([id])).response?.status).toBe(201);
    expect((await basket([id])).response?.status).toBe(409);
  });

  it('reads, authorises, reports the worst case, and deletes only an unauthorised basket', async () => {
    const ids = [await payment(), await payment()];
    const r = await basket(ids);
    const href = (r.response!.json as { _links: { self: { href: string } } })._links.self.href;
    const g = await c.request({ method: 'GET', path: href });
    expect(g.response?.json).toMatchObject({ payments: ids, transactionStatus: 'RCVD' });
    // One payment authorised alone: the basket stays RCVD (worst case).
    const a1 = await c.request({
      method: 'POST',
      path: `/v1/payments/norwegian-domestic-credit-transfers/${ids[0]}/authorisations`,
    });
    await completeSca(scaHref(a1.response!.json), { nid });
    expect((await c.request({ method: 'GET', path: `${href}/status` })).response?.json).toEqual({
      transactionStatus: 'RCVD',
    });
    expect((await c.request({ method: 'DELETE', path: href })).response?.status).toBe(409);
    const a = await c.request({ method: 'POST', path: `${href}/authorisations` });
    expect(a.response?.status).toBe(201);
    const out = await completeSca(scaHref(a.response!.json), { nid });
    expect(out.params['psu-id']).toBeTruthy();
    const st = await c.request({ method: 'GET', path: `${href}/status` });
    expect(validate('basket-status-response', st.response!.json)).toEqual({ ok: true });
    expect(st.response?.json).toEqual({ transactionStatus: 'ACTC' });
    const authHref = (a.response!.json as { _links: { scaStatus: { href: string } } })._links.scaStatus.href;
    expect((await c.request({ method: 'GET', path: authHref })).response?.json).toEqual({ scaStatus: 'finalised' });

    const r2 = await basket([await payment()]);
    const h2 = (r2.response!.json as { _links: { self: { href: string } } })._links.self.href;
    expect((await c.request({ method: 'DELETE', path: h2 })).response?.status).toBe(204);
    expect((await c.request({ method: 'GET', path: h2 })).response?.status).toBe(404);
  });

  it('orders badness RJCT > RCVD > PATC > ACTC', () => {
    const bad = defaultRules().basketBadness;
    expect(basketStatus(bad, ['ACTC', 'ACSC'])).toBe('ACTC');
    expect(basketStatus(bad, ['ACTC', 'PART'])).toBe('PATC');
    expect(basketStatus(bad, ['PART', 'RCVD'])).toBe('RCVD');
    expect(basketStatus(bad, ['RCVD', 'RJCT', 'ACSC'])).toBe('RJCT');
    expect(basketStatus(bad, ['CANC', 'ACSC'])).toBe('RJCT');
    expect(basketStatus(bad, ['PDNG'])).toBe('ACTC');
  });
});
