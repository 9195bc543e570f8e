// Amounts inside the bank are BigInt minor units; on the wire they are strings with exactly the
// currency's minor units (spec § Conventions; src/spec currencies).
import { currencyInfo, minorUnits } from '../spec/currencies.ts';
import { limitValue } from '../spec/limits.ts';

/**
 * The fraction digits the bank keeps: the minor units, or the scale where ISO 4217 gives none ("N.A.", XDR: any
 * fraction digits up to the scale are accepted).
 */
const SCALE = limitValue('amount-precision', 'max', 'scale');
const noMinorUnit = (currency: string) => currencyInfo(currency)?.status === 'no-minor-unit';
const keptDigits = (currency: string) => (noMinorUnit(currency) ? SCALE : minorUnits(currency));

/** Parses an amount string already checked by checkAmount. */
export function toMinor(amount: string, currency: string): bigint {
  const mu = keptDigits(currency);
  const neg = amount.startsWith('-');
  const [i, f = ''] = (neg ? amount.slice(1) : amount).split('.');
  const v = BigInt(i + f.padEnd(mu, '0').slice(0, mu));
  return neg ? -v : v;
}

export function formatMinor(v: bigint, currency: string): string {
  const mu = keptDigits(currency);
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(mu + 1, '0');
  let out = mu ? `${s.slice(0, -mu)}.${s.slice(-mu)}` : s;
  // No minor unit: as many fraction digits as the value needs (none for a whole number).
  if (noMinorUnit(currency) && mu) out = out.replace(/0+$/, '').replace(/\.$/, '');
  return neg ? '-' + out : out;
}

export const amountObj = (v: bigint, currency: string) => ({ amount: formatMinor(v, currency), currency });

/** Fixed sandbox exchange rates to NOK (our choice, for cross-currency payments in the batch). */
const NOK_PER_UNIT: Record<string, number> = {
  NOK: 1,
  EUR: 11.5,
  USD: 10.5,
  SEK: 1,
  DKK: 1.55,
  GBP: 13.5,
  CHF: 12,
  JPY: 0.07,
};

/** Converts minor units between currencies; returns the rate used (units of `to` per unit of `from`). */
export function convert(v: bigint, from: string, to: string): { value: bigint; rate: number } {
  if (from === to) return { value: v, rate: 1 };
  const rate = (NOK_PER_UNIT[from] ?? 1) / (NOK_PER_UNIT[to] ?? 1);
  const major = Number(v) / 10 ** keptDigits(from);
  const value = BigInt(Math.round(major * rate * 10 ** keptDigits(to)));
  return { value, rate };
}
