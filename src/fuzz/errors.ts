// The fuzzer's and the stateful model's error classes, each with a stable code (`FUZZ_ERR_…`, unique
// across the project: test/spec/error-codes.spec.ts) and its own name. The verdicts among them
// (a wrong answer, a model violation) are failures in the shared shape (src/session/failure.ts).
import type { Level } from '../spec/level.ts';
import { Failure } from '../session/errors.ts';
import type { FailureDetail } from '../session/failure.ts';

/** The target could not be reached. */
export class TargetUnreachable extends Error {
  override name = 'TargetUnreachable';
  readonly code = 'FUZZ_ERR_UNREACHABLE';
}

/** The valid signed request was not accepted (runner.ts preflight): no mutation of it can be judged. */
export class BaseRequestRefused extends Error {
  override name = 'BaseRequestRefused';
  readonly code = 'FUZZ_ERR_BASE_REFUSED';
}

/** A property's wrong answer in the shared failure shape (checks.ts): what the oracle wanted against what came back. */
export class WrongAnswer extends Failure {
  override name = 'WrongAnswer';
  constructor(message: string, detail: FailureDetail = {}, clauses: readonly string[] = []) {
    super('FUZZ_ERR_WRONG_ANSWER', message, clauses, detail, message);
  }
}

/**
 * The stateful model's violation in the shared failure shape (model/verdicts.ts); its message keeps the model's
 * `[level] [clause:…]` form.
 */
export class ModelViolation extends Failure {
  override name = 'ModelViolation';
  constructor(
    readonly level: Level,
    clauses: readonly string[],
    message: string,
    detail: FailureDetail = {},
  ) {
    super('FUZZ_ERR_MODEL_VIOLATION', message, clauses, detail, `[${level}] [clause:${clauses.join(',')}] ${message}`);
  }
}

/**
 * The stateful model's target could not be driven (no answer from a control operation, a broken fixture): not a
 * verdict.
 */
export class ModelSetupError extends Failure {
  override name = 'ModelSetupError';
  constructor(message: string) {
    super('FUZZ_ERR_MODEL_SETUP', message);
  }
}
