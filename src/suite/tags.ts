// What a scenario's tags say: the clauses it checks, its level, its area, what it needs.
// Tags: @clause:<id> (one or more), @must | @should, @area:<name>, @op:<operation id>,
// needs: @sandbox @corporate @payments @sca @mutating @clock @card-accounts @baskets @bulk @periodic,
// and @production-safe for read-only checks within the allowance of calls without a PSU;
// @uses:<operation id> for an operation the spec names without a path (src/session/shapes.ts);
// @identity:<name> for another TPP of the profile's tpp.identities (second, aiOnly, piOnly);
// @role-checks for a rule the target keeps only where it checks PSD2 roles (production);
// @https for a transport rule (an https:// target); @client-cert for one about the TLS client certificate
// (the run presents one: tpp.tls.cert or .pfx);
// @alone for a scenario that runs with no other, before them (src/run/schedule.ts); @fresh-sca for
// one whose rule counts the time since its own SCA (it makes its PSU session at its start).
import type { Level } from '../spec/level.ts';

/** A scenario whose rule counts the time since its own SCA: it makes its PSU session at its start (the hooks). */
export const FRESH_SCA_TAG = '@fresh-sca';
/** A scenario that moves the target's clock (the run gives it the target to itself from its first move). */
export const CLOCK_TAG = '@clock';
/** A scenario that runs with no other, before all others. */
export const ALONE_TAG = '@alone';
/** The scenarios that act in the CORPORATE context (one group of the run's plan). */
export const CORPORATE_TAG = '@corporate';

export const NEEDS = [
  'sandbox',
  'corporate',
  'payments',
  'sca',
  'mutating',
  'clock',
  'card-accounts',
  'baskets',
  'bulk',
  'periodic',
  'role-checks',
  'https',
  'client-cert',
] as const;
export type Need = (typeof NEEDS)[number];

export interface ScenarioTags {
  clauses: string[];
  level: Level | undefined;
  area?: string;
  op?: string;
  /** Spec-silent operations the scenario needs (`@uses:`): not applicable where the profile says the bank has none. */
  uses: string[];
  /** Other TPP identities the scenario acts as (`@identity:`): not applicable where the profile names none. */
  identities: string[];
  needs: Set<Need>;
  productionSafe: boolean;
  all: string[];
}

export function readTags(tags: readonly string[]): ScenarioTags {
  const out: ScenarioTags = {
    clauses: [],
    level: undefined,
    uses: [],
    identities: [],
    needs: new Set(),
    productionSafe: false,
    all: [...tags],
  };
  for (const t of tags) {
    if (t.startsWith('@clause:')) out.clauses.push(t.slice(8));
    else if (t === '@must' || t === '@should') out.level = t.slice(1) as Level;
    else if (t.startsWith('@area:')) out.area = t.slice(6);
    else if (t.startsWith('@op:')) out.op = t.slice(4);
    else if (t.startsWith('@uses:')) out.uses.push(t.slice(6));
    else if (t.startsWith('@identity:')) out.identities.push(t.slice(10));
    else if (t === '@production-safe') out.productionSafe = true;
    else if ((NEEDS as readonly string[]).includes(t.slice(1))) out.needs.add(t.slice(1) as Need);
  }
  return out;
}
