/**
 * Enumerated values of the spec, given exactly (spec § Resources > Conventions: "Enumerated values
 * below are given exactly"), in the spec's order.
 */

/** § Resources > Cross-border payment (request body), purposeCode: a subset of ISO 20022 external purpose codes. */
export const PURPOSE_CODES = [
  'INVS',
  'SALA',
  'IDCP',
  'CASH',
  'CORT',
  'INTC',
  'PENS',
  'SSBE',
  'SUPP',
  'TAXS',
  'TREA',
  'VATX',
  'LOAN',
  'OTHR',
] as const;
export type PurposeCode = (typeof PURPOSE_CODES)[number];

/** § States and transitions > Payment status. */
export const PAYMENT_STATUSES = [
  'ACCP',
  'ACSC',
  'ACSP',
  'ACTC',
  'ACWC',
  'ACWP',
  'RCVD',
  'PDNG',
  'RJCT',
  'CANC',
  'PART',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** § States and transitions > Signing basket status. */
export const BASKET_STATUSES = ['RCVD', 'ACTC', 'PATC', 'RJCT'] as const;
export type BasketStatus = (typeof BASKET_STATUSES)[number];

/** § Resources > tppMessage, category. */
export const TPP_MESSAGE_CATEGORIES = ['ERROR', 'WARNING'] as const;

/** § Errors, "Values of `code` in `tppMessages` of payment responses", grouped as the spec groups them. */
export const TPP_MESSAGE_CODE_GROUPS = {
  'system-and-request': [
    'SYSTEM_ERROR',
    'BAD_REQUEST',
    'FORBIDDEN',
    'NOT_FOUND',
    'CONFLICT',
    'HTTP_HEADER_REQUIRED',
    'QUERY_PARAMETER_REQUIRED',
    'FORMAT_ERROR',
    'RESOURCE_UNKNOWN',
  ],
  sca: ['SCA_NOT_FOUND', 'SCA_EXPIRED', 'SCA_INVALID', 'PSU_CREDENTIALS_INVALID'],
  consent: ['CONSENT_UNKNOWN', 'CONSENT_INVALID', 'CONSENT_EXPIRED', 'ACCESS_EXCEEDED'],
  product: ['PRODUCT_UNKNOWN', 'PRODUCT_INVALID'],
  payment: ['KID_MISSING', 'KID_INVALID', 'PAYMENT_FAILED', 'EXECUTION_DATE_INVALID'],
} as const;
export type TppMessageCode = (typeof TPP_MESSAGE_CODE_GROUPS)[keyof typeof TPP_MESSAGE_CODE_GROUPS][number];
export const TPP_MESSAGE_CODES: readonly TppMessageCode[] = Object.values(TPP_MESSAGE_CODE_GROUPS).flat();

/** § What the service does; header PSU-Context; Events > Redirect after successful SCA, context. */
export const PSU_CONTEXTS = ['PRIVATE', 'CORPORATE'] as const;
export type PsuContext = (typeof PSU_CONTEXTS)[number];

/** § Resources > Link and links map, verbs. */
export const LINK_VERBS = ['GET', 'PUT', 'POST', 'DELETE'] as const;

/** § Resources > Link and links map: "Link names that occur". */
export const LINK_NAMES = ['scaRedirect', 'startAuthorisation', 'self'] as const;

/** § Endpoints > Header parameters, PSU-HTTP-Method. */
export const PSU_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Payment products. `cross-border-credit-transfers` and `norwegian-domestic-credit-transfers` are named
 * in § What the service does; the other two are the rest of the platform's product enum for
 * /v1/payments (its published operation pages), which the spec's "for example" leaves open.
 */
export const PAYMENT_PRODUCTS = [
  'cross-border-credit-transfers',
  'norwegian-domestic-credit-transfers',
  // § States > Payment status names it in the approve-before-read rule.
  'domestic-norway-credit-transfers',
  'instant-norwegian-domestic-credit-transfers-straks',
  'sepa-credit-transfers',
] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/**
 * The products whose details and status cannot be fetched before the PSU approves the payment, in the
 * spec's words (§ States > Payment status: "For the payment product `domestic-norway-credit-transfers`
 * ..."). A bank that applies the rule to more products says so in its profile
 * (capabilities.approveBeforeRead); the suite reads no other name as this one.
 */
export const APPROVE_BEFORE_READ_PRODUCTS: readonly PaymentProduct[] = ['domestic-norway-credit-transfers'];

/**
 * Payment services (path segment before the product): /v1/payments, bulk and periodic (§ States > Signing basket
 * status).
 */
export const PAYMENT_SERVICES = ['payments', 'bulk-payments', 'periodic-payments'] as const;
export type PaymentService = (typeof PAYMENT_SERVICES)[number];

/**
 * bookingStatus of GET /v1/accounts/{id}/transactions. The spec names `both`, `pending` and `all`
 * (§ Endpoints > Other operations; § Limits); `booked` and `information` complete the Berlin Group
 * NextGenPSD2 1.3 enum (1.3.9 adds `all`).
 */
export const BOOKING_STATUSES = ['booked', 'pending', 'both', 'all', 'information'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
