// The variant dialect over real HTTP: V1–V15 of the contract in
// src/bank/dialects/variant.ts, faults on the variant, and the default dialect's answers unchanged
// (a fixed script whose answers are pinned as hashes).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, VARIANT_SCA_FIELDS } from '../../src/bank/index.ts';
import { isNationalIdentityNumber, makeNationalIdentityNumber } from '../../src/bank/ids.ts';
import { withLuhn } from '../../src/spec/kid.ts';
import { bbanWithCheck, COUNTERPARTY, ibanFor } from '../../src/bank/seed.ts';
import { validate } from '../../src/spec/validate.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import {
  accountsOf,
  crossBorderBody,
  domesticBody,
  FIX,
  privateNids,
  PSU_IP,
  REDIRECT,
  scaHref,
  testBank,
  type TestBank,
} from './helpers.ts';

type J = Record<string, any>;
const T0 = Date.parse('2026-03-02T07:30:00Z');
const enc = encodeURIComponent;

interface Outcome {
  status: number;
  params: Record<string, string>;
  location?: string;
  pages: string[];
}

/** Drives the variant's three SCA pages as a browser would: fnr, then kontekst/avtale, then konto and godkjenn. */
async function variantSca(
  href: string,
  o: { nid: string; context?: 'PRIVATE' | 'CORPORATE'; agreement?: string; accounts?: string[]; cancelAt?: 1 | 2 | 3 },
): Promise<Outcome> {
  const pages: string[] = [];
  const origin = new URL(href).origin;
  const actionOf = (html: string) => /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const post = (action: string, form: URLSearchParams) =>
    fetch(origin + action, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
  const done = async (r: Response): Promise<Outcome> => {
    if (r.status !== 302) return { status: r.status, params: {}, pages: [...pages, await r.text()] };
    const location = r.headers.get('location') ?? '';
    return { status: 302, location, params: Object.fromEntries(new URL(location).searchParams), pages };
  };
  const r0 = await fetch(href);
  pages.push(await r0.text());
  const a1 = actionOf(pages[0]);
  if (!a1) return { status: r0.status, params: {}, pages };
  const r1 = await post(a1, new URLSearchParams({ fnr: o.nid, handling: o.cancelAt === 1 ? 'avbryt' : 'neste' }));
  if (r1.status !== 200) return done(r1);
  pages.push(await r1.text());
  const f2 = new URLSearchParams({ kontekst: o.context ?? 'PRIVATE', handling: o.cancelAt === 2 ? 'avbryt' : 'neste' });
  const agreement = o.agreement ?? /name="avtale" value="([^"]+)"/.exec(pages[1])?.[1];
  if (o.context === 'CORPORATE' && agreement) f2.set('avtale', agreement);
  const r2 = await post(actionOf(pages[1])!, f2);
  if (r2.status !== 200) return done(r2);
  pages.push(await r2.text());
  const f3 = new URLSearchParams({ handling: o.cancelAt === 3 ? 'avbryt' : 'godkjenn' });
  for (const k of o.accounts ?? [...pages[2].matchAll(/name="konto" value="([^"]+)"/g)].map((m) => m[1]))
    f3.append('konto', k);
  return done(await post(actionOf(pages[2])!, f3));
}

/** A consent on the variant (401 + scaRedirect, then the three pages): the psu-id and the redirect parameters. */
async function variantConsent(
  tb: TestBank,
  nid: string,
  opts: { session?: string; context?: 'PRIVATE' | 'CORPORATE' } = {},
): Promise<Record<string, string>> {
  const c = tb.client({ tppSessionId: opts.session ?? 'v-sess', psuIpAddress: PSU_IP });
  const ex = await c.request({ method: 'POST', path: '/v1/bank-offered-consents', body: {} });
  expect(ex.response?.status, ex.response?.text).toBe(401);
  const out = await variantSca(scaHref(ex.response!.json), { nid, context: opts.context });
  expect(out.status, out.pages.at(-1)).toBe(302);
  return out.params;
}

describe('variant dialect: sandbox (V1–V6)', () => {
  let tb: TestBank;
  let c: TppClient;
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
    c = tb.client({});
  });
  afterAll(async () => {
    await tb.close();
  });
  const post = (path: string, body: unknown) => c.request({ method: 'POST', path, body });
  const get = (path: string) => c.request({ method: 'GET', path });
  const nid = () => privateNids(tb.running)[0];
  const account = (over: J = {}) => ({
    owner: nid(),
    displayName: 'Variantkonto',
    currency: 'NOK',
    creditLimit: 50000,
    openingBalance: { amount: 1542000, currency: 'NOK' },
    ...over,
  });

  it('V1 lists customers as {customers:[{nationalIdentityNumber, customerType, displayName}]}; corporates by organisation number', async () => {
    const r = await get('/v1/sandbox/customers');
    expect(r.response?.status).toBe(200);
    const list = (r.response!.json as J).customers as J[];
    expect(list.length).toBe(tb.running.bank.state.customers.size);
    for (const x of list)
      expect(Object.keys(x).sort()).toEqual(['customerType', 'displayName', 'nationalIdentityNumber']);
    const privates = list.filter((x) => x.customerType === 'PERSON');
    const corporates = list.filter((x) => x.customerType === 'ORGANISATION');
    expect(privates.length).toBe(32);
    expect(corporates.length).toBe(2);
    for (const p of privates) expect(isNationalIdentityNumber(p.nationalIdentityNumber)).toBe(true);
    for (const k of corporates) expect(k.nationalIdentityNumber).toMatch(/^\d{9}$/);
    expect(privates.map((p) => p.nationalIdentityNumber)).toEqual(privateNids(tb.running));
  });

  it('V1 has no customer-creation and no sandbox agreement operations: 404 like any unknown path', async () => {
    const before = tb.running.bank.stateDigest();
    const created = await post('/v1/sandbox/customers', {
      customerNumber: makeNationalIdentityNumber(17, 5, 84, 104),
      name: 'X',
      type: 'private',
    });
    expect(created.response?.status).toBe(404);
    expect(created.response?.json).toMatchObject({ status: 404, code: 'RESOURCE_UNKNOWN' });
    expect((await get('/v1/sandbox/agreements')).response?.status).toBe(404);
    expect((await post('/v1/sandbox/agreements', { owner: 'x', name: 'y', engagements: [] })).response?.status).toBe(
      404,
    );
    expect(tb.running.bank.stateDigest()).toBe(before);
    // The seeded corporate agreements remain (private customers are members).
    expect(tb.running.bank.state.agreements.size).toBe(2);
  });

  let accountId = '';
  it('V2/V13 creates an account with a bank-assigned BBAN/IBAN and type (CACC) and answers {mockAccountId, iban, bban, displayName, currency}', async () => {
    const sent = bbanWithCheck('9710555000');
    const r = await post('/v1/sandbox/accounts', account({ bban: sent, iban: ibanFor(sent) }));
    expect(r.response?.status, r.response?.text).toBe(201);
    const j = r.response!.json as J;
    expect(Object.keys(j).sort()).toEqual(['bban', 'currency', 'displayName', 'iban', 'mockAccountId']);
    expect(j).toMatchObject({ displayName: 'Variantkonto', currency: 'NOK' });
    expect(j.bban).toMatch(/^\d{11}$/);
    expect(j.bban).not.toBe(sent);
    expect(j.iban).toBe(ibanFor(j.bban));
    accountId = j.mockAccountId;
    const stored = tb.running.bank.state.accounts.get(accountId)!;
    expect(stored).toMatchObject({
      customerNumber: nid(),
      accountName: 'Variantkonto',
      bban: j.bban,
      balance: 1542000n,
      creditLine: 50000n,
      cashAccountType: 'CACC',
    });
    const g = await get(`/v1/sandbox/accounts/${enc(accountId)}`);
    expect(g.response?.status).toBe(200);
    expect(g.response?.json).toEqual(j);
    const second = await post('/v1/sandbox/accounts', account({ displayName: 'Andre' }));
    expect((second.response!.json as J).bban).not.toBe(j.bban);
    const corp = [...tb.running.bank.state.customers.values()].find((x) => x.type === 'corporate')!;
    expect(
      (await post('/v1/sandbox/accounts', account({ owner: corp.customerNumber, displayName: 'Bedrift' }))).response
        ?.status,
    ).toBe(201);
  });

  it.each([
    ['no displayName', { displayName: undefined }, 400, '/displayName'],
    ['an unknown owner', { owner: '01010100000' }, 404, 'owner'],
    ['a bad currency', { currency: 'XXX' }, 400, '/currency'],
    [
      'an opening balance in another currency',
      { openingBalance: { amount: 1, currency: 'EUR' } },
      400,
      '/openingBalance',
    ],
    ['a non-integer credit limit', { creditLimit: 1.5 }, 400, '/creditLimit'],
    // V13: the sandbox has no account types; one sent is refused, not silently ignored.
    ['an account type (the sandbox has none)', { accountType: 'SVGS' }, 400, '/accountType'],
    ['an account type, even the one it assigns', { accountType: 'CACC' }, 400, 'no account types'],
  ])('V2 refuses an account with %s and changes no state', async (_n, over, status, word) => {
    const before = tb.running.bank.stateDigest();
    const r = await post('/v1/sandbox/accounts', account(over));
    expect(r.response?.status).toBe(status);
    expect((r.response!.json as J).message).toContain(word);
    expect(tb.running.bank.stateDigest()).toBe(before);
  });

  it('V4 takes transaction items with transactionAmount and answers {transactions:[spec items]}; GET stays a plain array', async () => {
    const item = (d: string, amount: number) => ({
      transactionAmount: { amount, currency: 'NOK' },
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
    const path = `/v1/sandbox/accounts/${enc(accountId)}/transactions`;
    const before = tb.running.bank.state.accounts.get(accountId)!.balance;
    const r = await post(path, [item('2026-02-01', 1500), item('2026-02-10', -200)]);
    expect(r.response?.status, r.response?.text).toBe(201);
    const created = (r.response!.json as J).transactions as J[];
    expect(Object.keys(r.response!.json as J)).toEqual(['transactions']);
    expect(validate('sandbox-account-transactions', created)).toEqual({ ok: true });
    expect(created.map((t) => [t.amount, t.currency])).toEqual([
      [1500, 'NOK'],
      [-200, 'NOK'],
    ]);
    expect(tb.running.bank.state.accounts.get(accountId)!.balance).toBe(before + 1300n);
    const all = await get(path);
    expect(Array.isArray(all.response!.json)).toBe(true);
    expect(validate('sandbox-account-transactions', all.response!.json)).toEqual({ ok: true });
    expect((all.response!.json as J[]).map((t) => t.id).sort()).toEqual(created.map((t) => t.id).sort());
    const digest = tb.running.bank.stateDigest();
    for (const bad of [
      { amount: 100, currency: 'NOK', valueDate: '2026-02-01', bookingDate: '2026-02-01' },
      { ...item('2026-02-01', 1), transactionAmount: { amount: 'one', currency: 'NOK' } },
      { ...item('2026-02-01', 1), transactionAmount: { amount: 1, currency: 'EUR' } },
    ]) {
      const x = await post(path, [bad]);
      expect(x.response?.status, JSON.stringify(bad)).toBe(400);
      expect((x.response!.json as J).message).toContain('transactionAmount');
    }
    expect((await post('/v1/sandbox/accounts/nope/transactions', [item('2026-02-01', 1)])).response?.status).toBe(404);
    expect(tb.running.bank.stateDigest()).toBe(digest);
  });

  it('V5 updates an account balance with POST …/balance {amount, currency}: 200 in the V2 shape; PUT …/balances is gone', async () => {
    const r = await post(`/v1/sandbox/accounts/${enc(accountId)}/balance`, { amount: 777, currency: 'NOK' });
    expect(r.response?.status, r.response?.text).toBe(200);
    expect(Object.keys(r.response!.json as J).sort()).toEqual([
      'bban',
      'currency',
      'displayName',
      'iban',
      'mockAccountId',
    ]);
    expect(tb.running.bank.state.accounts.get(accountId)!.balance).toBe(777n);
    expect(
      (await post(`/v1/sandbox/accounts/${enc(accountId)}/balance`, { amount: 1, currency: 'EUR' })).response?.status,
    ).toBe(400);
    expect(
      (await post(`/v1/sandbox/accounts/${enc(accountId)}/balance`, { amount: 1.5, currency: 'NOK' })).response?.status,
    ).toBe(400);
    expect((await post('/v1/sandbox/accounts/nope/balance', { amount: 1, currency: 'NOK' })).response?.status).toBe(
      404,
    );
    const old = await c.request({
      method: 'PUT',
      path: `/v1/sandbox/accounts/${enc(accountId)}/balances`,
      body: { balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1, currency: 'NOK' } }] },
    });
    expect(old.response?.status).toBe(404);
    expect(tb.running.bank.state.accounts.get(accountId)!.balance).toBe(777n);
  });

  let cardId = '';
  it('V3 creates a card account: 201 {mockCardAccountId, maskedPan, displayName, currency}; card transactions as the spec shows', async () => {
    const r = await post('/v1/sandbox/card-accounts', {
      owner: nid(),
      maskedPan: '1234xxxxxxxx4321',
      displayName: 'Variantkort',
      currency: 'NOK',
      creditLimit: { amount: 100000, currency: 'NOK' },
      openingBalance: { amount: -500, currency: 'NOK' },
    });
    expect(r.response?.status, r.response?.text).toBe(201);
    const j = r.response!.json as J;
    expect(Object.keys(j).sort()).toEqual(['currency', 'displayName', 'maskedPan', 'mockCardAccountId']);
    expect(j).toMatchObject({ maskedPan: '1234xxxxxxxx4321', displayName: 'Variantkort', currency: 'NOK' });
    cardId = j.mockCardAccountId;
    expect(tb.running.bank.state.cardAccounts.get(cardId)).toMatchObject({
      creditLimit: 100000n,
      balance: -500n,
      name: 'Variantkort',
    });
    expect((await get(`/v1/sandbox/card-accounts/${enc(cardId)}`)).response?.json).toEqual(j);
    const t = await post(`/v1/sandbox/card-accounts/${enc(cardId)}/transactions`, [
      {
        cardTransactionId: 'v-1',
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
      },
    ]);
    expect(t.response?.status, t.response?.text).toBe(201);
    expect(validate('sandbox-card-transactions-response', t.response!.json)).toEqual({ ok: true });
    expect(
      (await post('/v1/sandbox/card-accounts', { owner: nid(), displayName: 'x', currency: 'NOK' })).response?.status,
    ).toBe(400);
  });

  it('V5 updates a card account balance with POST …/balance: 200 in the V3 shape', async () => {
    const r = await post(`/v1/sandbox/card-accounts/${enc(cardId)}/balance`, { amount: 5, currency: 'NOK' });
    expect(r.response?.status, r.response?.text).toBe(200);
    expect(Object.keys(r.response!.json as J).sort()).toEqual([
      'currency',
      'displayName',
      'maskedPan',
      'mockCardAccountId',
    ]);
    expect(tb.running.bank.state.cardAccounts.get(cardId)!.balance).toBe(5n);
    expect(
      (
        await c.request({
          method: 'PUT',
          path: `/v1/sandbox/card-accounts/${enc(cardId)}/balances`,
          body: { balances: [] },
        })
      ).response?.status,
    ).toBe(404);
  });

  it('V2 the AIS views show the created account with name = displayName', async () => {
    const params = await variantConsent(tb, nid());
    const ac = tb.client({ psuId: params['psu-id'], tppSessionId: 'v-sess', psuIpAddress: PSU_IP });
    const list = await ac.request({ method: 'GET', path: '/v1/accounts' });
    expect(list.response?.status, list.response?.text).toBe(200);
    const mine = ((list.response!.json as J).accounts as J[]).find((a) => a.resourceId === accountId);
    expect(mine).toMatchObject({ name: 'Variantkonto', bban: tb.running.bank.state.accounts.get(accountId)!.bban });
  });

  it('V6 resets with POST /v1/sandbox/reset (POST /v1/sandbox/initialise is 404)', async () => {
    expect((await post('/v1/sandbox/initialise', {})).response?.status).toBe(404);
    const fresh = await testBank({ dialect: 'variant', clock: () => T0 });
    const seeded = fresh.running.bank.stateDigest();
    await fresh.close();
    expect(tb.running.bank.stateDigest()).not.toBe(seeded);
    const r = await post('/v1/sandbox/reset', {});
    expect(r.response?.status).toBe(200);
    expect(tb.running.bank.stateDigest()).toBe(seeded);
  });
});

describe('variant dialect: TPP dialogue (V7)', () => {
  let tb: TestBank;
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
  });
  afterAll(async () => {
    await tb.close();
  });

  it('PUT /v1/tpp/contact {technicalContactEmail} → 200 with registeredAt; GET the same; personal addresses refused', async () => {
    const c = tb.client({});
    expect((await c.request({ method: 'GET', path: '/v1/tpp/contact' })).response?.status).toBe(404);
    const personal = await c.request({
      method: 'PUT',
      path: '/v1/tpp/contact',
      body: { technicalContactEmail: 'ola.nordmann@example.com' },
    });
    expect(personal.response?.status).toBe(400);
    expect((personal.response!.json as J).message).toContain('/technicalContactEmail');
    expect(
      (await c.request({ method: 'PUT', path: '/v1/tpp/contact', body: { email: 'psd2-ops@example.com' } })).response
        ?.status,
    ).toBe(400);
    const r = await c.request({
      method: 'PUT',
      path: '/v1/tpp/contact',
      body: { technicalContactEmail: 'psd2-ops@example.com' },
    });
    expect(r.response?.status, r.response?.text).toBe(200);
    expect(r.response?.json).toEqual({
      technicalContactEmail: 'psd2-ops@example.com',
      registeredAt: new Date(T0).toISOString(),
    });
    const g = await c.request({ method: 'GET', path: '/v1/tpp/contact' });
    expect(g.response?.status).toBe(200);
    expect(g.response?.json).toEqual(r.response?.json);
    expect(
      (await c.request({ method: 'POST', path: '/v1/tpp-dialogue/contact', body: { email: 'psd2-ops@example.com' } }))
        .response?.status,
    ).toBe(404);
    expect((await c.request({ method: 'GET', path: '/v1/tpp-dialogue/contact' })).response?.status).toBe(404);
  });
});

describe('variant dialect: SCA pages and consents (V8, V9)', () => {
  let tb: TestBank;
  let nids: string[];
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
    nids = privateNids(tb.running);
  });
  afterAll(async () => {
    await tb.close();
  });

  const offer = async (session: string) => {
    const ex = await tb
      .client({ tppSessionId: session, psuIpAddress: PSU_IP })
      .request({ method: 'POST', path: '/v1/bank-offered-consents', body: { ignored: true } });
    return ex.response!;
  };

  it('V9 POST /v1/bank-offered-consents answers 401 {_links:{scaRedirect:{href, verbs:[GET]}}}', async () => {
    const r = await offer('v9');
    expect(r.status).toBe(401);
    expect(Object.keys(r.json as J)).toEqual(['_links']);
    expect((r.json as J)._links).toEqual({
      scaRedirect: { href: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sca\//), verbs: ['GET'] },
    });
  });

  it('V9 POST /v1/consents: 401 with scaRedirect (and Deprecation) before its removal, 404 after', async () => {
    const early = await testBank({ dialect: 'variant', clock: () => Date.parse('2024-11-01T10:00:00Z') });
    try {
      const r = await early
        .client({ tppSessionId: 'old', psuIpAddress: PSU_IP })
        .request({ method: 'POST', path: '/v1/consents', body: {} });
      expect(r.response?.status).toBe(401);
      expect(r.response?.headers.deprecation).toBe('true');
      expect(scaHref(r.response!.json)).toContain('/sca/');
    } finally {
      await early.close();
    }
    const late = await tb
      .client({ tppSessionId: 'new', psuIpAddress: PSU_IP })
      .request({ method: 'POST', path: '/v1/consents', body: {} });
    expect(late.response?.status).toBe(404);
  });

  it('V8 three plain HTML pages with Norwegian labels and the variant field names, then the 302 with the spec parameters', async () => {
    const out = await variantSca(scaHref((await offer('v8')).json), { nid: nids[0] });
    expect(out.status, out.pages.at(-1)).toBe(302);
    const [p1, p2, p3] = out.pages;
    for (const p of out.pages) expect(p).not.toMatch(/<script/i);
    expect(p1).toMatch(/<title>Logg inn<\/title>/);
    expect(p1).toMatch(/<label for="fnr">Fødselsnummer<\/label>/);
    expect(p1).toMatch(/<input id="fnr" name="fnr" type="text"/);
    expect(p1).toContain('<button type="submit" name="handling" value="neste">Neste</button>');
    expect(p1).toContain('<button type="submit" name="handling" value="avbryt">Avbryt</button>');
    expect(p2).toMatch(/<title>Velg avtale<\/title>/);
    expect(p2).toMatch(/name="kontekst" value="PRIVATE" checked><label for="kontekst-privat">Privat<\/label>/);
    expect(p2).toMatch(/name="kontekst" value="CORPORATE"><label for="kontekst-bedrift">Bedrift<\/label>/);
    expect(p2).toMatch(/type="radio" id="avtale-0" name="avtale" value="[0-9a-f-]{36}"/);
    expect(p2).toContain('value="neste">Neste</button>');
    expect(p3).toMatch(/<title>Godkjenn<\/title>/);
    const boxes = [...p3.matchAll(/<input type="checkbox" id="[^"]+" name="konto" value="([^"]+)" checked>/g)].map(
      (m) => m[1],
    );
    expect(boxes.sort()).toEqual(
      [...tb.running.bank.state.accounts.values(), ...tb.running.bank.state.cardAccounts.values()]
        .filter((a) => a.customerNumber === nids[0])
        .map((a) => a.id)
        .sort(),
    );
    expect(p3).toContain('<button type="submit" name="handling" value="godkjenn">Godkjenn</button>');
    expect(p3).toContain('value="avbryt">Avbryt</button>');
    expect(out.location!.startsWith(REDIRECT)).toBe(true);
    expect(out.params).toMatchObject({ 'tpp-session-id': 'v8', context: 'PRIVATE' });
    expect(out.params['psu-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(out.params).sort()).toEqual(['context', 'psu-id', 'tpp-session-id']);
    expect(VARIANT_SCA_FIELDS).toEqual({
      identity: 'fnr',
      context: 'kontekst',
      agreement: 'avtale',
      accounts: 'konto',
      action: 'handling',
    });
  });

  it('V8 a wrong national id is the error redirect at once after page 1; cancel on any page is SCA_INVALID', async () => {
    const wrong = await variantSca(scaHref((await offer('w')).json), { nid: '01010100000' });
    expect(wrong.status).toBe(302);
    expect(wrong.pages.length).toBe(1);
    expect(wrong.params).toMatchObject({ status: '401', code: 'PSU_CREDENTIALS_INVALID' });
    expect(wrong.params.system).toBeTruthy();
    for (const at of [1, 2, 3] as const) {
      const out = await variantSca(scaHref((await offer(`c${at}`)).json), { nid: nids[0], cancelAt: at });
      expect(out.status).toBe(302);
      expect(out.params).toMatchObject({ status: '401', code: 'SCA_INVALID' });
    }
  });

  it("V8 CORPORATE with a seeded agreement gives psu-corporate-id; the consent grants that agreement's accounts", async () => {
    const member = [...tb.running.bank.state.agreements.values()][0];
    const nid = member.engagements[0].customer;
    const out = await variantSca(scaHref((await offer('corp')).json), {
      nid,
      context: 'CORPORATE',
      agreement: member.agreementId,
    });
    expect(out.status, out.pages.at(-1)).toBe(302);
    expect(out.params).toMatchObject({ context: 'CORPORATE', 'psu-corporate-id': member.agreementId });
    const boxes = [...out.pages[2].matchAll(/name="konto" value="([^"]+)"/g)].map((m) => m[1]);
    expect(boxes.sort()).toEqual([...member.engagements[0].accountIds].sort());
    const ac = tb.client({
      psuId: out.params['psu-id'],
      psuCorporateId: member.agreementId,
      tppSessionId: 'corp',
      psuIpAddress: PSU_IP,
    });
    const list = await ac.request({ method: 'GET', path: '/v1/accounts' });
    expect(list.response?.status, list.response?.text).toBe(200);
    expect(((list.response!.json as J).accounts as J[]).map((a) => a.resourceId).sort()).toEqual(boxes.sort());
  });

  it('V8 re-asks on page 2 without an agreement for Bedrift and on page 3 without an account', async () => {
    const href = scaHref((await offer('reask')).json);
    const origin = new URL(href).origin;
    const form = (action: string, f: Record<string, string>) =>
      fetch(origin + action, {
        method: 'POST',
        body: new URLSearchParams(f),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    const id = href.slice(href.lastIndexOf('/') + 1);
    expect((await form(`/sca/${id}/avtale`, { kontekst: 'PRIVATE', handling: 'neste' })).status).toBe(400); // not logged in yet
    expect((await form(`/sca/${id}/innlogging`, { fnr: nids[0], handling: 'neste' })).status).toBe(200);
    const noAgreement = await form(`/sca/${id}/avtale`, { kontekst: 'CORPORATE', handling: 'neste' });
    expect(noAgreement.status).toBe(400);
    expect(await noAgreement.text()).toContain('Velg en bedriftsavtale');
    expect((await form(`/sca/${id}/avtale`, { kontekst: 'PRIVATE', handling: 'neste' })).status).toBe(200);
    const noAccount = await form(`/sca/${id}/godkjenning`, { handling: 'godkjenn' });
    expect(noAccount.status).toBe(400);
    expect(await noAccount.text()).toContain('Velg minst én konto');
  });
});

describe('variant dialect: payments (V10, V11)', () => {
  let tb: TestBank;
  let c: TppClient;
  let nid: string;
  let debtor: { id: string; bban: string; iban: string; currency: string };
  let n = 0;
  const uniq = () => `Variant ${++n}`;
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
    nid = privateNids(tb.running)[0];
    debtor = accountsOf(tb.running, nid)[0];
    c = tb.client({ tppSessionId: 'pay', psuIpAddress: PSU_IP, psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11' });
  });
  afterAll(async () => {
    await tb.close();
  });

  const create = async (body: J) =>
    (await c.request({ method: 'POST', path: '/v1/payments/norwegian-domestic-credit-transfers', body, headers: FIX }))
      .response!;
  const self = (json: unknown) => (json as J)._links.self.href as string;
  const status = async (href: string) =>
    (await c.request({ method: 'GET', path: `${href}/status` })).response!.json as J;
  async function approve(href: string) {
    const a = await c.request({ method: 'POST', path: `${href}/authorisations` });
    expect(a.response?.status, a.response?.text).toBe(201);
    const out = await variantSca(scaHref(a.response!.json), { nid });
    expect(out.status, out.pages.at(-1)).toBe(302);
    expect(out.pages[2]).toContain('Godkjenn betaling');
    expect(out.params.context).toBe('PRIVATE');
  }

  it('V10 an unfunded payment is rejected (RJCT, fundsAvailable false) at the next batch, not PDNG', async () => {
    const r = await create(
      domesticBody(debtor, {
        instructedAmount: { amount: '99999999.00', currency: 'NOK' },
        remittanceInformationUnstructured: uniq(),
      }),
    );
    expect(r.status, r.text).toBe(201);
    const href = self(r.json);
    await approve(href);
    expect(await status(href)).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: false });
    tb.running.bank.clock.advance(2 * 3600); // past 09:00, not the day's last run
    expect(await status(href)).toMatchObject({ transactionStatus: 'RJCT', fundsAvailable: false });
  });

  it("V10 a payment dated in the future is accepted, PDNG after SCA until that date's batch; DELETE of it is a descriptive error", async () => {
    const r = await create(
      domesticBody(debtor, { requestedExecutionDate: '2026-03-05', remittanceInformationUnstructured: uniq() }),
    );
    expect(r.status, r.text).toBe(201);
    const href = self(r.json);
    await approve(href);
    expect(await status(href)).toMatchObject({ transactionStatus: 'PDNG', fundsAvailable: true });
    const del = await c.request({ method: 'DELETE', path: href });
    expect(del.response?.status).toBe(409);
    const j = del.response!.json as J;
    expect(j.code).toBe('CONFLICT');
    expect(j.message).toMatch(/PDNG/);
    expect(j.message).toContain('2026-03-05');
    expect(j.tppMessages[0].code).toBe('CONFLICT');
    tb.running.bank.clock.advance(24 * 3600); // 2026-03-03: every run of the day
    expect(await status(href)).toMatchObject({ transactionStatus: 'PDNG' });
    tb.running.bank.clock.advance(2 * 24 * 3600); // 2026-03-05 runs
    expect(await status(href)).toMatchObject({ transactionStatus: 'ACSC', fundsAvailable: true });
  });

  it("V10 today's payment with funds goes ACTC and is executed by the batch as in the default", async () => {
    const r = await create(domesticBody(debtor, { remittanceInformationUnstructured: uniq() }));
    const href = self(r.json);
    await approve(href);
    expect(await status(href)).toMatchObject({ transactionStatus: 'ACTC' });
    tb.running.bank.clock.advance(4 * 3600);
    expect(await status(href)).toMatchObject({ transactionStatus: 'ACSC' });
  });

  const kidCreditor = {
    creditorAccount: { bban: COUNTERPARTY.power, currency: 'NOK' },
    remittanceInformationUnstructured: undefined,
  };
  const code = (r: { json?: unknown }) => (r.json as J).tppMessages?.[0]?.code;

  it('V11 the KID is remittanceInformationStructured {reference, referenceType: "KID"}', async () => {
    const ok = await create(
      domesticBody(debtor, {
        ...kidCreditor,
        remittanceInformationStructured: { reference: withLuhn('7654321'), referenceType: 'KID' },
      }),
    );
    expect(ok.status, ok.text).toBe(201);
    const bad = await create(
      domesticBody(debtor, {
        ...kidCreditor,
        remittanceInformationStructured: { reference: '7654321', referenceType: 'KID' },
      }),
    );
    expect(bad.status).toBe(400);
    expect(code(bad)).toBe('KID_INVALID');
    expect((bad.json as J).code).toBe('KID_INVALID');
  });

  it('V11 a structured remittance without referenceType KID is not a KID: KID_MISSING for a KID-only creditor, accepted elsewhere', async () => {
    for (const s of [{ reference: withLuhn('7654322') }, { reference: withLuhn('7654323'), referenceType: 'SCOR' }]) {
      const r = await create(domesticBody(debtor, { ...kidCreditor, remittanceInformationStructured: s }));
      expect(r.status, JSON.stringify(s)).toBe(400);
      expect(code(r)).toBe('KID_MISSING');
    }
    const none = await create(domesticBody(debtor, kidCreditor));
    expect(none.status).toBe(400);
    expect(code(none)).toBe('KID_MISSING');
    expect((none.json as J).message).toContain('referenceType KID');
    const plain = await create(
      domesticBody(debtor, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: 'ABC-123', referenceType: 'SCOR' },
      }),
    );
    expect(plain.status, plain.text).toBe(201);
  });
});

describe('variant dialect: bulk products and the payment batch control (V14, V15)', () => {
  let tb: TestBank;
  let c: TppClient;
  let nid: string;
  let debtor: { id: string; bban: string; iban: string; currency: string };
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
    nid = privateNids(tb.running)[0];
    debtor = accountsOf(tb.running, nid)[0];
    c = tb.client({ tppSessionId: 'v14', psuIpAddress: PSU_IP, psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11' });
  });
  afterAll(async () => {
    await tb.close();
  });
  const sepaItem = (n: number) => ({
    instructedAmount: { amount: `1${n}.00`, currency: 'EUR' },
    creditorName: 'Empfänger GmbH',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    remittanceInformationUnstructured: `Sammel ${n}`,
  });
  const send = async (path: string, body: J) => (await c.request({ method: 'POST', path, body })).response!;
  const control = (path: string, body: unknown) =>
    fetch(`${tb.running.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('V14 offers bulk payments of sepa-credit-transfers only: the Norwegian domestic product is single and periodic only (PRODUCT_INVALID as bulk)', async () => {
    const sepa = await send('/v1/bulk-payments/sepa-credit-transfers', {
      debtorAccount: { iban: debtor.iban, currency: 'NOK' },
      batchBookingPreferred: false,
      payments: [sepaItem(1), sepaItem(2)],
    });
    expect(sepa.status, sepa.text).toBe(201);
    const domestic = await send('/v1/bulk-payments/norwegian-domestic-credit-transfers', {
      debtorAccount: { bban: debtor.bban, currency: 'NOK' },
      payments: [domesticBody(debtor, { debtorAccount: undefined, remittanceInformationUnstructured: 'Samlet 1' })],
    });
    expect(domestic.status).toBe(400);
    expect((domestic.json as J).tppMessages[0].code).toBe('PRODUCT_INVALID');
    expect((domestic.json as J).message).toContain('offered: sepa-credit-transfers');
    const periodic = await send(
      '/v1/periodic-payments/norwegian-domestic-credit-transfers',
      domesticBody(debtor, {
        startDate: '2027-03-02',
        frequency: 'Monthly',
        dayOfExecution: '15',
        remittanceInformationUnstructured: 'Fast',
      }),
    );
    expect(periodic.status, periodic.text).toBe(201);
    const sepaPeriodic = await send('/v1/periodic-payments/sepa-credit-transfers', {
      ...sepaItem(3),
      debtorAccount: { iban: debtor.iban, currency: 'NOK' },
      startDate: '2027-03-02',
      frequency: 'Monthly',
    });
    expect((sepaPeriodic.json as J).tppMessages[0].code).toBe('PRODUCT_INVALID');
  });

  it('V15 runs the payment batch with POST /__control/payment-batch {"runs", "endOfDay"}; POST /__control/batch is not there; bad bodies 400', async () => {
    const r = await send(
      '/v1/payments/norwegian-domestic-credit-transfers',
      domesticBody(debtor, { remittanceInformationUnstructured: 'Batch nå' }),
    );
    expect(r.status, r.text).toBe(201);
    const href = (r.json as J)._links.self.href as string;
    const a = await c.request({ method: 'POST', path: `${href}/authorisations` });
    expect((await variantSca(scaHref(a.response!.json), { nid })).status).toBe(302);
    const status = async () =>
      ((await c.request({ method: 'GET', path: `${href}/status` })).response!.json as J).transactionStatus;
    expect(await status()).toBe('ACTC');
    const before = tb.running.bank.stateDigest();
    expect((await control('/__control/batch', { lastOfDay: false })).status).not.toBe(200);
    for (const [body, word] of [
      [{ lastOfDay: false }, '/runs'],
      [{ runs: 0, endOfDay: false }, '/runs'],
      [{ runs: 6, endOfDay: false }, '/runs'],
      [{ runs: 1 }, '/endOfDay'],
      [{ runs: 1, endOfDay: 'yes' }, '/endOfDay'],
    ] as const) {
      const bad = await control('/__control/payment-batch', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(((await bad.json()) as J).message).toContain(word);
    }
    expect(tb.running.bank.stateDigest()).toBe(before);
    expect(await status()).toBe('ACTC');
    const ok = await control('/__control/payment-batch', { runs: 1, endOfDay: false });
    expect(ok.status).toBe(200);
    expect(await status()).toBe('ACSC');
  });

  it('the default dialect keeps its products and its control: Norwegian domestic bulk, SEPA bulk PRODUCT_INVALID, POST /__control/batch {"lastOfDay"}', async () => {
    const d = await testBank({ clock: () => T0 });
    try {
      const dc = d.client({ tppSessionId: 'd14', psuIpAddress: PSU_IP, psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11' });
      const dd = accountsOf(d.running, privateNids(d.running)[0])[0];
      const post = async (path: string, body: J) => (await dc.request({ method: 'POST', path, body })).response!;
      const domestic = await post('/v1/bulk-payments/norwegian-domestic-credit-transfers', {
        debtorAccount: { bban: dd.bban, currency: 'NOK' },
        payments: [domesticBody(dd, { debtorAccount: undefined, remittanceInformationUnstructured: 'Samlet 1' })],
      });
      expect(domestic.status, domestic.text).toBe(201);
      const sepa = await post('/v1/bulk-payments/sepa-credit-transfers', {
        debtorAccount: { iban: dd.iban, currency: 'NOK' },
        payments: [sepaItem(1)],
      });
      expect((sepa.json as J).tppMessages[0].code).toBe('PRODUCT_INVALID');
      const run = await fetch(`${d.running.url}/__control/batch`, { method: 'POST', body: '{"lastOfDay": false}' });
      expect(run.status).toBe(200);
      expect(
        (
          await fetch(`${d.running.url}/__control/payment-batch`, {
            method: 'POST',
            body: '{"runs": 1, "endOfDay": false}',
          })
        ).status,
      ).not.toBe(200);
    } finally {
      await d.close();
    }
  });
});

describe('variant dialect: lenient where the spec is silent (V12)', () => {
  let tb: TestBank;
  let ac: TppClient;
  let account: { id: string; iban: string; currency: string };
  beforeAll(async () => {
    tb = await testBank({ dialect: 'variant', clock: () => T0 });
    const nid = privateNids(tb.running)[0];
    account = accountsOf(tb.running, nid)[0];
    const params = await variantConsent(tb, nid, { session: 'v12' });
    ac = tb.client({ psuId: params['psu-id'], tppSessionId: 'v12', psuIpAddress: PSU_IP });
  });
  afterAll(async () => {
    await tb.close();
  });
  const tx = () => `/v1/accounts/${enc(account.id)}/transactions`;
  const ninetyDaysBack = new Date(T0 - 90 * 86400_000).toISOString().slice(0, 10);

  it('transactions without bookingStatus are the booked ones; without dateFrom from 90 days back', async () => {
    const r = await ac.request({ method: 'GET', path: tx() });
    expect(r.response?.status, r.response?.text).toBe(200);
    const t = (r.response!.json as J).transactions as J;
    expect(t.booked.length).toBeGreaterThan(0);
    expect(t.pending).toBeUndefined();
    for (const b of t.booked) expect(b.bookingDate >= ninetyDaysBack).toBe(true);
    expect(t._links.first.href).toContain(`dateFrom=${ninetyDaysBack}`);
    expect(t._links.first.href).toContain('bookingStatus=booked');
    const explicit = await ac.request({
      method: 'GET',
      path: tx(),
      query: { bookingStatus: 'booked', dateFrom: ninetyDaysBack },
    });
    expect(explicit.response?.json).toEqual(r.response?.json);
    const both = await ac.request({ method: 'GET', path: tx(), query: { bookingStatus: 'both' } });
    expect(((both.response!.json as J).transactions as J).pending.length).toBe(3);
    const bad = await ac.request({ method: 'GET', path: tx(), query: { bookingStatus: 'nonsense' } });
    expect(bad.response?.status).toBe(400);
    expect((bad.response!.json as J).code).toBe('FORMAT_ERROR');
  });

  it('unknown x-accept-fix names are ignored; the required header and amount-as-string on baskets stay enforced', async () => {
    const list = await ac.request({ method: 'GET', path: '/v1/accounts', headers: { 'x-accept-fix': 'no-such-fix' } });
    expect(list.response?.status, list.response?.text).toBe(200);
    const pc = tb.client({ tppSessionId: 'v12', psuIpAddress: PSU_IP, psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11' });
    const xb = await pc.request({
      method: 'POST',
      path: '/v1/payments/cross-border-credit-transfers',
      body: crossBorderBody(account),
      headers: { 'x-accept-fix': null as unknown as string },
    });
    expect(xb.response?.status).toBe(400);
    expect((xb.response!.json as J).tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
    const xb2 = await pc.request({
      method: 'POST',
      path: '/v1/payments/cross-border-credit-transfers',
      body: crossBorderBody(account),
      headers: { 'x-accept-fix': 'amount-as-string, no-such-fix' },
    });
    expect(xb2.response?.status, xb2.response?.text).toBe(201);
    const pay = await pc.request({
      method: 'POST',
      path: '/v1/payments/norwegian-domestic-credit-transfers',
      body: domesticBody(accountsOf(tb.running, privateNids(tb.running)[0])[0], {
        remittanceInformationUnstructured: 'basket v12',
      }),
    });
    const paymentIds = [(pay.response!.json as J).paymentId];
    const noFix = await pc.request({
      method: 'POST',
      path: '/v1/signing-baskets',
      body: { paymentIds },
      headers: { 'x-accept-fix': null as unknown as string },
    });
    expect(noFix.response?.status).toBe(400);
    const wrongFix = await pc.request({
      method: 'POST',
      path: '/v1/signing-baskets',
      body: { paymentIds },
      headers: { 'x-accept-fix': 'longer-names, no-such-fix' },
    });
    expect(wrongFix.response?.status).toBe(400);
    const ok = await pc.request({
      method: 'POST',
      path: '/v1/signing-baskets',
      body: { paymentIds },
      headers: { 'x-accept-fix': 'no-such-fix,amount-as-string' },
    });
    expect(ok.response?.status, ok.response?.text).toBe(201);
  });
});

describe('variant dialect: the rest is the default bank', () => {
  it('signing, error bodies and unknown paths are as in the default; serve-style startBank reports the dialect', async () => {
    const tb = await testBank({ dialect: 'variant', clock: () => T0 });
    try {
      expect(tb.running.dialect).toBe('variant');
      expect(tb.running.bank.dialect).toBe('variant');
      expect(tb.running.bank.operationAt('POST', '/v1/sandbox/reset')).toEqual({
        op: 'initialise-sandbox',
        params: {},
      });
      expect(tb.running.bank.operationAt('POST', '/v1/sandbox/accounts/abc/balance?x=1')).toEqual({
        op: 'update-sandbox-account-balance',
        params: { mockAccountId: 'abc' },
      });
      expect(tb.running.bank.operationAt('POST', '/v1/sandbox/initialise')).toBeUndefined();
      const c = tb.client({});
      const unsigned = await c.request({ method: 'GET', path: '/v1/sandbox/customers', sign: false });
      expect(unsigned.response?.status).toBe(400);
      const unknown = await c.request({ method: 'GET', path: '/v1/nothing-here' });
      expect(unknown.response?.status).toBe(404);
      expect(Object.keys(unknown.response!.json as J)).toEqual(['id', 'system', 'status', 'code', 'message']);
      const wrongMethod = await c.request({ method: 'DELETE', path: '/v1/sandbox/customers' });
      expect(wrongMethod.response?.status).toBe(405);
      // RFC 9110 § 15.5.6: a 405 carries Allow, the methods the resource has (init reads it).
      expect(wrongMethod.response?.headers['allow']).toBe('GET');
      const balance = await c.request({ method: 'GET', path: '/v1/sandbox/accounts/x/balance' });
      expect([balance.response?.status, balance.response?.headers['allow']]).toEqual([405, 'POST']);
    } finally {
      await tb.close();
    }
    await expect(startBank({ dialect: 'nonsense' as 'variant' })).rejects.toThrow(
      /unknown dialect "nonsense": use default or variant/,
    );
  });

  it('production mode has no sandbox operations in the variant either', async () => {
    const tb = await testBank({ dialect: 'variant', mode: 'production', clock: () => T0 });
    try {
      const r = await tb.client({}).request({ method: 'GET', path: '/v1/sandbox/customers' });
      expect([400, 404]).toContain(r.response?.status);
      expect(
        (await tb.client({}).request({ method: 'POST', path: '/v1/sandbox/reset', body: {} })).response?.status,
      ).not.toBe(200);
    } finally {
      await tb.close();
    }
  });
});

describe('faults on the variant', () => {
  it('apply the same way: rules, skipped checks and response hooks', async () => {
    const tb = await testBank({
      dialect: 'variant',
      clock: () => T0,
      faults: ['date-skew-ignored', 'sandbox-account-created-without-id', 'basket-size-11'],
    });
    try {
      expect(tb.running.bank.rules.basketMaxPayments).toBe(11);
      expect(tb.running.bank.rules.pendingUntilExecutionDate).toBe(true);
      const c = tb.client({});
      const r = await c.request({
        method: 'POST',
        path: '/v1/sandbox/accounts',
        body: { owner: privateNids(tb.running)[0], displayName: 'Uten id', currency: 'NOK' },
      });
      expect(r.response?.status, r.response?.text).toBe(201);
      expect((r.response!.json as J).mockAccountId).toBeUndefined();
      expect((r.response!.json as J).bban).toMatch(/^\d{11}$/);
      const skewed = await c.request({
        method: 'GET',
        path: '/v1/sandbox/customers',
        headers: { Date: new Date(T0 - 3600_000).toUTCString() },
      });
      expect(skewed.response?.status).toBe(200);
    } finally {
      await tb.close();
    }
    const html = await testBank({ dialect: 'variant', clock: () => T0, faults: ['html-error-pages'] });
    try {
      const r = await html.client({}).request({ method: 'POST', path: '/v1/sandbox/customers', body: {} });
      expect(r.response?.status).toBe(404);
      expect(String(r.response?.headers['content-type'])).toMatch(/text\/html/);
    } finally {
      await html.close();
    }
  });
});

// ---------------------------------------------------------------- the default dialect is unchanged

/**
 * The default dialect's answers to a fixed script touching every point where the variant differs
 * (status and a hash of the body per step; error ids and the port normalised), pinned before the
 * dialects existed. A legitimate change to the default bank updates this list on purpose (the seed's 8
 * private customers, one per worker of a parallel run, changed the customer, agreement, context-page,
 * initialise and digest lines; its 32, one per worker of a run at the most workers, changed the same; two agreements
 * per private customer, a second corporate id no SCA chose, changed the agreement, context-page and digest lines).
 */
const DEFAULT_ANSWERS = [
  'customers 200 5dec820690bb',
  'customer+ 201 d10618e4446f',
  'account+ 201 2dca3efbfd0e',
  'account 200 2dca3efbfd0e',
  'account-bad 400 7dd8b61d948c',
  'balances 200 fe2316b90ac3',
  'txns+ 201 59f7b75bda2b',
  'txns 200 59f7b75bda2b',
  'card+ 201 c7ac39e99bdc',
  'card 200 c7ac39e99bdc',
  'card-balances 200 6eb5488fdee8',
  'card-txns+ 201 836556da8703',
  'agreements 200 15d1b2a0cfc2',
  'contact+ 201 f857086995bf',
  'contact-personal 400 3d3e820875f7',
  'contact 200 f857086995bf',
  'unknown-path 404 99c061917c92',
  'wrong-method 405 ac59d03d0f6b',
  'consent 201 1ae268d958be',
  'sca-1 200 571bdeab36b5',
  'sca-2 200 47b1299d8675',
  'sca-3 302 6230ad9102e2',
  'accounts 200 c05990f4d1df',
  'tx-no-status 400 ecf1e241fc29',
  'tx-no-from 400 9095eccd81e6',
  'tx-booked 200 67991128a226',
  'fix-unknown 400 e84e32db24bf',
  'fix-known 200 c05990f4d1df',
  'consents-old 200 54b15417a94e',
  'consents-removed 404 b9616fff7e65',
  'kid-ok 201 8a36a70fced1',
  'kid-typed 201 d0cd1951ca23',
  'kid-bad 400 6a74d49162f0',
  'kid-missing 400 1777500d0f11',
  'future 201 6634d85e825e',
  'unfunded 201 cadb445b2418',
  'future-auth 201 f2cacb1b6063',
  'future-sca-2 200 64ef4e9d47a1',
  'future-sca-3 302 6230ad9102e2',
  'future-status 200 bfdef817dc50',
  'unfunded-auth 201 65ccc04c3a44',
  'unfunded-sca-2 200 2abf45d36740',
  'unfunded-sca-3 302 6230ad9102e2',
  'unfunded-status 200 62c38c3b1fbf',
  'future-batch 200 bfdef817dc50',
  'future-delete 202 09ccd0960281',
  'unfunded-batch 200 d040239d69f7',
  'unfunded-delete 409 7df81495dc58',
  'initialise 200 ceb36d284db2',
  'digest 200 bb19b1c9f512',
];

/** Runs the script against a default bank (seed 7, clock 2026-03-02T07:30Z). */
async function defaultTranscript(): Promise<string[]> {
  const tb = await testBank({ clock: () => T0 });
  const out: string[] = [];
  const url = tb.running.url;
  const norm = (s: string) =>
    s
      .split(url)
      .join('{bank}')
      .replace(/"id":"[0-9a-f-]{36}","system"/g, '"id":"*","system"');
  const note = (label: string, status: number | undefined, text: string, extra = '') => {
    out.push(
      `${label} ${status} ${createHash('sha256')
        .update(norm(text) + extra)
        .digest('hex')
        .slice(0, 12)}`,
    );
  };
  try {
    const c = tb.client({});
    const call = async (
      label: string,
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
      query?: Record<string, string>,
    ) => {
      const ex = await c.request({ method, path, body, headers, query });
      note(label, ex.response?.status, ex.response?.text ?? '', String(ex.response?.headers.location ?? ''));
      return ex.response!;
    };
    const nid = makeNationalIdentityNumber(17, 5, 84, 104)!;
    const bban = bbanWithCheck('9710555000');
    await call('customers', 'GET', '/v1/sandbox/customers');
    await call('customer+', 'POST', '/v1/sandbox/customers', {
      customerNumber: nid,
      name: 'Test Testperson',
      type: 'private',
    });
    const acc = await call('account+', 'POST', '/v1/sandbox/accounts', {
      customerNumber: nid,
      accountName: 'Totalkonto',
      bban,
      iban: ibanFor(bban),
      currency: 'NOK',
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 1542000, currency: 'NOK' } }],
    });
    const accId = encodeURIComponent((acc.json as { id: string }).id);
    await call('account', 'GET', `/v1/sandbox/accounts/${accId}`);
    await call('account-bad', 'POST', '/v1/sandbox/accounts', {
      customerNumber: nid,
      accountName: 'X',
      bban: '12345678901',
      currency: 'NOK',
    });
    await call('balances', 'PUT', `/v1/sandbox/accounts/${accId}/balances`, {
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 777, currency: 'NOK' } }],
    });
    const item = {
      amount: 1500,
      currency: 'NOK',
      valueDate: '2026-02-01',
      bookingDate: '2026-02-01',
      remittanceInformationUnstructured: 'r',
      creditorName: 'C',
      creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
      debtorName: 'D',
      debtorAccount: { iban: '', bban: '' },
      purposeCode: 'OTHR',
      bankTransactionCode: 'PMNT',
    };
    await call('txns+', 'POST', `/v1/sandbox/accounts/${accId}/transactions`, [item]);
    await call('txns', 'GET', `/v1/sandbox/accounts/${accId}/transactions`);
    const card = await call('card+', 'POST', '/v1/sandbox/card-accounts', {
      customerNumber: nid,
      maskedPan: '1234xxxxxxxx4321',
      currency: 'NOK',
      creditLimit: { currency: 'NOK', amount: 1000 },
      name: 'Test',
    });
    const cardId = encodeURIComponent((card.json as { resourceId: string }).resourceId);
    await call('card', 'GET', `/v1/sandbox/card-accounts/${cardId}`);
    await call('card-balances', 'PUT', `/v1/sandbox/card-accounts/${cardId}/balances`, {
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 5, currency: 'NOK' } }],
    });
    await call('card-txns+', 'POST', `/v1/sandbox/card-accounts/${cardId}/transactions`, [
      {
        cardTransactionId: 't-1',
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
      },
    ]);
    await call('agreements', 'GET', '/v1/sandbox/agreements');
    await call('contact+', 'POST', '/v1/tpp-dialogue/contact', { email: 'psd2-ops@example.com' });
    await call('contact-personal', 'POST', '/v1/tpp-dialogue/contact', { email: 'ola.nordmann@example.com' });
    await call('contact', 'GET', '/v1/tpp-dialogue/contact');
    await call('unknown-path', 'GET', '/v1/nothing-here');
    await call('wrong-method', 'DELETE', '/v1/sandbox/customers');

    // Consent with the SCA pages (HTML transcribed too).
    const nidP = privateNids(tb.running)[0];
    const debtor = accountsOf(tb.running, nidP)[0];
    const pc = tb.client({ tppSessionId: 'golden', psuIpAddress: PSU_IP });
    const offer = await pc.request({ method: 'POST', path: '/v1/bank-offered-consents', body: {} });
    note('consent', offer.response?.status, offer.response!.text);
    const href = scaHref(offer.response!.json);
    const p1 = await fetch(href);
    const h1 = await p1.text();
    note('sca-1', p1.status, h1);
    const post = (action: string, form: URLSearchParams) =>
      fetch(new URL(href).origin + action, {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    const a1 = /action="([^"]+)"/.exec(h1)![1];
    const p2 = await post(a1, new URLSearchParams({ 'psu-identity': nidP, action: 'continue' }));
    const h2 = await p2.text();
    note('sca-2', p2.status, h2);
    const a2 = /action="([^"]+)"/.exec(h2)![1];
    const boxes = new URLSearchParams({ context: 'PRIVATE', action: 'continue' });
    for (const a of accountsOf(tb.running, nidP)) boxes.append('account', a.id);
    const p3 = await post(a2, boxes);
    note('sca-3', p3.status, await p3.text(), p3.headers.get('location') ?? '');
    const psuId = new URL(p3.headers.get('location')!).searchParams.get('psu-id')!;
    const ac = tb.client({ psuId, tppSessionId: 'golden', psuIpAddress: PSU_IP });
    const aCall = async (
      label: string,
      path: string,
      query?: Record<string, string>,
      headers?: Record<string, string>,
    ) => {
      const ex = await ac.request({ method: 'GET', path, query, headers });
      note(label, ex.response?.status, ex.response?.text ?? '');
    };
    await aCall('accounts', '/v1/accounts');
    const tx = `/v1/accounts/${encodeURIComponent(debtor.id)}/transactions`;
    await aCall('tx-no-status', tx);
    await aCall('tx-no-from', tx, { bookingStatus: 'booked' });
    await aCall('tx-booked', tx, { bookingStatus: 'booked', dateFrom: '2026-01-01' });
    await aCall('fix-unknown', '/v1/accounts', undefined, { 'x-accept-fix': 'no-such-fix' });
    await aCall('fix-known', '/v1/accounts', undefined, { 'x-accept-fix': 'longer-names' });
    await aCall('consents-old', '/v1/users');
    const c2 = await pc.request({ method: 'POST', path: '/v1/consents', body: {} });
    note('consents-removed', c2.response?.status, c2.response!.text);

    // Payments: KID, future date, unfunded (PDNG), DELETE of PDNG.
    const pay = tb.client({ psuId, tppSessionId: 'golden', psuIpAddress: PSU_IP });
    const create = async (label: string, body: Record<string, unknown>) => {
      const ex = await pay.request({
        method: 'POST',
        path: '/v1/payments/norwegian-domestic-credit-transfers',
        body,
        headers: FIX,
      });
      note(label, ex.response?.status, ex.response?.text ?? '', String(ex.response?.headers.location ?? ''));
      return ex.response!;
    };
    const kidCreditor = {
      creditorAccount: { bban: COUNTERPARTY.power, currency: 'NOK' },
      remittanceInformationUnstructured: undefined,
    };
    await create(
      'kid-ok',
      domesticBody(debtor, { ...kidCreditor, remittanceInformationStructured: { reference: withLuhn('1234567') } }),
    );
    await create(
      'kid-typed',
      domesticBody(debtor, {
        ...kidCreditor,
        remittanceInformationStructured: { reference: withLuhn('1234568'), referenceType: 'KID' },
      }),
    );
    await create(
      'kid-bad',
      domesticBody(debtor, { ...kidCreditor, remittanceInformationStructured: { reference: '1234567' } }),
    );
    await create('kid-missing', domesticBody(debtor, kidCreditor));
    const future = await create(
      'future',
      domesticBody(debtor, { requestedExecutionDate: '2026-03-05', remittanceInformationUnstructured: 'Framtid' }),
    );
    const big = await create(
      'unfunded',
      domesticBody(debtor, {
        instructedAmount: { amount: '99999999.00', currency: 'NOK' },
        remittanceInformationUnstructured: 'Stor',
      }),
    );
    for (const [label, r] of [
      ['future', future],
      ['unfunded', big],
    ] as const) {
      const self = (r.json as { _links: { self: { href: string } } })._links.self.href;
      const au = await pay.request({ method: 'POST', path: `${self}/authorisations` });
      note(`${label}-auth`, au.response?.status, au.response!.text);
      const sh = scaHref(au.response!.json);
      const q1 = await fetch(sh);
      const hq1 = await q1.text();
      const q2 = await post(
        /action="([^"]+)"/.exec(hq1)![1],
        new URLSearchParams({ 'psu-identity': nidP, action: 'continue' }),
      );
      const hq = await q2.text();
      note(`${label}-sca-2`, q2.status, hq);
      const q3 = await post(
        /action="([^"]+)"/.exec(hq)![1],
        new URLSearchParams({ context: 'PRIVATE', action: 'continue' }),
      );
      note(`${label}-sca-3`, q3.status, '', q3.headers.get('location') ?? '');
      const st = await pay.request({ method: 'GET', path: `${self}/status` });
      note(`${label}-status`, st.response?.status, st.response!.text);
    }
    tb.running.bank.clock.advance(7200); // past the 09:00 batch (not the day's last)
    for (const [label, r] of [
      ['future', future],
      ['unfunded', big],
    ] as const) {
      const self = (r.json as { _links: { self: { href: string } } })._links.self.href;
      const st = await pay.request({ method: 'GET', path: `${self}/status` });
      note(`${label}-batch`, st.response?.status, st.response!.text);
      const del = await pay.request({ method: 'DELETE', path: self });
      note(`${label}-delete`, del.response?.status, del.response?.text ?? '');
    }
    await call('initialise', 'POST', '/v1/sandbox/initialise', {});
    note('digest', 200, tb.running.bank.stateDigest());
  } finally {
    await tb.close();
  }
  return out;
}

describe('the default dialect', () => {
  it('answers the fixed script exactly as before the dialects (status and body per step)', async () => {
    expect(await defaultTranscript()).toEqual(DEFAULT_ANSWERS);
  });

  it('an explicit dialect: "default" is the same bank', async () => {
    const tb = await testBank({ dialect: 'default' });
    try {
      expect(tb.running.dialect).toBe('default');
      const r = await tb.client({}).request({ method: 'GET', path: '/v1/sandbox/customers' });
      expect(Array.isArray(r.response?.json)).toBe(true);
    } finally {
      await tb.close();
    }
  });
});
