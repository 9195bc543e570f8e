// Digest header per RFC 3230 / RFC 5843 (spec Authentication step 8): `<algorithm>=<base64 hash>`,
// SHA-256 or SHA-512, over the body bytes exactly as sent. Algorithm names are case-insensitive.
import { createHash } from 'node:crypto';
import {
  DIGEST_ALGORITHM_NAMES,
  DIGEST_ALGORITHMS,
  digestAlgorithmNamed,
  type DigestAlgorithm,
} from '../spec/signing.ts';

export type { DigestAlgorithm } from '../spec/signing.ts';

export function digestOf(body: Buffer | string, algorithm: DigestAlgorithm = 'SHA-256'): string {
  // Looked up case-insensitively, as a profile or a caller outside TypeScript may write `sha-256`.
  const name = digestAlgorithmNamed(algorithm);
  if (!name) throw new Error(`digest algorithm "${algorithm}" is not one of ${DIGEST_ALGORITHM_NAMES.join(', ')}`);
  return `${name}=${createHash(DIGEST_ALGORITHMS[name].hash).update(body).digest('base64')}`;
}

export interface DigestInstance {
  algorithm: string;
  value: string;
}

/** Splits a Digest header into its instances (RFC 3230 allows a comma-separated list). */
export function parseDigest(header: string): DigestInstance[] | null {
  const out: DigestInstance[] = [];
  for (const part of header.split(',')) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    if (eq <= 0) return null;
    out.push({ algorithm: p.slice(0, eq), value: p.slice(eq + 1) });
  }
  return out.length ? out : null;
}

const STRICT_B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type DigestCheck =
  | { ok: true; algorithm: DigestAlgorithm; lenient: string[] }
  | { ok: false; reason: 'malformed' | 'unsupported-algorithm' | 'bad-base64' | 'mismatch'; message: string };

/** Checks a Digest header against the body. Every supported instance must match; at least one must be supported. */
export function checkDigest(header: string, body: Buffer): DigestCheck {
  const instances = parseDigest(header);
  if (!instances)
    return { ok: false, reason: 'malformed', message: `Digest "${header}" is not of the form <algorithm>=<base64>` };
  const lenient: string[] = [];
  let matched: DigestAlgorithm | undefined;
  for (const inst of instances) {
    const name = digestAlgorithmNamed(inst.algorithm);
    if (!name) continue;
    const alg = { name, ...DIGEST_ALGORITHMS[name] };
    if (inst.algorithm !== alg.name)
      lenient.push(`digest algorithm written "${inst.algorithm}", matched case-insensitively to ${alg.name}`);
    if (!STRICT_B64.test(inst.value) || Buffer.from(inst.value, 'base64').length !== alg.bytes) {
      return {
        ok: false,
        reason: 'bad-base64',
        message: `Digest value "${inst.value}" is not the base64 of a ${alg.bytes}-byte ${alg.name} hash`,
      };
    }
    const actual = createHash(alg.hash).update(body).digest('base64');
    if (actual !== inst.value) {
      return {
        ok: false,
        reason: 'mismatch',
        message: `digest mismatch: body (${body.length} bytes) hashes to ${alg.name}=${actual}, header says ${inst.algorithm}=${inst.value}`,
      };
    }
    matched = alg.name;
  }
  if (!matched) {
    return {
      ok: false,
      reason: 'unsupported-algorithm',
      message: `Digest algorithm ${instances.map((i) => `"${i.algorithm}"`).join(', ')} is not supported (${DIGEST_ALGORITHM_NAMES.join(' or ')})`,
    };
  }
  return { ok: true, algorithm: matched, lenient };
}
