// Every negative check has its control. A scenario that expects a refusal also sends
// the same request without the violation, from the same state, and expects it accepted: without
// that, any unrelated refusal (a 400 for another reason, a bank that refuses everything) passes the
// check. The step that sends the violating request keeps, in the scenario's state, how to send the
// request without the violation (`keepControl`, `sendWithControl`), with the PSU of that moment; the
// one shared step "the same request without the violation is accepted" (steps/control_steps.ts)
// sends it and judges it (`expectControlAccepted`). The step comes after the refusal was checked, so
// a control that changes the bank's data (a payment, a basket) never disturbs the refusal, and a
// refused request changes nothing the control would see. test/suite/controls.spec.ts lists the
// negative scenarios of features/ without a control.
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import { describeResponse, fail, setupFail } from '../session/expect.ts';
import type { ScenarioSession } from '../session/session.ts';
import type { Acceptance } from '../session/state.ts';
import { LATE_TRIES, MAX_TRANSIT_MS, untilInTime } from '../tpp/tampering/index.ts';
import type { Tampering } from './tamper.ts';

/** The answer's scaRedirect link, when it has one. */
const hasScaRedirect = (ex: Exchange): boolean =>
  typeof (ex.response?.json as any)?._links?.scaRedirect?.href === 'string';

/** Whether a control's answer is an acceptance; undefined when it is. */
export function refusalOf(ex: Exchange, accepts: Acceptance): string | undefined {
  const s = ex.response?.status;
  if (s !== undefined && s >= 200 && s < 300) return undefined;
  if (s === 401 && accepts === 'served' && hasScaRedirect(ex)) return undefined;
  return describeResponse(ex);
}

/**
 * Keeps the control of the request the step is about to send (or has sent): `send` sends the same
 * request without the violation. It runs later with the PSU of this moment (the same PSU, session
 * and context), whatever later steps did to the session's PSU.
 */
export function keepControl(
  w: ScenarioSession,
  what: string,
  send: () => Promise<Exchange>,
  accepts: Acceptance = 'served',
): void {
  const psu = { ...w.psu };
  w.state.control = {
    what,
    accepts,
    send: async () => {
      const now = w.psu;
      w.psu = { ...psu };
      try {
        return await send();
      } finally {
        w.psu = now;
      }
    },
  };
}

/** Sends the violating request and keeps `control`, the same request without the violation. */
export async function sendWithControl(
  w: ScenarioSession,
  violating: RequestSpec,
  control: RequestSpec,
  what: string,
  accepts: Acceptance = 'served',
): Promise<Exchange> {
  keepControl(w, what, () => w.send(control), accepts);
  return w.send(violating);
}

/**
 * Sends the request spoiled by `t` (sendWithControl keeps the control), and sends it again, its Date moved out by twice
 * the time the last try took, while its verdict came too late to count (Tampering.late, src/tpp/tampering/timing.ts).
 * Still late after LATE_TRIES: the scenario is inconclusive (the target's time to answer, not its rule, may have
 * decided it), never failed.
 */
export async function sendTampered(
  w: ScenarioSession,
  t: Tampering,
  violating: RequestSpec,
  control: RequestSpec,
  what: string,
): Promise<Exchange> {
  const rejectStatuses = w.profile.signing.rejectStatuses;
  const {
    result: ex,
    late,
    took,
  } = await untilInTime(async (transitMs) => {
    // From before the request is built (and signed) to its answer.
    const started = Date.now();
    const ex = await sendWithControl(w, { ...violating, tamper: t.tamper(transitMs) }, control, what);
    const tookMs = Date.now() - started;
    return { result: ex, tookMs, late: t.late(ex, tookMs, transitMs, rejectStatuses) };
  });
  if (late)
    setupFail(
      `"${t.name}" got the verdict it should not have each of ${LATE_TRIES} times (last: status ${ex.response?.status}), but the requests took ${took.map((ms) => `${ms} ms`).join(', ')} from signing to answer, longer than its Date stays on its side of the target's window (the Date moved out by the time taken, up to ${MAX_TRANSIT_MS / 1000} s): the target's clock at arrival, not its rule, may have decided it`,
      undefined,
      t.clauses,
    );
  return ex;
}

/**
 * Sends the kept control and fails the scenario, naming its clauses, when the bank refuses it: the
 * refusal checked before is then not shown to be for the violation. A step of the scenario must have
 * kept a control; none kept is a defect of the suite, not of the bank.
 */
export async function expectControlAccepted(w: ScenarioSession): Promise<Exchange> {
  const control = w.state.control;
  if (!control)
    throw new Error(
      'no step of this scenario kept a control (the step that sends the violating request keeps one: src/suite/controls.ts)',
    );
  const ex = await control.send();
  const refused = refusalOf(ex, control.accepts);
  if (refused) {
    const wanted = control.accepts === 'served' ? '2xx, or 401 with a scaRedirect link' : '2xx';
    fail(
      `the refusal is not shown to be for the violation: the same request without it (${control.what}) was not accepted either (expected ${wanted}), so an unrelated refusal would pass the check: ${refused}`,
      w.scenarioClauses,
    );
  }
  return ex;
}

// ------------------------------------------------------------------ which scenarios need a control

/** The shared control step (steps/control_steps.ts). */
export const CONTROL_STEP = 'the same request without the violation is accepted';

/**
 * Controls written out in the scenario itself (error-codes.feature's style): the same operation
 * without the violation, sent in its own When step and expected accepted by one of these outcomes.
 * Anywhere in the scenario, they count for all its refusals; that the accepted request is the
 * refused one without its violation is for the scenario's author and reviewer to see.
 */
export const WRITTEN_CONTROLS: readonly string[] = [
  'the request is accepted',
  'each of those calls is accepted',
  'the payment and its status can be read',
];

/**
 * A step expects (or accepts) a refusal when its text says so: "refused" or "rejected" (not "not
 * rejected"), "refusal" or "refuses", a 4xx response status, "cannot be read", or "the answer is an
 * error body"; or when its data table answers a row "refused …".
 */
const REFUSAL_TEXT: readonly RegExp[] = [
  /(?<!\bnot )\b(refused|rejected)\b/,
  /\brefus(al|es)\b/,
  /\bresponse status is 4\d\d\b/,
  /\bcannot be read\b/,
  /^the answer is an error body\b/,
];

export interface StepLike {
  type: string;
  text: string;
  table?: string[][];
}

export function expectsRefusal(step: StepLike): boolean {
  if (REFUSAL_TEXT.some((re) => re.test(step.text))) return true;
  const [head, ...rows] = step.table ?? [];
  const col = head?.indexOf('answer') ?? -1;
  return col >= 0 && rows.some((r) => /^refused\b/.test(r[col] ?? ''));
}

/** A negative scenario: one of its steps expects a refusal. */
export const isNegative = (steps: readonly StepLike[]): boolean => steps.some(expectsRefusal);

/**
 * The refusal steps of a scenario left without a control: each must be followed, before the next
 * When block (an Action step after an Outcome), by the shared control step, unless the scenario
 * writes its control out (WRITTEN_CONTROLS).
 */
export function uncontrolledRefusals(steps: readonly StepLike[]): string[] {
  if (steps.some((s) => WRITTEN_CONTROLS.includes(s.text))) return [];
  const gaps: string[] = [];
  let pending: string[] = [];
  let prev = '';
  for (const s of steps) {
    if (s.type === 'Action' && prev === 'Outcome') {
      gaps.push(...pending);
      pending = [];
    }
    if (s.text === CONTROL_STEP) pending = [];
    else if (expectsRefusal(s)) pending.push(s.text);
    prev = s.type;
  }
  return [...gaps, ...pending];
}
