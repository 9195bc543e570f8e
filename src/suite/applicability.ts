// "Not applicable is not skipped": a scenario whose needs the target's profile does not declare is
// reported as not applicable, with the reason.
import { psuOf, type Profile } from '../session/profile.ts';
import { operation } from '../session/shapes.ts';
import { DETAILED_OPERATIONS, OTHER_OPERATIONS } from '../spec/operations.ts';

const SANDBOX_ONLY = new Set(
  [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS].filter((o) => o.sandboxOnly).map((o) => o.id),
);
import type { ScenarioTags } from './tags.ts';
import { ALONE_TAG } from './tags.ts';

export interface RunMode {
  allowPayments: boolean;
  /** The run may move the target's clock (embedded bank in test mode, or a declared clockControl). */
  hasClock: boolean;
  /**
   * The target checks the PSD2 roles of the TPP's certificate (production, a sandbox that says so, the embedded bank).
   */
  checksRoles?: boolean;
  /**
   * One shard of a run split over runners, against a target the other shards use at the same time (not each its
   * embedded bank).
   */
  sharedShard?: boolean;
  /** The target is an https:// URL. */
  https?: boolean;
  /** The run presents a TLS client certificate (tpp.tls.cert or .pfx; the TEST-ONLY QWAC with run --tls). */
  clientCert?: boolean;
}

const IDENTITY_WHAT: Record<string, string> = {
  second: 'a second TPP',
  aiOnly: 'a TPP registered for account information only (PSP_AI)',
  piOnly: 'a TPP registered for payment initiation only (PSP_PI)',
};

export function notApplicable(t: ScenarioTags, p: Profile, mode: RunMode): string | undefined {
  const c = p.capabilities;
  if (p.environment === 'production') {
    if (!t.productionSafe && !(mode.allowPayments && t.needs.has('payments')))
      return 'production environment: only @production-safe scenarios run (and payments with --allow-payments)';
    if (t.needs.has('sandbox')) return 'production environment: sandbox operations do not exist there';
  }
  if (t.needs.has('sandbox') && !c.sandbox)
    return 'the profile does not declare sandbox mock-data operations (capabilities.sandbox)';
  // A scenario about a sandbox-only operation (its @op) checks its presence in a sandbox and its absence in production:
  // in a sandbox that declares none, not applicable.
  if (!c.sandbox && p.environment !== 'production' && t.op && SANDBOX_ONLY.has(t.op))
    return `the scenario is about the sandbox operation ${t.op} and the profile declares no sandbox mock-data operations (capabilities.sandbox)`;
  if (t.needs.has('corporate') && !c.corporate)
    return 'the profile does not declare corporate PSUs (capabilities.corporate)';
  if (t.needs.has('card-accounts') && !c.cardAccounts)
    return 'the profile does not declare card accounts (capabilities.cardAccounts)';
  if (t.needs.has('baskets') && !c.baskets)
    return 'the profile does not declare signing baskets (capabilities.baskets)';
  if (t.needs.has('bulk') && !c.bulk) return 'the profile does not declare bulk payments (capabilities.bulk)';
  if (t.needs.has('periodic') && !c.periodic)
    return 'the profile does not declare periodic payments (capabilities.periodic)';
  if (t.needs.has('clock') && !mode.hasClock)
    return 'the rule is about time and the profile declares no clock-control operation (clockControl)';
  // Such a scenario runs with no other beside it (schedule.ts); the other shards' runners cannot be held.
  if (mode.sharedShard && (t.needs.has('clock') || t.all.includes(ALONE_TAG)))
    return "the scenario moves the target's clock or wipes its sandbox, with no other scenario beside it, and the other shards of the run use the same target at the same time: run it unsharded";
  for (const id of t.identities) {
    if (!(p.tpp.identities as Record<string, unknown>)[id])
      return `the scenario acts as ${IDENTITY_WHAT[id] ?? `the TPP identity ${id}`} and the profile names none (tpp.identities.${id})`;
  }
  if (t.needs.has('role-checks') && !mode.checksRoles && p.environment !== 'production' && !c.roleChecks)
    return "the spec has the PSD2 roles checked in production; the profile's environment is a sandbox that does not declare it checks them (capabilities.roleChecks)";
  if (t.needs.has('https') && !mode.https)
    return 'the target is reached over plain HTTP: the transport rules are about TLS (an https:// target; the embedded bank with run --tls)';
  if (t.needs.has('client-cert') && !mode.clientCert)
    return 'the run presents no TLS client certificate (tpp.tls.cert or tpp.tls.pfx): the target is taken not to demand one';
  for (const op of t.uses)
    if (!operation(p, op))
      return `the profile says the bank offers no ${op} operation (operations.${op}: null); the spec does not name one`;
  if (t.needs.has('sca') && p.sca.driver === 'preset')
    return 'the scenario performs an SCA and the profile uses the preset driver';
  if (t.needs.has('corporate') && p.sca.driver === 'preset' && !psuOf(p, 'CORPORATE').psuId)
    return 'no corporate PSU: preset driver without psu.corporate.psuId';
  return undefined;
}
