// Signing baskets (§ States > Signing basket status, § Limits): size, the mix rule, the members.
// The property fault basket-best-case breaks the worst-case rule; the seam's basket-size-11 the upper size.
import { acceptErrors, dropVerbs, mapJson, onOps, skip, type AreaFault } from './support.ts';

const features = ['signing-baskets'];
const OP = ['create-signing-basket'];

const createdBasket = () => {
  const id = `fault-${Date.now().toString(36)}`;
  return {
    status: 201,
    body: {
      basketId: id,
      transactionStatus: 'RCVD',
      _links: { self: { href: `/v1/signing-baskets/${id}`, verbs: ['GET', 'DELETE'] } },
    },
  };
};

export const BASKET_FAULTS: readonly AreaFault[] = [
  {
    id: 'basket-size-9',
    area: 'baskets',
    features,
    description: 'Refuses a signing basket of 10 payments (holds at most 9).',
    clauses: ['limits.basket-size', 'endpoints.create-signing-basket.at-most-10-ids'],
    rules: { basketMaxPayments: 9 },
  },
  {
    id: 'basket-mix-allowed',
    area: 'baskets',
    features,
    description: 'Puts bulk and periodic payments in a signing basket.',
    clauses: ['states.basket-no-bulk-or-periodic', 'errors.REFERENCE_MIX_INVALID'],
    hooks: skip('basket-mix'),
  },
  {
    id: 'basket-unknown-payment-accepted',
    area: 'baskets',
    features,
    description: 'Creates a signing basket of payment ids that were never created.',
    clauses: ['endpoints.create-signing-basket.payments-created-first'],
    hooks: { transformResponse: onOps(OP, (reply) => (reply.status === 404 ? createdBasket() : reply)) },
  },
  {
    id: 'basket-empty-accepted',
    area: 'baskets',
    features,
    description: 'Creates a signing basket of no payments (paymentIds must hold at least one).',
    clauses: ['fields.signing-basket-request.paymentIds.min-items'],
    hooks: { transformResponse: acceptErrors(OP, /paymentIds: must NOT have fewer than 1 items/, createdBasket) },
  },
  {
    id: 'basket-without-payment-ids-accepted',
    area: 'baskets',
    replay: 'clauses',
    description: 'Creates a signing basket from a body without paymentIds (the required field is not checked).',
    clauses: ['fields.signing-basket-request.paymentIds'],
    hooks: { transformResponse: acceptErrors(OP, /must have required property 'paymentIds'/, createdBasket) },
  },
  {
    id: 'basket-links-without-verbs',
    area: 'baskets',
    replay: 'clauses',
    description: 'Answers a created signing basket with links that have no verbs (required in basket responses).',
    clauses: ['fields.signing-basket-response._links', 'fields.link.verbs'],
    hooks: { transformResponse: mapJson(OP, dropVerbs) },
  },
  {
    id: 'basket-status-frozen',
    area: 'baskets',
    replay: 'clauses',
    description:
      'Keeps the status a signing basket had at creation (RCVD) whatever happens to its payments, instead of their worst case.',
    clauses: ['states.basket-worst-case'],
    hooks: {
      transformResponse: mapJson(['get-signing-basket', 'get-signing-basket-status'], (b) => ({
        ...b,
        transactionStatus: 'RCVD',
      })),
    },
  },
];
