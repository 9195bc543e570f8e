// Named checks: what a Then step asserts, as a unit with an id and the clauses it proves, run on
// the scenario session and the exchange under test. A step binds a sentence to a check in a line
// or two; the check says what it wants and what it got in the shared failure shape
// (src/session/failure.ts), with the check's id as the failure's code.
import { ConformanceAssertionError } from '../../session/errors.ts';
import type { FailureDetail } from '../../session/failure.ts';
import type { ScenarioSession } from '../../session/session.ts';
import { clauseById } from '../../spec/clauses.ts';
import type { Exchange } from '../../tpp/client.ts';

/** What a failed check found: its title, and what came back against what was wanted. */
export interface Problem extends FailureDetail {
  title: string;
  /** Clauses beyond the check's own (a finer clause the problem breaks). */
  clauses?: string[];
}

export interface Check<A extends unknown[] = []> {
  /** Stable id, `<area>.<what>`: the failure's code and the check's name in reports. */
  readonly id: string;
  /** The clauses the check proves. */
  readonly clauses: readonly string[];
  /** Undefined when the exchange passes the check, else what is wrong. */
  run(
    session: ScenarioSession,
    exchange: Exchange | undefined,
    ...args: A
  ): Problem | undefined | Promise<Problem | undefined>;
}

const REGISTRY = new Map<string, Check<any>>();

/** Declares a check (ids are unique; unknown clause ids throw at load, so a typo cannot pass silently). */
export function defineCheck<A extends unknown[] = []>(c: Check<A>): Check<A> {
  if (REGISTRY.has(c.id)) throw new Error(`check ${c.id} is defined twice`);
  for (const id of c.clauses) clauseById(id);
  REGISTRY.set(c.id, c);
  return c;
}

/** Every check declared so far (the registry test loads the check modules first). */
export function allChecks(): Check<any>[] {
  return [...REGISTRY.values()];
}

/** Runs a check on an exchange (by default the session's last) and throws its problem as a failure. */
export async function runCheck<A extends unknown[]>(
  session: ScenarioSession,
  check: Check<A>,
  exchange: Exchange | undefined = session.last,
  ...args: A
): Promise<void> {
  const p = await check.run(session, exchange, ...args);
  if (!p) return;
  const clauses = [...check.clauses, ...(p.clauses ?? []).filter((c) => !check.clauses.includes(c))];
  throw new ConformanceAssertionError(
    p.title,
    clauses,
    { received: p.received, expected: p.expected, evidence: p.evidence },
    check.id,
  );
}

/** The check on the session's last exchange: the usual binding of a Then step. */
export function check<A extends unknown[]>(session: ScenarioSession, c: Check<A>, ...args: A): Promise<void> {
  return runCheck(session, c, session.last, ...args);
}
