// Named ways to spoil a correctly signed request, as scenarios name them ("When the TPP reads the
// account list with "<tampering>""). Each name is a Gherkin row of one operator of the tampering
// catalogue (src/tpp/tampering), the catalogue the fuzzer runs: this file defines no tampering of its
// own (test/suite/tamper.spec.ts). Faults are data, not steps.
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import { gherkinTampering, lateVerdict, operatorById, tamperAs } from '../tpp/tampering/index.ts';

export interface Tampering {
  name: string;
  /** The catalogue operator's id. */
  operator: string;
  clauses: string[];
  /**
   * The RequestSpec hook that sends the request spoiled this way, its Date (for the operators that write one) moved
   * out by `transitMs` (OperatorContext.transitMs).
   */
  tamper(transitMs?: number): NonNullable<RequestSpec['tamper']>;
  /**
   * Whether the answer `ex` to the request sent with `transitMs`, `tookMs` from its signing, came too late to count:
   * its verdict is the one the operator does not expect, and it took longer than the operator's slack (a Date read
   * after it crossed the edge of the target's window), so the target's clock, not its rule, may have decided it.
   */
  late(ex: Exchange, tookMs: number, transitMs: number, rejectStatuses?: readonly number[]): boolean;
}

/** The tampering a Gherkin row names; throws naming the known names. */
export function tampering(name: string): Tampering {
  const { operator, row } = gherkinTampering(name);
  return {
    name,
    operator: operator.id,
    clauses: operator.clauses,
    tamper: (transitMs = 0) => tamperAs(operator, { row }, transitMs),
    late: (ex, tookMs, transitMs, rejectStatuses) =>
      'value' in row &&
      !!ex.response &&
      lateVerdict(
        operator,
        row.value,
        { status: ex.response.status, body: ex.response.text },
        tookMs,
        transitMs,
        rejectStatuses,
      ),
  };
}

/**
 * The RequestSpec hook of one catalogue operator with a fixed choice, for a step that spoils a request without a
 * Gherkin row.
 */
export function tamperWith(id: string, value: unknown = null): NonNullable<RequestSpec['tamper']> {
  return tamperAs(operatorById(id), { value });
}
