// A verdict that came too late to count. The target reads a request's Date some time after it was
// written; an operator whose Date lies near the edge of the target's window says how long that may
// be with a verdict against its `expect` still certain (MutationOperator.slackMs). An answer against
// `expect` that took longer may be the doing of the time, not of the target's rule: the request is
// signed and sent again, its Date moved out by twice the time the last try took
// (OperatorContext.transitMs), at most LATE_TRIES times; still late, the case is not judged (a
// scenario is inconclusive, a fuzz case discarded), never failed. The Gherkin rows (src/suite) and
// the fuzzer (src/fuzz) both judge with this.
import { signatureOutcome, type OracleAnswer } from '../signature-oracle.ts';
import type { MutationOperator, Verdict } from './types.ts';

/** How often a request is sent whose verdict came too late to count. */
export const LATE_TRIES = 3;
/** The most a Date is moved out for the transit: far inside the window's other edge. */
export const MAX_TRANSIT_MS = 30_000;

/**
 * Whether `answer`, whose verdict should be `expect`, came too late to count: its verdict is the other one and it took
 * `tookMs` (signing to answer), more than `slackMs`. An answer that is neither acceptance nor rejection, or no answer,
 * is never late.
 */
export function lateAnswer(
  expect: Verdict,
  answer: OracleAnswer,
  tookMs: number,
  slackMs: number,
  rejectStatuses?: readonly number[],
): boolean {
  const contrary = expect === 'accept' ? 'rejected' : 'accepted';
  return signatureOutcome(answer, rejectStatuses) === contrary && tookMs > slackMs;
}

/**
 * Whether `answer`, to the request of `op` with choice `value` and its Date moved out by `transitMs`, came too late to
 * count (lateAnswer, with the operator's slack); never for an operator without one.
 */
export function lateVerdict(
  op: MutationOperator,
  value: unknown,
  answer: OracleAnswer,
  tookMs: number,
  transitMs: number,
  rejectStatuses?: readonly number[],
): boolean {
  return !!op.slackMs && lateAnswer(op.expect, answer, tookMs, op.slackMs(value, transitMs), rejectStatuses);
}

/** One try: its result, how long it took from signing to answer, whether its verdict came too late to count. */
export interface Try<T> {
  result: T;
  tookMs: number;
  late: boolean;
}

/**
 * Tries `attempt` with no transit, then, while its verdict came too late to count, again with the transit of twice the
 * time the last try took (at most MAX_TRANSIT_MS), LATE_TRIES times in all. The last try's result, whether it was
 * still late (the caller leaves it unjudged), and the time each try took.
 */
export async function untilInTime<T>(
  attempt: (transitMs: number) => Promise<Try<T>>,
): Promise<{ result: T; late: boolean; took: number[] }> {
  const took: number[] = [];
  for (let transitMs = 0; ;) {
    const t = await attempt(transitMs);
    took.push(t.tookMs);
    if (!t.late || took.length === LATE_TRIES) return { result: t.result, late: t.late, took };
    transitMs = Math.min(MAX_TRANSIT_MS, 2 * t.tookMs);
  }
}
