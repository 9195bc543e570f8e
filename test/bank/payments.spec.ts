// Payments: every product, bulk, periodic, read, status with fundsAvailable, cancel, authorisations,
// the batch, fee information, and the body rules (failure side included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/spec/validate.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import { withLuhn } from '../../src/spec/kid.ts';
import { COUNTERPARTY } from '../../src/bank/seed.ts';
import {
  accountsOf,
  completeSca,
  crossBorderBody,
  domesticBody,
  FIX,
  privateNids,
  PSU_IP,
  scaHref,
  testBank,
  type TestBank,
} from './helpers.ts';

const T0 = Date.parse('2026-03-02T07:00:00Z');
let tb: TestBank;
let c: TppClient;
let nid: string;
let debtor: { id: string; iban: string; bban: string; currency: string };
let n = 0;
/** A unique remittance so payments are not logical duplicates of each other. */
const uniq = () => `Ref ${++n}`;

beforeAll(async () => {
  tb = await testBank({ clock: () => T0 });
  nid = privateNids(tb.running)[0];
  debtor = accountsOf(tb.running, nid)[0];
  c = tb.client({ psuId: undefined, tppSessionId: 'pis-1', psuIpAddress: PSU_IP });
});
afterAll(async () => {
  await tb.close();
});

async function create(
  product: string,
  body: unknown,
  opts: { service?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const ex = await c.request({
    method: 'POST',
    path: `/v1/${opts.service ?? 'payments'}/${product}`,
    body,
    headers: { ...FIX, 'PSU-ID': '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11', ...opts.headers },
    query: opts.query,
  });
  return ex.response!;
}

async function approve(selfHref: string, who = nid) {
  const a = await c.request({ method: 'POST', path: `${selfHref}/authorisations` });
  expect(a.response?.status, a.response?.text).toBe(201);
  return completeSca(scaHref(a.response!.json), { nid: who });
}

const self = (json: unknown) => (json as { _links: { self: { href: string } } })._links.self.href;
const status = async (href: string) => (await c.request({ method: 'GET', path: `${href}/status` })).response!;

describe('cross-border credit transfers', () => {
  it('creates with 201, the spec response shape and a startAuthorisation link', async () => {
    const r = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    expect(r.status, r.text).toBe(201);
    expect(validate('cross-border-payment-response', r.json)).toEqual({ ok: true });
    const j = r.json as {
      transactionStatus: string;
      _links: Record<string, { href: string; verbs: string[] }>;
      transactionFeeIndicator: boolean;
    };
    expect(j.transactionStatus).toBe('RCVD');
    expect(j._links.startAuthorisation.verbs).toEqual(['POST']);
    expect(j.transactionFeeIndicator).toBe(true);
    expect(r.headers.location).toBe(j._links.self.href);
  });

  it('needs every header the spec lists as required', async () => {
    for (const h of [
      'x-accept-fix',
      'TPP-Session-ID',
      'PSU-ID',
      'PSU-IP-Address',
      'X-Request-ID',
      'TPP-Redirect-URI',
    ]) {
      const ex = await c.request({
        method: 'POST',
        path: '/v1/payments/cross-border-credit-transfers',
        body: crossBorderBody(debtor, { remittanceInformationUnstructured: uniq() }),
        headers: { ...FIX, 'PSU-ID': '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11', [h]: null as unknown as string },
      });
      expect(ex.response?.status, h).toBe(400);
      const j = ex.response!.json as { code: string; tppMessages: Array<{ code: string; text: string }> };
      expect(j.code).toBe('FORMAT_ERROR');
      expect(j.tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
      expect(j.tppMessages[0].text).toContain(h);
      expect(validate('error-body', j)).toEqual({ ok: true });
    }
  });

  it.each([
    ['amount with the wrong minor units', { instructedAmount: { amount: '12.5', currency: 'EUR' } }],
    ['amount as a number', { instructedAmount: { amount: 12.5, currency: 'EUR' } }],
    ['unknown currency', { instructedAmount: { amount: '12.50', currency: 'XXX' } }],
    ['JPY with fraction digits', { instructedAmount: { amount: '12.50', currency: 'JPY' } }],
    ['creditorName over 70', { creditorName: 'x'.repeat(71) }],
    ['empty remittance', { remittanceInformationUnstructured: '' }],
    ['remittance of 141', { remittanceInformationUnstructured: 'r'.repeat(141) }],
    ['unknown purpose code', { purposeCode: 'GDDS' }],
    [
      'bban creditor without creditorAgent',
      { creditorAccount: { bban: '12345678', currency: 'EUR' }, creditorAgent: undefined },
    ],
    ['bad country in the address', { creditorAddress: { city: 'X', country: 'XK' } }],
    ['emoji in the creditor name', { creditorName: 'Café 😀' }],
    ['emoji in the remittance', { remittanceInformationUnstructured: 'thanks ☕' }],
    ['iban over 34', { creditorAccount: { iban: 'DE89370400440532013000' + '1'.repeat(13), currency: 'EUR' } }],
    ['bban over 30 (with agent)', { creditorAccount: { bban: '1'.repeat(31), currency: 'EUR' } }],
    ['past execution date', { requestedExecutionDate: '2020-01-01' }],
  ])('refuses %s with 400 and changes no state', async (_name, over) => {
    const before = tb.running.bank.stateDigest();
    const r = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq(), ...over }),
    );
    expect(r.status, r.text).toBe(400);
    const j = r.json as { tppMessages: Array<{ text: string }> };
    expect(validate('error-body', j)).toEqual({ ok: true });
    expect(j.tppMessages[0].text.length).toBeLessThanOrEqual(512);
    expect(tb.running.bank.stateDigest()).toBe(before);
  });

  it('accepts a remittance of exactly 1 and 140 characters and a 70-character name', async () => {
    for (const rem of ['x', 'y'.repeat(140)]) {
      const r = await create(
        'cross-border-credit-transfers',
        crossBorderBody(debtor, { remittanceInformationUnstructured: rem, creditorName: 'n'.repeat(70) }),
      );
      expect(r.status, r.text).toBe(201);
    }
  });

  it('refuses an unknown x-accept-fix value with a clear message', async () => {
    const r = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq() }),
      { headers: { 'x-accept-fix': 'amount-as-string, shiny-new-thing' } },
    );
    expect(r.status).toBe(400);
    expect((r.json as { message: string }).message).toMatch(
      /unknown fix "shiny-new-thing"; known fixes: amount-as-string/,
    );
  });
});

describe('logical duplicates', () => {
  it('refuses a duplicate unless allowLogicalDuplicate=true', async () => {
    const body = domesticBody(debtor, { remittanceInformationUnstructured: uniq() });
    expect((await create('norwegian-domestic-credit-transfers', body)).status).toBe(201);
    const dup = await create('norwegian-domestic-credit-transfers', body);
    expect(dup.status).toBe(409);
    expect((dup.json as { tppMessages: Array<{ code: string }> }).tppMessages[0].code).toBe('CONFLICT');
    expect(
      (await create('norwegian-domestic-credit-transfers', body, { query: { allowLogicalDuplicate: 'true' } })).status,
    ).toBe(201);
    expect(
      (await create('norwegian-domestic-credit-transfers', body, { query: { allowLogicalDuplicate: 'yes' } })).status,
    ).toBe(400);
  });
});

describe('norwegian domestic, straks and SEPA', () => {
  // § States names domestic-norway-credit-transfers; the default dialect holds the rule on that product alone.
  it('hides a domestic-norway-credit-transfers payment before approval, shows it after; a norwegian-domestic one is read at once', async () => {
    const other = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    expect((await status(self(other.json))).status).toBe(200);
    const r = await create(
      'domestic-norway-credit-transfers',
      domesticBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    expect(r.status, r.text).toBe(201);
    const href = self(r.json);
    expect((await c.request({ method: 'GET', path: href })).response?.status).toBe(404);
    expect((await status(href)).status).toBe(404);
    const out = await approve(href);
    expect(out.params.context).toBe('PRIVATE');
    const st = await status(href);
    expect(st.status).toBe(200);
    expect(validate('payment-status-response', st.json)).toEqual({ ok: true });
    expect(st.json).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: true });
    const g = await c.request({ method: 'GET', path: href });
    expect(g.response?.json).toMatchObject({ transactionStatus: 'ACTC', instructedAmount: { amount: '100.33' } });
  });

  it('checks KIDs: invalid is 400 KID_INVALID, missing for a KID creditor is 400 KID_MISSING, both forms is 400', async () => {
    const bad = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: '1234567891' },
      }),
    );
    expect(bad.status).toBe(400);
    expect((bad.json as { tppMessages: Array<{ code: string }> }).tppMessages[0].code).toBe('KID_INVALID');
    const missing = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, {
        creditorAccount: { bban: COUNTERPARTY.power, currency: 'NOK' },
        remittanceInformationUnstructured: uniq(),
      }),
    );
    expect(missing.status).toBe(400);
    expect((missing.json as { tppMessages: Array<{ code: string }> }).tppMessages[0].code).toBe('KID_MISSING');
    const both = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, { remittanceInformationStructured: { reference: withLuhn('123456789') } }),
    );
    expect(both.status).toBe(400);
    const good = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, {
        creditorAccount: { bban: COUNTERPARTY.power, currency: 'NOK' },
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: withLuhn('20260302') },
      }),
    );
    expect(good.status, good.text).toBe(201);
  });

  it('executes an instant straks payment at approval and reports its fee', async () => {
    const r = await create(
      'instant-norwegian-domestic-credit-transfers-straks',
      domesticBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      transactionFeeIndicator: true,
      transactionFees: { amount: '2.00', currency: 'NOK' },
    });
    await approve(self(r.json));
    expect((await status(self(r.json))).json).toMatchObject({ transactionStatus: 'ACSC', fundsAvailable: true });
  });

  it('creates a SEPA credit transfer in EUR and refuses NOK', async () => {
    const body = {
      instructedAmount: { amount: '5.00', currency: 'EUR' },
      creditorName: 'Empfänger',
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      debtorAccount: { iban: debtor.iban, currency: 'NOK' },
      remittanceInformationUnstructured: uniq(),
    };
    expect((await create('sepa-credit-transfers', body)).status).toBe(201);
    expect(
      (await create('sepa-credit-transfers', { ...body, instructedAmount: { amount: '5.00', currency: 'NOK' } }))
        .status,
    ).toBe(400);
  });

  it('answers an unknown product with 404 PRODUCT_UNKNOWN', async () => {
    const r = await create('norwegian-express-credit-transfers', domesticBody(debtor));
    expect(r.status).toBe(404);
    expect((r.json as { tppMessages: Array<{ code: string }> }).tppMessages[0].code).toBe('PRODUCT_UNKNOWN');
  });

  it('gives fee information for instant-norwegian-credit-transfers-straks', async () => {
    for (const method of ['GET', 'POST']) {
      const r = await c.request({
        method,
        path: '/v1/payments/instant-norwegian-credit-transfers-straks/fee-information',
      });
      expect(r.response?.status).toBe(200);
      expect(r.response?.json).toMatchObject({
        transactionFeeIndicator: true,
        transactionFees: { amount: '2.00', currency: 'NOK' },
      });
    }
    expect(
      (await c.request({ method: 'GET', path: '/v1/payments/instant-norwegian-credit-transfers-nope/fee-information' }))
        .response?.status,
    ).toBe(404);
  });
});

describe('status, batch, cancel', () => {
  it('runs the batch 5 times a day: an approved payment becomes ACSC at the next run and debits the account', async () => {
    const before = tb.running.bank.state.accounts.get(debtor.id)!.balance;
    const r = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    const href = self(r.json);
    await approve(href);
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'ACTC' });
    tb.running.bank.clock.advance(2 * 3600 + 60); // past 09:00
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'ACSC', fundsAvailable: true });
    expect(tb.running.bank.state.accounts.get(debtor.id)!.balance).toBeLessThan(before);
  });

  it('lack of funds: PDNG with fundsAvailable false, DELETE of PDNG is a descriptive error, RJCT after the last run', async () => {
    const r = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, {
        instructedAmount: { amount: '99999999.00', currency: 'NOK' },
        remittanceInformationUnstructured: uniq(),
      }),
    );
    const href = self(r.json);
    await approve(href);
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: false });
    tb.running.bank.clock.advance(3 * 3600); // next run
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'PDNG', fundsAvailable: false });
    const del = await c.request({ method: 'DELETE', path: href });
    expect(del.response?.status).toBe(409);
    const j = del.response!.json as {
      code: string;
      message: string;
      tppMessages: Array<{ code: string; text: string }>;
    };
    expect(j.message).toMatch(/PDNG/);
    expect(j.message.length).toBeGreaterThan(60);
    expect(j.tppMessages[0].text.length).toBeLessThanOrEqual(512);
    tb.running.bank.clock.advance(12 * 3600); // past 18:00, the day's last run
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'RJCT', fundsAvailable: false });
  });

  it('DELETE of an unauthorised payment is 204 (CANC); of an authorised one 202 with a cancellation authorisation', async () => {
    const r1 = await create(
      'norwegian-domestic-credit-transfers',
      domesticBody(debtor, { remittanceInformationUnstructured: uniq(), requestedExecutionDate: '2027-01-04' }),
    );
    const h1 = self(r1.json);
    expect((await c.request({ method: 'DELETE', path: h1 })).response?.status).toBe(204);
    const r2 = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq(), requestedExecutionDate: '2027-01-04' }),
    );
    const h2 = self(r2.json);
    expect((await status(h2)).json).toMatchObject({ transactionStatus: 'RCVD' });
    await approve(h2);
    const del = await c.request({ method: 'DELETE', path: h2 });
    expect(del.response?.status).toBe(202);
    const link = (del.response!.json as { _links: { startAuthorisation: { href: string } } })._links.startAuthorisation
      .href;
    expect(link).toBe(`${h2}/cancellation-authorisations`);
    const ca = await c.request({ method: 'POST', path: link });
    expect(ca.response?.status).toBe(201);
    const out = await completeSca(scaHref(ca.response!.json), { nid });
    expect(out.params['psu-id']).toBeTruthy();
    expect((await status(h2)).json).toMatchObject({ transactionStatus: 'CANC' });
    const auth = (ca.response!.json as { _links: { scaStatus: { href: string } } })._links.scaStatus.href;
    expect((await c.request({ method: 'GET', path: auth })).response?.json).toEqual({ scaStatus: 'finalised' });
  });

  it('refuses an authorisation POST with a body, and a second authorisation after approval', async () => {
    const r = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    const href = self(r.json);
    expect((await c.request({ method: 'POST', path: `${href}/authorisations`, body: { x: 1 } })).response?.status).toBe(
      400,
    );
    await approve(href);
    expect((await c.request({ method: 'POST', path: `${href}/authorisations` })).response?.status).toBe(409);
  });

  it('a failed SCA leaves the payment RCVD and the authorisation failed', async () => {
    const r = await create(
      'cross-border-credit-transfers',
      crossBorderBody(debtor, { remittanceInformationUnstructured: uniq() }),
    );
    const href = self(r.json);
    const a = await c.request({ method: 'POST', path: `${href}/authorisations` });
    const out = await completeSca(scaHref(a.response!.json), { nid: privateNids(tb.running)[1] });
    expect(out.params).toMatchObject({ status: '400', code: 'PAYMENT_FAILED' });
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'RCVD' });
  });
});

describe('bulk and periodic payments', () => {
  it('creates a bulk payment and executes it in the batch', async () => {
    const body = {
      debtorAccount: { bban: debtor.bban, currency: 'NOK' },
      batchBookingPreferred: true,
      payments: [1, 2].map((i) => ({
        instructedAmount: { amount: `${i}.00`, currency: 'NOK' },
        creditorName: 'B',
        creditorAccount: { bban: '12345678903', currency: 'NOK' },
        remittanceInformationUnstructured: `${uniq()}-${i}`,
      })),
    };
    const r = await create('norwegian-domestic-credit-transfers', body, { service: 'bulk-payments' });
    expect(r.status, r.text).toBe(201);
    const href = self(r.json);
    expect(href).toMatch(/^\/v1\/bulk-payments\//);
    await approve(href);
    tb.running.bank.clock.advance(24 * 3600);
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'ACSC' });
    expect((await create('cross-border-credit-transfers', body, { service: 'bulk-payments' })).status).toBe(400);
  });

  const periodic = (over: Record<string, unknown> = {}) => ({
    ...domesticBody(debtor, { remittanceInformationUnstructured: uniq() }),
    startDate: '2027-02-01',
    frequency: 'Monthly',
    dayOfExecution: '1',
    ...over,
  });

  it('creates a periodic payment that the batch does not process', async () => {
    const r = await create('norwegian-domestic-credit-transfers', periodic({ startDate: '2027-03-03' }), {
      service: 'periodic-payments',
    });
    expect(r.status, r.text).toBe(201);
    const href = self(r.json);
    await approve(href);
    tb.running.bank.clock.advance(3 * 24 * 3600);
    expect((await status(href)).json).toMatchObject({ transactionStatus: 'ACTC' });
  });

  it('rejects MonthlyVariable with duplicate month ids, accepts distinct ones', async () => {
    const dup = await create(
      'norwegian-domestic-credit-transfers',
      periodic({ frequency: 'MonthlyVariable', monthsOfExecution: ['1', '4', '1'] }),
      { service: 'periodic-payments' },
    );
    expect(dup.status).toBe(400);
    expect((dup.json as { message: string }).message).toMatch(/month 1 more than once/);
    const dup2 = await create(
      'norwegian-domestic-credit-transfers',
      periodic({ frequency: 'MonthlyVariable', monthsOfExecution: ['01', '1'] }),
      { service: 'periodic-payments' },
    );
    expect(dup2.status).toBe(400);
    const ok = await create(
      'norwegian-domestic-credit-transfers',
      periodic({ frequency: 'MonthlyVariable', monthsOfExecution: ['1', '4', '10'] }),
      { service: 'periodic-payments' },
    );
    expect(ok.status, ok.text).toBe(201);
    expect(
      (
        await create('norwegian-domestic-credit-transfers', periodic({ frequency: 'Fortnightly' }), {
          service: 'periodic-payments',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await create('norwegian-domestic-credit-transfers', periodic({ monthsOfExecution: ['1'] }), {
          service: 'periodic-payments',
        })
      ).status,
    ).toBe(400);
  });
});
