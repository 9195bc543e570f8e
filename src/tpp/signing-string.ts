// The signing string (spec Authentication step 1; draft-cavage §2.3): one line per signed header,
// `lowercase-name: value`, in the order of `headers=`, joined by "\n". `(request-target)` is the
// lower-cased method, a space and the path with query. Values are trimmed; repeated headers are
// joined with ", ".
import { type HeaderList } from './http-message.ts';

export interface SignableRequest {
  method: string;
  target: string;
  headers: HeaderList;
}

export type SigningStringResult = { ok: true; value: string } | { ok: false; missing: string; message: string };

export function signingLine(req: SignableRequest, name: string): string | undefined {
  const n = name.toLowerCase();
  if (n === '(request-target)') return `(request-target): ${req.method.toLowerCase()} ${req.target}`;
  let value: string | undefined;
  for (const [k, v] of req.headers) {
    if (k.toLowerCase() === n) value = value === undefined ? v.trim() : `${value}, ${v.trim()}`;
  }
  return value === undefined ? undefined : `${n}: ${value}`;
}

export function buildSigningString(req: SignableRequest, names: readonly string[]): SigningStringResult {
  const lines: string[] = [];
  for (const name of names) {
    const line = signingLine(req, name);
    if (line === undefined) {
      const what = name.startsWith('(') ? `${name} is not supported` : `${name.toLowerCase()} is in headers= but not in the request`;
      return { ok: false, missing: name, message: what };
    }
    lines.push(line);
  }
  return { ok: true, value: lines.join('\n') };
}
