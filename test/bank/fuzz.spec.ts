// 10,000 generated bad requests: bad signatures, missing headers, malformed JSON, wrong types,
// out-of-range values, unknown paths and methods, emoji. None may get a 5xx, and none may change
// state (stateDigest unchanged). Signed requests are built once and reused (the Date stays inside
// the 60 s window: the bank clock is frozen); the path is not signed, so retargeting is free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../src/bank/ids.ts';
import type { HttpRequest } from '../../src/tpp/http-message.ts';
import { removeHeader, setHeader } from '../../src/tpp/http-message.ts';
import type { TppClient } from '../../src/tpp/client.ts';
import {
  accountsOf,
  crossBorderBody,
  domesticBody,
  FIX,
  privateNids,
  PSU_IP,
  testBank,
  type TestBank,
} from './helpers.ts';

const TOTAL = 10_000;
const CONCURRENCY = 32;
const PSU_ID = '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11';

let tb: TestBank;
let c: TppClient;
beforeAll(async () => {
  tb = await testBank({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  c = tb.client({ psuId: PSU_ID, tppSessionId: 'fuzz', psuIpAddress: PSU_IP });
});
afterAll(async () => {
  await tb.close();
});

type Json = Record<string, unknown>;
const EMOJI = ['😀', '☕', '\u200d', '\ufe0f', '🇳🇴', '\u0007'];

describe('10,000 bad requests', () => {
  it('get no 5xx and change no state', async () => {
    const rand = prng(20260302);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const debtor = accountsOf(tb.running, privateNids(tb.running)[0])[0];
    const sandboxAcc = encodeURIComponent(debtor.id);
    const card = encodeURIComponent([...tb.running.bank.state.cardAccounts.keys()][0]);
    const bodies: Array<[string, Json | unknown[], Record<string, string>?]> = [
      ['/v1/payments/cross-border-credit-transfers', crossBorderBody(debtor), FIX],
      ['/v1/payments/norwegian-domestic-credit-transfers', domesticBody(debtor)],
      [
        '/v1/payments/sepa-credit-transfers',
        domesticBody(debtor, {
          instructedAmount: { amount: '1.00', currency: 'EUR' },
          creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
        }),
      ],
      ['/v1/payments/instant-norwegian-domestic-credit-transfers-straks', domesticBody(debtor)],
      [
        '/v1/bulk-payments/norwegian-domestic-credit-transfers',
        { debtorAccount: { bban: debtor.bban, currency: 'NOK' }, payments: [domesticBody(debtor)] },
      ],
      [
        '/v1/periodic-payments/norwegian-domestic-credit-transfers',
        {
          ...domesticBody(debtor),
          startDate: '2027-01-01',
          frequency: 'MonthlyVariable',
          monthsOfExecution: ['1', '2'],
        },
      ],
      ['/v1/signing-baskets', { paymentIds: ['a', 'b'] }, FIX],
      ['/v1/sandbox/customers', { customerNumber: '17058410047', name: 'N', type: 'private' }],
      [
        '/v1/sandbox/accounts',
        { customerNumber: privateNids(tb.running)[0], accountName: 'A', bban: '12345678903', currency: 'NOK' },
      ],
      [
        `/v1/sandbox/accounts/${sandboxAcc}/transactions`,
        [{ amount: 100, currency: 'NOK', valueDate: '2026-01-01', bookingDate: '2026-01-01' }],
      ],
      [`/v1/sandbox/card-accounts/${card}/transactions`, [{ cardTransactionId: 'x' }]],
      ['/v1/sandbox/agreements', { owner: '1', name: 'n', engagements: [] }],
      ['/v1/tpp-dialogue/contact', { email: 'ops@tpp.example' }],
    ];

    /**
     * A body that is always invalid: emoji in a string, a required field of the wrong type or gone, or not JSON at all.
     */
    function badBody(template: Json | unknown[]): string | Buffer {
      const kind = Math.floor(rand() * 7);
      const t = JSON.parse(JSON.stringify(template)) as Json;
      const target: Json = Array.isArray(t) ? (t[0] as Json) : t;
      const keys = Object.keys(target);
      const k = pick(keys);
      switch (kind) {
        case 0:
          return JSON.stringify(t).slice(0, 1 + Math.floor(rand() * 20));
        case 1:
          return Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
        case 2: {
          // emoji inside some string value
          const s = JSON.stringify(t);
          const at = s.indexOf('"', s.indexOf(':') + 1);
          return at > 0 ? s.slice(0, at + 1) + pick(EMOJI) + s.slice(at + 1) : s + pick(EMOJI);
        }
        case 3:
          target[k] = pick([null, 12345678901234567000, -1, true, [], [[]], 'x'.repeat(5000)]);
          return JSON.stringify(Array.isArray(t) ? t : { ...t, [k]: target[k], __emoji: '🙂' });
        case 4:
          return JSON.stringify(Array.isArray(t) ? 'not an array' : [t]);
        case 5:
          return pick(['', 'null', '[]', '"text"', '{', '{"a":', '{}}', 'NaN', '1e309', '\u0000']);
        default:
          return JSON.stringify({ ...(Array.isArray(t) ? { items: t } : t), nested: '☕'.repeat(3) });
      }
    }

    // Pre-signed pools.
    const signedBodies: HttpRequest[] = [];
    for (let i = 0; i < 500; i++) {
      const [path, body, headers] = pick(bodies);
      signedBodies.push(
        c.build({
          method: 'POST',
          path,
          body: badBody(body),
          headers: { 'Content-Type': 'application/json', ...headers },
        }).request,
      );
    }
    const goodGet = c.build({ method: 'GET', path: '/v1/sandbox/customers' }).request;
    const goodPosts = bodies
      .slice(0, 7)
      .map(([path, body, headers]) => c.build({ method: 'POST', path, body, headers }).request);
    const badHeaderSigned = [
      c.build({ method: 'GET', path: '/v1/sandbox/customers', headers: { 'PSU-ID': 'not-a-uuid' } }).request,
      c.build({ method: 'GET', path: '/v1/sandbox/customers', headers: { 'PSU-ID': 'ð\u009f\u0098\u0080' } }).request,
      c.build({ method: 'GET', path: '/v1/sandbox/customers', headers: { 'TPP-Redirect-URI': 'javascript:alert(1)' } })
        .request,
      c.build({ method: 'GET', path: '/v1/accounts', headers: { 'PSU-Corporate-ID': '' } }).request,
    ];

    const paths = [
      '/v1/nothing',
      '/v2/accounts',
      '/v1/payments',
      '/v1/payments/x',
      '/v1/payments/bogus-product/abc',
      '/v1/payments/cross-border-credit-transfers/nope/status',
      '/v1/bulk-payments/x/y',
      '/v1/signing-baskets/none',
      '/v1/signing-baskets/none/status',
      '/v1/sandbox/accounts/none',
      '/v1/sandbox/card-accounts/none',
      '/v1/sandbox/accounts/none/transactions',
      '/sca/none',
      '/sca/none/identify',
      '/%F0%9F%98%80',
      '/v1/%ZZ',
      '/v1/accounts/%00?withBalance=%00',
      '/../../etc/passwd',
      '/v1//accounts',
      `/v1/${'a'.repeat(3000)}`,
      '/v1/payments/instant-norwegian-credit-transfers-nope/fee-information',
    ];
    const badQueries = [
      '/v1/accounts?withBalance=maybe',
      `/v1/accounts/${sandboxAcc}?withBalance=1`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=%F0%9F%98%80`,
      `/v1/accounts/${sandboxAcc}/transactions?dateFrom=2026-01-01`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=booked&dateFrom=yesterday`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=booked&dateFrom=2026-02-30`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=both&dateFrom=2026-02-01&dateTo=2026-01-01`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=booked&dateFrom=2026-01-01&limit=-5`,
      `/v1/accounts/${sandboxAcc}/transactions?bookingStatus=booked&dateFrom=2026-01-01&limit=99999999999`,
      `/v1/sandbox/accounts/${sandboxAcc}/transactions?limit=0`,
      `/v1/sandbox/accounts/${sandboxAcc}/transactions?offset=-1`,
      `/v1/sandbox/accounts/${sandboxAcc}/transactions?fromDate=2026-03-01&toDate=2026-01-01`,
      `/v1/card-accounts?withBalance=yes`,
      `/v1/card-accounts/x/transactions?bookingStatus=all&dateFrom=2026-01-01`,
      '/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=perhaps',
    ];
    const methods = ['PATCH', 'PUT', 'DELETE', 'POST', 'OPTIONS'];

    function next(i: number): HttpRequest {
      const kind = i % 8;
      const retarget = (req: HttpRequest, target: string, method = req.method): HttpRequest => ({
        ...req,
        target,
        method,
      });
      switch (kind) {
        case 0: {
          // bad signatures on good requests
          const base = pick([goodGet, ...goodPosts]);
          const m = Math.floor(rand() * 7);
          const sig = base.headers.find(([k]) => k === 'Signature')![1];
          if (m === 0)
            return {
              ...base,
              headers: setHeader(
                base.headers,
                'Signature',
                sig.replace(/signature="(.)/, (_a, ch) => `signature="${ch === 'A' ? 'B' : 'A'}`),
              ),
            };
          if (m === 1) return { ...base, headers: removeHeader(base.headers, 'Signature') };
          if (m === 2) return { ...base, headers: setHeader(base.headers, 'Date', 'Mon, 02 Mar 2026 09:00:00 GMT') };
          if (m === 3)
            return {
              ...base,
              headers: setHeader(
                base.headers,
                'Signature',
                pick(['=?utf-8?B?@@@?=', 'keyId="x"', '', 'garbage', `${sig},${sig}`, '=?utf-8?Q?=ZZ?=']),
              ),
            };
          if (m === 4)
            return {
              ...base,
              headers: setHeader(
                base.headers,
                'TPP-Signature-Certificate',
                pick(['', 'AAAA', 'not base64!', '-----BEGIN CERTIFICATE-----']),
              ),
            };
          if (m === 5) return { ...base, headers: [...base.headers, ['Signature', sig]] };
          return { ...base, body: Buffer.concat([base.body, Buffer.from(' ')]) };
        }
        case 1: {
          // missing required (unsigned) headers on the detailed operations
          const base = pick(
            goodPosts.filter((r) => r.target.includes('cross-border') || r.target.includes('signing-baskets')),
          );
          return {
            ...base,
            headers: removeHeader(base.headers, pick(['x-accept-fix', 'TPP-Session-ID', 'PSU-IP-Address'])),
          };
        }
        case 2:
        case 3:
          return pick(signedBodies);
        case 4:
          return retarget(goodGet, pick(paths), pick(['GET', ...methods]));
        case 5:
          return retarget(
            goodGet,
            pick(badQueries),
            pick(badQueries).includes('allowLogicalDuplicate') ? 'GET' : 'GET',
          );
        case 6: {
          // header values of the wrong form (unsigned ones changed after signing, signed ones pre-signed)
          if (rand() < 0.3) return pick(badHeaderSigned);
          const [h, v] = pick([
            ['PSU-Context', 'BUSINESS'],
            ['TPP-Redirect-Preferred', 'sometimes'],
            ['PSU-HTTP-Method', 'TRACE'],
            ['X-PSU-IDENTITY', '00000000000'],
            ['x-accept-fix', 'amount-as-string,🙂'.replace('🙂', 'Ã°Â')],
            ['x-accept-fix', 'no-such-fix'],
            ['PSU-Device-ID', 'device'],
            ['TPP-Session-ID', ' '],
          ]);
          return { ...goodGet, headers: setHeader(goodGet.headers, h, v) };
        }
        default: {
          // wrong methods on real paths
          const base = pick(goodPosts);
          return retarget(base, base.target, pick(['PUT', 'PATCH', 'DELETE']));
        }
      }
    }

    const before = tb.running.bank.stateDigest();
    const counts = new Map<number, number>();
    const fivexx: string[] = [];
    const errors: string[] = [];
    const ok2xx: string[] = [];
    let i = 0;
    const started = Date.now();
    async function worker() {
      while (i < TOTAL) {
        const req = next(i++);
        const ex = await c.send(req);
        if (ex.error) errors.push(`${req.method} ${req.target.slice(0, 80)}: ${ex.error.message}`);
        else {
          counts.set(ex.response!.status, (counts.get(ex.response!.status) ?? 0) + 1);
          if (ex.response!.status < 300 || ex.response!.status === 401)
            ok2xx.push(
              `${req.method} ${req.target.slice(0, 100)} ${req.headers
                .filter(([k]) => !['Signature', 'TPP-Signature-Certificate'].includes(k))
                .map(([k, v]) => `${k}=${v.slice(0, 40)}`)
                .join(' ')} body=${req.body.toString().slice(0, 100)} -> ${ex.response!.status}`,
            );
          if (ex.response!.status >= 500)
            fivexx.push(
              `${req.method} ${req.target.slice(0, 80)} -> ${ex.response!.status} ${ex.response!.text.slice(0, 200)}`,
            );
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const ms = Date.now() - started;
    console.log(
      `fuzz: ${TOTAL} requests in ${ms} ms; statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}`,
    );
    expect([...new Set(ok2xx)].slice(0, 20)).toEqual([]);
    expect(fivexx).toEqual([]);
    expect(errors).toEqual([]);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL);
    expect(counts.get(200) ?? 0).toBe(0);
    expect(counts.get(201) ?? 0).toBe(0);
    expect(counts.get(401) ?? 0).toBe(0);
    expect(tb.running.bank.stateDigest()).toBe(before);
  }, 60_000);
});
