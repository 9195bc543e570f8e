// The PSU sessions a worker keeps between its scenarios, and the rules for keeping them, as one small
// explicit state machine. Spec § Authentication: the psu-id is stable and goes in PSU-ID on every later
// request for that PSU; § States: SCA within a TPP-Session-ID lasts up to an hour. So a worker reuses
// the session of its PSU's last completed SCA instead of a new SCA each scenario, and drops one the
// bank no longer accepts. Per worker slot and run, never shared across PSUs or runs.
//
// States of one key (run, TPP identity, context, PSU): none → kept (an SCA of the worker's own kind
// completed) → none (forgotten: refused by the bank, or the sandbox changed under it). The rules:
// - a scenario tries the kept session only when it may reuse one and has not moved the target's clock
//   (its requests carry the moved Date: an SCA made at the real time would look stale or future);
// - an SCA becomes the kept one only when the scenario acts as the worker's own PSU and TPP, under the
//   real clock, and the redirect completed with a psu-id, the TPP-Session-ID and the context asked for
//   (in CORPORATE also the psu-corporate-id, unless the scenario picked another agreement than the
//   worker's): the bank keeps one session per TPP and PSU, so that SCA replaced the kept one.
import type { PsuContext as Context } from '../spec/codes.ts';

export interface KeptSession {
  psuId: string;
  psuCorporateId?: string;
  tppSessionId: string;
}

/** What a scenario is allowed to do with the worker's kept session. */
export interface KeepPolicy {
  /**
   * The scenario may reuse (and keep) the worker's session: false once it changed the bank's data, in @fresh-sca and
   * @alone scenarios, as another TPP making its own SCA.
   */
  reuse: boolean;
  /**
   * The scenario acts for the worker's PSU as the main TPP: its own SCA replaces the kept session (the bank keeps one
   * per TPP and PSU).
   */
  keepsOwn: boolean;
  /** Seconds the scenario has moved the target's clock. */
  clockOffsetSeconds: number;
}

/** A completed (or not) SCA's redirect, as the keeping rule reads it. */
export interface ScaOutcomeForKeeping {
  completed: boolean;
  params: Record<string, string | undefined>;
}

export class KeptSessions {
  private readonly byKey = new Map<string, KeptSession>();

  /** The kept session to try first, if the policy allows reuse and the clock is the bank's own. */
  candidate(key: string, policy: KeepPolicy): KeptSession | undefined {
    return policy.reuse && !policy.clockOffsetSeconds ? this.byKey.get(key) : undefined;
  }

  /** Whether an SCA this scenario makes would become the kept one. */
  static keepsSca(policy: Pick<KeepPolicy, 'keepsOwn' | 'clockOffsetSeconds'>): boolean {
    return policy.keepsOwn && !policy.clockOffsetSeconds;
  }

  /**
   * After an SCA of the scenario: keeps it when the rule above holds. `picked`: the scenario chose a
   * corporate id of its own (not the worker's session); `otherPsu`: it logged in as another PSU.
   */
  afterSca(
    key: string,
    policy: KeepPolicy,
    context: Context,
    outcome: ScaOutcomeForKeeping,
    opts: { picked?: boolean; otherPsu?: boolean } = {},
  ): boolean {
    const { 'psu-id': psuId, 'tpp-session-id': tppSessionId, 'psu-corporate-id': psuCorporateId } = outcome.params;
    const complete = outcome.completed && !!psuId && !!tppSessionId && outcome.params.context === context;
    const corporateOk = context === 'PRIVATE' || (!!psuCorporateId && !opts.picked);
    if (!complete || !corporateOk || opts.otherPsu || !KeptSessions.keepsSca(policy)) return false;
    this.byKey.set(key, {
      psuId: psuId!,
      psuCorporateId: context === 'CORPORATE' ? psuCorporateId : undefined,
      tppSessionId: tppSessionId!,
    });
    return true;
  }

  /** After the account list answered 200 with a session the scenario obtained: kept if the policy keeps its own. */
  afterAccess(key: string, policy: KeepPolicy, session: Partial<KeptSession>): boolean {
    if (!KeptSessions.keepsSca(policy) || !session.psuId || !session.tppSessionId) return false;
    this.byKey.set(key, {
      psuId: session.psuId,
      psuCorporateId: session.psuCorporateId,
      tppSessionId: session.tppSessionId,
    });
    return true;
  }

  get(key: string): KeptSession | undefined {
    return this.byKey.get(key);
  }

  /** The bank no longer accepts it (expired, replaced, revoked), or the sandbox changed under it. */
  forget(key: string): void {
    this.byKey.delete(key);
  }
}
