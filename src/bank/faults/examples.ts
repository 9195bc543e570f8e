// The seam's first faults: one of each kind (a skipped check, a rule override, a response
// hook), registered in fault-registry.ts with the others.
import type { CheckName, Fault } from '../seam.ts';

/** Example faults proving the seam. */
export const EXAMPLE_FAULTS: readonly Fault[] = [
  {
    id: 'date-skew-ignored',
    description: 'Accepts any Date header, however far from server time.',
    clauses: ['limits.date-skew'],
    hooks: { skipChecks: new Set<CheckName>(['date']) },
  },
  {
    id: 'basket-size-11',
    description: 'Accepts signing baskets of 11 payments.',
    clauses: ['limits.basket-size'],
    rules: { basketMaxPayments: 11 },
  },
  {
    id: 'no-psu-allowance-unlimited',
    description: 'Never answers 429 to calls without PSU present.',
    clauses: ['limits.calls-without-psu'],
    rules: { callsWithoutPsu: Number.MAX_SAFE_INTEGER },
  },
  {
    id: 'html-error-pages',
    description: 'Answers errors with an HTML page instead of the JSON error body.',
    clauses: ['fields.error-body'],
    hooks: {
      transformResponse: (reply) =>
        reply.status >= 400
          ? {
              status: reply.status,
              headers: { 'content-type': 'text/html' },
              raw: `<html><body><h1>Error ${reply.status}</h1></body></html>`,
            }
          : reply,
    },
  },
  {
    id: 'connection-reset-on-payments',
    description: 'Resets the connection instead of answering payment creation.',
    clauses: ['errors.SYSTEM_ERROR'],
    hooks: { transformResponse: (reply, ctx) => (ctx.route?.op === 'initiate-payment' ? { destroy: true } : reply) },
  },
];

/** An example fault by id (tests pass fault objects as well as ids to startBank). */
export function exampleFault(id: string): Fault {
  const f = EXAMPLE_FAULTS.find((x) => x.id === id);
  if (!f)
    throw new Error(
      `unknown example fault ${JSON.stringify(id)}; known: ${EXAMPLE_FAULTS.map((x) => x.id).join(', ')}`,
    );
  return f;
}
