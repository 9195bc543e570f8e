// The sandbox's known state, made ahead for the next initialise (bank.ts spare) and restamped to the
// instant it is restored at (seed.ts restamped). Faults that trip it: a field of the seed that reads
// `now` and is not restamped (the cards' lastChange left: the restored state is not the seed's), a
// spare of another day restored (its dates a day off), and a spare that is the state in use (the
// second initialise restores what the TPP changed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Bank } from '../../src/bank/bank.ts';
import { BankClock } from '../../src/bank/clock.ts';
import { restamped, seedState } from '../../src/bank/seed.ts';
import { digestState } from '../../src/bank/state.ts';

const at = (iso: string) => Date.parse(iso);
/** Past the moment the bank makes its spare known state (bank.ts SPARE_AFTER_MS). */
const turn = () => vi.advanceTimersByTime(1_100);

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('the known state restored by initialise', () => {
  it('made earlier in the same UTC day and restamped, is the one seeded at the instant of the initialise', () => {
    const made = seedState(1, at('2026-03-10T00:00:01Z'));
    const now = at('2026-03-10T23:59:58Z');
    expect(digestState(restamped(made, now))).toBe(digestState(seedState(1, now)));
    expect(digestState(seedState(1, at('2026-03-11T00:00:01Z')))).not.toBe(digestState(seedState(1, now)));
  });

  it('is the seed at the instant of each initialise, on the same day and on the next', () => {
    const clock = new BankClock(() => at('2026-03-10T08:00:00Z'));
    const bank = Bank.create({ clock, seed: 7 });
    bank.keepSpares();
    turn();
    clock.advance(3600);
    bank.reset();
    expect(digestState(bank.state)).toBe(digestState(seedState(7, bank.now())));
    turn();
    clock.advance(86_400);
    bank.reset();
    expect(digestState(bank.state)).toBe(digestState(seedState(7, bank.now())));
  });

  it('is not the state the TPP changed since', () => {
    const bank = Bank.create({ clock: new BankClock(() => at('2026-03-10T08:00:00Z')), seed: 7 });
    bank.keepSpares();
    turn();
    bank.reset();
    turn();
    const account = [...bank.state.accounts.values()][0];
    account.accountName = 'changed by the TPP';
    bank.state.accounts.delete([...bank.state.accounts.keys()][1]);
    bank.reset();
    expect(digestState(bank.state)).toBe(digestState(seedState(7, bank.now())));
  });
});

describe('the spare known state', () => {
  // Made only while a server serves the bank: a bank made and let go at once (the properties make
  // hundreds) makes none, and one whose server closed makes no more. Faults that trip it: a spare made
  // by every bank a second after it was made (about 0.1 s of CPU each), or after its server closed.
  it('is made only while the bank keeps spares', () => {
    const made = () => (bank as unknown as { spare?: unknown }).spare !== undefined;
    const bank = Bank.create({ clock: new BankClock(() => at('2026-03-10T08:00:00Z')), seed: 7 });
    turn();
    expect(made()).toBe(false);
    bank.keepSpares();
    turn();
    expect(made()).toBe(true);
    bank.stopSpares();
    bank.reset();
    turn();
    expect(made()).toBe(false);
  });
});
