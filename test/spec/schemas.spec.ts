import { describe, expect, it } from 'vitest';
import { SCHEMA_NAMES, clauseById, validate, type SchemaName } from '../../src/spec/index.ts';

/** A change to a valid example: set (or, with REMOVE, delete) values at JSON pointers. */
const REMOVE = Symbol('remove');
type Change = Record<string, unknown>;
interface Expected {
  path: string;
  keyword?: string;
  clause?: string;
  level?: 'must' | 'should';
}
interface Case {
  name: string;
  change: Change;
  fails?: Expected;
}

function changed(base: unknown, change: Change): unknown {
  if ('' in change) return change[''];
  const copy = structuredClone(base);
  for (const [pointer, value] of Object.entries(change)) {
    const keys = pointer.split('/').slice(1);
    const last = keys.pop() as string;
    let parent = copy as Record<string, unknown>;
    for (const key of keys) parent = parent[key] as Record<string, unknown>;
    if (value === REMOVE) delete parent[last];
    else parent[last] = value;
  }
  return copy;
}

const chars = (n: number, c = 'a') => c.repeat(n);
const ok = (name: string, change: Change): Case => ({ name, change });
const bad = (name: string, change: Change, fails: Expected): Case => ({ name, change, fails });
/** The same field at and past a limit. */
const boundary = (
  field: string,
  okValue: unknown,
  badValue: unknown,
  fails: Omit<Expected, 'path'> & { path?: string },
): Case[] => [
  ok(`${field} = ${describeValue(okValue)}`, { [field]: okValue }),
  bad(`${field} = ${describeValue(badValue)}`, { [field]: badValue }, { path: field, ...fails }),
];
const removed = (field: string, expected?: Omit<Expected, 'path'>): Case =>
  bad(`without ${field}`, { [field]: REMOVE }, { path: field, keyword: 'required', ...expected });
function describeValue(value: unknown): string {
  if (typeof value === 'string' && value.length > 20) return `${value.length} characters`;
  if (Array.isArray(value)) return `${value.length} items`;
  return JSON.stringify(value);
}

const links = {
  scaRedirect: { href: 'https://bank.example/sca/1', verbs: ['GET'] },
  self: { href: '/v1/payments/cross-border-credit-transfers/1', verbs: ['GET', 'DELETE'] },
};

const EXAMPLES: Record<SchemaName, { valid: unknown; cases: Case[] }> = {
  link: {
    valid: { href: '/v1/x' },
    cases: [
      bad(
        'verbs outside the list',
        { '/verbs': ['PATCH'] },
        { path: '/verbs/0', keyword: 'enum', clause: 'fields.link.verbs' },
      ),
      removed('/href'),
    ],
  },
  'link-with-verbs': {
    valid: { href: '/v1/x', verbs: ['POST'] },
    cases: [removed('/verbs', { clause: 'fields.link.verbs' })],
  },
  links: { valid: { self: { href: '/v1/x' } }, cases: [removed('/self/href', { clause: 'fields.link.href' })] },
  'links-with-verbs': {
    valid: links,
    cases: [
      removed('/self/verbs', { clause: 'fields.link.verbs' }),
      ...boundary('/self/verbs', [], ['GET', 'OPTIONS'], { path: '/self/verbs/1', keyword: 'enum' }),
    ],
  },
  'account-reference': {
    valid: { iban: 'NO9386011117947', currency: 'NOK' },
    cases: [
      bad('neither bban nor iban', { '/iban': REMOVE }, { path: '/bban', keyword: 'required' }),
      ...boundary('/iban', 'NO9386011117947', 'NO9386011117948', {
        keyword: 'format',
        clause: 'fields.account-reference.iban',
      }),
      bad('iban of 35 characters', { '/iban': `NO${chars(33, '1')}` }, { path: '/iban', keyword: 'maxLength' }),
      bad('iban in print format', { '/iban': 'NO93 8601 1117 947' }, { path: '/iban', keyword: 'format' }),
      ...boundary('/bban', chars(30, '1'), chars(31, '1'), {
        keyword: 'maxLength',
        clause: 'fields.account-reference.bban',
      }),
      removed('/currency'),
      bad('currency outside the list', { '/currency': 'XAU' }, { path: '/currency', keyword: 'enum' }),
    ],
  },
  'tpp-message': {
    valid: { category: 'ERROR', code: 'FORMAT_ERROR', path: '/creditorName', text: 'too long' },
    cases: [
      ...boundary('/text', chars(512), chars(513), { keyword: 'maxLength', clause: 'fields.tpp-message.text' }),
      ok('code from the status/code pairs', { '/code': 'REFERENCE_MIX_INVALID' }),
      bad('unknown code', { '/code': 'STATUS_INVALID' }, { path: '/code', keyword: 'enum' }),
      bad('unknown category', { '/category': 'INFO' }, { path: '/category', keyword: 'enum' }),
      removed('/category'),
      removed('/code'),
    ],
  },
  'error-body': {
    valid: { id: 'e-1', system: 'payments', status: 400, code: 'FORMAT_ERROR', message: 'bad' },
    cases: [
      ok('without message', { '/message': REMOVE }),
      bad('status as a string', { '/status': '400' }, { path: '/status', keyword: 'type' }),
      bad('status that is no HTTP status', { '/status': 40 }, { path: '/status', keyword: 'minimum' }),
      removed('/id'),
      removed('/system'),
      removed('/status'),
      removed('/code'),
    ],
  },
  'cross-border-payment-request': {
    valid: {
      instructedAmount: { amount: '100.00', currency: 'EUR' },
      creditorName: 'Creditor AS',
      creditorAgent: 'DNBANOKKXXX',
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      creditorAddress: {
        street: 'Karl Johans gate',
        buildingNumber: '1',
        postalCode: '0154',
        city: 'Oslo',
        country: 'NO',
      },
      debtorAccount: { bban: '86011117947', currency: 'NOK' },
      remittanceInformationUnstructured: 'Invoice 42',
      purposeCode: 'SUPP',
      requestedExecutionDate: '2026-09-01',
    },
    cases: [
      ...boundary('/creditorName', chars(70), chars(71), {
        keyword: 'maxLength',
        clause: 'fields.cross-border-payment-request.creditorName',
      }),
      ok('creditorName of 70 characters, one an emoji', { '/creditorName': `${chars(69)}😀` }),
      ...boundary('/remittanceInformationUnstructured', chars(140), chars(141), { keyword: 'maxLength' }),
      ...boundary('/remittanceInformationUnstructured', 'x', '', {
        keyword: 'minLength',
        clause: 'fields.cross-border-payment-request.remittanceInformationUnstructured',
      }),
      ...boundary('/creditorAddress/street', chars(70), chars(71), {
        keyword: 'maxLength',
        clause: 'fields.cross-border-payment-request.creditorAddress',
      }),
      removed('/creditorAddress/country'),
      bad(
        'creditorAddress in XK',
        { '/creditorAddress/country': 'XK' },
        { path: '/creditorAddress/country', keyword: 'enum' },
      ),
      ok('without creditorAddress', { '/creditorAddress': REMOVE }),
      bad(
        'creditorAccount with a bad IBAN checksum',
        { '/creditorAccount/iban': 'DE89370400440532013001' },
        {
          path: '/creditorAccount/iban',
          keyword: 'format',
          clause: 'fields.cross-border-payment-request.creditorAccount',
        },
      ),
      bad(
        'creditorAccount by bban without creditorAgent',
        { '/creditorAccount': { bban: '86011117947', currency: 'NOK' }, '/creditorAgent': REMOVE },
        { path: '/creditorAgent', keyword: 'required', clause: 'fields.cross-border-payment-request.creditorAgent' },
      ),
      ok('creditorAccount by bban with creditorAgent', {
        '/creditorAccount': { bban: '86011117947', currency: 'NOK' },
      }),
      ok('creditorAccount by iban without creditorAgent', { '/creditorAgent': REMOVE }),
      ...boundary('/creditorAgent', 'DNBANOKK', 'DNBANOK', { keyword: 'format' }),
      bad(
        'creditorAgent in lower case',
        { '/creditorAgent': 'dnbanokk' },
        { path: '/creditorAgent', keyword: 'format' },
      ),
      bad(
        'creditorAgent with an unknown country',
        { '/creditorAgent': 'DNBAQQKK' },
        { path: '/creditorAgent', keyword: 'format' },
      ),
      ...boundary('/purposeCode', 'OTHR', 'GDDS', { keyword: 'enum' }),
      bad(
        'requestedExecutionDate not a date',
        { '/requestedExecutionDate': '2026-02-30' },
        { path: '/requestedExecutionDate', keyword: 'format' },
      ),
      bad(
        'requestedExecutionDate in local form',
        { '/requestedExecutionDate': '01.09.2026' },
        { path: '/requestedExecutionDate', keyword: 'format' },
      ),
      bad(
        'amount without minor units',
        { '/instructedAmount/amount': '100' },
        { path: '/instructedAmount/amount', keyword: 'xs2aAmount', clause: 'limits.amount-precision' },
      ),
      ok('JPY amount without fraction', { '/instructedAmount': { amount: '100', currency: 'JPY' } }),
      bad(
        'JPY amount with a fraction',
        { '/instructedAmount': { amount: '100.0', currency: 'JPY' } },
        { path: '/instructedAmount/amount', keyword: 'xs2aAmount' },
      ),
      bad(
        'amount as a number',
        { '/instructedAmount/amount': 100 },
        { path: '/instructedAmount/amount', keyword: 'type' },
      ),
      bad(
        'negative amount',
        { '/instructedAmount/amount': '-100.00' },
        { path: '/instructedAmount/amount', keyword: 'xs2aAmount', clause: 'amounts.sign', level: 'should' },
      ),
      bad(
        'amount currency outside the list',
        { '/instructedAmount/currency': 'XAU' },
        { path: '/instructedAmount/currency', keyword: 'enum' },
      ),
      removed('/instructedAmount/currency'),
      removed('/instructedAmount'),
      removed('/creditorName'),
      removed('/creditorAccount'),
      removed('/debtorAccount'),
      removed('/debtorAccount/currency'),
    ],
  },
  'cross-border-payment-response': {
    valid: {
      paymentId: '1234-wertiq-983',
      transactionStatus: 'RCVD',
      transactionFees: { amount: '2.50', currency: 'EUR' },
      transactionFeeIndicator: true,
      tppMessages: [{ category: 'WARNING', code: 'EXECUTION_DATE_INVALID', text: 'moved to next banking day' }],
      psuMessage: 'ok',
      _links: links,
      scaMethods: [], // an optional Berlin Group field: extra properties are allowed
    },
    cases: [
      ...boundary('/psuMessage', chars(512), chars(513), {
        keyword: 'maxLength',
        clause: 'fields.cross-border-payment-response.psuMessage',
      }),
      ...boundary('/tppMessages/0/text', chars(512), chars(513), {
        keyword: 'maxLength',
        clause: 'fields.cross-border-payment-response.tppMessages',
      }),
      ...boundary('/transactionStatus', 'ACSC', 'ACCC', { keyword: 'enum' }),
      ok('zero fee', { '/transactionFees/amount': '0.00' }),
      bad(
        'fee without minor units',
        { '/transactionFees/amount': '2.5' },
        { path: '/transactionFees/amount', keyword: 'xs2aAmount' },
      ),
      bad(
        'transactionFeeIndicator as a string',
        { '/transactionFeeIndicator': 'true' },
        { path: '/transactionFeeIndicator', keyword: 'type' },
      ),
      removed('/_links/scaRedirect/verbs', { clause: 'fields.cross-border-payment-response._links' }),
      ok('without _links', { '/_links': REMOVE }),
      removed('/paymentId'),
      removed('/transactionStatus'),
    ],
  },
  'signing-basket-request': {
    valid: { paymentIds: ['p-1', 'p-2'] },
    cases: [
      ...boundary(
        '/paymentIds',
        Array.from({ length: 10 }, (_, i) => `p-${i}`),
        Array.from({ length: 11 }, (_, i) => `p-${i}`),
        { keyword: 'maxItems', clause: 'fields.signing-basket-request.paymentIds', level: 'must' },
      ),
      ...boundary('/paymentIds', ['p-1'], [], {
        keyword: 'minItems',
        clause: 'fields.signing-basket-request.paymentIds.min-items',
        level: 'should',
      }),
      bad('a payment id that is not a string', { '/paymentIds': [1] }, { path: '/paymentIds/0', keyword: 'type' }),
      removed('/paymentIds'),
    ],
  },
  'signing-basket-response': {
    valid: { basketId: '1234-basket-567', transactionStatus: 'RCVD', _links: links },
    cases: [
      ...boundary('/transactionStatus', 'PATC', 'ACSC', { keyword: 'enum' }),
      ok('without basketId', { '/basketId': REMOVE }),
      removed('/_links/self/verbs'),
      removed('/transactionStatus'),
    ],
  },
  'payment-status-response': {
    valid: { transactionStatus: 'RJCT', fundsAvailable: false },
    cases: [
      bad(
        'fundsAvailable as a string',
        { '/fundsAvailable': 'false' },
        { path: '/fundsAvailable', keyword: 'type', clause: 'fields.payment-status-response.fundsAvailable' },
      ),
      ...boundary('/transactionStatus', 'PART', 'ACFC', { keyword: 'enum' }),
      removed('/transactionStatus'),
    ],
  },
  'basket-status-response': {
    valid: { transactionStatus: 'ACTC' },
    cases: [...boundary('/transactionStatus', 'RJCT', 'PDNG', { keyword: 'enum' }), removed('/transactionStatus')],
  },
  'sca-required-response': {
    valid: { _links: { scaRedirect: { href: 'https://bank.example/sca', verbs: ['GET'] } } },
    cases: [
      bad(
        'scaRedirect without GET',
        { '/_links/scaRedirect/verbs': ['POST'] },
        { path: '/_links/scaRedirect/verbs', keyword: 'contains' },
      ),
      removed('/_links/scaRedirect', { clause: 'fields.sca-required-response._links' }),
      removed('/_links'),
    ],
  },
  'transaction-details': {
    valid: {},
    cases: [bad('an array', { '': [] }, { path: '', keyword: 'type', clause: 'fields.transaction-details' })],
  },
  'transaction-details-response': {
    valid: {
      transactionsDetails: {
        bankTransactionCode: 'PMNT-RCDT-ESCT',
        transactionId: 't-1',
        endToEndId: chars(35),
        bookingDate: '2026-08-01',
        valueDate: '2026-08-02',
        transactionAmount: { amount: '-12.50', currency: 'NOK' },
        currencyExchange: {
          sourceCurrency: 'EUR',
          targetCurrency: 'NOK',
          unitCurrency: 'EUR',
          exchangeRate: '11.5',
          quotationDate: '2026-08-01',
          contractIdentification: 'c',
        },
        creditorId: chars(35),
        creditorName: chars(70),
        creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
        creditorAgent: 'DNBANOKK',
        ultimateCreditor: chars(70),
        debtorName: chars(70),
        debtorAccount: { bban: '86011117947', currency: 'NOK' },
        debtorAgent: 'DNBANOKKXXX',
        ultimateDebtor: chars(70),
        remittanceInformationUnstructured: chars(140),
        remittanceInformationUnstructuredArray: ['a', 'b'],
        remittanceInformationStructuredArray: [
          { reference: chars(35), referenceType: chars(35), referenceIssuer: chars(35) },
        ],
        purposeCode: 'SALA',
        proprietaryBankTransactionCode: chars(35),
        _links: { self: { href: '/v1/accounts/a/transactions/t-1' } },
      },
    },
    cases: [
      ...boundary('/transactionsDetails/bankTransactionCode', 'PMNT', 'PMN', {
        keyword: 'minLength',
        clause: 'fields.transaction-details.bankTransactionCode',
      }),
      ...boundary('/transactionsDetails/bankTransactionCode', chars(14), chars(15), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/purposeCode', 'C', '', {
        keyword: 'minLength',
        clause: 'fields.transaction-details.purposeCode',
      }),
      ...boundary('/transactionsDetails/purposeCode', 'CASH', 'CASHX', { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/endToEndId', chars(35), chars(36), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/creditorId', chars(35), chars(36), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/creditorName', chars(70), chars(71), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/debtorName', chars(70), chars(71), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/ultimateCreditor', chars(70), chars(71), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/ultimateDebtor', chars(70), chars(71), { keyword: 'maxLength' }),
      ...boundary('/transactionsDetails/remittanceInformationUnstructured', chars(140), chars(141), {
        keyword: 'maxLength',
      }),
      ...boundary('/transactionsDetails/proprietaryBankTransactionCode', chars(35), chars(36), {
        keyword: 'maxLength',
      }),
      ...boundary('/transactionsDetails/remittanceInformationStructuredArray/0/reference', chars(35), chars(36), {
        keyword: 'maxLength',
      }),
      ...boundary('/transactionsDetails/remittanceInformationStructuredArray/0/referenceType', chars(35), chars(36), {
        keyword: 'maxLength',
      }),
      ...boundary('/transactionsDetails/remittanceInformationStructuredArray/0/referenceIssuer', chars(35), chars(36), {
        keyword: 'maxLength',
      }),
      ...boundary('/transactionsDetails/creditorAgent', 'AAAANO2A', 'AAAANO1A', {
        keyword: 'pattern',
        clause: 'fields.transaction-details.creditorAgent',
      }),
      ...boundary('/transactionsDetails/debtorAgent', 'AAAANOKK', 'AAAANOKO', { keyword: 'pattern' }),
      bad(
        'creditorAgent in lower case',
        { '/transactionsDetails/creditorAgent': 'dnbanokk' },
        { path: '/transactionsDetails/creditorAgent', keyword: 'pattern' },
      ),
      ok('creditorAgent with trailing characters (the spec pattern has no end anchor)', {
        '/transactionsDetails/creditorAgent': 'DNBANOKKXXXX',
      }),
      bad(
        'transactionAmount without minor units',
        { '/transactionsDetails/transactionAmount/amount': '-12.5' },
        { path: '/transactionsDetails/transactionAmount/amount', keyword: 'xs2aAmount' },
      ),
      bad(
        'bookingDate not a date',
        { '/transactionsDetails/bookingDate': '2026-08-01T10:00' },
        { path: '/transactionsDetails/bookingDate', keyword: 'format' },
      ),
      bad(
        'debtorAccount without currency',
        { '/transactionsDetails/debtorAccount/currency': REMOVE },
        { path: '/transactionsDetails/debtorAccount/currency', keyword: 'required' },
      ),
      ok('no fields at all', { '/transactionsDetails': {} }),
      removed('/transactionsDetails', { clause: 'fields.transaction-details' }),
    ],
  },
  'sandbox-account-transaction': {
    valid: {
      id: 'tx-1',
      amount: 1500,
      currency: 'NOK',
      valueDate: '2019-05-12',
      bookingDate: '2019-05-12',
      remittanceInformationUnstructured: 'rent',
      creditorName: 'Landlord',
      creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
      debtorName: 'Tenant',
      debtorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
      bankTransactionCode: 'PMNT',
      ultimateDebtor: 'u',
      ultimateCreditor: 'u',
      purposeCode: 'code',
      _links: { self: { href: '/v1/sandbox/accounts/a/transactions/tx-1', verbs: ['GET'] } },
    },
    cases: [
      ...boundary('/amount', 2 ** 31 - 1, 2 ** 31, {
        keyword: 'maximum',
        clause: 'fields.sandbox-account-transaction.amount',
      }),
      ...boundary('/amount', -(2 ** 31), -(2 ** 31) - 1, { keyword: 'minimum' }),
      bad('amount with a fraction', { '/amount': 15.5 }, { path: '/amount', keyword: 'type' }),
      bad('amount as a string', { '/amount': '1500' }, { path: '/amount', keyword: 'type' }),
      ...boundary('/bankTransactionCode', chars(14), chars(15), { keyword: 'maxLength' }),
      ...boundary('/bankTransactionCode', chars(4), chars(3), { keyword: 'minLength' }),
      removed('/_links/self'),
      removed('/_links/self/href'),
      removed('/creditorName'),
      removed('/purposeCode'),
      removed('/id'),
    ],
  },
  'sandbox-account-transactions': {
    valid: [],
    cases: [
      bad(
        'an item that is not an object',
        { '/0': 'tx' },
        { path: '/0', keyword: 'type', clause: 'fields.sandbox-account-transaction' },
      ),
    ],
  },
  'sandbox-card-transaction': {
    valid: {
      cardTransactionId: 'test-1',
      terminalId: 'tid',
      bookingDate: '2026-08-01',
      transactionDate: '2026-07-31',
      transactionAmount: { currency: 'NOK', amount: 100 },
      originalAmount: { currency: 'SEK', amount: 95 },
      merchantCategoryCode: '5411',
      currencyExchange: {
        sourceCurrency: 'SEK',
        targetCurrency: 'NOK',
        unitCurrency: 'SEK',
        exchangeRate: '1.05',
        quotationDate: '2026-07-31',
      },
      markupFee: { currency: 'NOK', amount: 2 },
      markupFeePercentage: '2',
      cardAcceptorId: 'acc-1',
      cardAcceptorAddress: { street: 'Storgata', buildingNumber: '1', postalCode: '0155', city: 'Oslo', country: 'NO' },
      maskedPan: '1234xxxxxxxx4321',
      transactionDetails: 'groceries',
      invoiced: 'false',
      proprietaryBankTransactionCode: 'p',
    },
    cases: [
      ...boundary('/invoiced', 'true', 'yes', { keyword: 'enum', clause: 'fields.sandbox-card-transaction.invoiced' }),
      bad('invoiced as a boolean', { '/invoiced': true }, { path: '/invoiced', keyword: 'type' }),
      ok('without currencyExchange', { '/currencyExchange': REMOVE }),
      removed('/currencyExchange/exchangeRate'),
      removed('/currencyExchange/quotationDate'),
      removed('/currencyExchange/unitCurrency'),
      bad(
        'currencyExchange source outside the list',
        { '/currencyExchange/sourceCurrency': 'XAU' },
        { path: '/currencyExchange/sourceCurrency', keyword: 'enum' },
      ),
      ...boundary('/cardAcceptorAddress/street', chars(70), chars(71), { keyword: 'maxLength' }),
      removed('/cardAcceptorAddress/country'),
      bad(
        'transactionAmount as a decimal string',
        { '/transactionAmount/amount': '100.00' },
        { path: '/transactionAmount/amount', keyword: 'type' },
      ),
      ...boundary('/markupFee/amount', 2 ** 31 - 1, 2 ** 31, { keyword: 'maximum' }),
      removed('/markupFee'),
      removed('/maskedPan'),
      removed('/cardTransactionId'),
      removed('/transactionAmount/currency'),
    ],
  },
  'sandbox-card-transactions-request': {
    valid: [],
    cases: [
      bad(
        'an item without fields',
        { '/0': {} },
        {
          path: '/0/cardTransactionId',
          keyword: 'required',
          clause: 'fields.sandbox-card-transaction.cardTransactionId',
        },
      ),
    ],
  },
  'sandbox-card-transactions-response': {
    valid: {
      cardAccount: { maskedPan: '1234xxxxxxxx4321' },
      cardTransactions: {
        booked: [
          {
            cardTransactionId: 'test-1',
            bookingDate: '2026-08-01',
            transactionDate: '2026-07-31',
            transactionAmount: { currency: 'NOK', amount: 100 },
            originalAmount: { currency: 'NOK', amount: 100 },
            merchantCategoryCode: '5411',
          },
        ],
        pending: [],
      },
    },
    cases: [
      bad(
        'booked amount with a fraction',
        { '/cardTransactions/booked/0/transactionAmount/amount': 1.5 },
        { path: '/cardTransactions/booked/0/transactionAmount/amount', keyword: 'type' },
      ),
      bad(
        'pending of objects',
        { '/cardTransactions/pending': [{}] },
        { path: '/cardTransactions/pending/0', keyword: 'type' },
      ),
      removed('/cardTransactions/pending'),
      removed('/cardTransactions/booked'),
      removed('/cardAccount/maskedPan'),
      removed('/cardAccount'),
    ],
  },
};

describe('schemas (§ Resources)', () => {
  it('covers every schema', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...SCHEMA_NAMES].sort());
  });

  describe.each(Object.entries(EXAMPLES) as Array<[SchemaName, (typeof EXAMPLES)[SchemaName]]>)(
    '%s',
    (name, { valid, cases }) => {
      it('accepts the valid example', () => {
        expect(validate(name, valid)).toEqual({ ok: true });
      });

      it.each(cases)('$name', ({ change, fails }) => {
        const result = validate(name, changed(valid, change));
        if (!fails) {
          expect(result).toEqual({ ok: true });
          return;
        }
        expect(result.ok).toBe(false);
        const errors = result.ok ? [] : result.errors;
        for (const error of errors) expect(error.level).toBe(clauseById(error.clause).level);
        expect(errors).toContainEqual(
          expect.objectContaining({
            path: fails.path,
            level: fails.level ?? 'must',
            ...(fails.keyword ? { keyword: fails.keyword } : {}),
            ...(fails.clause ? { clause: fails.clause } : {}),
          }),
        );
      });
    },
  );

  it('reports every error of a body at once, each on its own pointer', () => {
    const result = validate('cross-border-payment-request', {
      creditorName: chars(71),
      creditorAccount: { currency: 'EUR', bban: chars(31) },
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.errors.map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/instructedAmount',
        '/debtorAccount',
        '/creditorName',
        '/creditorAccount/bban',
        '/creditorAgent',
      ]),
    );
  });

  it('throws on an unknown schema name', () => {
    expect(() => validate('nope' as SchemaName, {})).toThrow(/unknown schema "nope"/);
  });
});
