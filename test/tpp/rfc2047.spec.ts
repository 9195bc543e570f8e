// RFC 2047 §8 examples, plus round trips of every form the toolkit writes.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { decodeWords, encodeWords } from '../../src/tpp/rfc2047.ts';

const text = (v: string) => {
  const d = decodeWords(v);
  if (!d.ok) throw new Error(d.message);
  return d.text;
};

describe('RFC 2047 §8 examples', () => {
  it.each([
    ['=?US-ASCII?Q?Keith_Moore?=', 'Keith Moore'],
    ['=?ISO-8859-1?Q?Keld_J=F8rn_Simonsen?=', 'Keld Jørn Simonsen'],
    ['=?ISO-8859-1?Q?Andr=E9?=', 'André'],
    [
      '=?ISO-8859-1?B?SWYgeW91IGNhbiByZWFkIHRoaXMgeW8=?=\r\n =?ISO-8859-2?B?dSB1bmRlcnN0YW5kIHRoZSBleGFtcGxlLg==?=',
      'If you can read this you understand the example.',
    ],
    ['=?ISO-8859-1?Q?a?=', 'a'],
    ['=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=', 'ab'],
    ['=?ISO-8859-1?Q?a?=  =?ISO-8859-1?Q?b?=', 'ab'],
    ['=?ISO-8859-1?Q?a?=\r\n    =?ISO-8859-1?Q?b?=', 'ab'],
    ['=?ISO-8859-1?Q?a_b?=', 'a b'],
    ['=?ISO-8859-1?Q?a?= =?ISO-8859-2?Q?_b?=', 'a b'],
    ['=?iso-8859-8?b?7eXs+SDv4SDp7Oj08A==?=', 'םולש ןב ילטפנ'],
    ['=?US-ASCII*EN?Q?Keith_Moore?=', 'Keith Moore'],
  ])('%s', (encoded, expected) => {
    expect(text(encoded)).toBe(expected);
  });

  it('refuses plain text beside encoded-words: the spec wraps the whole Signature value', () => {
    const d = decodeWords('=?ISO-8859-1?Q?a?= b');
    expect(d).toMatchObject({ ok: false, reason: 'mixed' });
  });

  it.each([
    ['=?koi9-x?B?YQ==?=', 'charset'],
    ['=?utf-8?X?YQ==?=', 'encoding'],
    ['=?utf-8?B?YQ=?=', 'base64'],
    ['=?utf-8?B?Y!Q=?=', 'base64'],
    ['=?utf-8?B?YWJj', 'unterminated'],
    ['=?utf-8?Q?a=ZZ?=', 'q-encoding'],
    ['=?utf-8?B?/w==?=', 'bad-bytes'],
  ])('malformed %s is refused (%s)', (encoded, reason) => {
    expect(decodeWords(encoded)).toMatchObject({ ok: false, reason });
  });

  it('passes a value that is not encoded through unchanged', () => {
    expect(decodeWords('keyId="a",signature="b"')).toEqual({
      ok: true,
      encoded: false,
      text: 'keyId="a",signature="b"',
    });
  });

  it("writes one encoded-word for the whole value, as the platform's clients do", () => {
    expect(encodeWords('keyId="SN=1,CA=CN=Å"')).toBe(
      `=?utf-8?B?${Buffer.from('keyId="SN=1,CA=CN=Å"').toString('base64')}?=`,
    );
    expect(encodeWords('a b=?_', { encoding: 'Q' })).toBe('=?utf-8?Q?a_b=3D=3F=5F?=');
    expect(encodeWords('Jørn', { charset: 'iso-8859-1', encoding: 'Q' })).toBe('=?iso-8859-1?Q?J=F8rn?=');
  });
});

describe('RFC 2047 round trips', () => {
  const forms = fc.record({
    charset: fc.constantFrom('utf-8' as const, 'iso-8859-1' as const),
    encoding: fc.constantFrom('B' as const, 'Q' as const),
    upperCase: fc.option(fc.boolean(), { nil: undefined }),
    maxWordLength: fc.option(fc.integer({ min: 30, max: 75 }), { nil: undefined }),
  });
  test.prop([fc.string({ unit: 'grapheme', maxLength: 200 }), forms], { numRuns: 300 })(
    'decode(encode(x)) = x',
    (s, f) => {
      const input = f.charset === 'iso-8859-1' ? s.replace(/[^\x00-\xff]/g, '?') : s;
      const encoded = encodeWords(input, f);
      if (f.maxWordLength) for (const w of encoded.split(' ')) expect(w.length).toBeLessThanOrEqual(f.maxWordLength);
      expect(text(encoded)).toBe(input);
    },
  );
});
