// A verdict that came too late to count. The target reads a request's Date some time after it was
// written; an operator whose Date lies near the edge of the target's window says how long that may
// be with a verdict against its `expect` still certain (MutationOperator.slackMs). An answer against
// `expect` that took longer may be the doing of the time, not of the target's rule: the request is
// signed and sent again, its Date moved out by twice the time the last try took
// (OperatorContext.transitMs), at most LATE_TRIES times; still late, the case is not judged (a
// scenario is inconclusive, a fuzz case discarded), never failed. The Gherkin rows (src/suite) and
// the fuzzer (src/fuzz) both judge with this.
import { signatureOutcome, type OracleAnswer } from '../signature-oracle.ts';
import type { MutationOperator } from './types.ts';

/** How often a request is sent whose verdict came too late to count. */
export const LATE_TRIES = 3;
/** The most a Date is moved out for the transit: far inside the window's other edge. */
export const MAX_TRANSIT_MS = 30_000;

/**
 * Whether `answer`, to the request of `op` with choice `value` and its Date moved out by `transitMs`, came too late to
 * count: its verdict is the one `op` does not expect and it took `tookMs` (signing to answer), more than the operator's
 * slack. An answer that is neither acceptance nor rejection, or no answer, is never late.
 */
export function lateVerdict(
  op: MutationOperator,
  value: unknown,
  answer: OracleAnswer,
  tookMs: number,
  transitMs: number,
  rejectStatuses?: readonly number[],
): boolean {
  if (!op.slackMs) return false;
  const contrary = op.expect === 'accept' ? 'rejected' : 'accepted';
  if (signatureOutcome(answer, rejectStatuses) !== contrary) return false;
  return tookMs > op.slackMs(value, transitMs);
}

/** The transit the next try allows for, after a late answer that took `tookMs`. */
export const nextTransitMs = (tookMs: number): number => Math.min(MAX_TRANSIT_MS, 2 * tookMs);
