// Payment states that are stated (§ States > Payment status): the PDNG delete, fundsAvailable,
// norwegian-domestic details hidden before approval.
import { dropVerbs, mapJson, onOps, type AreaFault } from './support.ts';

const features = ['payment-status'];

export const PAYMENT_STATE_FAULTS: readonly AreaFault[] = [
  {
    id: 'pdng-delete-allowed',
    area: 'payment-states',
    features,
    description: 'Deletes a payment whose status is PDNG (answers 204).',
    clauses: ['states.payment-delete-pending'],
    hooks: {
      transformResponse: onOps(['cancel-payment'], (reply) =>
        reply.status === 409 && /is PDNG/.test(String((reply.body as any)?.message)) ? { status: 204 } : reply,
      ),
    },
  },
  {
    id: 'pdng-delete-terse',
    area: 'payment-states',
    features,
    description: 'Refuses to delete a PDNG payment with a bare error, without a descriptive message.',
    clauses: ['states.payment-delete-pending'],
    hooks: {
      transformResponse: onOps(['cancel-payment'], (reply) => {
        const b = reply.body as any;
        if (reply.status !== 409 || !/is PDNG/.test(String(b?.message))) return reply;
        return { ...reply, body: { id: b.id, system: b.system, status: b.status, code: b.code } };
      }),
    },
  },
  {
    id: 'funds-available-missing',
    area: 'payment-states',
    features,
    description: 'Leaves fundsAvailable out of the payment status response.',
    clauses: [
      'states.payment-status-funds-available',
      'fields.payment-status-response.fundsAvailable',
      'releases.funds-available',
    ],
    hooks: { transformResponse: mapJson(['get-payment-status'], ({ fundsAvailable: _f, ...rest }) => rest) },
  },
  {
    id: 'funds-available-always-true',
    area: 'payment-states',
    features,
    description: 'Says fundsAvailable true even for a payment rejected for lack of funds.',
    clauses: ['states.payment-status-funds-available'],
    hooks: { transformResponse: mapJson(['get-payment-status'], (b) => ({ ...b, fundsAvailable: true })) },
  },
  {
    id: 'domestic-visible-before-approval',
    area: 'payment-states',
    features,
    description:
      'Serves the details and status of a domestic-norway-credit-transfers payment before the PSU approves it.',
    clauses: ['states.payment-norwegian-domestic-after-approval'],
    rules: { hiddenBeforeApproval: [] },
  },
  {
    id: 'start-authorisation-link-without-verbs',
    area: 'payment-states',
    replay: 'clauses',
    description: 'Answers the startAuthorisation POST with a scaRedirect link that has no verbs.',
    clauses: ['endpoints.start-payment-authorisation', 'fields.link.verbs'],
    hooks: { transformResponse: mapJson(['start-payment-authorisation'], dropVerbs) },
  },
];
