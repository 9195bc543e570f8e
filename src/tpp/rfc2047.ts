// RFC 2047 encoded-words, as the spec's Authentication step 7 wraps a Signature value:
// `=?utf-8?B?<base64>?=`. Q encoding and iso-8859-1 are supported both ways.
// Real clients (Tink on this platform) write ONE encoded-word for the whole value, far over the
// 75-character limit of RFC 2047 §2; decoding therefore accepts over-long words.

export type Charset = 'utf-8' | 'iso-8859-1';
export type WordEncoding = 'B' | 'Q';

export interface EncodeOptions {
  charset?: Charset;
  encoding?: WordEncoding;
  /** Split into words of at most this many characters (RFC 2047 §2 says 75), joined by a space. */
  maxWordLength?: number;
  /** Write charset and encoding in this case (both are case-insensitive). */
  upperCase?: boolean;
}

const CHARSET_ALIASES: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'iso-8859-1': 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  l1: 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'us-ascii': 'us-ascii',
  ascii: 'us-ascii',
};

/** Decodes bytes of a charset; null when the bytes are not valid in it. iso-8859-1 is decoded as
 * Latin-1 proper (WHATWG's TextDecoder maps that label to windows-1252). Other charsets the
 * platform's TextDecoder knows (iso-8859-2, iso-8859-8, …) are accepted for RFC 2047's examples. */
function decodeBytes(buf: Buffer, charset: string): string | null {
  if (charset === 'iso-8859-1') return buf.toString('latin1');
  if (charset === 'us-ascii') return buf.some((b) => b > 0x7f) ? null : buf.toString('latin1');
  try {
    return new TextDecoder(charset, { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

function knownCharset(label: string): string | undefined {
  const l = label.split('*')[0].toLowerCase();
  if (CHARSET_ALIASES[l]) return CHARSET_ALIASES[l];
  try {
    new TextDecoder(l);
    return l;
  } catch {
    return undefined;
  }
}

function toBytes(text: string, charset: Charset): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff)
      throw new RangeError(
        `character U+${text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')} cannot be written in iso-8859-1`,
      );
  }
  return Buffer.from(text, 'latin1');
}

function qEncode(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) {
    if (b === 0x20) out += '_';
    else if (b > 0x20 && b < 0x7f && b !== 0x3d && b !== 0x3f && b !== 0x5f) out += String.fromCharCode(b);
    else out += '=' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Encodes text as one encoded-word, or several when maxWordLength is given. */
export function encodeWords(text: string, options: EncodeOptions = {}): string {
  const charset = options.charset ?? 'utf-8';
  const encoding = options.encoding ?? 'B';
  const bytes = toBytes(text, charset);
  const cs = options.upperCase ? charset.toUpperCase() : charset;
  const prefix = `=?${cs}?${options.upperCase === false ? encoding.toLowerCase() : encoding}?`;
  const wrap = (t: string) => `${prefix}${t}?=`;
  if (!options.maxWordLength) return wrap(encoding === 'B' ? bytes.toString('base64') : qEncode(bytes));
  const room = options.maxWordLength - prefix.length - 2;
  if (room < 4) throw new RangeError('maxWordLength leaves no room for encoded text');
  const words: string[] = [];
  if (encoding === 'B') {
    // 3 bytes -> 4 chars; never split a UTF-8 sequence across words (RFC 2047 §5).
    const per = Math.floor(room / 4) * 3;
    let i = 0;
    while (i < bytes.length) {
      let end = Math.min(i + per, bytes.length);
      while (charset === 'utf-8' && end < bytes.length && end > i && (bytes[end] & 0xc0) === 0x80) end--;
      words.push(wrap(bytes.subarray(i, end).toString('base64')));
      i = end;
    }
    if (!words.length) words.push(wrap(''));
  } else {
    let cur = '';
    let i = 0;
    while (i < bytes.length) {
      // keep a whole UTF-8 character together
      let end = i + 1;
      while (charset === 'utf-8' && end < bytes.length && (bytes[end] & 0xc0) === 0x80) end++;
      const piece = qEncode(bytes.subarray(i, end));
      if (cur.length + piece.length > room && cur) {
        words.push(wrap(cur));
        cur = '';
      }
      cur += piece;
      i = end;
    }
    if (cur || !words.length) words.push(wrap(cur));
  }
  return words.join(' ');
}

export type DecodeFailure =
  'unterminated' | 'charset' | 'encoding' | 'base64' | 'q-encoding' | 'bad-bytes' | 'mixed' | 'empty';

export interface DecodedWord {
  charset: string;
  encoding: WordEncoding;
  length: number;
}

export type DecodeResult =
  | { ok: true; encoded: false; text: string }
  | { ok: true; encoded: true; text: string; words: DecodedWord[] }
  | { ok: false; reason: DecodeFailure; message: string };

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const fail = (reason: DecodeFailure, message: string): DecodeResult => ({ ok: false, reason, message });

/** True when a header value is (or claims to be) RFC 2047 encoded. */
export function looksEncoded(value: string): boolean {
  return value.trimStart().startsWith('=?');
}

/**
 * Decodes a header value made only of encoded-words separated by linear white space (§6.2: that
 * white space is dropped). A value that does not start with `=?` is returned as it is.
 */
export function decodeWords(value: string): DecodeResult {
  const v = value.trim();
  if (!v.startsWith('=?')) return { ok: true, encoded: false, text: value };
  const words: DecodedWord[] = [];
  const chunks: Buffer[] = [];
  let charsetOfAll: string | undefined;
  let text = '';
  let pos = 0;
  const flush = () => {
    if (!chunks.length) return true;
    const buf = Buffer.concat(chunks);
    chunks.length = 0;
    const t = decodeBytes(buf, charsetOfAll!);
    if (t === null) return false;
    text += t;
    return true;
  };
  while (pos < v.length) {
    if (!v.startsWith('=?', pos))
      return fail('mixed', `text outside an encoded-word at character ${pos + 1}: the whole value must be encoded`);
    const q1 = v.indexOf('?', pos + 2);
    const q2 = q1 < 0 ? -1 : v.indexOf('?', q1 + 1);
    const end = q2 < 0 ? -1 : v.indexOf('?=', q2 + 1);
    if (q1 < 0 || q2 < 0 || end < 0)
      return fail('unterminated', `encoded-word at character ${pos + 1} is not closed with "?="`);
    const rawCharset = v.slice(pos + 2, q1);
    const rawEnc = v.slice(q1 + 1, q2);
    const payload = v.slice(q2 + 1, end);
    const cs = knownCharset(rawCharset);
    if (!cs) return fail('charset', `unknown charset "${rawCharset}" (expected utf-8 or iso-8859-1)`);
    const enc = rawEnc.toUpperCase();
    if (enc !== 'B' && enc !== 'Q') return fail('encoding', `unknown encoding "${rawEnc}" (expected B or Q)`);
    if (/[\s?]/.test(payload))
      return fail(enc === 'B' ? 'base64' : 'q-encoding', 'encoded-text contains a space or "?"');
    if (charsetOfAll !== undefined && charsetOfAll !== cs && !flush())
      return fail('bad-bytes', `bytes are not valid ${charsetOfAll}`);
    charsetOfAll = cs;
    if (enc === 'B') {
      if (!B64.test(payload))
        return fail(
          'base64',
          `encoded-text "${payload.length > 40 ? payload.slice(0, 40) + '…' : payload}" is not valid base64`,
        );
      chunks.push(Buffer.from(payload, 'base64'));
    } else {
      const bytes: number[] = [];
      for (let i = 0; i < payload.length; i++) {
        const c = payload.charCodeAt(i);
        if (c === 0x5f) bytes.push(0x20);
        else if (c === 0x3d) {
          const hex = payload.slice(i + 1, i + 3);
          if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return fail('q-encoding', `"=${hex}" is not a Q-encoded byte`);
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else if (c > 0x20 && c < 0x7f) bytes.push(c);
        else
          return fail('q-encoding', `character U+${c.toString(16).padStart(4, '0')} may not appear in Q encoded-text`);
      }
      chunks.push(Buffer.from(bytes));
    }
    words.push({ charset: rawCharset, encoding: enc, length: end + 2 - pos });
    pos = end + 2;
    const ws = /^[ \t\r\n]*/.exec(v.slice(pos))![0];
    pos += ws.length;
  }
  if (!flush()) return fail('bad-bytes', `bytes are not valid ${charsetOfAll}`);
  if (!words.length) return fail('empty', 'no encoded-word');
  return { ok: true, encoded: true, text, words };
}
