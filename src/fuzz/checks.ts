// The generated checks of properties/, as data: each has an arbitrary, the clauses it tests, its
// level, a `check` that throws with evidence on a wrong answer, and the reference-bank faults under
// which it is seen to fail (test/fuzz/faults.spec.ts). properties/*.spec.ts run them with
// @fast-check/vitest against the target.
import fc from 'fast-check';
import { CURRENCY_CODES, minorUnits, currencyInfo } from '../spec/currencies.ts';
import { COUNTRY_CODES } from '../spec/countries.ts';
import type { Level } from '../spec/level.ts';
import { DATE_WINDOW_SECONDS } from '../spec/signing.ts';
import { formatHttpDate } from '../tpp/http-date.ts';
import { setHeader, type HttpRequest } from '../tpp/http-message.ts';
import { encodeWords } from '../tpp/rfc2047.ts';
import { digestOf } from '../tpp/digest.ts';
import { describeAnswer, rejectionText, signatureOutcome } from '../tpp/signature-oracle.ts';
import { lateAnswer, untilInTime } from '../tpp/tampering/index.ts';
import { changedBody } from './operators.ts';
import { WrongAnswer } from './errors.ts';
import { Sender, type CaseResult } from './runner.ts';
import { caseFactoryFor, type CaseFactory } from './signing.ts';
import { openTarget, type Target, type TargetOptions } from './target.ts';
import { createHash } from 'node:crypto';

/**
 * The spec's Date window in ms; the clock properties probe 250 ms inside and outside it (2 s where the target's clock
 * cannot be moved).
 */
const WINDOW_MS = DATE_WINDOW_SECONDS * 1000;

export interface CheckEnv {
  target: Target;
  factory: CaseFactory;
  sender: Sender;
  /** Debtor account for payments (embedded: a seeded account; else profile templates.debtorAccount). */
  debtor: { iban?: string; bban?: string; currency: string };
  psuId: string;
  close(): Promise<void>;
}

export async function openCheckEnv(opts: TargetOptions = {}): Promise<CheckEnv> {
  const target = await openTarget(opts);
  const factory = caseFactoryFor(target);
  const sender = new Sender(target.url, target.transport, 4, target.profile.timeoutMs);
  let debtor: CheckEnv['debtor'] | undefined;
  if (target.embedded) {
    const acc = [...target.embedded.bank.state.accounts.values()].find((a) => a.iban);
    if (acc) debtor = { iban: acc.iban, currency: acc.currency };
  } else {
    const t = target.profile.templates?.debtorAccount as CheckEnv['debtor'] | undefined;
    if (t) debtor = t;
  }
  return {
    target,
    factory,
    sender,
    debtor: debtor ?? { iban: 'NO9386011117947', currency: 'NOK' },
    psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11',
    close: async () => {
      await sender.close();
      await target.close();
    },
  };
}

export interface PropertyCheck<T = any> {
  id: string;
  clauses: string[];
  level: Level;
  arb: fc.Arbitrary<T>;
  /** Faults (all on together) under which the check is seen to fail. */
  faults: string[];
  check(env: CheckEnv, value: T): Promise<void>;
}

const describe = describeAnswer;

/** Accepted per the signature oracle: 2xx/3xx, or 401 with scaRedirect (the server may demand SCA on any request). */
export function expectAccepted(r: CaseResult, what: string): void {
  if (signatureOutcome(r) !== 'accepted')
    throw new WrongAnswer(`${what}: expected acceptance (2xx, or 401 with scaRedirect), got ${describe(r)}`, {
      expected: 'accepted',
      received: r.status ?? r.error,
    });
}

/** A signature the spec makes valid: accepted per the oracle. */
export function expectSignatureAccepted(env: CheckEnv, r: CaseResult, what: string): void {
  if (signatureOutcome(r, env.target.profile.signing.rejectStatuses) !== 'accepted')
    throw new WrongAnswer(
      `${what}: expected the signature accepted (2xx, or 401 with scaRedirect), got ${describe(r)}`,
      { expected: 'accepted', received: r.status ?? r.error },
    );
}

/** A signature that fails validation: rejected per the oracle (400, or a status the profile declares). */
export function expectSignatureRejected(env: CheckEnv, r: CaseResult, what: string): void {
  const statuses = env.target.profile.signing.rejectStatuses;
  if (signatureOutcome(r, statuses) !== 'rejected')
    throw new WrongAnswer(
      `${what}: expected the signature rejected with ${rejectionText(statuses)}, got ${describe(r)}`,
      { expected: rejectionText(statuses), received: r.status ?? r.error },
    );
}

export function expectRejected(r: CaseResult, what: string, code?: string): void {
  if (r.status !== 400)
    throw new WrongAnswer(`${what}: expected rejection with 400${code ? ` ${code}` : ''}, got ${describe(r)}`, {
      expected: code ? `400 ${code}` : 400,
      received: r.status ?? r.error,
    });
  if (code) {
    let got: unknown;
    try {
      got = (JSON.parse(r.body) as { code?: string }).code;
    } catch {
      got = undefined;
    }
    if (got !== code)
      throw new WrongAnswer(`${what}: expected error code ${code}, got ${describe(r)}`, {
        expected: code,
        received: got,
      });
  }
}

// ---------------------------------------------------------------- cross-border payments

const CROSS_BORDER = '/v1/payments/cross-border-credit-transfers';

export function crossBorderBody(
  env: CheckEnv,
  over: { amount?: unknown; currency?: unknown; country?: unknown } = {},
): Record<string, unknown> {
  return {
    instructedAmount: {
      amount: 'amount' in over ? over.amount : '12.50',
      currency: 'currency' in over ? over.currency : 'EUR',
    },
    creditorName: 'Zahlungsempfänger GmbH',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    creditorAgent: 'COBADEFFXXX',
    creditorAddress: {
      street: 'Hauptstraße',
      buildingNumber: '1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'country' in over ? over.country : 'DE',
    },
    debtorAccount: env.debtor,
    remittanceInformationUnstructured: 'Invoice 42',
  };
}

/** Creates a cross-border payment (allowLogicalDuplicate=true, so repeats are not 409). */
export async function postCrossBorder(env: CheckEnv, body: unknown): Promise<CaseResult> {
  const client = env.target.client();
  const { request } = client.build({
    method: 'POST',
    path: CROSS_BORDER,
    query: { allowLogicalDuplicate: 'true' },
    body,
    headers: { 'x-accept-fix': 'amount-as-string' },
    psu: { ...env.target.psu, psuId: env.psuId },
    sign: { date: { value: formatHttpDate(env.target.now()) } },
  });
  return env.sender.send(request);
}

// ---------------------------------------------------------------- arbitraries

/** A valid amount for a currency: no sign, no leading zeros, exactly its minor units, at most 18 digits. */
export function validAmount(currency: string): fc.Arbitrary<string> {
  const mu = minorUnits(currency);
  const intDigits = 18 - mu;
  return fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(mu) - 1n }),
    )
    .filter(([i, f]) => i > 0n || f > 0n)
    .map(([i, f]) => (mu ? `${i}.${f.toString().padStart(mu, '0')}` : `${i}`));
}

const MUST_CURRENCIES = CURRENCY_CODES.filter((c) => currencyInfo(c).level === 'must');
const SHOULD_CURRENCIES = CURRENCY_CODES.filter((c) => currencyInfo(c).level === 'should');

const currencyAmount = (codes: readonly string[]) =>
  fc.constantFrom(...codes).chain((currency) => validAmount(currency).map((amount) => ({ currency, amount })));

export type InvalidAmount = { kind: string; currency: string; amount: unknown };

/** Amounts the spec forbids, each kind shrinking to a simple example. */
export const invalidAmount: fc.Arbitrary<InvalidAmount> = fc.constantFrom(...MUST_CURRENCIES).chain((currency) => {
  const mu = minorUnits(currency);
  const ok = validAmount(currency);
  return fc.oneof(
    // wrong number of fraction digits
    fc
      .tuple(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 5 }).filter((d) => d !== mu),
      )
      .map(([i, d]) => ({ kind: 'fraction-digits', currency, amount: d ? `${i}.${'5'.repeat(d)}` : `${i}` })),
    // over precision: more than 18 digits
    fc.integer({ min: 19, max: 30 }).map((n) => ({
      kind: 'precision',
      currency,
      amount: mu ? `${'9'.repeat(n - mu)}.${'0'.repeat(mu - 1)}1` : '9'.repeat(n),
    })),
    ok.map((a) => ({ kind: 'number', currency, amount: Number(a) })),
    ok.map((a) => ({ kind: 'plus-sign', currency, amount: `+${a}` })),
    ok.map((a) => ({ kind: 'exponent', currency, amount: `${Number(a).toExponential()}` })),
    fc
      .tuple(ok, fc.constantFrom(' ', '\t', '\u00a0'), fc.constantFrom('lead', 'trail', 'inner'))
      .map(([a, ws, where]) => ({
        kind: 'white-space',
        currency,
        amount: where === 'lead' ? ws + a : where === 'trail' ? a + ws : a.replace(/^(\d)/, `$1${ws}`),
      })),
    fc.tuple(fc.integer({ min: 1000, max: 999_999 }), fc.constantFrom(',', ' ', "'", '.', '\u202f')).map(([i, sep]) => {
      const grouped = `${Math.floor(i / 1000)}${sep}${String(i % 1000).padStart(3, '0')}`;
      const frac = mu ? `${sep === ',' ? '.' : ','}${'0'.repeat(mu)}` : '';
      return { kind: 'locale', currency, amount: sep === '.' && !mu ? `${grouped},00` : grouped + frac };
    }),
    fc
      .constantFrom('', '.', '1.', '.5', 'NaN', 'Infinity', '0x10', '1_000', 'ten')
      .map((amount) => ({ kind: 'not-a-decimal', currency, amount })),
  );
});

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (n: number, alphabet = UPPER) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((a) => a.join(''));

/** Currency codes outside the spec's list: unlisted 3 letters, a listed code in other case, other lengths, digits. */
export const currencyOutsideList: fc.Arbitrary<string> = fc.oneof(
  letters(3).filter((c) => !CURRENCY_CODES.includes(c)),
  fc
    .tuple(fc.constantFrom(...CURRENCY_CODES), fc.integer({ min: 1, max: 7 }))
    .map(([c, m]) => [...c].map((ch, i) => ((m >> i) & 1 ? ch.toLowerCase() : ch)).join('')),
  fc
    .integer({ min: 0, max: 6 })
    .filter((n) => n !== 3)
    .chain((n) => letters(n)),
  fc.stringMatching(/^[0-9]{3}$/),
);

export const countryOutsideList: fc.Arbitrary<string> = fc.oneof(
  letters(2).filter((c) => !COUNTRY_CODES.includes(c)),
  fc
    .tuple(fc.constantFrom(...COUNTRY_CODES), fc.integer({ min: 1, max: 3 }))
    .map(([c, m]) => [...c].map((ch, i) => ((m >> i) & 1 ? ch.toLowerCase() : ch)).join('')),
  fc.constantFrom(0, 1, 3, 4).chain((n) => letters(n)),
  fc.constantFrom('XK', 'EU', 'UK', '00'),
);

// ---------------------------------------------------------------- signed probes

/** Sends the valid base request with a changed Signature, Date or Digest (re-signed as needed). */
async function send(env: CheckEnv, req: HttpRequest): Promise<CaseResult> {
  return env.sender.send(req);
}

/**
 * One Date probe: the Date header is `offsetMs` away from the target's clock at arrival (positive: ahead).
 * With clock control the target's clock is moved so that a whole-second Date lands exactly there
 * (to a few ms); without it the Date is our clock plus the offset rounded to the second. The target
 * reads the Date some time after its clock was set (or the Date written): `tookMs` bounds that time
 * (from before the move, or the Date, to the answer), by which the Date is that much less ahead.
 */
export async function probeDateOffset(env: CheckEnv, offsetMs: number): Promise<CaseResult & { tookMs: number }> {
  const t = env.target;
  const started = Date.now();
  let date: number;
  if (t.clock) {
    date = Math.ceil(t.now() / 1000) * 1000;
    const want = date - offsetMs;
    await t.clock.advance((want - t.now()) / 1000);
  } else date = Math.round((t.now() + offsetMs) / 1000) * 1000;
  const r = await send(env, env.factory.sign(env.factory.unsigned, { date: { value: formatHttpDate(date) } }).request);
  return { ...r, tookMs: Date.now() - started };
}

/**
 * A Date probe whose verdict counts (src/tpp/tampering/timing.ts): a verdict against `expect` that the time the
 * Date took to be read may have decided (a Date meant within the window read beyond it behind, or one meant beyond it
 * ahead read within it) is probed again, the offset moved ahead by twice the time taken; still late after LATE_TRIES,
 * the case is discarded (fc.pre), not judged.
 */
async function probeDateInTime(env: CheckEnv, offsetMs: number, expect: 'accept' | 'reject'): Promise<CaseResult> {
  // Without clock control the Date is rounded to the second: up to half a second off either way.
  const rounding = env.target.clock ? 0 : 500;
  const slack = (o: number) =>
    expect === 'accept' ? WINDOW_MS + o - rounding : o > 0 ? o - WINDOW_MS - rounding : Number.POSITIVE_INFINITY;
  const { result, late } = await untilInTime(async (shift) => {
    const r = await probeDateOffset(env, offsetMs + shift);
    const rejectStatuses = env.target.profile.signing.rejectStatuses;
    return {
      result: r,
      tookMs: r.tookMs,
      late: lateAnswer(expect, r, r.tookMs, slack(offsetMs + shift), rejectStatuses),
    };
  });
  fc.pre(!late);
  return result;
}

/**
 * Whole seconds of skew accepted on each side, measured by bisection (clock moved, never waited for). `uncertainty`:
 * how many seconds either way the measure may be off, from the probes' time to be read (probeDateOffset: more than
 * the 250 ms margin, and a Date near the edge may be read across it; without clock control, 1).
 */
export async function toleranceWindow(
  env: CheckEnv,
  maxSeconds = 2 * 86400,
): Promise<{ ahead: number; behind: number; probes: number; precise: boolean; uncertainty: number }> {
  let probes = 0;
  let tookMs = 0;
  const margin = 250;
  const accepted = async (side: 1 | -1, k: number) => {
    probes++;
    const ms = env.target.clock ? k * 1000 - margin : k * 1000;
    const r = await probeDateOffset(env, side * Math.max(0, ms));
    tookMs = Math.max(tookMs, r.tookMs);
    return signatureOutcome(r, env.target.profile.signing.rejectStatuses) === 'accepted';
  };
  const search = async (side: 1 | -1): Promise<number> => {
    if (!(await accepted(side, 0))) return -1;
    let lo = 0;
    let hi = 64;
    while (hi <= maxSeconds && (await accepted(side, hi))) {
      lo = hi;
      hi *= 2;
    }
    if (hi > maxSeconds) return Infinity;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (await accepted(side, mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const ahead = await search(1);
  const behind = await search(-1);
  const precise = !!env.target.clock;
  const uncertainty = precise ? Math.ceil(Math.max(0, tookMs - margin) / 1000) : 1;
  return { ahead, behind, probes, precise, uncertainty };
}

const OBSOLETE = ['rfc850', 'asctime'] as const;
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
function obsoleteDate(ms: number, form: (typeof OBSOLETE)[number]): string {
  const d = new Date(ms);
  const imf = formatHttpDate(ms); // "Sun, 06 Nov 1994 08:49:37 GMT"
  const [, day, mon, year, time] = /^\w+, (\d{2}) (\w{3}) (\d{4}) ([\d:]+) GMT$/.exec(imf)!;
  if (form === 'rfc850') return `${LONG_DAYS[d.getUTCDay()]}, ${day}-${mon}-${year.slice(2)} ${time} GMT`;
  return `${imf.slice(0, 3)} ${mon} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${year}`;
}

const withDigest = (env: CheckEnv, digest: string, body?: Buffer) =>
  env.factory.sign(
    {
      ...env.factory.unsigned,
      headers: setHeader(env.factory.unsigned.headers, 'Digest', digest),
      ...(body ? { body } : {}),
    },
    { digest: 'none' },
  ).request;

// ---------------------------------------------------------------- the checks

export const CHECKS = {
  validAmounts: {
    id: 'amounts.valid',
    clauses: [
      'limits.amount-precision',
      'conventions.amount-string',
      'fields.cross-border-payment-request.instructedAmount',
    ],
    level: 'must',
    arb: currencyAmount(MUST_CURRENCIES),
    faults: ['amount-two-decimals-only'],
    check: async (env, v) =>
      expectAccepted(await postCrossBorder(env, crossBorderBody(env, v)), `amount "${v.amount}" ${v.currency}`),
  } satisfies PropertyCheck<{ currency: string; amount: string }>,
  validAmountsHeld: {
    id: 'amounts.valid-held',
    clauses: ['limits.amount-precision'],
    level: 'should',
    arb: currencyAmount(SHOULD_CURRENCIES),
    faults: ['amount-two-decimals-only'],
    check: async (env, v) =>
      expectAccepted(
        await postCrossBorder(env, crossBorderBody(env, v)),
        `amount "${v.amount}" ${v.currency} (minor units held by choice)`,
      ),
  } satisfies PropertyCheck<{ currency: string; amount: string }>,
  invalidAmounts: {
    id: 'amounts.invalid',
    clauses: ['limits.amount-precision', 'conventions.amount-string', 'errors.FORMAT_ERROR'],
    level: 'must',
    arb: invalidAmount,
    faults: ['amount-format-unchecked'],
    check: async (env, v) =>
      expectRejected(
        await postCrossBorder(env, crossBorderBody(env, v)),
        `${v.kind} amount ${JSON.stringify(v.amount)} ${v.currency}`,
        'FORMAT_ERROR',
      ),
  } satisfies PropertyCheck<InvalidAmount>,
  signedAmounts: {
    id: 'amounts.negative-or-zero',
    clauses: ['amounts.sign'],
    level: 'should',
    arb: fc.constantFrom(...MUST_CURRENCIES).chain((c) =>
      fc
        .oneof(
          validAmount(c).map((a) => `-${a}`),
          fc.constant(minorUnits(c) ? `0.${'0'.repeat(minorUnits(c))}` : '0'),
        )
        .map((amount) => ({ currency: c, amount })),
    ),
    faults: ['amount-format-unchecked'],
    check: async (env, v) =>
      expectRejected(await postCrossBorder(env, crossBorderBody(env, v)), `amount ${v.amount} ${v.currency}`),
  } satisfies PropertyCheck<{ currency: string; amount: string }>,
  listedCurrencies: {
    id: 'currencies.listed',
    clauses: ['conventions.currency-code', 'fields.cross-border-payment-request.instructedAmount'],
    level: 'must',
    arb: fc.constantFrom(...CURRENCY_CODES),
    faults: ['currency-withdrawn-rejected'],
    check: async (env, c) =>
      expectAccepted(
        await postCrossBorder(
          env,
          crossBorderBody(env, { currency: c, amount: minorUnits(c) ? `10.${'0'.repeat(minorUnits(c))}` : '10' }),
        ),
        `currency ${c}`,
      ),
  } satisfies PropertyCheck<string>,
  currenciesOutside: {
    id: 'currencies.outside',
    clauses: ['conventions.currency-code', 'errors.FORMAT_ERROR'],
    level: 'must',
    arb: currencyOutsideList,
    faults: ['currency-list-unchecked'],
    check: async (env, c) =>
      expectRejected(
        await postCrossBorder(env, crossBorderBody(env, { currency: c, amount: '10.00' })),
        `currency ${JSON.stringify(c)}`,
        'FORMAT_ERROR',
      ),
  } satisfies PropertyCheck<string>,
  listedCountries: {
    id: 'countries.listed',
    clauses: ['conventions.country-code', 'fields.cross-border-payment-request.creditorAddress'],
    level: 'must',
    arb: fc.constantFrom(...COUNTRY_CODES),
    faults: ['country-list-short'],
    check: async (env, c) =>
      expectAccepted(await postCrossBorder(env, crossBorderBody(env, { country: c })), `country ${c}`),
  } satisfies PropertyCheck<string>,
  countriesOutside: {
    id: 'countries.outside',
    clauses: ['conventions.country-code', 'errors.FORMAT_ERROR'],
    level: 'must',
    arb: countryOutsideList,
    faults: ['country-list-unchecked'],
    check: async (env, c) =>
      expectRejected(
        await postCrossBorder(env, crossBorderBody(env, { country: c })),
        `creditorAddress.country ${JSON.stringify(c)}`,
        'FORMAT_ERROR',
      ),
  } satisfies PropertyCheck<string>,
  rfc2047Accepted: {
    id: 'rfc2047.accepted',
    clauses: ['signing.rfc2047'],
    level: 'must',
    arb: fc.record({
      charset: fc.constantFrom('utf-8' as const, 'iso-8859-1' as const),
      encoding: fc.constantFrom('B' as const, 'Q' as const),
      split: fc.option(fc.integer({ min: 30, max: 75 }), { nil: undefined }),
    }),
    faults: ['signature-header-strict'],
    check: async (env, v) => {
      const s = env.factory.base();
      const value = encodeWords(s.signatureHeader, {
        charset: v.charset,
        encoding: v.encoding,
        maxWordLength: v.split,
      });
      expectSignatureAccepted(
        env,
        await send(env, { ...s.request, headers: setHeader(s.request.headers, 'Signature', value) }),
        `Signature ${value.slice(0, 40)}…`,
      );
    },
  } satisfies PropertyCheck<{ charset: 'utf-8' | 'iso-8859-1'; encoding: 'B' | 'Q'; split?: number }>,
  rfc2047CaseVariants: {
    id: 'rfc2047.case',
    clauses: ['signing.rfc2047'],
    level: 'should',
    arb: fc.record({
      charset: fc.constantFrom('UTF-8', 'Utf-8', 'uTF-8', 'ISO-8859-1', 'Iso-8859-1', 'utf8', 'latin1'),
      encoding: fc.constantFrom('b', 'q', 'B', 'Q'),
    }),
    faults: ['signature-header-strict'],
    check: async (env, v) => {
      const s = env.factory.base();
      const canonical = encodeWords(s.signatureHeader, {
        charset: /8859|latin/i.test(v.charset) ? 'iso-8859-1' : 'utf-8',
        encoding: v.encoding.toUpperCase() as 'B' | 'Q',
      });
      const value = `=?${v.charset}?${v.encoding}?${canonical.split('?')[3]}?=`;
      expectSignatureAccepted(
        env,
        await send(env, { ...s.request, headers: setHeader(s.request.headers, 'Signature', value) }),
        `Signature ${value.slice(0, 40)}…`,
      );
    },
  } satisfies PropertyCheck<{ charset: string; encoding: string }>,
  rfc2047Malformed: {
    id: 'rfc2047.malformed',
    clauses: ['signing.rfc2047', 'signing.invalid-rejected'],
    level: 'must',
    arb: fc.oneof(
      fc.record({
        kind: fc.constant('charset' as const),
        x: fc.constantFrom('utf-9', 'x-klingon', 'iso-8859-99', 'no such'),
      }),
      fc.record({ kind: fc.constant('base64' as const), x: fc.constantFrom('*', '%', '!', '-', '_', '=') }),
      fc.record({ kind: fc.constant('unterminated' as const), x: fc.constantFrom('?', '', '?=x') }),
      fc.record({ kind: fc.constant('encoding' as const), x: fc.constantFrom('X', 'BASE64', '') }),
    ),
    faults: ['signature-header-unchecked'],
    check: async (env, v) => {
      const s = env.factory.base();
      const w = encodeWords(s.signatureHeader);
      const text = w.slice('=?utf-8?B?'.length, -2);
      const value =
        v.kind === 'charset'
          ? `=?${v.x}?B?${text}?=`
          : v.kind === 'base64'
            ? `=?utf-8?B?${text.slice(0, 20)}${v.x}${text.slice(21)}?=`
            : v.kind === 'encoding'
              ? `=?utf-8?${v.x}?${text}?=`
              : `=?utf-8?B?${text}${v.x === '?=x' ? '' : v.x}`;
      expectSignatureRejected(
        env,
        await send(env, { ...s.request, headers: setHeader(s.request.headers, 'Signature', value) }),
        `malformed encoded-word (${v.kind} ${JSON.stringify(v.x)})`,
      );
    },
  } satisfies PropertyCheck<{ kind: 'charset' | 'base64' | 'unterminated' | 'encoding'; x: string }>,
  dateWithin: {
    id: 'clock.within',
    clauses: ['limits.date-skew', 'signing.date'],
    level: 'must',
    arb: fc.integer({ min: -(WINDOW_MS - 250), max: WINDOW_MS - 250 }),
    faults: ['date-skew-30'],
    check: async (env, ms) =>
      expectSignatureAccepted(
        env,
        await probeDateInTime(
          env,
          env.target.clock ? ms : Math.sign(ms) * Math.min(WINDOW_MS - 2_000, Math.abs(ms)),
          'accept',
        ),
        `Date ${ms} ms off the target's clock`,
      ),
  } satisfies PropertyCheck<number>,
  dateBeyond: {
    id: 'clock.beyond',
    clauses: ['limits.date-skew', 'signing.date', 'errors.signature-invalid'],
    level: 'must',
    arb: fc
      .tuple(fc.integer({ min: WINDOW_MS + 250, max: 30 * 86_400_000 }), fc.boolean())
      .map(([ms, ahead]) => (ahead ? ms : -ms)),
    faults: ['date-skew-ignored'],
    check: async (env, ms) =>
      expectSignatureRejected(
        env,
        await probeDateInTime(
          env,
          env.target.clock ? ms : Math.sign(ms) * Math.max(WINDOW_MS + 2_000, Math.abs(ms)),
          'reject',
        ),
        `Date ${ms} ms off the target's clock`,
      ),
  } satisfies PropertyCheck<number>,
  dateMalformed: {
    id: 'clock.malformed',
    clauses: ['signing.date', 'conventions.date-header', 'errors.signature-invalid'],
    level: 'must',
    arb: fc.oneof(
      fc.constant({ kind: 'missing' }),
      fc
        .constantFrom(
          'iso',
          'iso-ms',
          'zone-utc',
          'zone-cet',
          'offset',
          'lower-case',
          'epoch',
          'rfc2822-numeric',
          'wrong-weekday',
        )
        .map((kind) => ({ kind })),
      fc.string({ minLength: 0, maxLength: 30, unit: 'grapheme-ascii' }).map((g) => ({ kind: 'garbage', g })),
    ),
    faults: ['date-skew-ignored'],
    check: async (env, v: { kind: string; g?: string }) => {
      const now = env.target.now();
      const imf = formatHttpDate(now);
      const wrongDay = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][(new Date(now).getUTCDay() + 1) % 7];
      const value: Record<string, string> = {
        iso: new Date(now).toISOString().replace(/\.\d+Z$/, 'Z'),
        'iso-ms': new Date(now).toISOString(),
        'zone-utc': imf.replace('GMT', 'UTC'),
        'zone-cet': imf.replace('GMT', 'CET'),
        offset: imf.replace('GMT', '+0000'),
        'lower-case': imf.toLowerCase(),
        epoch: String(Math.floor(now / 1000)),
        'rfc2822-numeric': imf.replace(/^\w+, /, ''),
        'wrong-weekday': wrongDay + imf.slice(3),
        garbage: (v.g ?? '').trim() || 'x',
      };
      let req: HttpRequest;
      if (v.kind === 'missing') {
        const names = (env.factory.base().params.headers ?? []).filter((n) => n !== 'date');
        const signed = env.factory.sign(env.factory.unsigned, { headers: names });
        req = { ...signed.request, headers: signed.request.headers.filter(([k]) => k.toLowerCase() !== 'date') };
      } else {
        if (v.kind === 'garbage' && /^\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT$/.test(value.garbage)) return;
        req = env.factory.sign(env.factory.unsigned, { date: { value: value[v.kind] } }).request;
      }
      expectSignatureRejected(
        env,
        await send(env, req),
        `Date ${v.kind === 'missing' ? 'missing' : JSON.stringify(value[v.kind])}`,
      );
    },
  } satisfies PropertyCheck<{ kind: string; g?: string }>,
  dateObsolete: {
    id: 'clock.obsolete-forms',
    clauses: ['conventions.date-header', 'signing.date'],
    level: 'should',
    arb: fc.tuple(fc.constantFrom(...OBSOLETE), fc.integer({ min: -50, max: 50 })),
    faults: ['obsolete-dates-rejected'],
    check: async (env, [form, s]) => {
      const value = obsoleteDate(Math.floor(env.target.now() / 1000) * 1000 + s * 1000, form);
      expectSignatureAccepted(
        env,
        await send(env, env.factory.sign(env.factory.unsigned, { date: { value } }).request),
        `Date in the obsolete ${form} form "${value}"`,
      );
    },
  } satisfies PropertyCheck<[(typeof OBSOLETE)[number], number]>,
  digestAccepted: {
    id: 'digest.accepted',
    clauses: ['signing.digest'],
    level: 'must',
    arb: fc.record({ sha512: fc.boolean(), mask: fc.integer({ min: 0, max: 15 }) }),
    faults: ['digest-sha256-exact'],
    check: async (env, v) => {
      const d = digestOf(env.factory.unsigned.body, v.sha512 ? 'SHA-512' : 'SHA-256');
      const eq = d.indexOf('=');
      let name = '';
      let bit = 0;
      for (const ch of d.slice(0, eq)) name += /[a-z]/i.test(ch) ? ((v.mask >> bit++) & 1 ? ch.toLowerCase() : ch) : ch;
      expectSignatureAccepted(env, await send(env, withDigest(env, name + d.slice(eq))), `Digest ${name}=…`);
    },
  } satisfies PropertyCheck<{ sha512: boolean; mask: number }>,
  digestBodyChanged: {
    id: 'digest.body-changed',
    clauses: ['signing.digest', 'signing.invalid-rejected'],
    level: 'must',
    arb: fc.record({
      kind: fc.constantFrom('byte', 'space', 'crlf', 'lf-to-crlf', 'trailing-newline', 'truncate'),
      at: fc.nat(),
      sha512: fc.boolean(),
    }),
    faults: ['digest-unchecked'],
    check: async (env, v) => {
      const changed = changedBody(env.factory.unsigned.body, v.kind, v.at);
      const signed = env.factory.sign(env.factory.unsigned, { digest: v.sha512 ? 'SHA-512' : 'SHA-256' });
      expectSignatureRejected(
        env,
        await send(env, { ...signed.request, body: changed }),
        `body changed after digesting (${v.kind})`,
      );
    },
  } satisfies PropertyCheck<{ kind: string; at: number; sha512: boolean }>,
  digestInvalid: {
    id: 'digest.invalid',
    clauses: ['signing.digest', 'signing.invalid-rejected'],
    level: 'must',
    arb: fc.oneof(
      fc.record({
        kind: fc.constant('algorithm' as const),
        x: fc.constantFrom('MD5', 'SHA', 'SHA-1', 'SHA-384', 'SHA-224', 'SHA3-256', 'UNIXsum', 'sha256', 'SHA256'),
      }),
      fc.record({
        kind: fc.constant('base64' as const),
        x: fc.constantFrom('bad-char', 'no-padding', 'hex', 'truncated', 'empty', 'base64url', 'extra'),
      }),
    ),
    faults: ['digest-unchecked'],
    check: async (env, v) => {
      const body = env.factory.unsigned.body;
      let header: string;
      if (v.kind === 'algorithm') {
        const h = {
          MD5: 'md5',
          SHA: 'sha1',
          'SHA-1': 'sha1',
          'SHA-384': 'sha384',
          'SHA-224': 'sha224',
          'SHA3-256': 'sha3-256',
          sha256: 'sha256',
          SHA256: 'sha256',
        }[v.x];
        header = `${v.x}=${h ? createHash(h).update(body).digest('base64') : '30637'}`;
      } else {
        const d = digestOf(body).slice('SHA-256='.length);
        const raw = Buffer.from(d, 'base64');
        const val = {
          'bad-char': `*${d.slice(1)}`,
          'no-padding': d.replace(/=+$/, ''),
          hex: raw.toString('hex'),
          truncated: d.slice(0, 24),
          empty: '',
          base64url: raw.toString('base64url') === d ? `${d}_` : raw.toString('base64url'),
          extra: Buffer.concat([raw, Buffer.from([0])]).toString('base64'),
        }[v.x]!;
        header = `SHA-256=${val}`;
      }
      expectSignatureRejected(env, await send(env, withDigest(env, header)), `Digest ${header.slice(0, 40)}`);
    },
  } satisfies PropertyCheck<{ kind: 'algorithm' | 'base64'; x: string }>,
} as const;

export const ALL_CHECKS: readonly PropertyCheck[] = Object.values(CHECKS);
