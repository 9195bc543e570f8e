// The session package's error classes, each with a stable code (`SESSION_ERR_…`, unique across the
// project: test/spec/error-codes.spec.ts) and its own name (cucumber reports an error's class name
// as its type: results.ts and the hooks read 'SetupFailure'; report.ts matches the names of failed
// checks).
//
// `Failure` is the one failure shape's class (failure.ts): every failure class of the project extends
// it, and its code is the failure's: the class's own, or the id of the named check that failed
// (src/suite/checks/check.ts runCheck).
import {
  failureMessage,
  parseFailureMessage,
  type FailureDetail,
  type FailureEvidence,
  type FailureShape,
} from './failure.ts';

/** The base of every failure class: the shape's fields, and a message that carries them (failure.ts failureMessage). */
export abstract class Failure extends Error implements FailureShape {
  override name = 'Failure';
  readonly title: string;
  readonly clauses: readonly string[];
  readonly received?: unknown;
  readonly expected?: unknown;
  readonly evidence?: readonly FailureEvidence[];

  constructor(
    readonly code: string,
    title: string,
    clauses: readonly string[] = [],
    detail: FailureDetail = {},
    message?: string,
  ) {
    super(message ?? failureMessage({ title, clauses, received: detail.received, expected: detail.expected }));
    this.title = title;
    this.clauses = clauses;
    if (detail.received !== undefined) this.received = detail.received;
    if (detail.expected !== undefined) this.expected = detail.expected;
    if (detail.evidence?.length) this.evidence = detail.evidence;
  }
}

/** Any thrown value as the shape: a Failure as it is, anything else as an unclassified error. */
export function shapeOf(e: unknown): FailureShape {
  if (e instanceof Failure) {
    const { code, title, received, expected, clauses, evidence } = e;
    return {
      code,
      title,
      clauses: [...clauses],
      ...(received !== undefined ? { received } : {}),
      ...(expected !== undefined ? { expected } : {}),
      ...(evidence ? { evidence: [...evidence] } : {}),
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  const parsed = parseFailureMessage(message);
  return { code: 'ERROR', title: parsed.title, clauses: parsed.clauses };
}

// The class name says "Assertion" on purpose: Allure files assertion errors as product defects
// (failed) and any other error as a test defect (broken).
/** A check's failure (expect.ts): its code is SESSION_ERR_CHECK_FAILED, or the named check's id. */
export class ConformanceAssertionError extends Failure {
  override name = 'ConformanceAssertionError';
  constructor(message: string, clauses: string[] = [], detail: FailureDetail = {}, code = 'SESSION_ERR_CHECK_FAILED') {
    super(code, message, clauses, detail);
  }
}

export { ConformanceAssertionError as CheckFailure };

/**
 * A set-up the scenario needs could not be made on the target by the means the profile declares (the
 * PSU's accounts, a sandbox account, a payment to work on …). The scenario did not test its clauses,
 * so it ends inconclusive (results.ts), unless `operation` (an `@op:` id) is the scenario's own: that
 * scenario carries the failure. Not an assertion error on purpose: Allure files it as broken.
 * `operation` is undefined when no operation is at fault (the PSU simply has no accounts). Its
 * message is read back by expect.ts parseSetupFailure.
 */
export class SetupFailure extends Failure {
  override name = 'SetupFailure';
  constructor(
    readonly reason: string,
    readonly operation: string | undefined,
    clauses: string[] = [],
  ) {
    super(
      'SESSION_ERR_SETUP_FAILED',
      `the set-up${operation ? ` (@op:${operation})` : ''} could not be made: ${reason}`,
      clauses,
    );
  }
}

/**
 * The scenario needs what the profile says the bank does not have (a product, a service): not applicable, with the
 * reason.
 */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
  readonly code = 'SESSION_ERR_NOT_APPLICABLE';
}

/** A profile that cannot be used (profile.ts loadProfile, completeProfile): the message names the key at fault. */
export class ProfileError extends Error {
  override name = 'ProfileError';
  readonly code = 'SESSION_ERR_PROFILE';
}

/** A value the answer must hold is not at any of the profile key's pointers (shapes.ts): the message names the key. */
export class ShapeMiss extends Error {
  override name = 'ShapeMiss';
  readonly code = 'SESSION_ERR_SHAPE_MISS';
}

/** Production mode: a call without a PSU present would exceed the spec's allowance (allowance.ts); not sent. */
export class AllowanceExceeded extends Error {
  override name = 'AllowanceExceeded';
  readonly code = 'SESSION_ERR_ALLOWANCE';
}

/** Thrown before a request once the run must stop: the scenario it belongs to is reported as not run. */
export class RunStopped extends Error {
  override name = 'RunStopped';
  readonly code = 'SESSION_ERR_RUN_STOPPED';
}

/** A Chrome DevTools Protocol command that failed, got no answer in time, or met a closed browser (sca/cdp.ts). */
export class CdpError extends Error {
  override name = 'CdpError';
  readonly code = 'SESSION_ERR_CDP';
}
