// Digest (spec § Request signing step 8; RFC 3230, RFC 5843): SHA-256 and SHA-512 accepted with the
// algorithm name in any case; any change to the body after digesting rejected; unknown algorithms
// and malformed base64 rejected.
import { test } from '@fast-check/vitest';
import { describe } from 'vitest';
import { CHECKS as C } from '../src/fuzz/checks.ts';
import { P, useTarget } from './support.ts';

const t = useTarget();

describe('Digest', () => {
  test.prop([C.digestAccepted.arb], P)(
    'SHA-256 and SHA-512 digests are accepted, the algorithm name matched case-insensitively [clause:signing.digest]',
    (v) => C.digestAccepted.check(t.env, v),
  );
  test.prop([C.digestBodyChanged.arb], P)(
    'a body changed after digesting (a byte, white space, line ends, a trailing newline, truncation) is rejected with 400 [clause:signing.digest,signing.invalid-rejected]',
    (v) => C.digestBodyChanged.check(t.env, v),
  );
  test.prop([C.digestInvalid.arb], P)(
    'unknown digest algorithms and malformed base64 are rejected with 400 [clause:signing.digest,signing.invalid-rejected]',
    (v) => C.digestInvalid.check(t.env, v),
  );
});
