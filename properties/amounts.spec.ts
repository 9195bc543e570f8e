// Amounts (spec § Conventions, § Limits "Amount"): valid amounts per currency minor units up to
// precision 18 and scale 5 are accepted; invalid forms are rejected with 400 FORMAT_ERROR.
import { test } from '@fast-check/vitest';
import { describe } from 'vitest';
import { CHECKS as C } from '../src/fuzz/checks.ts';
import { P, useTarget } from './support.ts';

const t = useTarget();

describe('amounts in a cross-border payment', () => {
  test.prop([C.validAmounts.arb], P)(
    'valid amounts with the ISO minor units of each listed currency are accepted [clause:limits.amount-precision,conventions.amount-string,fields.cross-border-payment-request.instructedAmount]',
    (v) => C.validAmounts.check(t.env, v),
  );
  test.prop([C.validAmountsHeld.arb], P)(
    'valid amounts in withdrawn and non-ISO listed currencies (minor units held by choice) are accepted [clause:limits.amount-precision] [should]',
    (v) => C.validAmountsHeld.check(t.env, v),
  );
  test.prop([C.invalidAmounts.arb], P)(
    'wrong fraction digits, over precision, numbers, signs, exponents, white space and locale separators are rejected with FORMAT_ERROR [clause:limits.amount-precision,conventions.amount-string,errors.FORMAT_ERROR]',
    (v) => C.invalidAmounts.check(t.env, v),
  );
  test.prop([C.signedAmounts.arb], P)(
    'negative and zero instructed amounts are rejected [clause:amounts.sign] [should]',
    (v) => C.signedAmounts.check(t.env, v),
  );
});
