// Keys the profile lacked: the bookingStatus values the bank's transaction list takes are a
// profile key (`bookingStatuses`; default the spec's both, pending, all and Berlin Group's booked,
// information). A scenario whose check needs a value the profile leaves out is not applicable, naming
// the key; the reads that need no particular value take a listed one. Fault that trips it: the steps
// sending the feature's value whatever the profile lists (the embedded bank takes every value, so the
// booked and information scenarios pass instead of being not applicable).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeProfile, defaultProfile } from '../../src/session/profile.ts';
import { NotApplicable, ProfileError } from '../../src/session/errors.ts';
import { listedStatus, readStatus, withListedStatuses } from '../../src/suite/accounts.ts';
import { profileKeyOf } from '../../src/report/doctor.ts';
import type { ScenarioSession } from '../../src/session/session.ts';
import { cli } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const session = (bookingStatuses: string[]) => ({ profile: { bookingStatuses } }) as unknown as ScenarioSession;
const reasonOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof NotApplicable) return e.message;
    throw e;
  }
  throw new Error('applicable');
};

describe('the profile key bookingStatuses', () => {
  it("defaults to the spec's three values and Berlin Group's two; a profile may list others, not none", () => {
    expect(defaultProfile().bookingStatuses).toEqual(['booked', 'pending', 'both', 'all', 'information']);
    expect(completeProfile({}, '.').bookingStatuses).toEqual(['booked', 'pending', 'both', 'all', 'information']);
    expect(completeProfile({ bookingStatuses: ['both', 'pending', 'all', 'standing'] }, '.').bookingStatuses).toEqual([
      'both',
      'pending',
      'all',
      'standing',
    ]);
    expect(() => completeProfile({ bookingStatuses: [] }, '.')).toThrow(ProfileError);
  });

  it('the reads that need no particular value: the default profile keeps booked, pending and both; a bank without them, a listed one', () => {
    const all = session(defaultProfile().bookingStatuses);
    expect([readStatus(all, 'booked'), readStatus(all, 'pending'), readStatus(all)]).toEqual([
      'booked',
      'pending',
      'both',
    ]);
    const spec = session(['both', 'pending', 'all']);
    expect([readStatus(spec, 'booked'), readStatus(spec, 'pending'), readStatus(spec)]).toEqual([
      'both',
      'pending',
      'both',
    ]);
    expect([readStatus(session(['all']), 'booked'), readStatus(session(['booked']))]).toEqual(['all', 'booked']);
    expect(reasonOf(() => readStatus(session(['booked']), 'pending'))).toMatch(
      /none of the bookingStatus values pending, both, all .*\(bookingStatuses: booked\)$/,
    );
    expect(reasonOf(() => readStatus(session(['information']), 'booked'))).toMatch(/\(bookingStatuses: information\)$/);
    expect(profileKeyOf(reasonOf(() => readStatus(session(['information']), 'booked')))).toBe('bookingStatuses');
  });

  it('a value the scenario needs: itself when listed, else not applicable naming the key', () => {
    expect(listedStatus(session(['booked', 'information']), 'information')).toBe('information');
    const reason = reasonOf(() => listedStatus(session(['booked', 'both']), 'information'));
    expect(reason).toMatch(/does not list bookingStatus information .*\(bookingStatuses\)$/);
    expect(profileKeyOf(reason)).toBe('bookingStatuses');
  });

  it('the queries a feature writes: an unlisted value becomes a listed one; a value expected refused that the bank takes is not applicable', () => {
    const spec = session(['both', 'pending', 'all']);
    expect(
      withListedStatuses(spec, 'bookingStatus=booked&dateFrom=yesterday', 'bookingStatus=booked&dateFrom=2024-12-15'),
    ).toEqual(['bookingStatus=both&dateFrom=yesterday', 'bookingStatus=both&dateFrom=2024-12-15']);
    expect(
      withListedStatuses(
        session(['booked']),
        'bookingStatus=everything&dateFrom=2024-01-01',
        'bookingStatus=both&dateFrom=2024-01-01',
      ),
    ).toEqual(['bookingStatus=everything&dateFrom=2024-01-01', 'bookingStatus=booked&dateFrom=2024-01-01']);
    expect(withListedStatuses(spec, 'dateFrom=2024-01-01', 'bookingStatus=booked&dateFrom=2024-01-01')).toEqual([
      'dateFrom=2024-01-01',
      'bookingStatus=both&dateFrom=2024-01-01',
    ]);
    expect(
      reasonOf(() =>
        withListedStatuses(
          session(['booked', 'everything']),
          'bookingStatus=everything&dateFrom=2024-01-01',
          'bookingStatus=both&dateFrom=2024-01-01',
        ),
      ),
    ).toMatch(/lists bookingStatus everything .*\(bookingStatuses\)$/);
  });
});

// Against the embedded reference bank (which takes every value): a profile without booked and
// information leaves the two scenarios that need them not applicable, and every other transaction
// scenario (the booked reads now by `both`) passes.
describe('a run with a profile that lists bookingStatuses without booked and information', () => {
  it('leaves the booked and information scenarios not applicable, naming the key; nothing fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-booking-statuses-'));
    const file = join(dir, 'profile.yaml');
    writeFileSync(file, 'bookingStatuses: [pending, both, all]\n');
    const tags = '@area:accounts or @area:access-without-psu or @area:card-accounts or @area:transaction-details';
    const r = cli(['run', '--no-report', '--report-dir', dir, '--profile', file, '--tags', tags], '', 240_000);
    const results = readResults(dir);
    expect(r.code, r.stdout.slice(-2000)).toBe(0);
    const open = results.filter((x) => x.outcome !== 'passed');
    expect(open.map((x) => [x.name, x.outcome]).sort()).toEqual([
      ['bookingStatus booked answers booked transactions only', 'not-applicable'],
      ['bookingStatus information answers the information group', 'not-applicable'],
    ]);
    for (const x of open) expect(x.reason).toMatch(/\(bookingStatuses\)$/);
    expect(results.filter((x) => x.outcome === 'passed').length).toBeGreaterThan(60);
    expect(results.find((x) => x.name === 'A booked transaction keeps its transactionId across reads')?.outcome).toBe(
      'passed',
    );
  }, 300_000);
});
