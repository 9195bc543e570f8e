/**
 * Operations: the five the spec details (§ Endpoints 1-5) and the others it names: its list of other
 * operations, and those it names elsewhere (the sandbox reads and card account reads of § What the
 * service does, the basket status of § States). Where the spec does not show a method, path or
 * success code, the Berlin Group NextGenPSD2 1.3 value is recorded at SHOULD level with its source.
 */
import { OPERATION_HEADERS, type OperationHeaders } from './headers.ts';
import type { SchemaName } from './schemas/index.ts';
import type { Level } from './level.ts';
import type { SectionKey } from './sections.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a datum comes from when the spec does not state it. */
export interface Sourced {
  readonly level: Level;
  readonly source: string;
}

export interface SuccessStatus extends Sourced {
  /** Any of these answers success. */
  readonly statuses: readonly number[];
}

export interface QueryParam {
  readonly name: string;
  readonly type: 'boolean' | 'date' | 'int32' | 'string';
  readonly required: boolean;
  readonly rule: string;
  readonly minimum?: number;
}

export interface DocumentedResponse {
  readonly status: number;
  readonly schema: SchemaName;
  /** Error pair ids (errors.ts) the spec shows for this status. */
  readonly errorIds?: readonly string[];
}

export interface OperationRule {
  readonly id: string;
  readonly text: string;
  /** Limit id (limits.ts) that holds the number, where there is one. */
  readonly limit?: string;
}

export interface DetailedOperation {
  readonly id: DetailedOperationId;
  readonly title: string;
  readonly section: SectionKey;
  readonly method: HttpMethod;
  readonly path: string;
  /** How sure the method and path are: `must` when the spec shows them. */
  readonly pathSource: Sourced;
  readonly sandboxOnly: boolean;
  readonly query: readonly QueryParam[];
  readonly headers: OperationHeaders;
  readonly requestSchema: SchemaName | null;
  /** Schema of the success body. */
  readonly responseSchema: SchemaName;
  readonly success: SuccessStatus;
  /** Statuses the spec documents with a body, beyond success. */
  readonly responses: readonly DocumentedResponse[];
  readonly rules: readonly OperationRule[];
}

export { DETAILED_OPERATION_IDS, type DetailedOperationId } from './operation-ids.ts';
import { DETAILED_OPERATION_IDS, type DetailedOperationId } from './operation-ids.ts';

const SPEC: Sourced = { level: 'must', source: 'spec' };
const BG = 'Berlin Group NextGenPSD2 1.3';
const bg = (what: string, statuses: number[]): SuccessStatus => ({
  statuses,
  level: 'should',
  source: `${BG} (${what})`,
});
const BG_GET_200 = bg('GET operations answer 200', [200]);

export const DETAILED_OPERATIONS: readonly DetailedOperation[] = [
  {
    id: 'create-signing-basket',
    title: 'Create signing basket',
    section: 'create-signing-basket',
    // "Method, path and error responses: not shown."
    method: 'POST',
    path: '/v1/signing-baskets',
    pathSource: { level: 'should', source: `${BG} (createSigningBasket), also the platform's signing-basket API` },
    sandboxOnly: false,
    query: [],
    headers: OPERATION_HEADERS['create-signing-basket'],
    requestSchema: 'signing-basket-request',
    responseSchema: 'signing-basket-response',
    success: bg('createSigningBasket answers 201; the spec only says "labelled created"', [201]),
    responses: [],
    rules: [
      {
        id: 'payments-created-first',
        text: 'The payments were created by `POST /v1/payments/{payment-product}`, and the TPP has kept their payment ids.',
      },
      { id: 'at-most-10-ids', text: 'Body: `{ paymentIds: string[] }`, at most 10 ids.', limit: 'basket-size' },
    ],
  },
  {
    id: 'create-cross-border-payment',
    title: 'Create cross-border payment',
    section: 'create-cross-border-payment',
    method: 'POST',
    path: '/v1/payments/cross-border-credit-transfers',
    pathSource: SPEC,
    sandboxOnly: false,
    query: [
      {
        name: 'allowLogicalDuplicate',
        type: 'boolean',
        required: false,
        rule: 'whether logical duplicate payments are allowed',
      },
    ],
    headers: OPERATION_HEADERS['create-cross-border-payment'],
    requestSchema: 'cross-border-payment-request',
    responseSchema: 'cross-border-payment-response',
    success: bg('initiatePayment answers 201; the spec only says "labelled created"', [201]),
    responses: [],
    rules: [],
  },
  {
    id: 'get-transaction-details',
    title: 'Get transaction details',
    section: 'get-transaction-details',
    method: 'GET',
    path: '/v1/accounts/{id}/transactions/{transactionId}',
    pathSource: SPEC,
    sandboxOnly: false,
    query: [],
    headers: OPERATION_HEADERS['get-transaction-details'],
    requestSchema: null,
    responseSchema: 'transaction-details-response',
    success: { statuses: [200], ...SPEC },
    responses: [
      { status: 400, schema: 'error-body', errorIds: ['FORMAT_ERROR', 'QUERY_PARAMETER_REQUIRED', 'PERIOD_INVALID'] },
      { status: 401, schema: 'sca-required-response', errorIds: ['sca-required'] },
      { status: 404, schema: 'error-body', errorIds: ['RESOURCE_UNKNOWN'] },
      { status: 429, schema: 'error-body', errorIds: ['ACCESS_EXCEEDED'] },
      { status: 500, schema: 'error-body', errorIds: ['SYSTEM_ERROR'] },
    ],
    rules: [
      {
        id: 'path-ids',
        text: '`id` is the account resource id used in `GET /v1/accounts/{id}/transactions`; `transactionId` comes from that list response.',
      },
      {
        id: 'no-psu-calls',
        text: 'A request without PSU-IP-Address is limited to 4 calls per day.',
        limit: 'calls-without-psu',
      },
      {
        id: 'no-psu-consent-age',
        text: 'A request without PSU-IP-Address needs a PSU consent at most 90 days old.',
        limit: 'consent-age-details',
      },
      { id: 'no-body', text: 'No request body.' },
    ],
  },
  {
    id: 'create-sandbox-card-transactions',
    title: 'Create sandbox card account transactions',
    section: 'create-sandbox-card-transactions',
    method: 'POST',
    path: '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions',
    pathSource: SPEC,
    sandboxOnly: true,
    query: [],
    headers: OPERATION_HEADERS['create-sandbox-card-transactions'],
    requestSchema: 'sandbox-card-transactions-request',
    responseSchema: 'sandbox-card-transactions-response',
    // Not shown, and not a Berlin Group operation: the platform's other sandbox creation operations answer 201.
    success: {
      statuses: [200, 201],
      level: 'should',
      source: "not shown; the platform's sandbox creation operations answer 201",
    },
    responses: [],
    rules: [
      {
        id: 'card-account-exists',
        text: 'The card account must have been created by `POST /v1/sandbox/card-accounts`.',
      },
      // The spec says "value date", but card transaction items carry bookingDate and transactionDate.
      {
        id: 'dates-in-past',
        text: 'The booking date and value date of each transaction must be before the current time.',
      },
      { id: 'booking-not-after-value', text: 'The booking date must not be after the value date.' },
    ],
  },
  {
    id: 'get-sandbox-account-transactions',
    title: 'Get sandbox account transactions',
    section: 'get-sandbox-account-transactions',
    method: 'GET',
    path: '/v1/sandbox/accounts/{mockAccountId}/transactions',
    pathSource: SPEC,
    sandboxOnly: true,
    query: [
      { name: 'fromDate', type: 'date', required: false, rule: 'earliest date wanted' },
      { name: 'toDate', type: 'date', required: false, rule: 'latest date wanted' },
      {
        name: 'offset',
        type: 'int32',
        required: false,
        rule: 'number of transactions skipped before counting the limit',
      },
      {
        name: 'limit',
        type: 'int32',
        required: false,
        rule: 'at least 1; number of transactions returned',
        minimum: 1,
      },
    ],
    headers: OPERATION_HEADERS['get-sandbox-account-transactions'],
    requestSchema: null,
    responseSchema: 'sandbox-account-transactions',
    success: BG_GET_200,
    responses: [],
    rules: [
      {
        id: 'returns-all',
        text: 'Returns all transactions on an account created by `POST /v1/sandbox/accounts`, including those created through the sandbox transaction operations and those from payments made in the sandbox.',
      },
    ],
  },
];

export interface OtherOperation {
  readonly id: string;
  /** Null where the spec names the operation but not its method or path. */
  readonly method: HttpMethod | null;
  readonly path: string | null;
  readonly description: string;
  readonly sandboxOnly: boolean;
  readonly success?: SuccessStatus;
  /**
   * How sure the method and path are: absent where the spec shows them, SHOULD with a source where they are Berlin
   * Group's.
   */
  readonly pathSource?: Sourced;
  /**
   * Method and path read where the spec shows only part of them and the profile has no key for it
   * (SHOULD, with the reason). Profile keys (src/session/shapes.ts DEFAULT_OPERATIONS) hold the others.
   */
  readonly reading?: { readonly method: HttpMethod; readonly path: string } & Sourced;
  /** Query parameters the spec mentions (types and whether required: not shown unless given). */
  readonly query?: readonly QueryParam[];
  /** Schema of the part of the success body the spec states elsewhere (§ States), where there is one. */
  readonly responseSchema?: SchemaName;
  /** Section the spec names the operation in, where it is not the list of other operations. */
  readonly section?: SectionKey;
  /** What the spec says of the request body, where it says something: none is sent, or it is ignored. */
  readonly requestBody?: 'empty' | 'ignored';
}

type OtherExtra = Partial<
  Pick<
    OtherOperation,
    'sandboxOnly' | 'success' | 'pathSource' | 'reading' | 'query' | 'responseSchema' | 'section' | 'requestBody'
  >
>;

const other = (
  id: string,
  method: HttpMethod | null,
  path: string | null,
  description: string,
  extra: OtherExtra = {},
): OtherOperation => ({
  id,
  method,
  path,
  description,
  ...extra,
  sandboxOnly: extra.sandboxOnly ?? false,
  // GETs default to the Berlin Group 200 unless `success` is given (even as undefined).
  success: 'success' in extra ? extra.success : method === 'GET' ? BG_GET_200 : undefined,
});
const bgPath = (operation: string, why: string): Sourced => ({
  level: 'should',
  source: `${BG} (${operation}); ${why}`,
});
const q = (name: string, type: QueryParam['type'], rule: string): QueryParam => ({ name, type, required: false, rule });

/** § Endpoints > Other operations that are referred to, then the others the spec names (shapes not shown). */
export const OTHER_OPERATIONS: readonly OtherOperation[] = [
  other('list-accounts', 'GET', '/v1/accounts', 'Read the accounts the PSU has granted.'),
  other('get-balances', 'GET', '/v1/accounts/{id}/balances', 'Read the balances of an account.'),
  other(
    'list-transactions',
    'GET',
    '/v1/accounts/{id}/transactions',
    'Read the transactions of an account; query filters bookingStatus (values including both, pending, all), dateFrom, dateTo, limit, offset.',
    {
      query: [
        q('bookingStatus', 'string', 'values including both, pending, all'),
        q('dateFrom', 'date', 'mentioned as a filter'),
        q('dateTo', 'date', 'mentioned as a filter'),
        q('limit', 'int32', 'mentioned as a filter; default page size 200 when no paging parameters are sent'),
        q('offset', 'int32', 'mentioned as a filter'),
      ],
    },
  ),
  other('list-agreements', 'GET', '/v1/agreements', 'Corporate agreements of a PSU.'),
  other('get-users', 'GET', '/v1/users', 'Start an SCA to obtain a PSU id.', { success: undefined }),
  other('get-user', 'GET', '/v1/user', 'Start an SCA to obtain a PSU id.', { success: undefined }),
  other(
    'create-consent',
    'POST',
    '/v1/consents',
    'Bank-offered consent: the body is ignored and an SCA redirect is returned; deprecated, replaced by /v1/bank-offered-consents.',
    { requestBody: 'ignored' },
  ),
  // Method not shown in the spec; the platform documents POST.
  other('bank-offered-consents', 'POST', '/v1/bank-offered-consents', 'Replacement of POST /v1/consents.'),
  other(
    'initiate-payment',
    'POST',
    '/v1/payments/{payment-product}',
    'Create a payment of a product (for example norwegian-domestic-credit-transfers), with the allowLogicalDuplicate query.',
    {
      success: bg('initiatePayment answers 201', [201]),
      query: [q('allowLogicalDuplicate', 'boolean', 'whether logical duplicate payments are allowed')],
    },
  ),
  other('get-payment', 'GET', '/v1/payments/{payment-product}/{payment-id}', 'Read a payment.'),
  // § States > Payment status: "Payment status responses carry a `fundsAvailable` attribute".
  other(
    'get-payment-status',
    'GET',
    '/v1/payments/{payment-product}/{payment-id}/status',
    'Read the status of a payment.',
    { responseSchema: 'payment-status-response' },
  ),
  other('cancel-payment', 'DELETE', '/v1/payments/{payment-product}/{payment-id}', 'Delete (cancel) a payment.', {
    success: bg('cancelPayment answers 204, or 202 when the cancellation needs authorisation', [204, 202]),
  }),
  // "the startAuthorisation link of a payment (POST with an empty body)"; the path is the Berlin Group one the link
  // points to.
  other(
    'start-payment-authorisation',
    'POST',
    '/v1/payments/{payment-product}/{payment-id}/authorisations',
    'Follow the startAuthorisation link of a payment: POST with an empty body.',
    { success: bg('startPaymentAuthorisation answers 201', [201]), requestBody: 'empty' },
  ),
  other(
    'fee-information',
    null,
    '/v1/payments/instant-norwegian-credit-transfers-{variant}/fee-information',
    'Fee information of instant Norwegian credit transfers.',
    {
      reading: {
        method: 'GET',
        path: '/v1/payments/instant-norwegian-credit-transfers-{variant}/fee-information',
        level: 'should',
        source: 'method not shown; read as GET, a read of fee information (the suite sends GET)',
      },
    },
  ),
  other('create-sandbox-account', 'POST', '/v1/sandbox/accounts', 'Create a mock account.', { sandboxOnly: true }),
  other('create-sandbox-card-account', 'POST', '/v1/sandbox/card-accounts', 'Create a mock card account.', {
    sandboxOnly: true,
  }),
  other(
    'create-sandbox-account-transactions',
    'POST',
    '/v1/sandbox/accounts/{mockAccountId}/transactions',
    'Create transactions on a mock account.',
    { sandboxOnly: true },
  ),
  other('list-sandbox-customers', 'GET', '/v1/sandbox/customers', 'Read the sandbox customers.', { sandboxOnly: true }),
  other(
    'initialise-sandbox',
    null,
    null,
    'Reset the sandbox to a known state (private customers with two accounts and a card account, corporate customers with two accounts); wipes manually created data.',
    { sandboxOnly: true },
  ),
  other('update-sandbox-account-balance', null, null, 'Update the balance of a mock account.', { sandboxOnly: true }),
  other('update-sandbox-card-account-balance', null, null, 'Update the balance of a mock card account.', {
    sandboxOnly: true,
  }),
  other(
    'register-tpp-contact',
    null,
    null,
    'TPP dialogue: register a non-personal contact e-mail for technical notices.',
  ),
  // § What the service does: "It has extra mock-data operations for creating and reading accounts, card accounts and
  // transactions."
  other('get-sandbox-account', null, null, 'Read a mock account.', {
    sandboxOnly: true,
    section: 'what-the-service-does',
  }),
  other('get-sandbox-card-account', null, null, 'Read a mock card account.', {
    sandboxOnly: true,
    section: 'what-the-service-does',
  }),
  // § What the service does: a TPP "reads accounts, balances, transactions and transaction details, and card accounts
  // and their transactions"; release 1.23.2 adds card account status to the "card account APIs". Paths: Berlin Group.
  other('list-card-accounts', 'GET', '/v1/card-accounts', 'Read the card accounts the PSU has granted.', {
    pathSource: bgPath('getCardAccountList', 'the spec says a TPP reads card accounts'),
    section: 'what-the-service-does',
  }),
  other(
    'get-card-account',
    'GET',
    '/v1/card-accounts/{id}',
    'Read one card account (with its status, release 1.23.2).',
    {
      pathSource: bgPath('readCardAccount', 'the spec says a TPP reads card accounts'),
      section: 'what-the-service-does',
    },
  ),
  other('get-card-balances', 'GET', '/v1/card-accounts/{id}/balances', 'Read the balances of a card account.', {
    pathSource: bgPath('getCardAccountBalances', 'the spec says a TPP reads balances and card accounts'),
    section: 'what-the-service-does',
  }),
  other(
    'list-card-transactions',
    'GET',
    '/v1/card-accounts/{id}/transactions',
    'Read the transactions of a card account.',
    {
      pathSource: bgPath(
        'getCardAccountTransactionList',
        'the spec says a TPP reads card accounts and their transactions',
      ),
      section: 'what-the-service-does',
    },
  ),
  // § States > Signing basket status: "A basket holds one status only."
  other(
    'get-signing-basket-status',
    'GET',
    '/v1/signing-baskets/{basketId}/status',
    'Read the one status of a signing basket.',
    {
      pathSource: bgPath('getSigningBasketStatus', 'the spec gives a basket one status'),
      responseSchema: 'basket-status-response',
      section: 'basket-status',
    },
  ),
];

/** Path parameter names of a template: `/v1/accounts/{id}` gives `['id']`. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

const ALL_IDS = [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS].map((op) => op.id);
if (new Set(ALL_IDS).size !== ALL_IDS.length) throw new Error('operation ids must be unique');

/** Detailed operation by id; throws on an unknown id. */
export function detailedOperation(id: string): DetailedOperation {
  const op = DETAILED_OPERATIONS.find((candidate) => candidate.id === id);
  if (!op)
    throw new Error(`unknown detailed operation ${JSON.stringify(id)}; known: ${DETAILED_OPERATION_IDS.join(', ')}`);
  return op;
}
