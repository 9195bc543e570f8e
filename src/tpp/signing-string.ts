// The signing string (spec Authentication step 1; draft-cavage §2.3): one line per signed header,
// `lowercase-name: value`, in the order of `headers=`, joined by "\n". `(request-target)` is the
// lower-cased method, a space and the path with query. Values are trimmed; repeated headers are
// joined with ", ".
//
// A name in headers= that the request does not carry: the spec writes a line "for each header that
// is present among the signed set … A header absent from the request is absent from the signing
// string", so it is left out (`absent: 'skip'`, the default). draft-cavage (and Berlin Group, which
// builds on it) makes such a signature invalid: `absent: 'refuse'` keeps that reading.
import { type HeaderList } from './http-message.ts';

export interface SignableRequest {
  method: string;
  target: string;
  headers: HeaderList;
}

export type SigningStringResult =
  | {
      ok: true;
      value: string;
      /** Names of headers= left out because the request does not carry them. */ omitted: string[];
    }
  | { ok: false; missing: string; message: string };

export interface SigningStringOptions {
  /** A header named but not sent: 'skip' (the spec, default) leaves its line out; 'refuse' (draft-cavage) fails. */
  absent?: 'skip' | 'refuse';
}

export function signingLine(req: SignableRequest, name: string): string | undefined {
  const n = name.toLowerCase();
  if (n === '(request-target)') return `(request-target): ${req.method.toLowerCase()} ${req.target}`;
  let value: string | undefined;
  for (const [k, v] of req.headers) {
    if (k.toLowerCase() === n) value = value === undefined ? v.trim() : `${value}, ${v.trim()}`;
  }
  return value === undefined ? undefined : `${n}: ${value}`;
}

/** The message for a name of headers= the request does not carry. */
export const absentMessage = (name: string): string => `${name.toLowerCase()} is in headers= but not in the request`;

export function buildSigningString(
  req: SignableRequest,
  names: readonly string[],
  opts: SigningStringOptions = {},
): SigningStringResult {
  const lines: string[] = [];
  const omitted: string[] = [];
  for (const name of names) {
    const line = signingLine(req, name);
    if (line === undefined) {
      // Pseudo-headers other than (request-target) ((created), (expires)) have no value to write.
      if (name.startsWith('(')) return { ok: false, missing: name, message: `${name} is not supported` };
      if (opts.absent === 'refuse') return { ok: false, missing: name, message: absentMessage(name) };
      omitted.push(name.toLowerCase());
      continue;
    }
    lines.push(line);
  }
  return { ok: true, value: lines.join('\n'), omitted };
}
