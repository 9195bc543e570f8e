// Deterministic identifiers: a seeded PRNG for seed data and a counter-based id generator, so the
// same seed and the same requests give the same state (stateDigest stays comparable).
import { createHash } from 'node:crypto';

/** mulberry32: small, fast, good enough for fake data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sha256hex = (s: string): string => createHash('sha256').update(s).digest('hex');

/** An RFC 4122 UUID (version 5 layout) derived from a name: stable across restarts. */
export function nameUuid(name: string): string {
  const h = sha256hex(name).slice(0, 32).split('');
  h[12] = '5';
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** Platform-style opaque id (`enc!!…`, facts §1.3), derived from a name. */
export function encId(name: string): string {
  return 'enc!!' + Buffer.from(sha256hex(name).slice(0, 30), 'hex').toString('base64url');
}

/** Norwegian national identity number (fødselsnummer) check digits (mod 11). */
export function isNationalIdentityNumber(s: string): boolean {
  if (!/^\d{11}$/.test(s)) return false;
  const d = s.split('').map(Number);
  // Day 1-31 (D-number: +40); month 1-12 (H-number: +40, synthetic test numbers: +80).
  const day = d[0] * 10 + d[1];
  const month = d[2] * 10 + d[3];
  const dayOk = (day >= 1 && day <= 31) || (day >= 41 && day <= 71);
  const monthOk = [0, 40, 80].some((o) => month - o >= 1 && month - o <= 12);
  if (!dayOk || !monthOk) return false;
  const w1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  const w2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const k = (w: number[]) => {
    const r = 11 - (w.reduce((sum, wi, i) => sum + wi * d[i], 0) % 11);
    return r === 11 ? 0 : r;
  };
  return k(w1) === d[9] && k(w2) === d[10];
}

/** Builds a valid national identity number from a birth date and an individual number. */
export function makeNationalIdentityNumber(
  day: number,
  month: number,
  year2: number,
  individual: number,
): string | undefined {
  const base = `${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${String(year2).padStart(2, '0')}${String(individual).padStart(3, '0')}`;
  const d = base.split('').map(Number);
  const k1r = 11 - ([3, 7, 6, 1, 8, 9, 4, 5, 2].reduce((s, w, i) => s + w * d[i], 0) % 11);
  const k1 = k1r === 11 ? 0 : k1r;
  if (k1 === 10) return undefined;
  d.push(k1);
  const k2r = 11 - ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * d[i], 0) % 11);
  const k2 = k2r === 11 ? 0 : k2r;
  if (k2 === 10) return undefined;
  return base + k1 + k2;
}
