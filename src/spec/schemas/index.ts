/**
 * Registry of the JSON Schemas (2020-12). Each schema either is a resource of the spec, whose
 * described top-level properties become field clauses `fields.<resource>.<property>`, or wraps one
 * (an array of items, a map of links, the `transactionsDetails` envelope): `at` says which leading
 * path segments to skip ('*' = any) to reach the resource's fields when mapping an error to a clause.
 */
import type { SectionKey } from '../sections.ts';
import {
  accountReference,
  errorBody,
  link,
  links,
  linksWithVerbs,
  linkWithVerbs,
  tppMessage,
  type JsonSchema,
} from './common.ts';
import {
  basketStatusResponse,
  crossBorderPaymentRequest,
  crossBorderPaymentResponse,
  paymentStatusResponse,
  scaRequiredResponse,
  signingBasketRequest,
  signingBasketResponse,
} from './payments.ts';
import {
  sandboxAccountTransaction,
  sandboxAccountTransactions,
  sandboxCardTransaction,
  sandboxCardTransactionsRequest,
  sandboxCardTransactionsResponse,
  transactionDetails,
  transactionDetailsResponse,
} from './transactions.ts';

export interface SchemaEntry {
  readonly schema: JsonSchema;
  readonly section: SectionKey;
  /** The resource whose field clauses this schema's errors map to (itself for a resource). */
  readonly resource: string;
  readonly at: readonly string[];
}

const resource = (schema: JsonSchema, section: SectionKey): SchemaEntry => ({
  schema,
  section,
  resource: String(schema.$id),
  at: [],
});
const wrapper = (schema: JsonSchema, of: SchemaEntry, at: readonly string[]): SchemaEntry => ({
  schema,
  section: of.section,
  resource: of.resource,
  at,
});

const LINK = resource(link, 'link');
const TRANSACTION_DETAILS = resource(transactionDetails, 'transaction-details');
const SANDBOX_ACCOUNT_TRANSACTION = resource(sandboxAccountTransaction, 'sandbox-account-transaction');
const SANDBOX_CARD_TRANSACTION = resource(sandboxCardTransaction, 'sandbox-card-transaction-request');

const ENTRIES = [
  LINK,
  wrapper(linkWithVerbs, LINK, []),
  wrapper(links, LINK, ['*']),
  wrapper(linksWithVerbs, LINK, ['*']),
  resource(accountReference, 'account-reference'),
  resource(tppMessage, 'tpp-message'),
  resource(errorBody, 'error-body'),
  resource(crossBorderPaymentRequest, 'cross-border-payment-request'),
  resource(crossBorderPaymentResponse, 'cross-border-payment-response'),
  resource(signingBasketRequest, 'signing-basket'),
  resource(signingBasketResponse, 'signing-basket'),
  resource(paymentStatusResponse, 'payment-status'),
  resource(basketStatusResponse, 'basket-status'),
  resource(scaRequiredResponse, 'errors'),
  TRANSACTION_DETAILS,
  wrapper(transactionDetailsResponse, TRANSACTION_DETAILS, ['transactionsDetails']),
  SANDBOX_ACCOUNT_TRANSACTION,
  wrapper(sandboxAccountTransactions, SANDBOX_ACCOUNT_TRANSACTION, ['*']),
  SANDBOX_CARD_TRANSACTION,
  wrapper(sandboxCardTransactionsRequest, SANDBOX_CARD_TRANSACTION, ['*']),
  resource(sandboxCardTransactionsResponse, 'sandbox-card-transaction-response'),
] as const;

export const SCHEMA_NAMES = [
  'link',
  'link-with-verbs',
  'links',
  'links-with-verbs',
  'account-reference',
  'tpp-message',
  'error-body',
  'cross-border-payment-request',
  'cross-border-payment-response',
  'signing-basket-request',
  'signing-basket-response',
  'payment-status-response',
  'basket-status-response',
  'sca-required-response',
  'transaction-details',
  'transaction-details-response',
  'sandbox-account-transaction',
  'sandbox-account-transactions',
  'sandbox-card-transaction',
  'sandbox-card-transactions-request',
  'sandbox-card-transactions-response',
] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export const SCHEMAS: ReadonlyMap<SchemaName, SchemaEntry> = new Map(
  ENTRIES.map((entry) => [entry.schema.$id as SchemaName, entry]),
);

if (SCHEMAS.size !== SCHEMA_NAMES.length || SCHEMA_NAMES.some((name) => !SCHEMAS.has(name))) {
  throw new Error(`SCHEMA_NAMES and the schema registry differ: ${[...SCHEMAS.keys()].join(', ')}`);
}

/** The resources: entries whose described properties are field clauses. */
export const RESOURCE_SCHEMAS: readonly SchemaEntry[] = [...SCHEMAS.values()].filter(
  (entry) => entry.resource === entry.schema.$id,
);

export function isSchemaName(name: string): name is SchemaName {
  return SCHEMAS.has(name as SchemaName);
}
