// Clock skew (spec § Request signing step 9, § Limits): Date within ±60 s accepted, beyond rejected;
// the target's real tolerance window found by bisection, its clock moved through the control
// operation instead of waiting; missing and malformed Dates rejected; the obsolete RFC 7231 forms
// accepted (recipients MUST accept them per RFC 7231; the spec only says "RFC 7231 full date": should).
import { test } from '@fast-check/vitest';
import * as allure from 'allure-js-commons';
import { describe, expect, it } from 'vitest';
import { CHECKS as C, toleranceWindow } from '../src/fuzz/checks.ts';
import { P, useTarget } from './support.ts';

const t = useTarget();

describe('Date skew', () => {
  test.prop([C.dateWithin.arb], P)(
    'a Date less than 60 s off the target clock is accepted, ahead or behind [clause:limits.date-skew,signing.date]',
    (ms) => C.dateWithin.check(t.env, ms),
  );
  test.prop([C.dateBeyond.arb], P)(
    'a Date more than 60 s off the target clock is rejected with 400, ahead or behind [clause:limits.date-skew,signing.date,errors.signature-invalid]',
    (ms) => C.dateBeyond.check(t.env, ms),
  );

  it('the tolerance window, searched to the second on both sides, is 60 s [clause:limits.date-skew]', async () => {
    const w = await toleranceWindow(t.env);
    const text = `tolerance window: ${w.behind} s behind, ${w.ahead} s ahead (${w.probes} probes${w.precise ? ', target clock moved through its control operation' : ', no clock control'}${w.uncertainty ? `: ±${w.uncertainty} s` : ''})`;
    console.log(text);
    await allure.attachment('tolerance window', JSON.stringify(w, null, 2), { contentType: 'application/json' });
    await allure.parameter('window', `-${w.behind} s / +${w.ahead} s`);
    // To the second when each probe was read within its margin; else as far off as the probes' time allows.
    const slack = w.uncertainty;
    expect(Math.abs(w.ahead - 60), text).toBeLessThanOrEqual(slack);
    expect(Math.abs(w.behind - 60), text).toBeLessThanOrEqual(slack);
  });

  test.prop([C.dateMalformed.arb], P)(
    'a missing Date or one that is not an RFC 7231 date (ISO 8601, other zones, garbage) is rejected with 400 [clause:signing.date,conventions.date-header,errors.signature-invalid]',
    (v) => C.dateMalformed.check(t.env, v),
  );
  test.prop([C.dateObsolete.arb], P)(
    'a Date in the obsolete RFC 850 or asctime form is accepted [clause:conventions.date-header,signing.date] [should]',
    (v) => C.dateObsolete.check(t.env, v),
  );
});
