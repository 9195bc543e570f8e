// Currency and country codes (spec § Resources): every listed code is accepted, generated codes
// outside the lists (three letters, wrong case, other lengths) are rejected.
import { test } from '@fast-check/vitest';
import { describe, it } from 'vitest';
import { CHECKS as C } from '../src/fuzz/checks.ts';
import { COUNTRY_CODES } from '../src/spec/countries.ts';
import { CURRENCY_CODES } from '../src/spec/currencies.ts';
import { P, useTarget } from './support.ts';

const t = useTarget();

describe('currency codes', () => {
  it('every listed currency code is accepted in instructedAmount [clause:conventions.currency-code,fields.cross-border-payment-request.instructedAmount]', async () => {
    for (const c of CURRENCY_CODES) await C.listedCurrencies.check(t.env, c);
  });
  test.prop([C.listedCurrencies.arb], P)('listed currency codes are accepted [clause:conventions.currency-code]', (c) =>
    C.listedCurrencies.check(t.env, c),
  );
  test.prop([C.currenciesOutside.arb], P)(
    'currency codes outside the list are rejected with FORMAT_ERROR [clause:conventions.currency-code,errors.FORMAT_ERROR]',
    (c) => C.currenciesOutside.check(t.env, c),
  );
});

describe('country codes in creditorAddress', () => {
  it('every listed country code is accepted [clause:conventions.country-code,fields.cross-border-payment-request.creditorAddress]', async () => {
    for (const c of COUNTRY_CODES) await C.listedCountries.check(t.env, c);
  });
  test.prop([C.listedCountries.arb], P)('listed country codes are accepted [clause:conventions.country-code]', (c) =>
    C.listedCountries.check(t.env, c),
  );
  test.prop([C.countriesOutside.arb], P)(
    'country codes outside the list are rejected with FORMAT_ERROR [clause:conventions.country-code,errors.FORMAT_ERROR]',
    (c) => C.countriesOutside.check(t.env, c),
  );
});
