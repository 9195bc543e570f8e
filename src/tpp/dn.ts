// Distinguished names as keyId's `CA=` part wants them: RFC 2253 (most specific RDN first,
// `,` between RDNs, `+` inside a multi-valued RDN, specials escaped with `\`).
// Comparison is lenient where real clients differ (facts: EVRY, adorsys, Java, WSO2): spacing,
// attribute type names or OIDs, `#hex` values, quoting, percent-encoding, value case. Every
// leniency used is reported; RDN order is never forgiven (a reordered DN is another name).
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/** The certificate's issuer (or subject) in RFC 2253 form, as `openssl -nameopt RFC2253` prints it. */
export function rfc2253(cert: X509Certificate, which: 'issuer' | 'subject' = 'issuer'): string {
  // Node prints one RDN per line in forward (X.500) order with values already RFC 2253-escaped.
  return cert[which]
    .split('\n')
    .reverse()
    .map((rdn) => rdn.replace(/ \+ /g, '+'))
    .join(',');
}

/** Canonical attribute type: short names and OIDs fold to one key. */
const TYPE_ALIASES: Record<string, string> = {
  CN: '2.5.4.3',
  COMMONNAME: '2.5.4.3',
  SN: '2.5.4.4',
  SURNAME: '2.5.4.4',
  SERIALNUMBER: '2.5.4.5',
  C: '2.5.4.6',
  COUNTRYNAME: '2.5.4.6',
  L: '2.5.4.7',
  LOCALITYNAME: '2.5.4.7',
  ST: '2.5.4.8',
  S: '2.5.4.8',
  STATEORPROVINCENAME: '2.5.4.8',
  STREET: '2.5.4.9',
  STREETADDRESS: '2.5.4.9',
  O: '2.5.4.10',
  ORGANIZATIONNAME: '2.5.4.10',
  OU: '2.5.4.11',
  ORGANIZATIONALUNITNAME: '2.5.4.11',
  TITLE: '2.5.4.12',
  GIVENNAME: '2.5.4.42',
  GN: '2.5.4.42',
  ORGANIZATIONIDENTIFIER: '2.5.4.97',
  DC: '0.9.2342.19200300.100.1.25',
  UID: '0.9.2342.19200300.100.1.1',
  EMAILADDRESS: '1.2.840.113549.1.9.1',
  E: '1.2.840.113549.1.9.1',
  EMAIL: '1.2.840.113549.1.9.1',
};

export interface Ava {
  type: string;
  rawType: string;
  value: string;
  /** How the value was written: plain, quoted (RFC 1779) or as #hex BER. */
  form: 'plain' | 'quoted' | 'hex';
}
export type Rdn = Ava[];

export type ParsedDn =
  { ok: true; rdns: Rdn[]; spacing: boolean; semicolons: boolean } | { ok: false; message: string };

function decodeHexBer(hex: string): string | null {
  try {
    const node = forge.asn1.fromDer(forge.util.hexToBytes(hex));
    if (typeof node.value !== 'string') return null;
    return node.type === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(node.value) : node.value;
  } catch {
    return null;
  }
}

/** Parses an RFC 2253 (or RFC 1779-ish) DN string. */
export function parseDn(input: string): ParsedDn {
  const rdns: Rdn[] = [];
  let cur: Rdn = [];
  let i = 0;
  let spacing = false;
  let semicolons = false;
  const s = input;
  const skipWs = () => {
    const st = i;
    while (i < s.length && s[i] === ' ') i++;
    if (i > st) spacing = true;
  };
  while (i < s.length) {
    skipWs();
    const eq = s.indexOf('=', i);
    if (eq < 0) return { ok: false, message: `"${s.slice(i)}" has no "=": not an attribute type and value` };
    const rawType = s.slice(i, eq).trim();
    if (!/^([A-Za-z][A-Za-z0-9-]*|\d+(\.\d+)+)$/.test(rawType))
      return { ok: false, message: `"${rawType}" is not an attribute type` };
    i = eq + 1;
    skipWs();
    let value = '';
    let form: Ava['form'] = 'plain';
    if (s[i] === '#') {
      const m = /^#([0-9A-Fa-f]+)/.exec(s.slice(i));
      const dec = m && m[1].length % 2 === 0 ? decodeHexBer(m[1]) : null;
      if (dec === null) return { ok: false, message: `"${rawType}" has a #hex value that is not BER` };
      value = dec;
      form = 'hex';
      i += m![0].length;
    } else if (s[i] === '"') {
      form = 'quoted';
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && i + 1 < s.length) i++;
        value += s[i++];
      }
      if (s[i] !== '"') return { ok: false, message: 'unterminated quoted value' };
      i++;
    } else {
      const bytes: number[] = [];
      const pushStr = (str: string) => bytes.push(...Buffer.from(str, 'utf8'));
      while (i < s.length && s[i] !== ',' && s[i] !== '+' && s[i] !== ';') {
        if (s[i] === '\\') {
          const hex = s.slice(i + 1, i + 3);
          if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
            bytes.push(parseInt(hex, 16));
            i += 3;
            continue;
          }
          if (i + 1 >= s.length) return { ok: false, message: 'DN ends with a lone backslash' };
          pushStr(s[i + 1]);
          i += 2;
          continue;
        }
        pushStr(s[i++]);
      }
      value = Buffer.from(bytes).toString('utf8');
      // trailing unescaped spaces are not part of the value (RFC 2253 §2.4)
      if (/ +$/.test(value) && !/\\ $/.test(s.slice(0, i))) {
        value = value.replace(/ +$/, '');
        spacing = true;
      }
    }
    cur.push({ type: TYPE_ALIASES[rawType.toUpperCase()] ?? rawType, rawType, value, form });
    skipWs();
    if (i >= s.length) break;
    const sep = s[i++];
    if (sep === ';') semicolons = true;
    if (sep === ',' || sep === ';') {
      rdns.push(cur);
      cur = [];
    } else if (sep !== '+') return { ok: false, message: `unexpected "${sep}"` };
  }
  if (cur.length) rdns.push(cur);
  if (!rdns.length) return { ok: false, message: 'empty DN' };
  return { ok: true, rdns, spacing, semicolons };
}

export type DnComparison = { equal: true; lenient: string[] } | { equal: false; message: string };

const fold = (v: string) => v.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
const avaKey = (a: Ava) => `${a.type}=${fold(a.value)}`;

/** Compares a DN as a client wrote it with the expected RFC 2253 string (from the certificate). */
export function compareDn(given: string, expected: string): DnComparison {
  if (given === expected) return { equal: true, lenient: [] };
  const lenient: string[] = [];
  let text = given;
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      const dec = decodeURIComponent(text);
      if (dec !== text) {
        text = dec;
        lenient.push('issuer DN was percent-encoded');
      }
    } catch {
      /* keep as is */
    }
  }
  const a = parseDn(text);
  if (!a.ok) return { equal: false, message: `CA= "${given}" is not a distinguished name: ${a.message}` };
  const b = parseDn(expected);
  if (!b.ok) return { equal: false, message: `certificate issuer "${expected}" could not be parsed: ${b.message}` };
  const sig = (rdns: Rdn[]) => rdns.map((r) => r.map(avaKey).sort().join('+'));
  const ga = sig(a.rdns);
  const gb = sig(b.rdns);
  if (ga.join(',') !== gb.join(',')) {
    if (ga.length === gb.length && [...ga].reverse().join(',') === gb.join(',')) {
      return {
        equal: false,
        message: `CA= lists the issuer's RDNs in reverse (X.500) order: "${given}"; RFC 2253 order is "${expected}"`,
      };
    }
    if ([...ga].sort().join(',') === [...gb].sort().join(',')) {
      return {
        equal: false,
        message: `CA= has the issuer's RDNs in another order: "${given}"; expected "${expected}"`,
      };
    }
    return { equal: false, message: `CA= "${given}" is not the certificate's issuer "${expected}"` };
  }
  if (a.spacing) lenient.push('spaces around DN separators');
  if (a.semicolons) lenient.push('";" used as RDN separator');
  const flat = (rdns: Rdn[]) => rdns.flat();
  const fa = flat(a.rdns);
  const fb = flat(b.rdns);
  if (fa.some((x, k) => x.rawType !== fb[k]?.rawType))
    lenient.push('attribute types named differently (short name, long name or OID)');
  if (fa.some((x) => x.form !== 'plain')) lenient.push('values written quoted or as #hex');
  if (fa.some((x, k) => fb[k] && x.value !== fb[k].value))
    lenient.push('attribute values differ in case or inner spacing');
  if (!lenient.length) lenient.push('DN escaping differs from RFC 2253 (e.g. hex-escaped characters)');
  return { equal: true, lenient };
}
