// HTTP dates per RFC 7231 §7.1.1.1: senders write IMF-fixdate; recipients MUST also accept the two
// obsolete forms (RFC 850 and asctime). The spec's step 9 needs a Date within DATE_WINDOW_SECONDS
// (src/spec/signing.ts) of server time; verify.ts checks it.

/** Milliseconds since the epoch; injectable so tests and the reference bank control time. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** A clock offset from another by a number of seconds (a skewed TPP clock). */
export const skewed =
  (clock: Clock, seconds: number): Clock =>
  () =>
    clock() + seconds * 1000;

export function formatHttpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

export type DateForm = 'imf-fixdate' | 'rfc850' | 'asctime';
export type ParsedDate = { ok: true; ms: number; form: DateForm } | { ok: false; message: string };

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const IMF =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

function build(
  y: number,
  mon: string,
  d: number,
  h: number,
  mi: number,
  s: number,
  weekday: number,
  nowMs: number,
  form: DateForm,
): ParsedDate {
  const m = MONTHS.indexOf(mon);
  if (h > 23 || mi > 59 || s > 60) return { ok: false, message: 'time of day out of range' };
  const ms = Date.UTC(y, m, d, h, mi, Math.min(s, 59));
  const dt = new Date(ms);
  if (dt.getUTCDate() !== d) return { ok: false, message: `day ${d} does not exist in ${mon} ${y}` };
  if (dt.getUTCDay() !== weekday)
    return {
      ok: false,
      message: `weekday does not match the date (${y}-${mon}-${d} is a ${LONG_DAYS[dt.getUTCDay()]})`,
    };
  void nowMs;
  return { ok: true, ms, form };
}

/** Parses an HTTP date strictly per RFC 7231; `now` resolves RFC 850's two-digit year (RFC 7231: within 50 years). */
export function parseHttpDate(value: string, nowMs: number = Date.now()): ParsedDate {
  let m = IMF.exec(value);
  if (m) return build(+m[4], m[3], +m[2], +m[5], +m[6], +m[7], DAYS.indexOf(m[1]), nowMs, 'imf-fixdate');
  m = RFC850.exec(value);
  if (m) {
    const nowYear = new Date(nowMs).getUTCFullYear();
    let y = Math.floor(nowYear / 100) * 100 + +m[4];
    if (y > nowYear + 50) y -= 100;
    return build(y, m[3], +m[2], +m[5], +m[6], +m[7], LONG_DAYS.indexOf(m[1]), nowMs, 'rfc850');
  }
  m = ASCTIME.exec(value);
  if (m) return build(+m[7], m[2], +m[3].trim(), +m[4], +m[5], +m[6], DAYS.indexOf(m[1]), nowMs, 'asctime');
  return { ok: false, message: `"${value}" is not an RFC 7231 HTTP date (expected e.g. "${formatHttpDate(nowMs)}")` };
}
