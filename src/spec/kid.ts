/**
 * The Norwegian KID (customer identification number, § Errors "KID errors"): 2–25 digits whose last
 * is a MOD10 (Luhn) or a MOD11 check digit. The one home of both check digits, for the bank that
 * checks a KID and for the suite and seed data that make one.
 */

/** The MOD10 (Luhn) check digit of `body`: every second digit from the right doubled. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = body.length - 1, dbl = true; i >= 0; i--, dbl = !dbl) {
    let v = Number(body[i]) * (dbl ? 2 : 1);
    if (v > 9) v -= 9;
    sum += v;
  }
  return String((10 - (sum % 10)) % 10);
}

/** `body` with its MOD10 (Luhn) check digit appended. */
export const withLuhn = (body: string): string => body + luhnDigit(body);

/** The MOD11 check digit of `body`: weights 2..7 from the right; a remainder of 10 is written '-'. */
export function mod11Digit(body: string): string {
  let s11 = 0;
  for (let i = body.length - 1, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) s11 += Number(body[i]) * w;
  const r = 11 - (s11 % 11);
  return r === 11 ? '0' : r === 10 ? '-' : String(r);
}

/** A valid KID: its last character is the MOD10 or the MOD11 check digit of the digits before it. */
export function isValidKid(kid: string): boolean {
  if (!/^\d{1,24}[\d-]$/.test(kid)) return false;
  const body = kid.slice(0, -1);
  const check = kid.slice(-1);
  return (check !== '-' && check === luhnDigit(body)) || check === mod11Digit(body);
}
