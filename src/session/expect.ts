// Assertions for scenarios. A failure names what was expected, what came back, and the clause,
// so the report traces it to the spec. Evidence (request, response, curl) is attached by a hook.
import { workerState } from './worker-state.ts';
import { ConformanceAssertionError, NotApplicable, SetupFailure } from './errors.ts';
import type { FailureDetail } from './failure.ts';
import { checkErrorBody, validate, type ValidationResult } from '../spec/validate.ts';
import type { SchemaName } from '../spec/schemas/index.ts';
import type { Exchange } from '../tpp/client.ts';

export function describeResponse(ex: Exchange | undefined): string {
  if (!ex) return 'no request was sent';
  if (ex.error)
    return `${ex.request.method} ${ex.request.target} got no response: ${ex.error.code}: ${ex.error.message}`;
  const r = ex.response!;
  const body = r.text.length > 400 ? r.text.slice(0, 400) + '…' : r.text;
  return `${ex.request.method} ${ex.request.target} answered ${r.status}${r.jsonError ? ` (${r.jsonError})` : ''}: ${body || '(empty body)'}`;
}

/** The response must exist (no timeout, reset, refusal): the first thing any check needs. */
export function responseOf(ex: Exchange | undefined, clauses: string[] = []): NonNullable<Exchange['response']> {
  if (!ex?.response) throw new ConformanceAssertionError(describeResponse(ex), clauses);
  return ex.response;
}

export function jsonOf(ex: Exchange | undefined, clauses: string[] = []): any {
  const r = responseOf(ex, clauses);
  if (r.json === undefined)
    throw new ConformanceAssertionError(`expected a JSON body, but ${describeResponse(ex)}`, [
      'conventions.json-utf8',
      ...clauses,
    ]);
  return r.json;
}

export function expectStatus(ex: Exchange | undefined, allowed: number[], clauses: string[] = []): void {
  const r = responseOf(ex, clauses);
  if (!allowed.includes(r.status))
    throw new ConformanceAssertionError(
      `expected status ${allowed.join(' or ')}, but ${describeResponse(ex)}`,
      clauses,
      { expected: allowed.length === 1 ? allowed[0] : allowed, received: r.status },
    );
}

export function expectSchema(value: unknown, schema: SchemaName, what: string, clauses: string[] = []): void {
  expectValid(validate(schema, value), schema, what, clauses);
}

/** Fails with what a schema validation found, naming the clauses its errors break. */
function expectValid(v: ValidationResult, schema: SchemaName, what: string, clauses: string[]): void {
  if (!v.ok) {
    const errs = v.errors.slice(0, 6).map((e) => `${e.path || '/'} ${e.message}${e.clause ? ` [${e.clause}]` : ''}`);
    const extra = [...new Set(v.errors.map((e) => e.clause).filter((c): c is string => !!c))];
    throw new ConformanceAssertionError(`${what} does not match the spec's ${schema}: ${errs.join('; ')}`, [
      ...clauses,
      ...extra.filter((c) => !clauses.includes(c)),
    ]);
  }
}

/** The spec's error body (Resources > Error body) with the status and, when given, the code. */
export function expectErrorBody(
  ex: Exchange | undefined,
  status: number,
  code: string | undefined,
  clauses: string[] = [],
): void {
  expectStatus(ex, [status], clauses);
  const body = jsonOf(ex, clauses);
  const check = checkErrorBody(body, status);
  expectValid(check.schema, 'error-body', 'the error body', ['fields.error-body', ...clauses]);
  if (!check.statusMatches)
    throw new ConformanceAssertionError(
      `error body says status ${JSON.stringify(check.status)} but the HTTP status is ${status}`,
      ['fields.error-body.status', ...clauses],
    );
  if (code !== undefined && body.code !== code)
    throw new ConformanceAssertionError(`expected error code ${code}, but ${describeResponse(ex)}`, clauses, {
      expected: code,
      received: body.code,
    });
}

export function fail(message: string, clauses: string[] = [], detail: FailureDetail = {}): never {
  throw new ConformanceAssertionError(message, clauses, detail);
}

export function notApplicable(reason: string): never {
  throw new NotApplicable(reason);
}

// ------------------------------------------------------------------ set-ups that could not be made

const SETUP_RE = /^the set-up(?: \(@op:([^)\s]+)\))? could not be made: ([\s\S]*)$/;

/** The reason and operation of a SetupFailure's message (cucumber passes on the error's type and message only). */
export function parseSetupFailure(message: string | undefined): { reason: string; operation?: string } | undefined {
  const m = message === undefined ? null : SETUP_RE.exec(message);
  if (!m) return undefined;
  return { operation: m[1], reason: m[2].split('\n  clause ')[0] };
}

/**
 * A set-up whose success is itself part of what the scenario checks (the sandbox takes an account
 * name of 70 characters, which longer-names allows): a SetupFailure there is a failure of `clauses`.
 */
export async function checkedSetup<T>(make: () => Promise<T>, what: string, clauses: string[]): Promise<T> {
  try {
    return await make();
  } catch (e) {
    if (e instanceof SetupFailure) fail(`${what}: ${e.reason}`, clauses);
    throw e;
  }
}

/**
 * The `@op:` and `@clause:` tags of the scenario running in each worker (one at a time per worker; a process may run
 * several workers); the Before hook sets them.
 */
export function setScenarioOperation(op: string | undefined, clauses: readonly string[] = []): void {
  workerState().scenario = { op, clauses: new Set(clauses) };
}

/**
 * A later step takes what an earlier step produced (the redirect's psu-id, its psu-corporate-id) and
 * `take` checks it is there. Where the producing step's rule is one of the scenario's own clauses, a
 * missing or malformed value fails the scenario; elsewhere the scenario was left with nothing to work
 * on: its later clauses are untested, so it is inconclusive with the cause, and the scenarios that
 * check that rule carry the failure, once (no cascade).
 */
export function fromEarlierStep<T>(take: () => T): T {
  try {
    return take();
  } catch (e) {
    const claimed = workerState().scenario.clauses;
    if (e instanceof ConformanceAssertionError && !e.clauses.some((c) => claimed?.has(c))) {
      throw new SetupFailure(e.title, undefined, [...e.clauses]);
    }
    throw e;
  }
}

/**
 * The set-up could not be made. In the scenario of `operation` itself this is a failure of what it
 * tests (an assertion error, so Allure files it as a product defect like any other check); elsewhere
 * a SetupFailure, and the scenario is inconclusive.
 */
export function setupFail(message: string, operation: string | undefined, clauses: string[] = []): never {
  if (operation !== undefined && operation === workerState().scenario.op)
    throw new ConformanceAssertionError(`the set-up (@op:${operation}) could not be made: ${message}`, clauses);
  throw new SetupFailure(message, operation, clauses);
}
