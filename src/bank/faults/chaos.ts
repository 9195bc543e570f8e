// Chaos: a bank that answers garbage, stalls beyond the client's timeout, drops the
// connection or answers an HTML error page. The suite must end each in a clean failing verdict
// within the timeout (the mutation run uses CHAOS_TIMEOUT_MS per request).
import { onOps, type AreaFault } from './support.ts';

/** Per-request timeout the mutation run gives chaos faults. */
export const CHAOS_TIMEOUT_MS = 1500;

export const CHAOS_FAULTS: readonly AreaFault[] = [
  {
    id: 'garbage-json-balances',
    area: 'chaos',
    features: ['accounts'],
    timeoutMs: CHAOS_TIMEOUT_MS,
    description: 'Answers the balances with JSON cut off in the middle.',
    clauses: ['conventions.json-utf8', 'endpoints.get-balances'],
    hooks: {
      transformResponse: onOps(['get-balances'], (r) =>
        r.status === 200
          ? { status: 200, headers: { 'content-type': 'application/json' }, raw: '{"account":{"iban":"NO93860111179' }
          : r,
      ),
    },
  },
  {
    id: 'stall-transactions',
    area: 'chaos',
    features: ['accounts'],
    timeoutMs: CHAOS_TIMEOUT_MS,
    description: 'Never answers the transaction list (the connection stays open for 30 s, then drops).',
    clauses: ['endpoints.list-transactions'],
    hooks: { transformResponse: onOps(['list-transactions'], () => ({ stallMs: 30_000 })) },
  },
  {
    id: 'stall-then-answer-details',
    area: 'chaos',
    features: ['transaction-details'],
    timeoutMs: CHAOS_TIMEOUT_MS,
    description: "Answers transaction details only after 5 s, beyond the client's timeout.",
    clauses: ['endpoints.get-transaction-details'],
    hooks: { transformResponse: onOps(['get-transaction-details'], (r) => ({ stallMs: 5_000, then: r })) },
  },
  {
    id: 'reset-sca-pages',
    area: 'chaos',
    features: ['sca-redirect'],
    timeoutMs: CHAOS_TIMEOUT_MS,
    description: 'Drops the connection when the PSU submits the SCA identification page.',
    clauses: ['sca.psu-authenticates'],
    hooks: { transformResponse: onOps(['sca-identify'], () => ({ destroy: true })) },
  },
  {
    id: 'html-500-details',
    area: 'chaos',
    features: ['transaction-details'],
    timeoutMs: CHAOS_TIMEOUT_MS,
    description: 'Answers transaction details with a 500 HTML error page.',
    clauses: ['endpoints.get-transaction-details.status.500', 'errors.SYSTEM_ERROR'],
    hooks: {
      transformResponse: onOps(['get-transaction-details'], () => ({
        status: 500,
        headers: { 'content-type': 'text/html' },
        raw: '<!doctype html><html><body><h1>500 Internal Server Error</h1></body></html>',
      })),
    },
  },
];
