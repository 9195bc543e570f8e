// The SCA redirect flow, sessions, corporate context, and the consent/identity operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID_PATTERN } from '../../src/spec/events.ts';
import { validate } from '../../src/spec/validate.ts';
import {
  accountsOf,
  completeSca,
  consentFor,
  privateNids,
  PSU_IP,
  REDIRECT,
  scaHref,
  testBank,
  type TestBank,
} from './helpers.ts';

let tb: TestBank;
let nids: string[];
beforeAll(async () => {
  tb = await testBank({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  nids = privateNids(tb.running);
});
afterAll(async () => {
  await tb.close();
});

async function offer(session: string, which: '' | 'ai-only-' = '', extra: Record<string, string> = {}) {
  const ex = await tb
    .client({ tppSessionId: session, psuIpAddress: PSU_IP }, which)
    .request({ method: 'POST', path: '/v1/bank-offered-consents', body: { ignored: true }, headers: extra });
  expect(ex.response?.status, ex.response?.text).toBe(201);
  return scaHref(ex.response!.json);
}

describe('redirect pages', () => {
  it('serve plain HTML forms with labels, named fields and standard method/action', async () => {
    const href = await offer('pages');
    const r = await fetch(href);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    const html = await r.text();
    expect(html).toMatch(/<form method="post" action="\/sca\/[^"]+\/identify">/);
    expect(html).toMatch(/<label for="psu-identity">/);
    expect(html).toMatch(/name="action" value="cancel"/);
    expect(html).not.toMatch(/<script/);
  });

  it('on success redirects with psu-id (UUID, stable per TPP and PSU), tpp-session-id and context', async () => {
    const o1 = await completeSca(await offer('s-a'), { nid: nids[0] });
    expect(o1.status).toBe(302);
    expect(o1.location!.startsWith(REDIRECT)).toBe(true);
    expect(o1.params['psu-id']).toMatch(UUID_PATTERN);
    expect(o1.params).toMatchObject({ 'tpp-session-id': 's-a', context: 'PRIVATE' });
    expect(o1.params['psu-corporate-id']).toBeUndefined();
    const o2 = await completeSca(await offer('s-b'), { nid: nids[0] });
    expect(o2.params['psu-id']).toBe(o1.params['psu-id']);
    const o3 = await completeSca(await offer('s-c', 'ai-only-'), { nid: nids[0] });
    expect(o3.params['psu-id']).toMatch(UUID_PATTERN);
    expect(o3.params['psu-id']).not.toBe(o1.params['psu-id']);
    const o4 = await completeSca(await offer('s-d'), { nid: nids[1] });
    expect(o4.params['psu-id']).not.toBe(o1.params['psu-id']);
  });

  it('on cancel or a wrong identity redirects with system, status, code and message', async () => {
    for (const [opts, code] of [
      [{ nid: nids[0], cancelAt: 'identify' }, 'SCA_INVALID'],
      [{ nid: nids[0], cancelAt: 'authorise' }, 'SCA_INVALID'],
      [{ nid: '01010112345' }, 'PSU_CREDENTIALS_INVALID'],
    ] as const) {
      const o = await completeSca(await offer('fail'), opts);
      expect(o.status).toBe(302);
      expect(o.params).toMatchObject({ system: expect.any(String), status: '401', code, message: expect.any(String) });
      expect(o.params['psu-id']).toBeUndefined();
    }
  });

  it('a used or unknown link cannot be replayed', async () => {
    const href = await offer('once');
    await completeSca(href, { nid: nids[0] });
    expect((await fetch(href)).status).toBe(400);
    expect((await fetch(href.replace(/sca\/.*/, 'sca/unknown'))).status).toBe(404);
  });

  it('re-asks when no account is chosen', async () => {
    const o = await completeSca(await offer('none'), { nid: nids[0], accounts: [] });
    expect(o.status).toBe(400);
    expect(o.html).toMatch(/at least one account/);
  });
});

describe('sessions (SCA valid 1 h within a TPP-Session-ID)', () => {
  it('keeps SCA for 1 h, a new session needs SCA and on success invalidates the old one; an aborted one leaves it', async () => {
    const nid = nids[2];
    const psuId = await consentFor(tb, nid, { session: 'old' });
    const get = (session: string) =>
      tb
        .client({ psuId, tppSessionId: session, psuIpAddress: PSU_IP })
        .request({ method: 'GET', path: '/v1/accounts' });
    expect((await get('old')).response?.status).toBe(200);
    const fresh = await get('new');
    expect(fresh.response?.status).toBe(401);
    const aborted = await completeSca(scaHref(fresh.response!.json), { nid, cancelAt: 'authorise' });
    expect(aborted.params.code).toBe('SCA_INVALID');
    expect((await get('old')).response?.status).toBe(200);
    const again = await get('new');
    const ok = await completeSca(scaHref(again.response!.json), { nid });
    expect(ok.params['tpp-session-id']).toBe('new');
    expect((await get('new')).response?.status).toBe(200);
    expect((await get('old')).response?.status).toBe(401);
    tb.running.bank.clock.advance(3600 - 5);
    expect((await get('new')).response?.status).toBe(200);
    tb.running.bank.clock.advance(10);
    expect((await get('new')).response?.status).toBe(401);
  });
});

describe('corporate context', () => {
  it('returns psu-corporate-id; needs PSU-Corporate-ID (400 without); a new corporate id without consent starts a consent flow', async () => {
    const nid = nids[0];
    const agreement = [...tb.running.bank.state.agreements.values()].find((a) =>
      a.engagements.some((e) => e.customer === nid),
    )!;
    const ex = await tb
      .client({ tppSessionId: 'corp', psuIpAddress: PSU_IP }, 'ai-only-')
      .request({ method: 'POST', path: '/v1/bank-offered-consents' });
    const o = await completeSca(scaHref(ex.response!.json), {
      nid,
      context: 'CORPORATE',
      agreement: agreement.agreementId,
    });
    expect(o.params).toMatchObject({ context: 'CORPORATE', 'psu-corporate-id': agreement.agreementId });
    const psuId = o.params['psu-id'];
    const corp = tb.client(
      { psuId, psuCorporateId: agreement.agreementId, tppSessionId: 'corp', psuIpAddress: PSU_IP },
      'ai-only-',
    );
    const l = await corp.request({ method: 'GET', path: '/v1/accounts' });
    expect(l.response?.status).toBe(200);
    const accounts = (l.response!.json as { accounts: Array<{ resourceId: string; usage: string }> }).accounts;
    expect(accounts.map((a) => a.resourceId).sort()).toEqual([...agreement.engagements[0].accountIds].sort());
    expect(accounts[0].usage).toBe('ORGA');
    const noCorp = await tb
      .client({ psuId, tppSessionId: 'corp', psuIpAddress: PSU_IP }, 'ai-only-')
      .request({ method: 'GET', path: '/v1/accounts' });
    expect(noCorp.response?.status).toBe(400);
    expect(noCorp.response?.json).toMatchObject({ status: 400, message: expect.stringMatching(/PSU-Corporate-ID/) });
    const other = await corp.request({
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'PSU-Corporate-ID': '0f0e0d0c-0b0a-4909-8807-060504030201' },
    });
    expect(other.response?.status).toBe(401);
    expect(validate('sca-required-response', other.response!.json)).toEqual({ ok: true });
    // Private accounts are not reachable in the corporate context.
    const priv = accountsOf(tb.running, nid)[0];
    expect(
      (await corp.request({ method: 'GET', path: `/v1/accounts/${encodeURIComponent(priv.id)}` })).response?.status,
    ).toBe(404);
  });

  it('GET /v1/agreements lists the corporate agreements of a known PSU', async () => {
    const psuId = await consentFor(tb, nids[1], { session: 'ag' });
    const r = await tb.client({ psuId }).request({ method: 'GET', path: '/v1/agreements' });
    expect(r.response?.status).toBe(200);
    expect(
      (r.response!.json as { agreements: Array<{ psuCorporateId: string }> }).agreements[0].psuCorporateId,
    ).toMatch(UUID_PATTERN);
    expect((await tb.client({}).request({ method: 'GET', path: '/v1/agreements' })).response?.status).toBe(401);
  });
});

describe('consent and identity operations', () => {
  it('GET /v1/users and /v1/user start an SCA and then give the PSU id', async () => {
    for (const path of ['/v1/users', '/v1/user']) {
      const c = tb.client({ tppSessionId: `u${path}`, psuIpAddress: PSU_IP });
      const r = await c.request({ method: 'GET', path });
      expect(r.response?.status).toBe(401);
      const o = await completeSca(scaHref(r.response!.json), { nid: nids[3] });
      const r2 = await c.request({ method: 'GET', path, psu: { psuId: o.params['psu-id'] } });
      expect(r2.response?.json).toEqual({ psuId: o.params['psu-id'] });
    }
  });

  it('POST /v1/consents answers 404 after its removal on 2024-12-05, and worked (deprecated) before', async () => {
    const r = await tb.client({}).request({ method: 'POST', path: '/v1/consents', body: {} });
    expect(r.response?.status).toBe(404);
    expect((r.response!.json as { message: string }).message).toMatch(/bank-offered-consents/);
    const old = await testBank({ clock: () => Date.parse('2024-12-04T12:00:00Z') });
    try {
      const r2 = await old.client({}).request({ method: 'POST', path: '/v1/consents', body: {} });
      expect(r2.response?.status).toBe(201);
      expect(r2.response?.headers.deprecation).toBe('true');
      scaHref(r2.response!.json);
    } finally {
      await old.close();
    }
  });
});
