/** Payment and signing basket bodies: spec § Resources (cross-border payment, signing basket) and § States. */
import { BASKET_STATUSES, PAYMENT_STATUSES, PURPOSE_CODES } from '../codes.ts';
import { limitValue } from '../limits.ts';
import { address, amount, arrayOf, date, maxStr, object, ref, should, str, type JsonSchema } from './common.ts';

const psuMessage = maxStr(limitValue('psu-message-length'), 'text for the PSU, at most 512 characters');

/** § Resources > Cross-border payment (request body). */
export const crossBorderPaymentRequest = object(
  'Body of `POST /v1/payments/cross-border-credit-transfers`.',
  {
    // Sign and zero: see AmountOptions (SHOULD-level choice).
    instructedAmount: amount('`amount` (string, required), `currency` (currency code, required)', {}),
    creditorName: maxStr(limitValue('creditor-name-length'), 'at most 70 characters'),
    creditorAgent: str('BIC/BICFI/SWIFT code; required when creditorAccount uses bban', { format: 'bic' }),
    creditorAccount: ref('account-reference', 'account reference'),
    creditorAddress: address(
      '`street` (string, at most 70), `buildingNumber` (string), `postalCode` (string), `city` (string), `country` (country code, required within the object)',
    ),
    debtorAccount: ref('account-reference', 'account reference'),
    remittanceInformationUnstructured: str(
      'non-empty, at most 140 characters; ASCII or UTF-8; may be truncated or re-encoded during processing',
      {
        minLength: limitValue('remittance-length', 'min'),
        maxLength: limitValue('remittance-length', 'max'),
      },
    ),
    purposeCode: str(
      'one of `INVS`, `SALA`, `IDCP`, `CASH`, `CORT`, `INTC`, `PENS`, `SSBE`, `SUPP`, `TAXS`, `TREA`, `VATX`, `LOAN`, `OTHR` (subset of the ISO 20022 external purpose codes)',
      { enum: PURPOSE_CODES },
    ),
    requestedExecutionDate: date('ISO 8601 date'),
  },
  ['instructedAmount', 'creditorName', 'creditorAccount', 'debtorAccount'],
  {
    $id: 'cross-border-payment-request',
    // "required when creditorAccount uses bban": read as bban given and no iban, the one case where
    // the account is identified by bban alone.
    if: {
      type: 'object',
      required: ['creditorAccount'],
      properties: { creditorAccount: { type: 'object', required: ['bban'], not: { required: ['iban'] } } },
    },
    then: { required: ['creditorAgent'] },
  },
);

/** § Resources > Cross-border payment (response body). */
export const crossBorderPaymentResponse = object(
  'Response labelled created of the cross-border payment operation.',
  {
    paymentId: str('identifier of the created payment'),
    transactionStatus: str('see States and transitions', { enum: PAYMENT_STATUSES }),
    // A fee of zero is plausible, a negative one is not (SHOULD-level choice, see AmountOptions).
    transactionFees: amount(
      '`amount` (string, required), `currency` (currency code, required); total fee including currency conversion fees where applicable',
      { allowZero: true },
    ),
    transactionFeeIndicator: {
      type: 'boolean',
      description: 'true when the payment incurs a fee; the total is then in transactionFees',
    },
    tppMessages: arrayOf({ $ref: 'tpp-message' }, 'operational messages, see tppMessage'),
    psuMessage,
    _links: ref('links-with-verbs', 'map of Link (verbs required in payment responses)'),
  },
  ['paymentId', 'transactionStatus'],
  { $id: 'cross-border-payment-response' },
);

/** § Resources > Signing basket, request. */
export const signingBasketRequest = object(
  'Body of the create signing basket operation.',
  {
    paymentIds: arrayOf({ type: 'string' }, 'string[], required, at most 10 entries', {
      maxItems: limitValue('basket-size'),
      allOf: [
        should(
          {
            clause: 'fields.signing-basket-request.paymentIds.min-items',
            text: 'paymentIds holds at least one entry ("body shall contain at least one entry").',
            source: 'Berlin Group NextGenPSD2 1.3 (signingBasket: paymentIds minItems 1)',
          },
          { minItems: 1 },
        ),
      ],
    }),
  },
  ['paymentIds'],
  { $id: 'signing-basket-request' },
);

/** § Resources > Signing basket, response. */
export const signingBasketResponse = object(
  'Response labelled created of the create signing basket operation.',
  {
    basketId: str('string'),
    transactionStatus: str('`RCVD`, `ACTC`, `PATC`, `RJCT`', { enum: BASKET_STATUSES }),
    _links: ref('links-with-verbs', 'map of Link (verbs required in basket responses)'),
  },
  ['transactionStatus'],
  { $id: 'signing-basket-response' },
);

/** § States > Payment status: read with `GET .../status`; carries `fundsAvailable`. */
export const paymentStatusResponse = object(
  'Response of `GET /v1/payments/{payment-product}/{payment-id}/status`.',
  {
    transactionStatus: str('one of the payment status values', { enum: PAYMENT_STATUSES }),
    fundsAvailable: { type: 'boolean', description: 'indicates a rejection caused by lack of funds' },
    psuMessage,
  },
  ['transactionStatus'],
  { $id: 'payment-status-response' },
);

/** § States > Signing basket status: one status per basket. */
export const basketStatusResponse = object(
  'Status of a signing basket.',
  {
    transactionStatus: str('one of `RCVD`, `ACTC`, `PATC`, `RJCT`', { enum: BASKET_STATUSES }),
  },
  ['transactionStatus'],
  { $id: 'basket-status-response' },
);

/** § Errors, 401 row, and § Endpoints 3 (401): an object with `_links.scaRedirect`. */
export const scaRequiredResponse: JsonSchema = object(
  'Answer to a request that needs SCA (status 401).',
  {
    _links: object(
      'object with `_links`; when SCA is needed it holds a `scaRedirect` Link (`href`, `verbs` with `GET`)',
      {
        scaRedirect: {
          $ref: 'link-with-verbs',
          type: 'object',
          properties: { verbs: { type: 'array', contains: { const: 'GET' } } },
        },
      },
      ['scaRedirect'],
    ),
  },
  ['_links'],
  { $id: 'sca-required-response' },
);
