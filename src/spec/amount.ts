/**
 * Amount strings (spec § Resources > Conventions and § Limits "Amount"): a string holding a plain
 * decimal, precision 18, scale 5, and exactly as many fraction digits as the currency's minor units
 * ("100.00" for EUR, "100" for JPY). One pass over the characters, no allocation unless it fails.
 */
import { CURRENCIES } from './currencies.ts';
import type { Level } from './level.ts';
import { limitValue } from './limits.ts';

export type AmountFailureReason =
  'not-a-string' | 'format' | 'precision' | 'scale' | 'currency' | 'minor-units' | 'negative' | 'zero';

export interface AmountOptions {
  /**
   * Accept a leading '-'. The spec says nothing on signs; the Berlin Group pattern
   * `-?[0-9]{1,14}(\.[0-9]{1,3})?` allows one. Default false: an instructed amount or a fee below
   * zero makes no sense (a SHOULD-level choice). Booked transaction amounts need true.
   */
  readonly allowNegative?: boolean;
  /** Accept a zero amount. Default false: a zero instructed amount makes no sense (SHOULD level). */
  readonly allowZero?: boolean;
}

export type AmountCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: AmountFailureReason;
      readonly message: string;
      readonly level: Level;
      /** Clause id (clauses.ts) the failure breaks. */
      readonly clause: string;
    };

/** Clause for the SHOULD-level sign and zero choices above. */
export const AMOUNT_SIGN_CLAUSE = 'amounts.sign';
const PRECISION_CLAUSE = 'limits.amount-precision';

const PRECISION = limitValue('amount-precision', 'max', 'precision');
const SCALE = limitValue('amount-precision', 'max', 'scale');
const OK: AmountCheck = Object.freeze({ ok: true });

function fail(
  reason: AmountFailureReason,
  message: string,
  clause = PRECISION_CLAUSE,
  level: Level = 'must',
): AmountCheck {
  return { ok: false, reason, message, level, clause };
}

const ZERO = 48;
const NINE = 57;
const MINUS = 45;
const DOT = 46;

export function checkAmount(amount: unknown, currency: string, options: AmountOptions = {}): AmountCheck {
  if (typeof amount !== 'string')
    return fail(
      'not-a-string',
      `amount must be a string, got ${amount === null ? 'null' : typeof amount}`,
      'conventions.amount-string',
    );
  const length = amount.length;
  const negative = length > 0 && amount.charCodeAt(0) === MINUS;
  let integerDigits = 0;
  let fractionDigits = 0;
  let dot = false;
  let nonZero = false;
  for (let i = negative ? 1 : 0; i < length; i++) {
    const c = amount.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      if (dot) fractionDigits++;
      else integerDigits++;
      if (c !== ZERO) nonZero = true;
    } else if (c === DOT && !dot) {
      dot = true;
    } else {
      return fail(
        'format',
        `amount ${JSON.stringify(amount)} is not a plain decimal (digits, optionally '.' and digits; no sign other than '-', exponent, space or group separator)`,
      );
    }
  }
  if (integerDigits === 0 || (dot && fractionDigits === 0)) {
    return fail(
      'format',
      `amount ${JSON.stringify(amount)} is not a plain decimal (digits needed on both sides of '.')`,
    );
  }
  if (integerDigits + fractionDigits > PRECISION)
    return fail(
      'precision',
      `amount ${JSON.stringify(amount)} has ${integerDigits + fractionDigits} digits; precision is ${PRECISION}`,
    );
  if (fractionDigits > SCALE)
    return fail('scale', `amount ${JSON.stringify(amount)} has ${fractionDigits} fraction digits; scale is ${SCALE}`);
  const info = CURRENCIES.get(currency);
  if (!info)
    return fail(
      'currency',
      `currency ${JSON.stringify(currency)} is not a currency code of the spec`,
      'conventions.currency-code',
    );
  // A currency without a minor unit in ISO 4217 ("N.A.", XDR): the rule says nothing, the scale alone holds.
  if (fractionDigits !== info.minorUnits && info.status !== 'no-minor-unit') {
    return fail(
      'minor-units',
      `amount ${JSON.stringify(amount)} has ${fractionDigits} fraction digits; ${currency} has ${info.minorUnits} minor units`,
      info.level === 'must' ? PRECISION_CLAUSE : `currencies.${currency}.minor-units`,
      info.level,
    );
  }
  if (negative && !options.allowNegative)
    return fail('negative', `amount ${JSON.stringify(amount)} is negative`, AMOUNT_SIGN_CLAUSE, 'should');
  if (!nonZero && !options.allowZero)
    return fail('zero', `amount ${JSON.stringify(amount)} is zero`, AMOUNT_SIGN_CLAUSE, 'should');
  return OK;
}
