// Named ways to spoil a correctly signed request, as scenarios name them ("When the TPP reads the
// account list with "<tampering>""). Each name is a Gherkin row of one operator of the tampering
// catalogue (src/tpp/tampering), the catalogue the fuzzer runs: this file defines no tampering of its
// own (test/suite/tamper.spec.ts). Faults are data, not steps.
import type { RequestSpec } from '../tpp/client.ts';
import { gherkinTampering, operatorById, tamperAs } from '../tpp/tampering/index.ts';

export interface Tampering {
  name: string;
  /** The catalogue operator's id. */
  operator: string;
  clauses: string[];
  /** The RequestSpec hook that sends the request spoiled this way; `now` is the TPP's clock (ms). */
  tamper(now: number): NonNullable<RequestSpec['tamper']>;
}

/** The tampering a Gherkin row names; throws naming the known names. */
export function tampering(name: string): Tampering {
  const { operator, row } = gherkinTampering(name);
  return { name, operator: operator.id, clauses: operator.clauses, tamper: (now) => tamperAs(operator, { row }, now) };
}

/**
 * The RequestSpec hook of one catalogue operator with a fixed choice, for a step that spoils a request without a
 * Gherkin row.
 */
export function tamperWith(id: string, value: unknown = null, now = Date.now()): NonNullable<RequestSpec['tamper']> {
  return tamperAs(operatorById(id), { value }, now);
}
