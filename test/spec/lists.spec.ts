import cc from 'currency-codes';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import {
  BASKET_STATUSES,
  BOOKING_STATUSES,
  COUNTRY_CODES,
  CURRENCIES,
  CURRENCY_CODES,
  LINK_VERBS,
  APPROVE_BEFORE_READ_PRODUCTS,
  PAYMENT_PRODUCTS,
  PAYMENT_STATUSES,
  PURPOSE_CODES,
  TPP_MESSAGE_CODE_GROUPS,
  TPP_MESSAGE_CODES,
  currencyInfo,
  isCountryCode,
  isCurrencyCode,
  minorUnits,
} from '../../src/spec/index.ts';
import { parseGroupedCodes } from '../../src/spec/grouped-codes.ts';

describe('currencies (§ Resources > Currency code)', () => {
  it('holds the spec list: 162 codes, sorted, no repeats', () => {
    expect(CURRENCY_CODES).toHaveLength(162);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(CURRENCY_CODES.slice(0, 3)).toEqual(['AED', 'AFN', 'ALL']);
    expect(CURRENCY_CODES.at(-1)).toBe('ZWD');
  });

  it('equals the ISO list one of currency-codes, minus the codes the spec leaves out, plus the held ones', () => {
    // Current ISO codes the spec does not list: funds, metals, test codes and successors of withdrawn codes.
    const notInSpec =
      'BOV BYN CHE CHW CLF COU MRU MXV SLE SSP STN USN UYI UYW VED VES XAG XAU XBA XBB XBC XBD XPD XPT XSU XTS XUA XXX ZWG'.split(
        ' ',
      );
    const heldOnly = 'BYR GGP HRK IMP JEP MRO SLL SPL STD TVD VEF ZWD'.split(' ');
    const expected = [...cc.codes().filter((code) => !notInSpec.includes(code)), ...heldOnly].sort();
    expect([...CURRENCY_CODES].sort()).toEqual(expected);
  });

  it.each([
    ['EUR', 2, 'iso'],
    ['JPY', 0, 'iso'],
    ['BHD', 3, 'iso'],
    ['KWD', 3, 'iso'],
    ['NOK', 2, 'iso'],
    ['CUC', 2, 'iso'],
    ['BYR', 0, 'withdrawn'],
    ['MRO', 2, 'withdrawn'],
    ['STD', 2, 'withdrawn'],
    ['VEF', 2, 'withdrawn'],
    ['ZWD', 2, 'withdrawn'],
    ['HRK', 2, 'withdrawn'],
    ['SLL', 2, 'withdrawn'],
    ['SPL', 2, 'non-iso'],
    ['GGP', 2, 'non-iso'],
    ['IMP', 2, 'non-iso'],
    ['JEP', 2, 'non-iso'],
    ['TVD', 2, 'non-iso'],
    ['XDR', 0, 'no-minor-unit'],
  ] as const)('%s has %i minor units (%s)', (code, units, status) => {
    expect(minorUnits(code)).toBe(units);
    expect(currencyInfo(code).status).toBe(status);
    expect(currencyInfo(code).level).toBe(status === 'iso' ? 'must' : 'should');
  });

  it('agrees with currency-codes wherever it holds a value of its own, except the XDR choice', () => {
    const disagree = CURRENCY_CODES.filter((code) => {
      const record = cc.code(code);
      return record !== undefined && currencyInfo(code).status !== 'iso';
    });
    expect(disagree).toEqual(['XDR']);
    expect(cc.code('XDR')?.digits).toBe(minorUnits('XDR'));
  });

  it('every entry has a whole number of minor units and a source', () => {
    for (const info of CURRENCIES.values()) {
      expect(Number.isInteger(info.minorUnits) && info.minorUnits >= 0 && info.minorUnits <= 3).toBe(true);
      expect(info.source).not.toBe('');
    }
  });

  it('rejects what is not a spec code', () => {
    for (const value of ['eur', 'EURO', 'XAU', 'BYN', '', undefined, 978]) expect(isCurrencyCode(value)).toBe(false);
    expect(isCurrencyCode('NOK')).toBe(true);
    expect(() => minorUnits('XAU')).toThrow(/"XAU" is not a currency code of the spec/);
  });
});

describe('countries (§ Resources > Country code)', () => {
  it('holds the spec list: 249 codes, sorted', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
  });

  it('is every code of i18n-iso-countries except the user-assigned XK', () => {
    const library = Object.keys(countries.getAlpha2Codes());
    expect(COUNTRY_CODES.filter((code) => !library.includes(code))).toEqual([]);
    expect(library.filter((code) => !COUNTRY_CODES.includes(code))).toEqual(['XK']);
  });

  it('checks membership exactly', () => {
    expect(isCountryCode('NO')).toBe(true);
    for (const value of ['XK', 'no', 'NOR', 'EU', '', null]) expect(isCountryCode(value)).toBe(false);
  });
});

describe('grouped code lists', () => {
  it.each([
    ['a code in the wrong group', 'A: AED BAM'],
    ['a code out of order', 'A: AFN AED'],
    ['a repeated code', 'A: AED AED'],
    ['a code of the wrong width', 'A: AE'],
    ['a malformed line', 'AED AFN'],
  ])('refuses %s', (_, block) => {
    expect(() => parseGroupedCodes(block, 3, 'test list')).toThrow(/^test list: /);
  });
});

describe('codes (enumerations of the spec)', () => {
  it('has the spec counts', () => {
    expect(PURPOSE_CODES).toHaveLength(14);
    expect(PAYMENT_STATUSES).toHaveLength(11);
    expect(BASKET_STATUSES).toHaveLength(4);
    expect(LINK_VERBS).toEqual(['GET', 'PUT', 'POST', 'DELETE']);
    expect(BOOKING_STATUSES).toEqual(['booked', 'pending', 'both', 'all', 'information']);
  });

  it('lists are free of repeats', () => {
    for (const list of [PURPOSE_CODES, PAYMENT_STATUSES, BASKET_STATUSES, TPP_MESSAGE_CODES, PAYMENT_PRODUCTS]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('groups tppMessage codes as the spec does', () => {
    expect(
      Object.fromEntries(Object.entries(TPP_MESSAGE_CODE_GROUPS).map(([group, codes]) => [group, codes.length])),
    ).toEqual({
      'system-and-request': 9,
      sca: 4,
      consent: 4,
      product: 2,
      payment: 4,
    });
    expect(TPP_MESSAGE_CODES).toHaveLength(23);
  });

  // § States: the rule's product is the spec's name, read as no other (fault: an alias to norwegian-domestic).
  it('holds the approve-before-read rule on the product the spec names, a listed product', () => {
    expect(APPROVE_BEFORE_READ_PRODUCTS).toEqual(['domestic-norway-credit-transfers']);
    for (const product of APPROVE_BEFORE_READ_PRODUCTS) expect(PAYMENT_PRODUCTS).toContain(product);
  });
});
