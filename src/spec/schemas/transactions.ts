/** Transaction bodies: spec § Resources (transaction details, sandbox account and card transactions). */
import {
  address,
  amount,
  arrayOf,
  currencyCode,
  date,
  int32,
  maxStr,
  object,
  ref,
  str,
  type JsonSchema,
} from './common.ts';

/** The spec's BIC pattern for creditorAgent/debtorAgent, exactly as written (anchored at the start only). */
export const TRANSACTION_BIC_PATTERN = '^[A-Z]{6,6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3,3}){0,1}';

/** § Resources > Transaction details: the object under `transactionsDetails`; no field shown as required. */
export const transactionDetails = object(
  'Fields of `transactionsDetails`; whether each is required is not shown.',
  {
    bankTransactionCode: str(
      'ISO 20022 bank transaction code, 4 to 14 characters, when supported by underlying services',
      { minLength: 4, maxLength: 14 },
    ),
    transactionId: str('identifier of the account transaction'),
    endToEndId: maxStr(35, 'at most 35 characters'),
    bookingDate: date('date'),
    valueDate: date('date'),
    // Booked amounts can be debits: a sign and zero are allowed here.
    transactionAmount: amount('`amount` (string), `currency` (currency code)', {
      allowNegative: true,
      allowZero: true,
    }),
    currencyExchange: object(
      '`sourceCurrency`, `targetCurrency`, `unitCurrency` (the base currency of the rate), `exchangeRate` (conversion factor from source to target), `quotationDate` (date), `contractIdentification`',
      {
        sourceCurrency: str('source currency'),
        targetCurrency: str('target currency'),
        unitCurrency: str('the base currency of the rate'),
        exchangeRate: str('conversion factor from source to target'),
        quotationDate: date('date'),
        contractIdentification: str('contract identification'),
      },
    ),
    creditorId: maxStr(35, 'at most 35 characters; not offered by the current implementation'),
    creditorName: maxStr(70, 'at most 70 characters; not always available'),
    creditorAccount: ref('account-reference', 'account reference'),
    creditorAgent: str('BIC matching `^[A-Z]{6,6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3,3}){0,1}`', {
      pattern: TRANSACTION_BIC_PATTERN,
    }),
    ultimateCreditor: maxStr(70, 'at most 70 characters; not offered by the current implementation'),
    debtorName: maxStr(70, 'at most 70 characters; not always available'),
    debtorAccount: ref('account-reference', 'account reference'),
    debtorAgent: str('same BIC pattern as creditorAgent', { pattern: TRANSACTION_BIC_PATTERN }),
    ultimateDebtor: maxStr(70, 'at most 70 characters; not offered by the current implementation'),
    remittanceInformationUnstructured: maxStr(140, 'at most 140 characters; not always available'),
    remittanceInformationUnstructuredArray: arrayOf({ type: 'string' }, 'string[]; not always available'),
    remittanceInformationStructuredArray: arrayOf(
      object('structured remittance item', {
        reference: maxStr(35, 'at most 35 characters'),
        referenceType: maxStr(35, 'at most 35 characters'),
        referenceIssuer: maxStr(35, 'at most 35 characters'),
      }),
      'items with `reference`, `referenceType`, `referenceIssuer`, each at most 35 characters; not always available',
    ),
    purposeCode: str('non-empty, at most 4 characters; ISO 20022 purpose code when supported', {
      minLength: 1,
      maxLength: 4,
    }),
    proprietaryBankTransactionCode: maxStr(35, 'at most 35 characters; not always available'),
    _links: ref('links', 'link to a transaction detail; only for corporate context and not always available'),
  },
  [],
  { $id: 'transaction-details' },
);

/** Response of the details operation: one property, `transactionsDetails`. */
export const transactionDetailsResponse = object(
  'Response of `GET /v1/accounts/{id}/transactions/{transactionId}`.',
  {
    transactionsDetails: { $ref: 'transaction-details' },
  },
  ['transactionsDetails'],
  { $id: 'transaction-details-response' },
);

/** `{ iban, bban }` of the sandbox tables; which of the two is required is not shown. */
const sandboxAccount = (description: string): JsonSchema =>
  object(description, { iban: str('string'), bban: str('string') });
/** `{ currency, amount }` with an int32 amount, as in the sandbox card tables. */
const cardAmount = (description: string): JsonSchema =>
  object(description, { currency: str('string'), amount: int32('int32') }, ['currency', 'amount']);

/** § Resources > Sandbox account transaction: "All fields are required strings unless noted." */
const SANDBOX_ACCOUNT_TRANSACTION_FIELDS: Record<string, JsonSchema> = {
  id: str('string'),
  amount: int32('int32'),
  currency: str('string'),
  valueDate: str('string'),
  bookingDate: str('string'),
  remittanceInformationUnstructured: str('string'),
  creditorName: str('string'),
  creditorAccount: sandboxAccount('object with `iban`, `bban` (strings)'),
  debtorName: str('string'),
  debtorAccount: sandboxAccount('object with `iban`, `bban` (strings)'),
  bankTransactionCode: str('string, 4 to 14 characters', { minLength: 4, maxLength: 14 }),
  ultimateDebtor: str('string'),
  ultimateCreditor: str('string'),
  purposeCode: str('string'),
  _links: object('object with required `self` Link (`href` string, `verbs` string[])', { self: { $ref: 'link' } }, [
    'self',
  ]),
};
export const sandboxAccountTransaction = object(
  'Item of the sandbox account transaction list.',
  SANDBOX_ACCOUNT_TRANSACTION_FIELDS,
  Object.keys(SANDBOX_ACCOUNT_TRANSACTION_FIELDS),
  { $id: 'sandbox-account-transaction' },
);
export const sandboxAccountTransactions: JsonSchema = {
  $id: 'sandbox-account-transactions',
  type: 'array',
  items: { $ref: 'sandbox-account-transaction' },
};

/** § Resources > Sandbox card transaction (request item): "Every listed field is required unless noted." */
const SANDBOX_CARD_TRANSACTION_FIELDS: Record<string, JsonSchema> = {
  cardTransactionId: str('string'),
  terminalId: str('string'),
  bookingDate: str('string'),
  transactionDate: str('string'),
  transactionAmount: cardAmount('`currency` string, `amount` int32'),
  originalAmount: cardAmount('`currency` string, `amount` int32'),
  merchantCategoryCode: str('string'),
  currencyExchange: object(
    'optional as a whole: `sourceCurrency`, `targetCurrency`, `unitCurrency` (currency codes, required), `exchangeRate` (string, required), `quotationDate` (date, required)',
    {
      sourceCurrency: currencyCode('currency code'),
      targetCurrency: currencyCode('currency code'),
      unitCurrency: currencyCode('currency code'),
      exchangeRate: str('string'),
      quotationDate: date('date'),
    },
    ['sourceCurrency', 'targetCurrency', 'unitCurrency', 'exchangeRate', 'quotationDate'],
  ),
  markupFee: cardAmount('`currency` string, `amount` int32'),
  markupFeePercentage: str('string'),
  cardAcceptorId: str('string'),
  cardAcceptorAddress: address(
    '`street` (at most 70), `buildingNumber`, `postalCode`, `city`, `country` (country code, required)',
  ),
  maskedPan: str('string'),
  transactionDetails: str('string'),
  invoiced: str('`true` or `false`', { enum: ['true', 'false'] }),
  proprietaryBankTransactionCode: str('string'),
};
export const sandboxCardTransaction = object(
  'Item of the create sandbox card transactions request.',
  SANDBOX_CARD_TRANSACTION_FIELDS,
  Object.keys(SANDBOX_CARD_TRANSACTION_FIELDS).filter((name) => name !== 'currencyExchange'),
  { $id: 'sandbox-card-transaction' },
);
export const sandboxCardTransactionsRequest: JsonSchema = {
  $id: 'sandbox-card-transactions-request',
  type: 'array',
  items: { $ref: 'sandbox-card-transaction' },
};

/** § Resources > Sandbox card transaction (response). Fields of the booked items: whether required is not shown. */
export const sandboxCardTransactionsResponse = object(
  'Response of the create sandbox card transactions operation.',
  {
    cardAccount: object('object with `maskedPan` (string, required)', { maskedPan: str('string') }, ['maskedPan']),
    cardTransactions: object(
      'object with `booked` (object[]) and `pending` (string[]), both required',
      {
        booked: arrayOf(
          object('booked card transaction', {
            cardTransactionId: str('string'),
            bookingDate: str('string'),
            transactionDate: str('string'),
            transactionAmount: cardAmount('`currency`, `amount` int32'),
            originalAmount: cardAmount('`currency`, `amount` int32'),
            merchantCategoryCode: str('string'),
          }),
          'object[]',
        ),
        pending: arrayOf({ type: 'string' }, 'string[]'),
      },
      ['booked', 'pending'],
    ),
  },
  ['cardAccount', 'cardTransactions'],
  { $id: 'sandbox-card-transactions-response' },
);
