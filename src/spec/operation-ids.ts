// The five operations the spec describes in detail (§ Endpoints 1-5): their ids, on their own so that
// headers.ts and operations.ts can both name them without importing each other.
export const DETAILED_OPERATION_IDS = [
  'create-signing-basket',
  'create-cross-border-payment',
  'get-transaction-details',
  'create-sandbox-card-transactions',
  'get-sandbox-account-transactions',
] as const;
export type DetailedOperationId = (typeof DETAILED_OPERATION_IDS)[number];
