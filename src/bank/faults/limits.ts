// Limit rows of § Limits that are not part of another area's list: each fault moves one limit.
// (Date skew: signing.ts and properties.ts; basket size: baskets.ts; the transaction limits: transactions.ts.)
import { mapJson, onOps, type AreaFault } from './support.ts';

const PAYMENT_OPS = ['create-cross-border-payment', 'initiate-payment', 'get-payment-status'];
const long = (n: number) =>
  `${'The payment was received and is waiting for the authorisation of the PSU. '.repeat(Math.ceil(n / 74))}`.slice(
    0,
    n,
  );

export const LIMIT_FAULTS: readonly AreaFault[] = [
  {
    id: 'sca-session-2h',
    area: 'limits',
    features: ['sca-sessions'],
    description: 'Keeps an SCA valid for 2 hours within a TPP-Session-ID instead of 1.',
    clauses: ['limits.sca-session-validity', 'states.sca-session-validity'],
    rules: { scaSessionHours: 2 },
  },
  {
    id: 'sca-session-30min',
    area: 'limits',
    features: ['sca-sessions'],
    description: 'Ends an SCA within a TPP-Session-ID after 30 minutes instead of 1 hour.',
    clauses: ['limits.sca-session-validity', 'states.sca-session-validity'],
    rules: { scaSessionHours: 0.5 },
  },
  {
    id: 'sca-renewal-90',
    area: 'limits',
    features: ['access-without-psu'],
    description:
      'Demands an SCA every 90 days (the period before release 1.17.4) instead of 180 for the transaction list without PSU.',
    clauses: ['limits.sca-renewal', 'releases.sca-renewal-180-days'],
    rules: { scaRenewalDays: 90 },
  },
  {
    id: 'sandbox-limit-zero',
    area: 'limits',
    features: ['sandbox-mock-data'],
    description: 'Takes limit=0 in the sandbox transaction list (the minimum is 1).',
    clauses: ['limits.sandbox-limit-min', 'endpoints.get-sandbox-account-transactions.query.limit'],
    rules: { sandboxLimitMin: 0 },
  },
  {
    id: 'tpp-message-text-600',
    area: 'limits',
    features: ['cross-border-payment'],
    description: 'Writes tppMessages texts of 600 characters (at most 512).',
    clauses: ['limits.tpp-message-text-length', 'fields.tpp-message.text'],
    hooks: {
      transformResponse: onOps(PAYMENT_OPS, (reply) => {
        const b = reply.body as { tppMessages?: Array<Record<string, unknown>> } | undefined;
        if (!b?.tppMessages?.length) return reply;
        return {
          ...reply,
          body: {
            ...b,
            tppMessages: b.tppMessages.map((m) => ({
              ...m,
              text: `${String(m.text ?? '')} ${long(600)}`.slice(0, 600),
            })),
          },
        };
      }),
    },
  },
  {
    id: 'psu-message-600',
    area: 'limits',
    features: ['cross-border-payment', 'payment-status'],
    description: 'Adds a psuMessage of 600 characters (at most 512) to payment responses.',
    clauses: [
      'limits.psu-message-length',
      'fields.cross-border-payment-response.psuMessage',
      'fields.payment-status-response.psuMessage',
    ],
    hooks: { transformResponse: mapJson(PAYMENT_OPS, (b) => ({ ...b, psuMessage: long(600) })) },
  },
];
