// Production mode: no sandbox operations, no control endpoint, certificate chain and PSD2 role checks;
// TLS; example faults through the seam.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, testCredentials } from '../../src/tpp/fixtures.ts';
import { TppClient } from '../../src/tpp/client.ts';
import { exampleFault } from '../../src/bank/faults/examples.ts';
import { accountsOf, domesticBody, FIX, privateNids, testBank, type TestBank } from './helpers.ts';

const ca = (p: string) => readFileSync(`${FIXTURES_DIR}certs/${p}ca.cert.pem`, 'utf8');

describe('production mode', () => {
  let tb: TestBank;
  beforeAll(async () => {
    tb = await testBank({ mode: 'production', trustedCaPems: [ca(''), ca('ai-only-'), ca('pi-only-')] });
  });
  afterAll(async () => {
    await tb.close();
  });

  it('has no sandbox operations and no control endpoint', async () => {
    expect((await tb.client().request({ method: 'GET', path: '/v1/sandbox/customers' })).response?.status).toBe(404);
    expect((await fetch(`${tb.running.url}/__control/clock`)).status).toBe(400);
    expect(tb.running.clockControl).toBeUndefined();
  });

  it('checks the PSD2 role: AI for accounts, PI for payments', async () => {
    const debtor = accountsOf(tb.running, privateNids(tb.running)[0])[0];
    const pay = (which: '' | 'ai-only-' | 'pi-only-') =>
      tb.client({}, which).request({
        method: 'POST',
        path: '/v1/payments/norwegian-domestic-credit-transfers',
        body: domesticBody(debtor, { remittanceInformationUnstructured: `p ${which}` }),
        headers: FIX,
      });
    expect((await pay('ai-only-')).response?.status).toBe(403);
    expect((await pay('pi-only-')).response?.status).toBe(201);
    expect((await tb.client({}, 'pi-only-').request({ method: 'GET', path: '/v1/accounts' })).response?.status).toBe(
      403,
    );
    expect((await tb.client({}, 'ai-only-').request({ method: 'GET', path: '/v1/accounts' })).response?.status).toBe(
      401,
    );
  });
});

describe('production chain check', () => {
  let tb: TestBank;
  beforeAll(async () => {
    tb = await testBank({ mode: 'production', trustedCaPems: [ca('')] });
  });
  afterAll(async () => {
    await tb.close();
  });

  it('refuses a certificate from an untrusted CA with 400', async () => {
    const r = await tb.client({}, 'ai-only-').request({ method: 'GET', path: '/v1/accounts' });
    expect(r.response?.status).toBe(400);
    expect(r.response?.json).toMatchObject({ code: 'CERTIFICATE_INVALID' });
    expect((await tb.client({}).request({ method: 'GET', path: '/v1/accounts' })).response?.status).toBe(401);
  });

  it('sandbox mode accepts any well-formed certificate', async () => {
    const sb = await testBank({ mode: 'sandbox' });
    try {
      expect(
        (await sb.client({}, 'ai-only-').request({ method: 'GET', path: '/v1/sandbox/customers' })).response?.status,
      ).toBe(200);
      expect((await fetch(`${sb.running.url}/__control/clock`)).status).toBe(400);
    } finally {
      await sb.close();
    }
  });
});

describe('TLS', () => {
  it("serves HTTPS with its own server certificate, from the TEST-ONLY server CA (not the TPPs' CA)", async () => {
    const tb = await testBank({ tls: true });
    try {
      expect(tb.running.url).toMatch(/^https:/);
      const c = new TppClient({
        baseUrl: tb.running.url,
        identity: testCredentials().qsealc,
        transport: { tls: { ca: ca('server-') } },
        record: false,
      });
      expect((await c.request({ method: 'GET', path: '/v1/sandbox/customers' })).response?.status).toBe(200);
      await c.close();
    } finally {
      await tb.close();
    }
  });
});

describe('fault seam', () => {
  it('a fault is rule overrides and hooks; the same code path obeys them', async () => {
    const tb = await testBank({ faults: ['date-skew-ignored', exampleFault('html-error-pages')] });
    try {
      const skewed = await tb
        .client()
        .request({ method: 'GET', path: '/v1/sandbox/customers', sign: { clock: () => Date.now() - 3600_000 } });
      expect(skewed.response?.status).toBe(200);
      const err = await tb.client().request({ method: 'GET', path: '/v1/nothing' });
      expect(err.response?.status).toBe(404);
      expect(err.response?.headers['content-type']).toMatch(/html/);
    } finally {
      await tb.close();
    }
  });

  it('connection reset and basket size faults', async () => {
    const tb = await testBank({ faults: ['connection-reset-on-payments', 'basket-size-11'] });
    try {
      expect(tb.running.bank.rules.basketMaxPayments).toBe(11);
      const debtor = accountsOf(tb.running, privateNids(tb.running)[0])[0];
      const r = await tb.client({}).request({
        method: 'POST',
        path: '/v1/payments/norwegian-domestic-credit-transfers',
        body: domesticBody(debtor),
        headers: FIX,
      });
      expect(r.error?.code).toBe('CONNECTION_RESET');
    } finally {
      await tb.close();
    }
    await expect(testBank({ faults: ['no-such-fault'] })).rejects.toThrow(/unknown fault/);
  });
});

describe('data ties to src/spec', () => {
  it('example faults name clauses that exist', async () => {
    const { CLAUSES } = await import('../../src/spec/clauses.ts');
    const { EXAMPLE_FAULTS } = await import('../../src/bank/faults/examples.ts');
    const ids = new Set(CLAUSES.map((c) => c.id));
    for (const f of EXAMPLE_FAULTS) for (const cl of f.clauses) expect(ids, `${f.id}: ${cl}`).toContain(cl);
  });

  it('routes of operations the spec names use its operation ids, methods and paths', async () => {
    const { DETAILED_OPERATIONS, OTHER_OPERATIONS } = await import('../../src/spec/operations.ts');
    const { buildRoutes } = await import('../../src/bank/routes.ts');
    const { Bank } = await import('../../src/bank/bank.ts');
    const routes = buildRoutes(Bank.create({ mode: 'test' }));
    for (const op of [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS]) {
      if (!op.method || !op.path || op.id === 'fee-information') continue;
      const pattern = op.path.replace(/\{payment-product\}/g, '{product}').replace(/\{payment-id\}/g, '{paymentId}');
      expect(
        routes.some((r) => r.method === op.method && r.pattern === pattern && r.op === op.id),
        `${op.id} ${op.method} ${op.path}`,
      ).toBe(true);
    }
  });
});

describe('mutual TLS and seeds', () => {
  it('asks for and checks a client certificate when tls.clientCert is set', async () => {
    const tb = await testBank({ tls: { clientCert: true } });
    try {
      const q = testCredentials().qwac;
      const good = new TppClient({
        baseUrl: tb.running.url,
        identity: testCredentials().qsealc,
        transport: { tls: { ca: ca('server-'), cert: q.certPem, key: q.keyPem } },
        record: false,
      });
      expect((await good.request({ method: 'GET', path: '/v1/sandbox/customers' })).response?.status).toBe(200);
      await good.close();
      const none = new TppClient({
        baseUrl: tb.running.url,
        identity: testCredentials().qsealc,
        transport: { tls: { ca: ca('server-') } },
        record: false,
      });
      expect((await none.request({ method: 'GET', path: '/v1/sandbox/customers' })).error).toBeDefined();
      await none.close();
    } finally {
      await tb.close();
    }
  });

  // Fault that trips it: a production bank that checks the QSealC's chain but not that the QWAC of
  // the connection is the same TPP's (the AI-only TPP's QWAC with the main TPP's QSealC is served).
  it("in production, the QWAC of the connection and the QSealC of the signature must be the same TPP's", async () => {
    const tb = await testBank({
      mode: 'production',
      tls: { clientCert: true, clientCa: [ca('ai-only-')] },
      trustedCaPems: [ca(''), ca('ai-only-')],
    });
    try {
      const qwac = testCredentials('ai-only-').qwac;
      const send = async (qsealc: 'ai-only-' | '') => {
        const c = new TppClient({
          baseUrl: tb.running.url,
          identity: testCredentials(qsealc).qsealc,
          transport: { tls: { ca: ca('server-'), cert: qwac.certPem, key: qwac.keyPem }, proxy: false },
          record: false,
          psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'org-match' },
        });
        return (await c.request({ method: 'GET', path: '/v1/accounts' })).response;
      };
      // Control: the AI-only TPP's QWAC and QSealC, a request answered as usual (401 with scaRedirect).
      expect((await send('ai-only-'))?.status).toBe(401);
      const other = await send('');
      expect(other?.status).toBe(400);
      expect((other?.json as { code?: string }).code).toBe('CERTIFICATE_INVALID');
      expect((other?.json as { message?: string }).message).toMatch(/PSDNO-FSA-999999998.*PSDNO-FSA-999999999/);
    } finally {
      await tb.close();
    }
  });

  it('seeds deterministically: same seed and clock, same state; another seed, another state', async () => {
    const { Bank } = await import('../../src/bank/bank.ts');
    const { BankClock } = await import('../../src/bank/clock.ts');
    const at = () => Date.parse('2026-03-02T10:00:00Z');
    const a = Bank.create({ seed: 3, clock: new BankClock(at) }).stateDigest();
    expect(Bank.create({ seed: 3, clock: new BankClock(at) }).stateDigest()).toBe(a);
    expect(Bank.create({ seed: 4, clock: new BankClock(at) }).stateDigest()).not.toBe(a);
  });
});
