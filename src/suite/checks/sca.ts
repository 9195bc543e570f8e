// Checks of the SCA redirect flow and SCA sessions (§ Authentication > PSU authentication, § Events,
// § States): what the scenario remembers across SCAs and TPP sessions.
import { jsonOf } from '../../session/expect.ts';
import { expectPsuId, redirectParams } from '../sca-checks.ts';
import { defineCheck } from './check.ts';

/** The PSU has a psu-id the TPP can remember (the SCA gave one). */
export const psuIdKnown = defineCheck({
  id: 'sca.psu-id-known',
  clauses: ['events.success.psu-id'],
  run(s) {
    if (!s.psu.psuId) return { title: 'no psu-id to remember' };
    return undefined;
  },
});

/** The last SCA's redirect carries the psu-id remembered from an earlier SCA of the same PSU (`rememberedPsuId`). */
export const psuIdStable = defineCheck({
  id: 'sca.psu-id-stable',
  clauses: ['sca.psu-id-reused', 'events.success.psu-id'],
  run(s) {
    const now = expectPsuId(redirectParams(s.lastSca));
    const before = s.state.rememberedPsuId;
    if (now !== before)
      return {
        title: `the second SCA of the same PSU gave psu-id ${now}, the first ${before}: the psu-id is not stable`,
        expected: before,
        received: now,
      };
    return undefined;
  },
});

/**
 * The account list (a CORPORATE one) holds none of the accounts remembered from the PSU's PRIVATE list
 * (`rememberedAccounts`), by resourceId, iban or bban.
 */
export const contextsDisjoint = defineCheck({
  id: 'sca.contexts-disjoint',
  clauses: ['conventions.psu-contexts'],
  run(s, ex) {
    const ids = (a: any) => [a?.resourceId, a?.iban, a?.bban].filter((x): x is string => typeof x === 'string');
    const before = new Set((s.state.rememberedAccounts ?? []).flatMap(ids));
    const shared = ((jsonOf(ex)?.accounts as unknown[]) ?? []).flatMap(ids).filter((x) => before.has(x));
    if (shared.length)
      return {
        title: `the CORPORATE account list holds the PSU's PRIVATE accounts ${shared.join(', ')}`,
        expected: 'none of the PRIVATE accounts',
        received: shared,
      };
    return undefined;
  },
});

/** The scenario kept the TPP-Session-ID of its first TPP session (`firstSessionId`), so it can return to it. */
export const firstSessionKept = defineCheck({
  id: 'sca.first-session-kept',
  clauses: ['sca.session'],
  run(s) {
    if (!s.state.firstSessionId) return { title: 'the scenario never started a second TPP session' };
    return undefined;
  },
});
