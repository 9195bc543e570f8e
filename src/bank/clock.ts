// The bank's one clock: every time rule (Date skew, 1 h session, 24 h allowance, 90/180 days,
// batch runs) reads `now()`. It wraps an injectable base clock; test mode can move it through the
// control endpoint (docs/reference-bank.md), production mode cannot.
import type { Clock } from '../tpp/http-date.ts';

export class BankClock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = () => Date.now()) {}
  now = (): number => this.base() + this.offsetMs;
  advance(seconds: number): number {
    this.offsetMs += seconds * 1000;
    return this.now();
  }
  /** Sets the clock to an absolute instant (ms since the epoch). */
  set(ms: number): number {
    this.offsetMs = ms - this.base();
    return this.now();
  }
}

/** `YYYY-MM-DD` of an instant, UTC. */
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Milliseconds of the start (UTC) of an ISO date; NaN when the text is not a real date. */
export function parseIsoDate(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return NaN;
  const ms = Date.parse(text + 'T00:00:00Z');
  return Number.isNaN(ms) || isoDate(ms) !== text ? NaN : ms;
}
