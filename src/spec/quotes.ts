/**
 * The spec sentence each stated clause rests on, verbatim: a substring of interface-spec.md (table rows
 * as they stand between the outer pipes). A clause with a quote here is *stated* and MUST; every other
 * clause is a *default* (Berlin Group NextGenPSD2 1.3, a standard, or a platform choice) at SHOULD level
 * with its source (clauses.ts). The suite never reads the spec at run time, so the quotes are data;
 * test/spec/levels.spec.ts checks their form, docs/levels.md shows them per @must scenario.
 *
 * Several clauses may rest on one sentence (the rows that name a family of headers, the required-header
 * line of an operation). Where the data reads more into a sentence than it says (the card rule's "value
 * date" applied to transactionDate, a product name read as another), the reading is the scenario's and
 * is held at SHOULD level there, not here.
 */
export const SPEC_QUOTES: Readonly<Record<string, string>> = {
  'conventions.json-utf8': 'All bodies are JSON, UTF-8 encoded. XML is not supported.',
  'conventions.tls': 'The transport is always TLS 1.2 or higher.',
  'conventions.psu-contexts':
    'Two contexts exist for a PSU: `PRIVATE` and `CORPORATE`. A corporate PSU reaches only the accounts it has been granted.',
  'conventions.sandbox-only': 'These operations are not part of production.',
  'conventions.date-json': 'Dates in JSON: ISO 8601 date `YYYY-MM-DD` or date-time with offset.',
  'conventions.date-header': 'Dates in HTTP headers: RFC 7231 full date.',
  'conventions.amount-string': 'Amounts are serialized as strings.',
  'conventions.enums-exact': 'Enumerated values below are given exactly.',
  'conventions.currency-code': 'Currency code (ISO 4217 alphabetic), allowed values, grouped by first letter',
  'conventions.country-code':
    'Country code (ISO 3166-1 alpha-2, max 2 characters), allowed values, grouped by first letter',
  'endpoints.create-signing-basket.payments-created-first':
    'Precondition: the payments were created by `POST /v1/payments/{payment-product}`, and the TPP has kept their payment ids.',
  'endpoints.create-signing-basket.at-most-10-ids': 'Body: `{ paymentIds: string[] }`, at most 10 ids.',
  'headers.create-signing-basket.x-accept-fix':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.x-request-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.tpp-session-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.tpp-redirect-uri':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.tpp-signature-certificate':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.signature':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.psu-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-signing-basket.psu-ip-address':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'endpoints.create-cross-border-payment': '`POST /v1/payments/cross-border-credit-transfers`',
  'endpoints.create-cross-border-payment.query.allowLogicalDuplicate':
    'Query: `allowLogicalDuplicate` (boolean, optional): whether logical duplicate payments are allowed.',
  'headers.create-cross-border-payment.x-accept-fix':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.x-request-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.tpp-session-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.tpp-redirect-uri':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.digest':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.tpp-signature-certificate':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.signature':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.psu-id':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'headers.create-cross-border-payment.psu-ip-address':
    'Required headers: x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID, PSU-IP-Address.',
  'endpoints.get-transaction-details': '`GET /v1/accounts/{id}/transactions/{transactionId}`',
  'endpoints.get-transaction-details.success': '| 200 | `transactionsDetails` as above |',
  'endpoints.get-transaction-details.status.400':
    '| 400 | error body; codes shown: `FORMAT_ERROR`, `QUERY_PARAMETER_REQUIRED`, `PERIOD_INVALID` |',
  'endpoints.get-transaction-details.status.401':
    '| 401 | object with `_links`; when SCA is needed it holds a `scaRedirect` Link (`href`, `verbs` with `GET`) |',
  'endpoints.get-transaction-details.status.404':
    '| 404 | error body; code `RESOURCE_UNKNOWN` when the account is missing |',
  'endpoints.get-transaction-details.status.429': '| 429 | error body; code `ACCESS_EXCEEDED` |',
  'endpoints.get-transaction-details.status.500': '| 500 | error body; code `SYSTEM_ERROR` |',
  'endpoints.get-transaction-details.path-ids':
    'Path: `id` is the account resource id, the same as used in the list request `GET /v1/accounts/{id}/transactions`. `transactionId` comes from the list response.',
  'endpoints.get-transaction-details.no-psu-calls':
    'A request without PSU-IP-Address is limited to 4 calls per day and needs a PSU consent at most 90 days old.',
  'endpoints.get-transaction-details.no-psu-consent-age':
    'A request without PSU-IP-Address is limited to 4 calls per day and needs a PSU consent at most 90 days old.',
  'endpoints.get-transaction-details.no-body': 'No body.',
  'endpoints.create-sandbox-card-transactions': '`POST /v1/sandbox/card-accounts/{mockCardAccountId}/transactions`',
  'endpoints.create-sandbox-card-transactions.card-account-exists':
    'The card account must have been created by `POST /v1/sandbox/card-accounts`.',
  'endpoints.create-sandbox-card-transactions.dates-in-past':
    'Rules: the booking date and value date of each transaction must be before the current time',
  'endpoints.create-sandbox-card-transactions.booking-not-after-value':
    'the booking date must not be after the value date.',
  'headers.create-sandbox-card-transactions.x-request-id':
    'Headers: Content-Type (optional), Accept family (optional), Host, and required X-Request-ID, Digest, TPP-Signature-Certificate, Signature.',
  'headers.create-sandbox-card-transactions.digest':
    'Headers: Content-Type (optional), Accept family (optional), Host, and required X-Request-ID, Digest, TPP-Signature-Certificate, Signature.',
  'headers.create-sandbox-card-transactions.tpp-signature-certificate':
    'Headers: Content-Type (optional), Accept family (optional), Host, and required X-Request-ID, Digest, TPP-Signature-Certificate, Signature.',
  'headers.create-sandbox-card-transactions.signature':
    'Headers: Content-Type (optional), Accept family (optional), Host, and required X-Request-ID, Digest, TPP-Signature-Certificate, Signature.',
  'endpoints.get-sandbox-account-transactions': '`GET /v1/sandbox/accounts/{mockAccountId}/transactions`',
  'endpoints.get-sandbox-account-transactions.query.fromDate': 'fromDate | date | earliest date wanted',
  'endpoints.get-sandbox-account-transactions.query.toDate': 'toDate | date | latest date wanted',
  'endpoints.get-sandbox-account-transactions.query.offset':
    'offset | int32 | number of transactions skipped before counting the limit',
  'endpoints.get-sandbox-account-transactions.query.limit':
    'limit | int32 | at least 1; number of transactions returned',
  'endpoints.get-sandbox-account-transactions.returns-all':
    'Returns all transactions on an account created by `POST /v1/sandbox/accounts`, including transactions created through the sandbox transaction operations and those from payments made in the sandbox.',
  'headers.get-sandbox-account-transactions.x-request-id':
    'Headers: Accept family, Host (optional); X-Request-ID, TPP-Signature-Certificate, Signature (required).',
  'headers.get-sandbox-account-transactions.tpp-signature-certificate':
    'Headers: Accept family, Host (optional); X-Request-ID, TPP-Signature-Certificate, Signature (required).',
  'headers.get-sandbox-account-transactions.signature':
    'Headers: Accept family, Host (optional); X-Request-ID, TPP-Signature-Certificate, Signature (required).',
  'endpoints.list-accounts': '`GET /v1/accounts`',
  'endpoints.get-balances': '`GET /v1/accounts/{id}/balances`',
  'endpoints.list-transactions':
    '`GET /v1/accounts/{id}/transactions` (query filters mentioned: `bookingStatus` with values including `both`, `pending`, `all`; `dateFrom`, `dateTo`, `limit`, `offset`).',
  'endpoints.list-agreements': '`GET /v1/agreements` (corporate agreements of a PSU)',
  'endpoints.get-users': '`GET /v1/users` and `GET /v1/user` (start an SCA to obtain a PSU id).',
  'endpoints.get-user': '`GET /v1/users` and `GET /v1/user` (start an SCA to obtain a PSU id).',
  'endpoints.create-consent':
    '`POST /v1/consents` (bank-offered consent: the body is ignored and an SCA redirect is returned; deprecated, see Versioning)',
  'endpoints.bank-offered-consents':
    '`POST /v1/consents` (bank-offered consent: the body is ignored and an SCA redirect is returned; deprecated, see Versioning) and its replacement `/v1/bank-offered-consents`.',
  'endpoints.initiate-payment':
    '`POST /v1/payments/{payment-product}` (for example `norwegian-domestic-credit-transfers`, with the `allowLogicalDuplicate` query)',
  'endpoints.get-payment': '`GET /v1/payments/{payment-product}/{payment-id}` and `.../status`',
  'endpoints.get-payment-status': '`GET /v1/payments/{payment-product}/{payment-id}/status`',
  'endpoints.cancel-payment': '`DELETE` of payments',
  'endpoints.start-payment-authorisation': 'the `startAuthorisation` link of a payment (POST with an empty body)',
  'endpoints.fee-information': '`/v1/payments/instant-norwegian-credit-transfers-<variant>/fee-information`',
  'endpoints.create-sandbox-account': 'Sandbox: `POST /v1/sandbox/accounts`',
  'endpoints.create-sandbox-card-account': '`POST /v1/sandbox/card-accounts`',
  'endpoints.create-sandbox-account-transactions': '`POST /v1/sandbox/accounts/{mockAccountId}/transactions`',
  'endpoints.list-sandbox-customers': '`GET /v1/sandbox/customers`',
  'endpoints.initialise-sandbox':
    'an initialisation operation that resets the sandbox to a known state (private customers with two accounts and a card account, corporate customers with two accounts; this wipes manually created data)',
  'endpoints.update-sandbox-account-balance': 'balance-update operations for accounts and card accounts',
  'endpoints.update-sandbox-card-account-balance': 'balance-update operations for accounts and card accounts',
  'endpoints.register-tpp-contact':
    'TPP dialogue operations for registering a non-personal contact e-mail for technical notices.',
  'endpoints.get-sandbox-account':
    'It has extra mock-data operations for creating and reading accounts, card accounts and transactions.',
  'endpoints.get-sandbox-card-account':
    'It has extra mock-data operations for creating and reading accounts, card accounts and transactions.',
  'headers.x-accept-fix':
    'x-accept-fix | string | Opt-in to future breaking changes; comma-separated list (see Versioning). Required on the basket and cross-border operations; on the basket operation its value is `amount-as-string`.',
  'headers.accept':
    'Accept, Accept-Charset, Accept-Encoding, Accept-Language | string | Standard content negotiation; the server answers with Content-Type, Content-Encoding and Content-Language.',
  'headers.accept-charset':
    'Accept, Accept-Charset, Accept-Encoding, Accept-Language | string | Standard content negotiation; the server answers with Content-Type, Content-Encoding and Content-Language.',
  'headers.accept-encoding':
    'Accept, Accept-Charset, Accept-Encoding, Accept-Language | string | Standard content negotiation; the server answers with Content-Type, Content-Encoding and Content-Language.',
  'headers.accept-language':
    'Accept, Accept-Charset, Accept-Encoding, Accept-Language | string | Standard content negotiation; the server answers with Content-Type, Content-Encoding and Content-Language.',
  'headers.host': 'Host | string | Server domain name, optionally with port.',
  'headers.content-type': 'Content-Type | string | Type of data sent.',
  'headers.x-request-id': 'X-Request-ID | string | Request identifier unique to the call, chosen by the TPP.',
  'headers.tpp-session-id': 'TPP-Session-ID | string | TPP session identifier.',
  'headers.tpp-redirect-uri': 'TPP-Redirect-URI | string | TPP address to which the PSU is redirected after SCA.',
  'headers.tpp-redirect-preferred':
    'TPP-Redirect-Preferred | string | `false` triggers biometric authentication automatically for mobile apps when available. Default is true.',
  'headers.tpp-brand-logging-information':
    'TPP-Brand-Logging-Information | string | Brand of the TPP shown to the PSU, if applicable.',
  'headers.digest': 'Digest | string | Base64 sha256 or sha512 hash of the body (RFC 3230 and RFC 5843).',
  'headers.tpp-signature-certificate': 'TPP-Signature-Certificate | string | Base64 certificate used for signing.',
  'headers.signature': 'Signature | string | HTTP message signature (see Authentication).',
  'headers.psu-id': 'PSU-ID | UUID | PSU identifier.',
  'headers.x-psu-identity': 'X-PSU-IDENTITY | string | Alternative to PSU-ID: Norwegian national identity or D-number.',
  'headers.psu-corporate-id': 'PSU-Corporate-ID | string | Identifier of the PSU corporate agreement.',
  'headers.psu-context':
    'PSU-Context | string | `PRIVATE` or `CORPORATE`. Required for single-SCA payment initiation; elsewhere, when unset the PSU is asked to choose at first SCA.',
  'headers.psu-ip-address': 'PSU-IP-Address | string | IP address between PSU and TPP.',
  'headers.psu-ip-port': 'PSU-IP-Port | string | Forwarded port, if available.',
  'headers.psu-user-agent': 'PSU-User-Agent | string | Forwarded User-Agent, if available.',
  'headers.psu-accept':
    'PSU-Accept, PSU-Accept-Charset, PSU-Accept-Encoding, PSU-Accept-Language | string | Forwarded values, if available.',
  'headers.psu-accept-charset':
    'PSU-Accept, PSU-Accept-Charset, PSU-Accept-Encoding, PSU-Accept-Language | string | Forwarded values, if available.',
  'headers.psu-accept-encoding':
    'PSU-Accept, PSU-Accept-Charset, PSU-Accept-Encoding, PSU-Accept-Language | string | Forwarded values, if available.',
  'headers.psu-accept-language':
    'PSU-Accept, PSU-Accept-Charset, PSU-Accept-Encoding, PSU-Accept-Language | string | Forwarded values, if available.',
  'headers.psu-http-method':
    'PSU-HTTP-Method | string | One of `GET`, `POST`, `PUT`, `PATCH`, `DELETE`; forwarded, if available.',
  'headers.psu-device-id': 'PSU-Device-ID | UUID | Forwarded device identifier, if available.',
  'headers.psu-geo-location': 'PSU-Geo-Location | string | Forwarded geo location, if available.',
  'fields.link': '`_links` is an object. Each property name maps to a Link.',
  'fields.link.href': 'href | string | yes | target address',
  'fields.link.verbs':
    'verbs | string[] | yes (in payment and basket responses) | each one of `GET`, `PUT`, `POST`, `DELETE`',
  'fields.account-reference': 'One of bban or iban identifies the account.',
  'fields.account-reference.bban': 'bban | string | no | at most 30 characters',
  'fields.account-reference.iban': 'iban | string | no | at most 34 characters, ISO 13616-1:2007 structure',
  'fields.account-reference.currency': 'currency | string | yes | a currency code',
  'fields.tpp-message': 'tppMessages | object[] | no | operational messages, see tppMessage',
  'fields.tpp-message.category': 'category | string | yes | `ERROR` or `WARNING`',
  'fields.tpp-message.code': 'code | string | yes | one of the message codes listed under Errors',
  'fields.tpp-message.path': 'path | string | no |',
  'fields.tpp-message.text': 'text | string | no | at most 512 characters',
  'fields.error-body': 'Error responses carry the error body in Resources.',
  'fields.error-body.id': 'id | string | identifier of the error occurrence',
  'fields.error-body.system': 'system | string | name of the internal system that produced the error',
  'fields.error-body.status': 'status | integer | HTTP status code',
  'fields.error-body.code': 'code | string | error code',
  'fields.error-body.message': 'message | string | optional text',
  'fields.cross-border-payment-request': 'Body: cross-border payment request.',
  'fields.cross-border-payment-request.instructedAmount':
    'instructedAmount | object | yes | `amount` (string, required), `currency` (currency code, required)',
  'fields.cross-border-payment-request.creditorName': 'creditorName | string | yes | at most 70 characters',
  'fields.cross-border-payment-request.creditorAgent':
    'creditorAgent | string | no | BIC/BICFI/SWIFT code; required when creditorAccount uses bban',
  'fields.cross-border-payment-request.creditorAccount': 'creditorAccount | account reference | yes |',
  'fields.cross-border-payment-request.creditorAddress':
    'creditorAddress | object | no | `street` (string, at most 70), `buildingNumber` (string), `postalCode` (string), `city` (string), `country` (country code, required within the object)',
  'fields.cross-border-payment-request.debtorAccount': 'debtorAccount | account reference | yes |',
  'fields.cross-border-payment-request.remittanceInformationUnstructured':
    'remittanceInformationUnstructured | string | no | non-empty, at most 140 characters; ASCII or UTF-8; may be truncated or re-encoded during processing',
  'fields.cross-border-payment-request.purposeCode':
    'purposeCode | string | no | one of `INVS`, `SALA`, `IDCP`, `CASH`, `CORT`, `INTC`, `PENS`, `SSBE`, `SUPP`, `TAXS`, `TREA`, `VATX`, `LOAN`, `OTHR` (subset of the ISO 20022 external purpose codes)',
  'fields.cross-border-payment-request.requestedExecutionDate': 'requestedExecutionDate | date | no | ISO 8601 date',
  'fields.cross-border-payment-response': 'Response labelled created: cross-border payment response.',
  'fields.cross-border-payment-response.paymentId': 'paymentId | string | yes | identifier of the created payment',
  'fields.cross-border-payment-response.transactionStatus':
    'transactionStatus | string | yes | see States and transitions',
  'fields.cross-border-payment-response.transactionFees':
    'transactionFees | object | no | `amount` (string, required), `currency` (currency code, required); total fee including currency conversion fees where applicable',
  'fields.cross-border-payment-response.transactionFeeIndicator':
    'transactionFeeIndicator | boolean | no | true when the payment incurs a fee; the total is then in transactionFees',
  'fields.cross-border-payment-response.tppMessages':
    'tppMessages | object[] | no | operational messages, see tppMessage',
  'fields.cross-border-payment-response.psuMessage':
    'psuMessage | string | no | text for the PSU, at most 512 characters',
  'fields.cross-border-payment-response._links': '_links | map of Link | no |',
  'fields.signing-basket-request': 'Request: `paymentIds` (string[], required, at most 10 entries).',
  'fields.signing-basket-request.paymentIds': 'Request: `paymentIds` (string[], required, at most 10 entries).',
  'fields.signing-basket-response': 'Response labelled created: body as in Signing basket above.',
  'fields.signing-basket-response.basketId': 'basketId | string | no |',
  'fields.signing-basket-response.transactionStatus':
    'transactionStatus | string | yes | `RCVD`, `ACTC`, `PATC`, `RJCT`',
  'fields.signing-basket-response._links': '_links | map of Link | no |',
  'fields.payment-status-response':
    'A payment status is read per payment with `GET /v1/payments/{payment-product}/{payment-id}/status`.',
  'fields.payment-status-response.transactionStatus': 'Payment status (`transactionStatus` of a payment)',
  'fields.payment-status-response.fundsAvailable':
    'Payment status responses carry a `fundsAvailable` attribute that indicates a rejection caused by lack of funds.',
  'fields.payment-status-response.psuMessage':
    'tppMessages text, psuMessage | at most 512 characters | payment responses',
  'fields.basket-status-response':
    'A basket holds one status only. It represents the worst case of all payments in it.',
  'fields.basket-status-response.transactionStatus': 'Allowed values: `RCVD`, `ACTC`, `PATC`, `RJCT`.',
  'fields.sca-required-response': '| 401 | (body with `_links.scaRedirect`) | SCA required |',
  'fields.sca-required-response._links':
    '| 401 | object with `_links`; when SCA is needed it holds a `scaRedirect` Link (`href`, `verbs` with `GET`) |',
  'fields.transaction-details':
    'The response is an object with one property, `transactionsDetails`, holding the fields below. Whether each field is required: not shown.',
  'fields.transaction-details.bankTransactionCode':
    'bankTransactionCode | string | ISO 20022 bank transaction code, 4 to 14 characters, when supported by underlying services',
  'fields.transaction-details.transactionId': 'transactionId | string | identifier of the account transaction',
  'fields.transaction-details.endToEndId': 'endToEndId | string | at most 35 characters',
  'fields.transaction-details.bookingDate': 'bookingDate | date |',
  'fields.transaction-details.valueDate': 'valueDate | date |',
  'fields.transaction-details.transactionAmount':
    'transactionAmount | object | `amount` (string), `currency` (currency code)',
  'fields.transaction-details.currencyExchange':
    'currencyExchange | object | `sourceCurrency`, `targetCurrency`, `unitCurrency` (the base currency of the rate), `exchangeRate` (conversion factor from source to target), `quotationDate` (date), `contractIdentification`',
  'fields.transaction-details.creditorId':
    'creditorId | string | at most 35 characters; not offered by the current implementation',
  'fields.transaction-details.creditorName': 'creditorName | string | at most 70 characters; not always available',
  'fields.transaction-details.creditorAccount': 'creditorAccount | account reference |',
  'fields.transaction-details.creditorAgent':
    'creditorAgent | string | BIC matching `^[A-Z]{6,6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3,3}){0,1}`',
  'fields.transaction-details.ultimateCreditor':
    'ultimateCreditor | string | at most 70 characters; not offered by the current implementation',
  'fields.transaction-details.debtorName': 'debtorName | string | at most 70 characters; not always available',
  'fields.transaction-details.debtorAccount': 'debtorAccount | account reference |',
  'fields.transaction-details.debtorAgent': 'debtorAgent | string | same BIC pattern as creditorAgent',
  'fields.transaction-details.ultimateDebtor':
    'ultimateDebtor | string | at most 70 characters; not offered by the current implementation',
  'fields.transaction-details.remittanceInformationUnstructured':
    'remittanceInformationUnstructured | string | at most 140 characters; not always available',
  'fields.transaction-details.remittanceInformationUnstructuredArray':
    'remittanceInformationUnstructuredArray | string[] | not always available',
  'fields.transaction-details.remittanceInformationStructuredArray':
    'remittanceInformationStructuredArray | object[] | items with `reference`, `referenceType`, `referenceIssuer`, each at most 35 characters; not always available',
  'fields.transaction-details.purposeCode':
    'purposeCode | string | non-empty, at most 4 characters; ISO 20022 purpose code when supported',
  'fields.transaction-details.proprietaryBankTransactionCode':
    'proprietaryBankTransactionCode | string | at most 35 characters; not always available',
  'fields.transaction-details._links':
    '_links | map of Link | link to a transaction detail; only for corporate context and not always available',
  'fields.sandbox-account-transaction': 'All fields are required strings unless noted.',
  'fields.sandbox-account-transaction.id': 'id | string',
  'fields.sandbox-account-transaction.amount': 'amount | int32',
  'fields.sandbox-account-transaction.currency': 'currency | string',
  'fields.sandbox-account-transaction.valueDate': 'valueDate | string',
  'fields.sandbox-account-transaction.bookingDate': 'bookingDate | string',
  'fields.sandbox-account-transaction.remittanceInformationUnstructured': 'remittanceInformationUnstructured | string',
  'fields.sandbox-account-transaction.creditorName': 'creditorName | string',
  'fields.sandbox-account-transaction.creditorAccount': 'creditorAccount | object with `iban`, `bban` (strings)',
  'fields.sandbox-account-transaction.debtorName': 'debtorName | string',
  'fields.sandbox-account-transaction.debtorAccount': 'debtorAccount | object with `iban`, `bban` (strings)',
  'fields.sandbox-account-transaction.bankTransactionCode': 'bankTransactionCode | string, 4 to 14 characters',
  'fields.sandbox-account-transaction.ultimateDebtor': 'ultimateDebtor | string',
  'fields.sandbox-account-transaction.ultimateCreditor': 'ultimateCreditor | string',
  'fields.sandbox-account-transaction.purposeCode': 'purposeCode | string',
  'fields.sandbox-account-transaction._links':
    '_links | object with required `self` Link (`href` string, `verbs` string[])',
  'fields.sandbox-card-transaction':
    'The request body is an array of these items. Every listed field is required unless noted.',
  'fields.sandbox-card-transaction.cardTransactionId': 'cardTransactionId | string |',
  'fields.sandbox-card-transaction.terminalId': 'terminalId | string |',
  'fields.sandbox-card-transaction.bookingDate': 'bookingDate | string |',
  'fields.sandbox-card-transaction.transactionDate': 'transactionDate | string |',
  'fields.sandbox-card-transaction.transactionAmount': 'transactionAmount | object | `currency` string, `amount` int32',
  'fields.sandbox-card-transaction.originalAmount': 'originalAmount | object | `currency` string, `amount` int32',
  'fields.sandbox-card-transaction.merchantCategoryCode': 'merchantCategoryCode | string |',
  'fields.sandbox-card-transaction.currencyExchange':
    'currencyExchange | object (optional as a whole) | `sourceCurrency`, `targetCurrency`, `unitCurrency` (currency codes, required), `exchangeRate` (string, required), `quotationDate` (date, required)',
  'fields.sandbox-card-transaction.markupFee': 'markupFee | object | `currency` string, `amount` int32',
  'fields.sandbox-card-transaction.markupFeePercentage': 'markupFeePercentage | string |',
  'fields.sandbox-card-transaction.cardAcceptorId': 'cardAcceptorId | string |',
  'fields.sandbox-card-transaction.cardAcceptorAddress':
    'cardAcceptorAddress | object | `street` (at most 70), `buildingNumber`, `postalCode`, `city`, `country` (country code, required)',
  'fields.sandbox-card-transaction.maskedPan': 'maskedPan | string |',
  'fields.sandbox-card-transaction.transactionDetails': 'transactionDetails | string |',
  'fields.sandbox-card-transaction.invoiced': 'invoiced | string | `true` or `false`',
  'fields.sandbox-card-transaction.proprietaryBankTransactionCode': 'proprietaryBankTransactionCode | string |',
  'fields.sandbox-card-transactions-response':
    'Body: array of sandbox card transaction items. Response: sandbox card transaction response.',
  'fields.sandbox-card-transactions-response.cardAccount':
    'cardAccount | object with `maskedPan` (string, required) | yes',
  'fields.sandbox-card-transactions-response.cardTransactions': 'cardTransactions | object | yes',
  'errors.FORMAT_ERROR': '400 | `FORMAT_ERROR` | malformed request',
  'errors.QUERY_PARAMETER_REQUIRED': '400 | `QUERY_PARAMETER_REQUIRED` | a required query parameter is missing',
  'errors.PERIOD_INVALID': '400 | `PERIOD_INVALID` | invalid period in a list request',
  'errors.REFERENCE_MIX_INVALID': '400 | `REFERENCE_MIX_INVALID` | bulk or periodic payment put in a signing basket',
  'errors.signature-missing': 'a request that should be signed but has no signature is rejected with 400.',
  'errors.signature-invalid': 'A signature that fails validation is rejected with 400.',
  'errors.unprocessable-character': 'a character the downstream system cannot process, such as an emoji',
  'errors.corporate-id-missing': "A corporate user's request lacking `PSU-Corporate-ID` is answered with 400.",
  'errors.kid-error': 'KID errors return status 400.',
  'errors.sca-required': '| 401 | (body with `_links.scaRedirect`) | SCA required |',
  'errors.RESOURCE_UNKNOWN': '404 | `RESOURCE_UNKNOWN` | resource, for example an account, not found',
  'errors.ACCESS_EXCEEDED': '429 | `ACCESS_EXCEEDED` | call allowance exceeded',
  'errors.SYSTEM_ERROR': '500 | `SYSTEM_ERROR` | internal failure',
  'limits.basket-size': 'Payments per signing basket | at most 10 | signing basket creation',
  'limits.date-skew': 'Clock deviation of the Date header | at most 60 seconds | all signed requests',
  'limits.sca-session-validity': 'SCA validity within a TPP-Session-ID | up to 1 hour | operations that need SCA',
  'limits.calls-without-psu':
    'Calls without PSU-IP-Address (no PSU present) | at most 4 per 24 hours | balances, transactions and transaction details',
  'limits.history-without-psu':
    'Age of transactions readable without PSU present | at most 90 days | transaction list and details without PSU-IP-Address',
  'limits.consent-age-details':
    'Consent age for detail calls without PSU-IP-Address | at most 90 days | transaction details',
  'limits.sca-renewal':
    'SCA renewal period for account access without PSU present | 180 days (the account must have been accessed online with SCA within that time) | transaction list without PSU-IP-Address',
  'limits.default-page-size':
    'Default page size for transactions when no paging parameters are sent | 200 (also in pagination links) | account transactions',
  'limits.pending-all-returned':
    'Pending transactions with `bookingStatus` of `both` or `pending` | always all pending returned; dateFrom, dateTo and limit do not filter them (sandbox and card accounts unaffected) | account transactions',
  'limits.creditor-name-length': 'creditorName | at most 70 characters | cross-border payment',
  'limits.bban-length': 'bban / iban | at most 30 / at most 34 characters | account reference',
  'limits.iban-length': 'bban / iban | at most 30 / at most 34 characters | account reference',
  'limits.remittance-length': 'remittanceInformationUnstructured | 1 to 140 characters | cross-border payment',
  'limits.tpp-message-text-length': 'tppMessages text, psuMessage | at most 512 characters | payment responses',
  'limits.psu-message-length': 'tppMessages text, psuMessage | at most 512 characters | payment responses',
  'limits.amount-precision': 'Amount | precision 18, scale 5, fraction digits per currency minor units | all amounts',
  'limits.sandbox-limit-min': 'limit in sandbox list | at least 1 | sandbox account transactions',
  'states.payment-status-per-payment':
    'A payment status is read per payment with `GET /v1/payments/{payment-product}/{payment-id}/status`.',
  'states.payment-status-funds-available':
    'Payment status responses carry a `fundsAvailable` attribute that indicates a rejection caused by lack of funds.',
  'states.payment-delete-pending':
    'Deleting a payment whose status is `PDNG` returns an error with a descriptive message.',
  'states.payment-norwegian-domestic-after-approval':
    'For the payment product `domestic-norway-credit-transfers`, details and status cannot be fetched before the PSU approves the payment.',
  'states.basket-single-status': 'A basket holds one status only.',
  'states.basket-worst-case': 'It represents the worst case of all payments in it.',
  'states.basket-payment-status-per-payment': 'Individual payment statuses must be read per payment.',
  'states.basket-no-bulk-or-periodic':
    'Payments of bulk or periodic kind cannot be put in a basket; the attempt is answered with status 400 and code `REFERENCE_MIX_INVALID`.',
  'states.basket-not-atomic': 'A basket is not atomic; its single status reports the worst case among its payments.',
  'states.transactions-booked-and-pending': 'Grouped as booked and pending.',
  'states.transactions-booked-stable-id': 'A booked transaction is fully processed and its `transactionId` is stable.',
  'states.transactions-pending-may-change': 'Properties of pending transactions may change between reads.',
  'states.sca-session-validity': 'Valid for up to 1 hour. After expiry a new SCA is needed.',
  'states.sca-session-new-needs-sca': 'Starting a new TPP-Session-ID before the old one has expired requires a new SCA',
  'states.sca-session-new-invalidates-old': 'on success it invalidates the old one',
  'states.sca-session-abort-keeps-old': 'if the SCA is aborted the old one stays valid.',
  'versioning.path-prefix': 'Paths carry the version prefix `/v1`.',
  'versioning.accept-fix.amount-as-string':
    'amount-as-string | amounts serialized as strings | 01-Aug-2020 (required header value on some operations)',
  'versioning.accept-fix.cardaccount-switch-originalamount-and-transactionamount':
    'cardaccount-switch-originalamount-and-transactionamount | correct mapping of card transactionAmount and originalAmount | default since the change was rolled out',
  'versioning.accept-fix.longer-names':
    'longer-names | card account and account name up to 70 characters | 01-Oct-2024',
  'versioning.accept-fix.cash-account-type-iso':
    'cash-account-type-iso | cashAccountType mapped to ISO 20022 | not yet default',
  'versioning.accept-fix.value.create-signing-basket': 'on the basket operation its value is `amount-as-string`.',
  'deprecations.consents-endpoint': '| `/v1/consents` removed, replaced by `/v1/bank-offered-consents` | 05-Dec-2024 |',
  'deprecations.lighter-transaction-list':
    '| Transaction list made lighter; extra information moved to the transaction details operation | 15-Aug-2024 |',
  'deprecations.remittance-information-structured':
    '| `remittanceInformationStructured` to be removed in favour of `remittanceInformationStructuredArray` | no date given |',
  'releases.stable-transaction-id': 'Stable `transactionId` for booked transactions (1.18.0).',
  'releases.sca-renewal-180-days': 'SCA renewal period raised from 90 to 180 days',
  'releases.history-without-sca-90-days': 'the 90-day limit for history without SCA stays (1.17.4).',
  'releases.single-sca-payment-initiation': 'Single SCA payment initiation for payment-only TPPs (1.17.0).',
  'releases.funds-available': '`fundsAvailable` added to payment status responses (1.14.2).',
  'releases.booking-status-all': 'Bookable status `all` for account transactions (1.11.7).',
  'releases.kid-errors-400': 'KID errors return 400 instead of 401 (1.7.0).',
  'releases.sandbox-payment-batch':
    'Sandbox runs a simulated payment batch processing 5 times a day for all payments except periodic (1.16.0).',
  'releases.sandbox-batch-5-runs-a-day':
    'Sandbox runs a simulated payment batch processing 5 times a day for all payments except periodic (1.16.0).',
  'releases.card-acceptor-information': 'Card acceptor information and card account status added to card account APIs',
  'releases.card-account-status': 'Card acceptor information and card account status added to card account APIs',
  'releases.sandbox-ncbct-in-signing-baskets': 'sandbox supports payment type NCBCT in signing baskets (1.23.2).',
  'releases.monthly-variable-duplicate-months':
    'Periodic payments with frequency `MonthlyVariable` containing duplicate month identifiers are rejected (1.18.1).',
  'tpp.eidas-certificate':
    'The TPP holds a qualified eIDAS certificate from a trusted authority and is registered as an account information provider and/or a payment initiation provider. In production the certificate and the registration are checked on each request.',
  'tpp.tls': 'Transport: TLS 1.2 or higher.',
  'signing.headers-present':
    'Every request in sandbox and production carries a `Signature` header and a `TPP-Signature-Certificate` header.',
  'signing.signing-string':
    'Signing string: for each header that is present among the signed set, in the order given in the `headers` part, write the lowercase name, a colon, a space and the value. Join lines with a newline.',
  'signing.signature-value': 'Signature value: Base64 of the RSA-SHA256 signature over the signing string.',
  'signing.header-parts':
    'The Signature header is the four parts `keyId`, `algorithm`, `headers`, `signature`, each as `name="value"`, joined by commas.',
  'signing.key-id':
    '`keyId` has the form `SN=<hex serial>,CA=<issuer DN>`. The serial is the certificate serial number in upper-case hexadecimal. The issuer is the issuer distinguished name formatted per RFC 2253.',
  'signing.algorithm': '`algorithm` names the algorithm of the certificate, expected `rsa-sha256`.',
  'signing.headers-list': '`headers` lists the signed header names separated by single spaces.',
  'signing.rfc2047':
    'When any part of the signature header is ISO-8859-1 or UTF-8 encoded, the whole header value is MIME-encoded per RFC 2047 and wrapped as `=?<charset>?<encoding>?<encoded signature>?=`; for UTF-8 and Base64 this is `=?utf-8?B?<base64 of the UTF-8 bytes>?=`.',
  'signing.digest':
    'The `Digest` header has the form `<algorithm>=<base64 hash of the body>`, with SHA-256 or SHA-512. The body must be hashed exactly as sent.',
  'signing.date': 'The `Date` header must be present and within 60 seconds of server time.',
  'signing.missing-rejected':
    'Server behaviour: a request that should be signed but has no signature is rejected with 400.',
  'signing.invalid-rejected': 'A signature that fails validation is rejected with 400.',
  'signing.response-signature': 'The server may sign its responses; the TPP should verify them.',
  'sca.redirect-on-401':
    'A request that needs SCA is answered with status 401 and a `scaRedirect` link. The TPP sends the PSU to it.',
  'sca.psu-authenticates':
    'The PSU authenticates. In production, the PSU first confirms access, then selects an SCA method. In the sandbox only a mock national identity number is asked.',
  'sca.accounts-and-context':
    'The PSU selects which accounts to grant, and picks `PRIVATE` or `CORPORATE` context. Consent is registered inside the flow and is hidden from the TPP.',
  'sca.redirect-to-tpp': 'The PSU is redirected to the `TPP-Redirect-URI` with the parameters in Events.',
  'sca.psu-id-reused':
    'The TPP stores the `psu-id` (UUID, unique per TPP and bank pair, stable) and sends it in `PSU-ID` on all later requests for that PSU.',
  'sca.psu-id-per-tpp': 'The TPP stores the `psu-id` (UUID, unique per TPP and bank pair, stable)',
  'tpp.role-checked':
    'registered as an account information provider and/or a payment initiation provider. In production the certificate and the registration are checked on each request.',
  'sca.redirect-uri-always':
    '`TPP-Redirect-URI` is required on every request, since the TPP cannot know when SCA will be demanded. The server may exempt a request from SCA or may demand SCA on any request; the TPP must inspect responses for `scaRedirect`.',
  'sca.corporate-context': 'Corporate context: after SCA, both `PSU-ID` and `PSU-Corporate-ID` are sent.',
  'sca.session':
    'Session: `TPP-Session-ID` lets SCA last up to 1 hour across TPP roles. This does not apply to services that require SCA with dynamic linking.',
  'sca.biometric':
    "Biometric: `TPP-Redirect-Preferred: false` on every request triggers biometric authentication in the bank's mobile application where available.",
  'sca.consent-revocation':
    'Consent can be revoked by the PSU at any time directly with the bank. The bank need not notify TPPs.',
  'events.redirect-only':
    "The service sends TPP callbacks only as browser redirects to the `TPP-Redirect-URI` after the PSU's SCA.",
  'events.success.psu-id': 'psu-id | UUID (RFC 4122) | PSU identifier for later `PSU-ID` headers',
  'events.success.psu-corporate-id':
    'psu-corporate-id | UUID | optional; present when a corporate agreement was chosen',
  'events.success.tpp-session-id': 'tpp-session-id | string | the TPP-Session-ID of the request that started SCA',
  'events.success.context': 'context | string | `PRIVATE` or `CORPORATE`',
  'events.failure.system': 'system | string | name of the internal system producing the error, for server errors',
  'events.failure.status': 'status | number | HTTP status code',
  'events.failure.code': 'code | string | error code, for example `PAYMENT_FAILED`',
  'events.failure.message': 'message | string | URL-encoded error text',
};
