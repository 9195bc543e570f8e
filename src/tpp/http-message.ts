// A request as bytes on the wire: ordered headers (names keep their case), the exact body.
// Used by the CLI (raw HTTP/1.1 in and out), the signer and the verifier.
import { HttpParseError } from './errors.ts';

export type HeaderList = Array<[name: string, value: string]>;

export interface HttpRequest {
  method: string;
  /** Path and query exactly as in the request line. */
  target: string;
  httpVersion?: string;
  headers: HeaderList;
  body: Buffer;
}

export function headerValues(headers: HeaderList, name: string): string[] {
  const n = name.toLowerCase();
  const out: string[] = [];
  for (const [k, v] of headers) if (k.toLowerCase() === n) out.push(v);
  return out;
}

export function headerValue(headers: HeaderList, name: string): string | undefined {
  const n = name.toLowerCase();
  for (const [k, v] of headers) if (k.toLowerCase() === n) return v;
  return undefined;
}

/** Replaces the first header of that name in place (dropping later ones) or appends it. */
export function setHeader(headers: HeaderList, name: string, value: string): HeaderList {
  const n = name.toLowerCase();
  let done = false;
  const out: HeaderList = [];
  for (const h of headers) {
    if (h[0].toLowerCase() !== n) out.push(h);
    else if (!done) {
      out.push([h[0], value]);
      done = true;
    }
  }
  if (!done) out.push([name, value]);
  return out;
}

export function removeHeader(headers: HeaderList, name: string): HeaderList {
  const n = name.toLowerCase();
  return headers.filter(([k]) => k.toLowerCase() !== n);
}

/** Node's `rawHeaders` ([name, value, name, value, …]) as a HeaderList. */
export function fromRawHeaders(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

/** Parses a raw HTTP/1.1 request (LF or CRLF line ends). A Content-Length cuts the body to its length. */
export function parseRawRequest(raw: Buffer | string): HttpRequest {
  const buf = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  let headEnd = -1;
  let sepLen = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0a) {
      if (buf[i + 1] === 0x0a) {
        headEnd = i;
        sepLen = 2;
        break;
      }
      if (buf[i + 1] === 0x0d && buf[i + 2] === 0x0a) {
        headEnd = i;
        sepLen = 3;
        break;
      }
    }
  }
  const head = (headEnd < 0 ? buf : buf.subarray(0, headEnd)).toString('latin1').replace(/\r$/, '');
  const lines = head.split(/\r?\n/);
  while (lines.length && lines[0].trim() === '') lines.shift();
  if (!lines.length) throw new HttpParseError('no request line: the input is empty');
  const m = /^([A-Za-z]+) (\S+)(?: (HTTP\/\d(?:\.\d)?))?$/.exec(lines[0]);
  if (!m) throw new HttpParseError(`no request line: "${lines[0].slice(0, 60)}" is not "METHOD /path HTTP/1.1"`);
  const headers: HeaderList = [];
  for (const line of lines.slice(1)) {
    if (/^[ \t]/.test(line) && headers.length) {
      // obsolete line folding (RFC 7230 §3.2.4): join with a space
      headers[headers.length - 1][1] += ' ' + line.trim();
      continue;
    }
    const c = line.indexOf(':');
    if (c <= 0) throw new HttpParseError(`header line "${line.slice(0, 60)}" has no name and colon`);
    headers.push([line.slice(0, c).trim(), line.slice(c + 1).trim()]);
  }
  let body = headEnd < 0 ? Buffer.alloc(0) : buf.subarray(headEnd + sepLen);
  const cl = headerValue(headers, 'content-length');
  if (cl !== undefined && /^\d+$/.test(cl) && body.length > +cl) body = body.subarray(0, +cl);
  return {
    method: m[1].toUpperCase(),
    target: m[2],
    httpVersion: m[3] ?? 'HTTP/1.1',
    headers,
    body: Buffer.from(body),
  };
}

export function serializeRequest(req: HttpRequest): Buffer {
  const head = [
    `${req.method} ${req.target} ${req.httpVersion ?? 'HTTP/1.1'}`,
    ...req.headers.map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head + '\r\n\r\n', 'latin1'), req.body]);
}
