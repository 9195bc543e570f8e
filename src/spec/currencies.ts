/**
 * Currency codes allowed by the spec, each with its minor units (spec § Resources > Conventions:
 * "the number of fraction digits must equal the minor units of the given ISO 4217 currency").
 * Everything is decided once, at module load; lookups are Map reads.
 */
import cc from 'currency-codes';
import { parseGroupedCodes } from './grouped-codes.ts';
import type { Level } from './level.ts';

/** Spec § Resources > Currency code (ISO 4217 alphabetic), allowed values, as the spec groups them. */
const SPEC_CURRENCIES = `
A: AED AFN ALL AMD ANG AOA ARS AUD AWG AZN
B: BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYR BZD
C: CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK
D: DJF DKK DOP DZD
E: EGP ERN ETB EUR
F: FJD FKP
G: GBP GEL GGP GHS GIP GMD GNF GTQ GYD
H: HKD HNL HRK HTG HUF
I: IDR ILS IMP INR IQD IRR ISK
J: JEP JMD JOD JPY
K: KES KGS KHR KMF KPW KRW KWD KYD KZT
L: LAK LBP LKR LRD LSL LYD
M: MAD MDL MGA MKD MMK MNT MOP MRO MUR MVR MWK MXN MYR MZN
N: NAD NGN NIO NOK NPR NZD
O: OMR
P: PAB PEN PGK PHP PKR PLN PYG
Q: QAR
R: RON RSD RUB RWF
S: SAR SBD SCR SDG SEK SGD SHP SLL SOS SPL SRD STD SVC SYP SZL
T: THB TJS TMT TND TOP TRY TTD TVD TWD TZS
U: UAH UGX USD UYU UZS
V: VEF VND VUV
W: WST
X: XAF XCD XDR XOF XPF
Y: YER
Z: ZAR ZMW ZWD
`;

/**
 * - `iso`: in the current ISO 4217 list one (as shipped by currency-codes); minor units are ISO's.
 * - `withdrawn`: no longer in ISO 4217; minor units are the last ISO value (or CLDR's where noted).
 * - `non-iso`: never ISO 4217; minor units are customary.
 * - `no-minor-unit`: in ISO 4217 with minor unit "N.A."; the value held is our choice.
 */
export type CurrencyStatus = 'iso' | 'withdrawn' | 'non-iso' | 'no-minor-unit';

export interface CurrencyInfo {
  readonly code: string;
  readonly minorUnits: number;
  readonly status: CurrencyStatus;
  /** `must` when ISO 4217 states the value today; `should` when the value is a sourced choice. */
  readonly level: Level;
  readonly source: string;
}

type Held = Pick<CurrencyInfo, 'minorUnits' | 'status' | 'source'>;

/**
 * Codes the spec lists for which currency-codes (ISO list one, 2024-06-25) has no or no usable
 * minor units. Sources: ISO 4217 values at withdrawal; CLDR supplemental currencyData; NodaMoney.
 */
const HELD: Readonly<Record<string, Held>> = {
  BYR: {
    minorUnits: 0,
    status: 'withdrawn',
    source: 'ISO 4217 (974, withdrawn 2016, replaced by BYN); CLDR currencyData BYR:0',
  },
  MRO: {
    minorUnits: 2,
    status: 'withdrawn',
    source: 'ISO 4217 value when withdrawn 2018 (478; replaced by MRU); CLDR says 0',
  },
  STD: {
    minorUnits: 2,
    status: 'withdrawn',
    source: 'ISO 4217 value when withdrawn 2018 (678; replaced by STN); CLDR says 0',
  },
  VEF: { minorUnits: 2, status: 'withdrawn', source: 'ISO 4217 value when withdrawn 2018 (937; replaced by VES)' },
  ZWD: { minorUnits: 2, status: 'withdrawn', source: 'ISO 4217 value when withdrawn (716; replaced by ZWN/ZWR/ZWL)' },
  HRK: {
    minorUnits: 2,
    status: 'withdrawn',
    source: 'ISO 4217 value when withdrawn 2023 (191, 100 lipa; replaced by EUR)',
  },
  SLL: { minorUnits: 2, status: 'withdrawn', source: 'ISO 4217 value when withdrawn (694; replaced by SLE)' },
  SPL: { minorUnits: 2, status: 'non-iso', source: 'not ISO 4217; customary 2 (1 luigino = 100 centesimi)' },
  GGP: { minorUnits: 2, status: 'non-iso', source: 'not ISO 4217 (local issue of GBP); customary 2 (pence)' },
  IMP: { minorUnits: 2, status: 'non-iso', source: 'not ISO 4217 (local issue of GBP); customary 2 (pence)' },
  JEP: { minorUnits: 2, status: 'non-iso', source: 'not ISO 4217 (local issue of GBP); customary 2 (pence)' },
  TVD: { minorUnits: 2, status: 'non-iso', source: 'not ISO 4217 (pegged 1:1 to AUD); customary 2' },
  // ISO 4217 gives XDR's minor unit as "N.A.": "fraction digits must equal the minor units" says
  // nothing there, so any number of fraction digits up to the scale (§ Limits) is accepted; minorUnits
  // 0 is what the suite writes (whole numbers, as currency-codes reads "N.A.").
  XDR: {
    minorUnits: 0,
    status: 'no-minor-unit',
    source: 'ISO 4217 minor unit "N.A.": any fraction digits up to the scale; the suite writes whole numbers',
  },
};

function resolve(code: string): CurrencyInfo {
  const held = HELD[code];
  if (held) return Object.freeze({ code, ...held, level: 'should' as const });
  const record = cc.code(code);
  if (!record || !Number.isInteger(record.digits)) {
    throw new Error(`currency-codes ${cc.publishDate} has no minor units for ${code}: hold it in HELD with a source`);
  }
  return Object.freeze({
    code,
    minorUnits: record.digits,
    status: 'iso',
    level: 'must',
    source: `ISO 4217 list one ${cc.publishDate} (currency-codes)`,
  });
}

/** The spec's currency codes, in the spec's order. */
export const CURRENCY_CODES: readonly string[] = parseGroupedCodes(SPEC_CURRENCIES, 3, 'currency list');

/** Every spec currency with its minor units, status and source. */
export const CURRENCIES: ReadonlyMap<string, CurrencyInfo> = new Map(
  CURRENCY_CODES.map((code) => [code, resolve(code)]),
);

for (const code of Object.keys(HELD)) {
  if (!CURRENCIES.has(code)) throw new Error(`HELD lists ${code}, which the spec's currency list does not have`);
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CURRENCIES.has(value);
}

/** Full record of a spec currency; throws on a code outside the spec's list. */
export function currencyInfo(code: string): CurrencyInfo {
  const info = CURRENCIES.get(code);
  if (!info)
    throw new Error(`${JSON.stringify(code)} is not a currency code of the spec (§ Resources > Currency code)`);
  return info;
}

/** Minor units (fraction digits) of a spec currency; throws on a code outside the spec's list. */
export function minorUnits(code: string): number {
  return currencyInfo(code).minorUnits;
}
