// The kept-session rules (src/session/kept-sessions.ts) on their own, with a fresh KeptSessions for each
// case. Each case names the fault that trips it.
import { describe, expect, it } from 'vitest';
import { KeptSessions, type KeepPolicy } from '../../src/session/kept-sessions.ts';
import { workerState } from '../../src/session/worker-state.ts';

const OWN: KeepPolicy = { reuse: true, keepsOwn: true, clockOffsetSeconds: 0 };
const done = (context: string, extra: Record<string, string> = {}) => ({
  completed: true,
  params: { 'psu-id': 'p1', 'tpp-session-id': 's1', context, ...extra },
});

describe('kept PSU sessions', () => {
  it('an own PRIVATE SCA under the real clock is kept and offered to the next scenario (fault: afterSca keeps nothing: a new SCA every scenario)', () => {
    const k = new KeptSessions();
    expect(k.afterSca('a', OWN, 'PRIVATE', done('PRIVATE'))).toBe(true);
    expect(k.candidate('a', OWN)).toEqual({ psuId: 'p1', psuCorporateId: undefined, tppSessionId: 's1' });
  });

  it("a scenario that moved the clock neither keeps its SCA nor reuses the kept one (fault: the clock offset ignored: an SCA at a moved time kept, its one-hour window then off the bank's)", () => {
    const k = new KeptSessions();
    const moved = { ...OWN, clockOffsetSeconds: 86_400 };
    expect(k.afterSca('a', moved, 'PRIVATE', done('PRIVATE'))).toBe(false);
    expect(k.get('a')).toBeUndefined();
    k.afterSca('a', OWN, 'PRIVATE', done('PRIVATE'));
    expect(k.candidate('a', moved)).toBeUndefined();
    expect(KeptSessions.keepsSca(moved)).toBe(false);
  });

  it("a scenario that may not reuse (it changed the bank's data, @fresh-sca) gets no candidate, but its own SCA still replaces the kept one (fault: reuse ignored; or keepsOwn tied to reuse)", () => {
    const k = new KeptSessions();
    k.afterSca('a', OWN, 'PRIVATE', done('PRIVATE'));
    const noReuse = { ...OWN, reuse: false };
    expect(k.candidate('a', noReuse)).toBeUndefined();
    expect(k.afterSca('a', noReuse, 'PRIVATE', done('PRIVATE', { 'psu-id': 'p2', 'tpp-session-id': 's2' }))).toBe(true);
    expect(k.get('a')?.psuId).toBe('p2');
  });

  it("another TPP's or another PSU's SCA is not kept (fault: keepsOwn or otherPsu ignored: a session of the wrong TPP or PSU reused)", () => {
    const k = new KeptSessions();
    expect(k.afterSca('a', { ...OWN, keepsOwn: false }, 'PRIVATE', done('PRIVATE'))).toBe(false);
    expect(k.afterSca('a', OWN, 'PRIVATE', done('PRIVATE'), { otherPsu: true })).toBe(false);
    expect(k.get('a')).toBeUndefined();
  });

  it('an incomplete SCA, one without psu-id or TPP-Session-ID, or of another context is not kept (fault: any redirect kept)', () => {
    const k = new KeptSessions();
    expect(k.afterSca('a', OWN, 'PRIVATE', { completed: false, params: {} })).toBe(false);
    expect(
      k.afterSca('a', OWN, 'PRIVATE', { completed: true, params: { 'tpp-session-id': 's1', context: 'PRIVATE' } }),
    ).toBe(false);
    expect(k.afterSca('a', OWN, 'PRIVATE', { completed: true, params: { 'psu-id': 'p1', context: 'PRIVATE' } })).toBe(
      false,
    );
    expect(k.afterSca('a', OWN, 'PRIVATE', done('CORPORATE'))).toBe(false);
    expect(k.get('a')).toBeUndefined();
  });

  it("CORPORATE: kept with its psu-corporate-id, not without one, nor when the scenario picked another agreement (fault: a picked corporate id kept as the worker's)", () => {
    const k = new KeptSessions();
    expect(k.afterSca('c', OWN, 'CORPORATE', done('CORPORATE'))).toBe(false);
    expect(k.afterSca('c', OWN, 'CORPORATE', done('CORPORATE', { 'psu-corporate-id': 'ag1' }), { picked: true })).toBe(
      false,
    );
    expect(k.afterSca('c', OWN, 'CORPORATE', done('CORPORATE', { 'psu-corporate-id': 'ag1' }))).toBe(true);
    expect(k.get('c')?.psuCorporateId).toBe('ag1');
  });

  it('a PRIVATE SCA keeps no corporate id; forget drops the session (fault: a stale session offered after the bank refused it)', () => {
    const k = new KeptSessions();
    k.afterSca('a', OWN, 'PRIVATE', done('PRIVATE', { 'psu-corporate-id': 'ag1' }));
    expect(k.get('a')?.psuCorporateId).toBeUndefined();
    k.forget('a');
    expect(k.candidate('a', OWN)).toBeUndefined();
  });

  it('afterAccess keeps the session that read the account list, under the same policy (fault: kept under a moved clock)', () => {
    const k = new KeptSessions();
    expect(k.afterAccess('a', { ...OWN, clockOffsetSeconds: 60 }, { psuId: 'p', tppSessionId: 's' })).toBe(false);
    expect(k.afterAccess('a', OWN, { psuId: 'p' })).toBe(false);
    expect(k.afterAccess('a', OWN, { psuId: 'p', tppSessionId: 's' })).toBe(true);
  });

  it('each worker slot has its own state (fault: one process-wide store: two worker slots of one process share a PSU session)', () => {
    workerState(901).kept.afterSca('a', OWN, 'PRIVATE', done('PRIVATE'));
    expect(workerState(902).kept.get('a')).toBeUndefined();
    expect(workerState(901).kept.get('a')?.psuId).toBe('p1');
    expect(workerState(901)).toBe(workerState(901));
  });
});
