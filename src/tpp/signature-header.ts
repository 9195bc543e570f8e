// The Signature header (spec Authentication steps 3-7): keyId, algorithm, headers and signature as
// `name="value"`, joined by commas; optionally wrapped whole as one RFC 2047 encoded-word.
import { SIGNATURE_PARAMS } from '../spec/signing.ts';
import { decodeWords, encodeWords, type Charset, type DecodedWord, type WordEncoding } from './rfc2047.ts';

export interface SignatureParams {
  keyId: string;
  algorithm?: string;
  /** Lower-case header names in signing order; undefined when the parameter is absent. */
  headers?: string[];
  signature: string;
}

export type Encode = 'none' | 'utf8-b' | 'utf8-q' | 'latin1-b' | 'latin1-q';
export const ENCODES: readonly Encode[] = ['none', 'utf8-b', 'utf8-q', 'latin1-b', 'latin1-q'];

export function encodeOptions(encode: Encode): { charset: Charset; encoding: WordEncoding } | null {
  if (encode === 'none') return null;
  const [cs, enc] = encode.split('-');
  return { charset: cs === 'utf8' ? 'utf-8' : 'iso-8859-1', encoding: enc === 'b' ? 'B' : 'Q' };
}

export function formatSignatureHeader(p: SignatureParams, encode: Encode = 'none'): string {
  const parts = [`keyId="${p.keyId}"`];
  if (p.algorithm !== undefined) parts.push(`algorithm="${p.algorithm}"`);
  if (p.headers !== undefined) parts.push(`headers="${p.headers.join(' ')}"`);
  parts.push(`signature="${p.signature}"`);
  const plain = parts.join(',');
  const eo = encodeOptions(encode);
  return eo ? encodeWords(plain, eo) : plain;
}

/** The spec's four parts (step 3), then draft-cavage's (created) and (expires). */
export const KNOWN_PARAMS = [...SIGNATURE_PARAMS, 'created', 'expires'] as const;

export type ParsedSignature =
  | {
      ok: true;
      params: SignatureParams;
      raw: Record<string, string>;
      encodedWords?: DecodedWord[];
      unknown: string[];
      text: string;
    }
  | { ok: false; stage: 'rfc2047' | 'syntax' | 'params'; message: string };

/** Parses a Signature header value; RFC 2047 encoded values are decoded first. */
export function parseSignatureHeader(value: string): ParsedSignature {
  const dec = decodeWords(value);
  if (!dec.ok)
    return {
      ok: false,
      stage: 'rfc2047',
      message: `Signature is RFC 2047 encoded but cannot be decoded: ${dec.message}`,
    };
  const text = dec.text;
  const raw: Record<string, string> = {};
  const unknown: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /[\s,]/.test(text[i])) i++;
    if (i >= text.length) break;
    const m = /^([A-Za-z][A-Za-z0-9_-]*)\s*=\s*/.exec(text.slice(i));
    if (!m)
      return { ok: false, stage: 'syntax', message: `Signature parameter expected at "${text.slice(i, i + 30)}"` };
    const name = m[1];
    i += m[0].length;
    let v: string;
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && !(text[j] === '"' && text[j - 1] !== '\\')) j++;
      if (j >= text.length) return { ok: false, stage: 'syntax', message: `${name}= has no closing quote` };
      v = text.slice(i + 1, j);
      i = j + 1;
    } else {
      const t = /^[^,\s]*/.exec(text.slice(i))![0];
      if (name !== 'created' && name !== 'expires')
        return { ok: false, stage: 'syntax', message: `${name}= must be a quoted string` };
      v = t;
      i += t.length;
    }
    if (Object.prototype.hasOwnProperty.call(raw, name))
      return { ok: false, stage: 'params', message: `${name}= appears more than once` };
    raw[name] = v;
    if (!(KNOWN_PARAMS as readonly string[]).includes(name)) unknown.push(name);
    const rest = text.slice(i);
    if (rest.length && !/^\s*(,|$)/.test(rest))
      return { ok: false, stage: 'syntax', message: `"," expected after ${name}= but found "${rest.slice(0, 20)}"` };
  }
  if (raw.keyId === undefined) return { ok: false, stage: 'params', message: 'keyId= is missing' };
  if (raw.signature === undefined) return { ok: false, stage: 'params', message: 'signature= is missing' };
  const params: SignatureParams = {
    keyId: raw.keyId,
    algorithm: raw.algorithm,
    headers: raw.headers === undefined ? undefined : raw.headers.split(' ').filter((h) => h !== ''),
    signature: raw.signature,
  };
  return { ok: true, params, raw, unknown, text, ...(dec.encoded ? { encodedWords: dec.words } : {}) };
}
