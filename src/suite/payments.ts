// Payment and signing-basket helpers for the payment steps: request bodies (the shared templates
// plus the shapes the spec does not show), named body variants for the field rules of § Resources >
// Cross-border payment, and checks on payment responses. Every number comes from src/spec.
import { checkAmount } from '../spec/amount.ts';
import { BASKET_STATUSES, PAYMENT_STATUSES, PURPOSE_CODES } from '../spec/codes.ts';
import { CURRENCIES } from '../spec/currencies.ts';
import { luhnDigit, mod11Digit, withLuhn } from '../spec/kid.ts';
import { limitValue } from '../spec/limits.ts';
import { validate } from '../spec/validate.ts';
import { CheckFailure } from '../session/errors.ts';
import { describeResponse, expectErrorBody, expectSchema } from '../session/expect.ts';
import { buildBody } from '../session/templates.ts';
import type { Profile } from '../session/profile.ts';
import type { Exchange } from '../tpp/client.ts';
import { isoDateAhead, PRODUCTS, type PaymentService } from '../session/payment-requests.ts';
import type { CreatedPayment, ListedTry } from '../session/state.ts';

export const CROSS_BORDER_PATH = `/v1/payments/${PRODUCTS.crossBorder}`;
/** Berlin Group NextGenPSD2 1.3 createSigningBasket (the spec shows neither method nor path). */
export const BASKET_PATH = '/v1/signing-baskets';
/** § Endpoints > Header parameters: x-accept-fix on the basket operation carries this value. */
export const BASKET_ACCEPT_FIX = 'amount-as-string';

// ------------------------------------------------------------------ named body variants

const chars = (n: number, c = 'A'): string => c.repeat(n);
const NAME_MAX = limitValue('creditor-name-length');
const BBAN_MAX = limitValue('bban-length');
const IBAN_MAX = limitValue('iban-length');
const REMIT_MIN = limitValue('remittance-length', 'min');
const REMIT_MAX = limitValue('remittance-length', 'max');
const STREET_MAX = 70; // § Resources > Cross-border payment, creditorAddress.street: at most 70
const PRECISION = limitValue('amount-precision', 'max', 'precision');
/** The longest IBAN of the IBAN registry (Russia, 33 characters): no valid IBAN reaches the 34 of the limit. */
const LONGEST_IBAN = 'RU0304452522540817810538091310419';
/** A string of `n` digits (for bban and amount lengths). */
const digits = (n: number): string => Array.from({ length: n }, (_, i) => String((i + 1) % 10)).join('');
/** An amount with `total` digits, `fraction` of them after the point. */
const amountOfDigits = (total: number, fraction: number): string =>
  `${digits(total - fraction)}${fraction ? '.' + '5'.repeat(fraction) : ''}`;
const EMOJI = '\u{1F600}';

const F = 'fields.cross-border-payment-request.';
const AR = 'fields.account-reference.';
type Apply = (b: any) => void;
const v = (clauses: string[], apply: Apply) => ({ clauses, apply });

/** Changes to a valid cross-border payment body, by the name a scenario uses, with the clauses each tries. */
export const CROSS_BORDER_VARIANTS: Record<string, { clauses: string[]; apply: Apply }> = {
  // creditorName
  [`creditorName has ${NAME_MAX} characters`]: v([`${F}creditorName`, 'limits.creditor-name-length'], (b) => {
    b.creditorName = chars(NAME_MAX);
  }),
  [`creditorName has ${NAME_MAX + 1} characters`]: v([`${F}creditorName`, 'limits.creditor-name-length'], (b) => {
    b.creditorName = chars(NAME_MAX + 1);
  }),
  'creditorName is left out': v([`${F}creditorName`], (b) => {
    delete b.creditorName;
  }),
  'creditorName has Norwegian letters': v([`${F}creditorName`, 'conventions.json-utf8'], (b) => {
    b.creditorName = 'Ærlige Øystein Åsen';
  }),
  'creditorName holds an emoji': v(['errors.unprocessable-character'], (b) => {
    b.creditorName = `Conformance ${EMOJI} Creditor`;
  }),
  // creditorAccount and debtorAccount (account reference)
  [`creditorAccount is a bban of ${BBAN_MAX} characters with a creditorAgent`]: v(
    [`${AR}bban`, 'limits.bban-length'],
    (b) => {
      b.creditorAccount = { bban: digits(BBAN_MAX), currency: b.instructedAmount.currency };
      b.creditorAgent = 'DEUTDEFF';
    },
  ),
  [`creditorAccount is a bban of ${BBAN_MAX + 1} characters with a creditorAgent`]: v(
    [`${AR}bban`, 'limits.bban-length'],
    (b) => {
      b.creditorAccount = { bban: digits(BBAN_MAX + 1), currency: b.instructedAmount.currency };
      b.creditorAgent = 'DEUTDEFF';
    },
  ),
  'creditorAccount is an iban of 33 characters, the longest in the IBAN registry': v(
    [`${AR}iban`, 'limits.iban-length'],
    (b) => {
      b.creditorAccount = { iban: LONGEST_IBAN, currency: b.instructedAmount.currency };
    },
  ),
  [`creditorAccount is an iban of ${IBAN_MAX + 1} characters`]: v([`${AR}iban`, 'limits.iban-length'], (b) => {
    b.creditorAccount = { iban: LONGEST_IBAN + 'AB', currency: b.instructedAmount.currency };
  }),
  'creditorAccount is an iban with a wrong check digit': v([`${AR}iban`], (b) => {
    b.creditorAccount = { iban: 'DE88370400440532013000', currency: b.instructedAmount.currency };
  }),
  'creditorAccount has neither bban nor iban': v(['fields.account-reference'], (b) => {
    b.creditorAccount = { currency: b.instructedAmount.currency };
  }),
  'creditorAccount has no currency': v([`${AR}currency`], (b) => {
    delete b.creditorAccount.currency;
  }),
  'creditorAccount has the currency XYZ': v([`${AR}currency`, 'conventions.currency-code'], (b) => {
    b.creditorAccount.currency = 'XYZ';
  }),
  'debtorAccount has no currency': v([`${AR}currency`], (b) => {
    delete b.debtorAccount.currency;
  }),
  'creditorAccount is left out': v([`${F}creditorAccount`], (b) => {
    delete b.creditorAccount;
  }),
  'debtorAccount is left out': v([`${F}debtorAccount`], (b) => {
    delete b.debtorAccount;
  }),
  // creditorAgent
  'creditorAgent is an 11-character BIC': v([`${F}creditorAgent`], (b) => {
    b.creditorAgent = 'DEUTDEFF500';
  }),
  'creditorAgent is left out with an iban creditorAccount': v([`${F}creditorAgent`], (b) => {
    delete b.creditorAgent;
  }),
  'creditorAgent is left out with a bban creditorAccount': v([`${F}creditorAgent`], (b) => {
    b.creditorAccount = { bban: '0532013000', currency: b.instructedAmount.currency };
    delete b.creditorAgent;
  }),
  'creditorAgent is 7 characters, not a BIC': v([`${F}creditorAgent`], (b) => {
    b.creditorAgent = 'DEUTDEF';
  }),
  'creditorAgent is a BIC in lower case': v([`${F}creditorAgent`], (b) => {
    b.creditorAgent = 'deutdeff';
  }),
  // creditorAddress
  [`creditorAddress street has ${STREET_MAX} characters`]: v([`${F}creditorAddress`], (b) => {
    b.creditorAddress.street = chars(STREET_MAX, 'S');
  }),
  [`creditorAddress street has ${STREET_MAX + 1} characters`]: v([`${F}creditorAddress`], (b) => {
    b.creditorAddress.street = chars(STREET_MAX + 1, 'S');
  }),
  'creditorAddress has only a country': v([`${F}creditorAddress`], (b) => {
    b.creditorAddress = { country: 'DE' };
  }),
  'creditorAddress is left out': v([`${F}creditorAddress`], (b) => {
    delete b.creditorAddress;
  }),
  'creditorAddress has no country': v([`${F}creditorAddress`], (b) => {
    delete b.creditorAddress.country;
  }),
  'creditorAddress country is UK, not an ISO 3166 code': v([`${F}creditorAddress`, 'conventions.country-code'], (b) => {
    b.creditorAddress.country = 'UK';
  }),
  'creditorAddress country is de in lower case': v([`${F}creditorAddress`, 'conventions.country-code'], (b) => {
    b.creditorAddress.country = 'de';
  }),
  // remittanceInformationUnstructured
  'remittanceInformationUnstructured is empty': v(
    [`${F}remittanceInformationUnstructured`, 'limits.remittance-length'],
    (b) => {
      b.remittanceInformationUnstructured = '';
    },
  ),
  [`remittanceInformationUnstructured has ${REMIT_MIN} character`]: v(
    [`${F}remittanceInformationUnstructured`, 'limits.remittance-length'],
    (b) => {
      b.remittanceInformationUnstructured = chars(REMIT_MIN, 'R');
    },
  ),
  [`remittanceInformationUnstructured has ${REMIT_MAX} characters`]: v(
    [`${F}remittanceInformationUnstructured`, 'limits.remittance-length'],
    (b) => {
      b.remittanceInformationUnstructured = `${b.remittanceInformationUnstructured} `.padEnd(REMIT_MAX, 'R');
    },
  ),
  [`remittanceInformationUnstructured has ${REMIT_MAX + 1} characters`]: v(
    [`${F}remittanceInformationUnstructured`, 'limits.remittance-length'],
    (b) => {
      b.remittanceInformationUnstructured = `${b.remittanceInformationUnstructured} `.padEnd(REMIT_MAX + 1, 'R');
    },
  ),
  'remittanceInformationUnstructured is left out': v([`${F}remittanceInformationUnstructured`], (b) => {
    delete b.remittanceInformationUnstructured;
  }),
  'remittanceInformationUnstructured has Norwegian letters': v(
    [`${F}remittanceInformationUnstructured`, 'conventions.json-utf8'],
    (b) => {
      b.remittanceInformationUnstructured = `${b.remittanceInformationUnstructured} blåbærsyltetøy`;
    },
  ),
  'remittanceInformationUnstructured holds an emoji': v(['errors.unprocessable-character'], (b) => {
    b.remittanceInformationUnstructured = `${b.remittanceInformationUnstructured} ${EMOJI}`;
  }),
  // purposeCode
  'purposeCode is GDDS, an ISO 20022 code outside the list': v([`${F}purposeCode`], (b) => {
    b.purposeCode = 'GDDS';
  }),
  'purposeCode is othr in lower case': v([`${F}purposeCode`, 'conventions.enums-exact'], (b) => {
    b.purposeCode = 'othr';
  }),
  'purposeCode is left out': v([`${F}purposeCode`], (b) => {
    delete b.purposeCode;
  }),
  // requestedExecutionDate
  'requestedExecutionDate is an ISO 8601 date a year ahead': v(
    [`${F}requestedExecutionDate`, 'conventions.date-json'],
    (b) => {
      b.requestedExecutionDate = isoDateAhead(365);
    },
  ),
  'requestedExecutionDate is February 30th': v([`${F}requestedExecutionDate`, 'conventions.date-json'], (b) => {
    b.requestedExecutionDate = `${Number(isoDateAhead(365).slice(0, 4))}-02-30`;
  }),
  'requestedExecutionDate is written DD.MM.YYYY': v([`${F}requestedExecutionDate`, 'conventions.date-json'], (b) => {
    const d = isoDateAhead(365);
    b.requestedExecutionDate = `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  }),
  // instructedAmount
  'instructedAmount is left out': v([`${F}instructedAmount`], (b) => {
    delete b.instructedAmount;
  }),
  'instructedAmount has no currency': v([`${F}instructedAmount`], (b) => {
    delete b.instructedAmount.currency;
  }),
  'instructedAmount has no amount': v([`${F}instructedAmount`], (b) => {
    delete b.instructedAmount.amount;
  }),
  'instructedAmount currency is XYZ': v([`${F}instructedAmount`, 'conventions.currency-code'], (b) => {
    b.instructedAmount.currency = 'XYZ';
  }),
  'instructedAmount currency is eur in lower case': v([`${F}instructedAmount`, 'conventions.currency-code'], (b) => {
    b.instructedAmount.currency = 'eur';
  }),
  'instructedAmount amount is a JSON number': v(
    ['conventions.amount-string', 'versioning.accept-fix.amount-as-string'],
    (b) => {
      b.instructedAmount.amount = Number(b.instructedAmount.amount);
    },
  ),
  'instructedAmount amount has a decimal comma': v(['conventions.amount-string'], (b) => {
    b.instructedAmount.amount = b.instructedAmount.amount.replace('.', ',');
  }),
  'instructedAmount amount is negative': v(['amounts.sign'], (b) => {
    b.instructedAmount.amount = `-${b.instructedAmount.amount}`;
  }),
  'instructedAmount amount is zero': v(['amounts.sign'], (b) => {
    b.instructedAmount.amount = '0.00';
  }),
  [`instructedAmount has ${PRECISION} digits`]: v(['limits.amount-precision'], (b) => {
    b.instructedAmount = { amount: amountOfDigits(PRECISION, 2), currency: 'EUR' };
  }),
  [`instructedAmount has ${PRECISION + 1} digits`]: v(['limits.amount-precision'], (b) => {
    b.instructedAmount = { amount: amountOfDigits(PRECISION + 1, 2), currency: 'EUR' };
  }),
};

/** A cross-border body with an amount in a currency, the creditor account in the same currency. */
export function withAmount(b: any, amount: string, currency: string): void {
  b.instructedAmount = { amount, currency };
  if (b.creditorAccount) b.creditorAccount.currency = currency;
}

/**
 * A named variant, or `amount "<amount>" <currency>`: the instructed amount (and the creditor
 * account's currency) set to those values.
 */
export function variant(name: string): { clauses: string[]; apply: Apply } {
  const m = /^amount "([^"]*)" ([A-Za-z]{3})$/.exec(name);
  if (m) {
    const info = CURRENCIES.get(m[2]);
    return {
      clauses: ['limits.amount-precision', ...(info?.level === 'should' ? [`currencies.${m[2]}.minor-units`] : [])],
      apply: (b) => withAmount(b, m[1], m[2]),
    };
  }
  const found = CROSS_BORDER_VARIANTS[name];
  if (!found)
    throw new Error(
      `unknown cross-border payment variant "${name}"; known:\n  ${Object.keys(CROSS_BORDER_VARIANTS).join('\n  ')}\n  amount "<amount>" <currency>`,
    );
  return found;
}

// ------------------------------------------------------------------ other products

/**
 * Changes to non-cross-border bodies (Berlin Group 1.3 fields, and the KID in the shape of the profile's "kid"
 * template: the spec shows none).
 */
export function productChange(name: string, profile: Profile): (b: any) => void {
  const kid = (reference: string) => (b: any) => {
    delete b.remittanceInformationUnstructured;
    Object.assign(b, buildBody(profile, 'kid', { kid: reference }));
  };
  const months = (list: string[]) => (b: any) => {
    b.frequency = 'MonthlyVariable';
    delete b.dayOfExecution;
    b.monthsOfExecution = list;
  };
  const changes: Record<string, (b: any) => void> = {
    'the KID passes its MOD10 check': kid(withLuhn('123456789')),
    'the KID fails its MOD10 and MOD11 checks': kid(badKid('123456789')),
    'the creditorName holds an emoji': (b) => {
      b.creditorName = 'Kreditor \u{1F4B8} AS';
    },
    'the amount has one fraction digit': (b) => {
      b.instructedAmount.amount = b.instructedAmount.amount.slice(0, -1);
    },
    'the MonthlyVariable months are 1, 4, 7 and 10': months(['1', '4', '7', '10']),
    'the MonthlyVariable months repeat month 4': months(['1', '4', '7', '4']),
  };
  const c = changes[name];
  if (!c) throw new Error(`unknown payment change "${name}"; known: ${Object.keys(changes).join('; ')}`);
  return c;
}

/** A KID whose check digit is neither the MOD10 nor the MOD11 one. */
export function badKid(body: string): string {
  const good = new Set([luhnDigit(body), mod11Digit(body)]);
  const digit = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].find((d) => !good.has(d))!;
  return body + digit;
}

export { PURPOSE_CODES };

// ------------------------------------------------------------------ response checks

const fail = (message: string, clauses: string[]): never => {
  throw new CheckFailure(message, clauses);
};

/** Every `{amount, currency}` object in a body: its amount is a string of the spec's amount format. */
export function expectAmountsAsStrings(body: unknown, what: string): void {
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ('amount' in o && 'currency' in o) {
        if (typeof o.amount !== 'string')
          fail(`${what}: ${path}/amount is ${JSON.stringify(o.amount)}, not a string`, [
            'conventions.amount-string',
            'versioning.accept-fix.amount-as-string',
          ]);
        const c = checkAmount(o.amount, String(o.currency), { allowNegative: true, allowZero: true });
        if (!c.ok && c.level === 'must') fail(`${what}: ${path}/amount: ${c.message}`, [c.clause]);
      }
      for (const [k, x] of Object.entries(o)) walk(x, `${path}/${k}`);
    }
  };
  walk(body, '');
}

/** tppMessages and psuMessage, where a payment response carries them, follow § Resources > tppMessage. */
export function expectMessagesFollowSpec(body: unknown, what: string): void {
  if (!body || typeof body !== 'object') return;
  const o = body as Record<string, unknown>;
  if (o.tppMessages !== undefined) {
    if (!Array.isArray(o.tppMessages))
      fail(`${what}: tppMessages is not an array`, ['fields.cross-border-payment-response.tppMessages']);
    (o.tppMessages as unknown[]).forEach((m, i) =>
      expectSchema(m, 'tpp-message', `${what}: tppMessages/${i}`, ['fields.tpp-message']),
    );
  }
  if (o.psuMessage !== undefined) {
    const max = limitValue('psu-message-length');
    if (typeof o.psuMessage !== 'string' || o.psuMessage.length > max)
      fail(
        `${what}: psuMessage must be a string of at most ${max} characters, got ${JSON.stringify(o.psuMessage).slice(0, 80)}…`,
        ['limits.psu-message-length'],
      );
  }
}

/** transactionFeeIndicator true: the total fee is in transactionFees (§ Resources > Cross-border payment response). */
export function expectFeeConsistency(body: any, what: string): void {
  if (body?.transactionFeeIndicator === true && body.transactionFees === undefined) {
    fail(`${what}: transactionFeeIndicator is true but transactionFees is missing`, [
      'fields.cross-border-payment-response.transactionFeeIndicator',
    ]);
  }
  if (body?.transactionFees !== undefined) {
    const r = validate('cross-border-payment-response', {
      paymentId: 'x',
      transactionStatus: 'RCVD',
      transactionFees: body.transactionFees,
    });
    if (!r.ok)
      fail(
        `${what}: transactionFees ${JSON.stringify(body.transactionFees)}: ${r.errors.map((e) => e.message).join('; ')}`,
        ['fields.cross-border-payment-response.transactionFees'],
      );
  }
}

/** A payment initiation answer: paymentId, a transactionStatus of the spec's list, links with verbs. */
export function expectInitiationAnswer(ex: Exchange | undefined): any {
  const r = ex?.response;
  if (!r || r.status >= 300)
    fail(`expected the payment to be created, but ${describeResponse(ex)}`, ['endpoints.initiate-payment']);
  const body = r!.json as any;
  if (typeof body?.paymentId !== 'string' || !body.paymentId)
    fail(`the answer has no paymentId: ${r!.text.slice(0, 300)}`, ['fields.cross-border-payment-response.paymentId']);
  if (!(PAYMENT_STATUSES as readonly string[]).includes(body.transactionStatus))
    fail(`transactionStatus ${JSON.stringify(body.transactionStatus)} is not one of ${PAYMENT_STATUSES.join(', ')}`, [
      'fields.cross-border-payment-response.transactionStatus',
    ]);
  if (body._links !== undefined)
    expectSchema(body._links, 'links-with-verbs', "the payment answer's _links", ['fields.link.verbs']);
  return body;
}

/** The kept record of a created payment, from its creation answer. */
export function createdPayment(service: PaymentService, product: string, body: any): CreatedPayment {
  const links = (body?._links ?? {}) as CreatedPayment['links'];
  const fallback = `/v1/${service}/${product}/${encodeURIComponent(body.paymentId)}`;
  return {
    service,
    product,
    paymentId: body.paymentId,
    self: links.self?.href ?? fallback,
    links,
    status: body.transactionStatus,
  };
}

/** A path (relative to the target) from a link href that may be absolute. */
export function linkPath(href: string, targetUrl: string): string {
  const base = new URL(targetUrl);
  const u = new URL(href, base);
  const prefix = base.pathname.replace(/\/$/, '');
  const p = u.pathname.startsWith(prefix) ? u.pathname.slice(prefix.length) : u.pathname;
  return p + u.search;
}

export const isBasketStatus = (s: unknown): boolean => (BASKET_STATUSES as readonly unknown[]).includes(s);

/**
 * § States > Signing basket status: one status, the worst case of its payments. The spec gives no
 * order of the values, so this checks what holds under any order: payments that all share a status
 * that is also a basket status give the basket that status; a basket with a rejected or cancelled
 * payment does not report the best case (ACTC).
 */
export function expectWorstCase(basketStatus: unknown, paymentStatuses: string[]): void {
  const clauses = ['states.basket-worst-case', 'states.basket-single-status'];
  if (typeof basketStatus !== 'string' || !isBasketStatus(basketStatus))
    fail(
      `the basket status ${JSON.stringify(basketStatus)} is not one status of ${BASKET_STATUSES.join(', ')}`,
      clauses,
    );
  const same = paymentStatuses.every((s) => s === paymentStatuses[0]);
  if (same && isBasketStatus(paymentStatuses[0]) && basketStatus !== paymentStatuses[0]) {
    fail(
      `every payment of the basket is ${paymentStatuses[0]}, so the worst case is ${paymentStatuses[0]}; the basket says ${basketStatus}`,
      clauses,
    );
  }
  if (paymentStatuses.some((s) => s === 'RJCT' || s === 'CANC') && basketStatus === 'ACTC') {
    fail(
      `a payment of the basket is ${paymentStatuses.find((s) => s === 'RJCT' || s === 'CANC')}, yet the basket reports ACTC, the best case (payments: ${paymentStatuses.join(', ')})`,
      clauses,
    );
  }
}

// ------------------------------------------------------------------ listed answers

/** Checks every try against its expected answer; one failure names every row that broke, with its clauses. */
export function expectListedAnswers(tries: ListedTry[]): void {
  const broken: string[] = [];
  const clauses = new Set<string>();
  for (const t of tries) {
    const r = t.ex?.response;
    let problem: string | undefined;
    if (t.expected === 'accepted') {
      if (!r || r.status < 200 || r.status >= 300) problem = `expected it accepted, but ${describeResponse(t.ex)}`;
    } else {
      const m = /^refused (\d{3})$/.exec(t.expected);
      if (!m) throw new Error(`answer "${t.expected}" is neither "accepted" nor "refused <status>"`);
      try {
        expectErrorBody(t.ex, Number(m[1]), undefined);
      } catch (e) {
        problem = (e as Error).message.split('\n')[0];
      }
    }
    if (problem) {
      broken.push(`- ${t.way}: ${problem}`);
      for (const c of t.clauses) clauses.add(c);
    }
  }
  if (broken.length)
    throw new CheckFailure(
      `${broken.length} of ${tries.length} requests were not answered as the spec says:\n${broken.join('\n')}`,
      [...clauses],
    );
}
