// Signature mutations (spec § Request signing; draft-cavage): every operator of
// src/fuzz/operators.ts, at least 100 generated cases each, grouped by what it spoils. Each test
// fails with the operator, the shrunk value, and the seed and path that replay it.
// Verdicts by the signature oracle (src/tpp/signature-oracle.ts): accepted = 2xx or 401 with scaRedirect,
// rejected = 400 plus the profile's signing.rejectStatuses. The base request is the profile's
// fuzz.baseRequest (default GET /v1/accounts).
import { describe, expect, it } from 'vitest';
import type { Level } from '../src/spec/level.ts';
import { OPERATORS, type Family } from '../src/fuzz/operators.ts';
import { checkOperator } from '../src/fuzz/runner.ts';
import { P, useTarget } from './support.ts';

const t = useTarget();

async function runFamily(family: Family, level: Level): Promise<void> {
  const ops = OPERATORS.filter((o) => o.family === family && o.level === level);
  expect(ops.length).toBeGreaterThan(0);
  const results = await Promise.all(ops.map((op) => checkOperator(t.env, op, P)));
  const failed = results.filter((r) => r.failed).map((r) => r.message);
  expect(failed, failed.join('\n')).toEqual([]);
}

describe('signature mutation operators', () => {
  it('Signature parts dropped or repeated are rejected with 400 [clause:signing.header-parts,signing.invalid-rejected,errors.signature-invalid]', () =>
    runFamily('params', 'must'));
  it('Signature parts reordered, with an unknown extra part or spaced otherwise are accepted [clause:signing.header-parts] [should]', () =>
    runFamily('params', 'should'));
  it("headers= that does not match what was signed is rejected; the TPP's own order, (request-target) and names of headers not sent (left out of the signing string) are accepted [clause:signing.headers-list,signing.headers-present,signing.signing-string,signing.invalid-rejected]", () =>
    runFamily('headers', 'must'));
  it('headers= in other case and a smaller signed set are accepted [clause:signing.headers-list,signing.headers-present] [should]', () =>
    runFamily('headers', 'should'));
  it('signed header values changed or repeated after signing are rejected [clause:signing.signing-string,signing.invalid-rejected,errors.signature-invalid]', () =>
    runFamily('values', 'must'));
  it('corrupted, truncated, bit-flipped, empty or replayed signature values are rejected [clause:signing.signature-value,signing.invalid-rejected,errors.signature-invalid]', () =>
    runFamily('signature', 'must'));
  it('algorithm= naming another algorithm is rejected [clause:signing.algorithm,signing.invalid-rejected]', () =>
    runFamily('algorithm', 'must'));
  it('algorithm= rsa-sha256 in other case is accepted and hs2019 rejected [clause:signing.algorithm] [should]', () =>
    runFamily('algorithm', 'should'));
  it('keyId with another serial, a decimal serial, a reordered or other issuer DN, or malformed is rejected [clause:signing.key-id,signing.invalid-rejected]', () =>
    runFamily('key-id', 'must'));
  it('keyId with the serial in lower case or with other leading zeros, or the DN spaced or escaped otherwise is accepted [clause:signing.key-id] [should]', () =>
    runFamily('key-id', 'should'));
  it("another TPP's certificate, a key that does not match the certificate, or no certificate is rejected [clause:signing.signature-value,signing.key-id,signing.missing-rejected,errors.signature-missing]", () =>
    runFamily('certificate', 'must'));
  it('TPP-Signature-Certificate with PEM armour is accepted [clause:headers.tpp-signature-certificate] [should]', () =>
    runFamily('certificate', 'should'));
  it('RFC 2047 wrapping in a valid form is accepted, of a tampered value or malformed is rejected [clause:signing.rfc2047,signing.invalid-rejected]', () =>
    runFamily('rfc2047', 'must'));
  it('RFC 2047 wrapping in other case or split into words is accepted [clause:signing.rfc2047] [should]', () =>
    runFamily('rfc2047', 'should'));
  it('a Date inside the window is accepted; skewed, missing or malformed is rejected [clause:signing.date,limits.date-skew,conventions.date-header]', () =>
    runFamily('date', 'must'));
  it('SHA-512 and other-case digests are accepted; a changed body, unknown algorithms and bad base64 are rejected [clause:signing.digest,signing.invalid-rejected]', () =>
    runFamily('digest', 'must'));
});
