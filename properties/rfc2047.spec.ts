// RFC 2047 (spec § Request signing step 7): local round trips of the toolkit's encoder and decoder,
// then the target: any valid encoded form of a valid signature is accepted, malformed ones rejected.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CHECKS as C } from '../src/fuzz/checks.ts';
import { decodeWords, encodeWords } from '../src/tpp/rfc2047.ts';
import { P, useTarget } from './support.ts';

const utf8Text = fc.string({ unit: 'binary', maxLength: 120 });
const latin1Text = fc.string({
  unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)),
  maxLength: 120,
});
const form = fc.record({
  encoding: fc.constantFrom('B' as const, 'Q' as const),
  maxWordLength: fc.option(fc.integer({ min: 24, max: 75 }), { nil: undefined }),
  charsetCase: fc.nat(0xff),
  encodingLower: fc.boolean(),
});

/** Rewrites every encoded-word's charset and encoding letter in another case (RFC 2047: case-insensitive). */
function recase(encoded: string, mask: number, lower: boolean): string {
  return encoded.replace(/=\?([^?]+)\?([BQbq])\?/g, (_m, cs: string, enc: string) => {
    let bit = 0;
    const c = [...cs]
      .map((ch) => (/[a-z]/i.test(ch) ? ((mask >> bit++) & 1 ? ch.toUpperCase() : ch.toLowerCase()) : ch))
      .join('');
    return `=?${c}?${lower ? enc.toLowerCase() : enc.toUpperCase()}?`;
  });
}

describe('RFC 2047 round trips (local)', () => {
  test.prop([utf8Text, form], P)(
    'utf-8 text survives encode and decode in B and Q, split or not, in any case of charset and encoding [clause:signing.rfc2047]',
    (text, f) => {
      const encoded = recase(
        encodeWords(text, { charset: 'utf-8', encoding: f.encoding, maxWordLength: f.maxWordLength }),
        f.charsetCase,
        f.encodingLower,
      );
      const decoded = decodeWords(encoded);
      expect(decoded.ok && decoded.text).toBe(text);
    },
  );
  test.prop([latin1Text, form], P)(
    'iso-8859-1 text survives encode and decode in B and Q, split or not, in any case of charset and encoding [clause:signing.rfc2047]',
    (text, f) => {
      const encoded = recase(
        encodeWords(text, { charset: 'iso-8859-1', encoding: f.encoding, maxWordLength: f.maxWordLength }),
        f.charsetCase,
        f.encodingLower,
      );
      expect(encoded.length === 0 || /^[\x21-\x7e ]+$/.test(encoded)).toBe(true);
      const decoded = decodeWords(encoded);
      expect(decoded.ok && decoded.text).toBe(text);
    },
  );
});

describe('RFC 2047 Signature values at the target', () => {
  const t = useTarget();
  test.prop([C.rfc2047Accepted.arb], P)(
    'a valid signature in any valid encoded form (utf-8 or iso-8859-1, B or Q, one word or several) is accepted [clause:signing.rfc2047]',
    (v) => C.rfc2047Accepted.check(t.env, v),
  );
  test.prop([C.rfc2047CaseVariants.arb], P)(
    'charset and encoding names in other case or as aliases are accepted [clause:signing.rfc2047] [should]',
    (v) => C.rfc2047CaseVariants.check(t.env, v),
  );
  test.prop([C.rfc2047Malformed.arb], P)(
    'malformed encoded-words (bad charset, broken base64, unknown encoding, unterminated) are rejected with 400 [clause:signing.rfc2047,signing.invalid-rejected]',
    (v) => C.rfc2047Malformed.check(t.env, v),
  );
});
