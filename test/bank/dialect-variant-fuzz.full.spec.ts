// The variant dialect's adapters take bad bodies without a 5xx and without a change of state: a bounded
// fuzz of every sandbox and TPP-dialogue write (about 25 s, so in test:full; the default dialect's
// bounded fuzz is in npm test: test/bank/fuzz.spec.ts). Fault that trips it: an adapter that throws on a
// body of the wrong type (a 500), or one that writes before it checks (the state's digest changes).
import { describe, expect, it } from 'vitest';
import { accountsOf, privateNids, testBank } from './helpers.ts';

type J = Record<string, any>;
const T0 = Date.parse('2026-03-02T07:30:00Z');
const enc = encodeURIComponent;

describe('variant dialect: bad bodies at its adapters', () => {
  it('never get a 5xx, and a refused one changes no state', async () => {
    const tb = await testBank({ dialect: 'variant', clock: () => T0 });
    try {
      const c = tb.client({});
      const st = tb.running.bank.state;
      const owner = privateNids(tb.running)[0];
      const acc = enc(accountsOf(tb.running, owner)[0].id);
      const card = enc([...st.cardAccounts.keys()][0]);
      const templates: Array<[string, string, J | J[]]> = [
        [
          'POST',
          '/v1/sandbox/accounts',
          { owner, displayName: 'A', currency: 'NOK', creditLimit: 1, openingBalance: { amount: 1, currency: 'NOK' } },
        ],
        [
          'POST',
          '/v1/sandbox/card-accounts',
          {
            owner,
            maskedPan: '1234',
            displayName: 'K',
            currency: 'NOK',
            creditLimit: { amount: 1, currency: 'NOK' },
            openingBalance: { amount: 1, currency: 'NOK' },
          },
        ],
        ['POST', `/v1/sandbox/accounts/${acc}/balance`, { amount: 1, currency: 'NOK' }],
        ['POST', `/v1/sandbox/card-accounts/${card}/balance`, { amount: 1, currency: 'NOK' }],
        [
          'POST',
          `/v1/sandbox/accounts/${acc}/transactions`,
          [{ transactionAmount: { amount: 1, currency: 'NOK' }, valueDate: '2026-01-01', bookingDate: '2026-01-01' }],
        ],
        ['PUT', '/v1/tpp/contact', { technicalContactEmail: 'ops@tpp.example' }],
      ];
      const junk: unknown[] = [
        null,
        1.5,
        -1,
        2 ** 40,
        true,
        [],
        {},
        'x'.repeat(300),
        '',
        { amount: 'one', currency: 1 },
      ];
      let sent = 0;
      for (const [method, path, template] of templates) {
        const bodies: unknown[] = [
          '[]',
          '"x"',
          '{}',
          'null',
          7,
          [template],
          Array.isArray(template) ? template[0] : [[]],
        ];
        const target = (Array.isArray(template) ? template[0] : template) as J;
        for (const k of Object.keys(target)) {
          for (const v of junk) {
            const t = structuredClone(target);
            t[k] = v;
            bodies.push(Array.isArray(template) ? [t] : t);
          }
          const { [k]: _gone, ...rest } = target;
          bodies.push(Array.isArray(template) ? [rest] : rest);
        }
        // The state's digest (a tenth of a second on a slow machine) is taken again only after a body was accepted.
        let before = tb.running.bank.stateDigest();
        for (const body of bodies) {
          const ex = await c.request({
            method,
            path,
            body: typeof body === 'string' ? body : body,
            headers: { 'Content-Type': 'application/json' },
          });
          sent++;
          const s = ex.response?.status ?? 0;
          expect(s, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          expect(s, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
          const after = tb.running.bank.stateDigest();
          if (s >= 400) expect(after, `${method} ${path} ${JSON.stringify(body)}`).toBe(before);
          before = after;
        }
      }
      expect(sent).toBeGreaterThan(200);
    } finally {
      await tb.close();
    }
    // Some 300 signed requests, each with a digest of the whole bank's state: a minute on a slow 2-core machine under
    // load.
  }, 180_000);
});
