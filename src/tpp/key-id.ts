// keyId = `SN=<hex serial>,CA=<issuer DN>` (spec Authentication step 4): serial in upper-case hex,
// issuer per RFC 2253. Verification is lenient where facts §3 shows real clients differ (hex case,
// leading zeros, DN spacing and escaping) and says so; a decimal serial or a reordered DN fails.
import { X509Certificate } from 'node:crypto';
import { formatKeyId } from '../spec/signing.ts';
import { compareDn, rfc2253 } from './dn.ts';

export function keyIdFor(cert: X509Certificate | string): string {
  const c = typeof cert === 'string' ? new X509Certificate(cert) : cert;
  return formatKeyId(c.serialNumber, rfc2253(c, 'issuer'));
}

export type ParsedKeyId =
  { ok: true; serial: string; issuer: string; lenient: string[] } | { ok: false; message: string };

export function parseKeyId(keyId: string): ParsedKeyId {
  const m = /^\s*SN\s*=\s*([^,]*?)\s*,\s*CA\s*=\s*(.+)$/i.exec(keyId);
  if (!m) return { ok: false, message: `keyId "${keyId}" is not of the form SN=<hex serial>,CA=<issuer DN>` };
  const lenient: string[] = [];
  if (!/^SN=[^,\s]*,CA=/.test(keyId)) lenient.push('keyId written with other spacing or case around SN= and CA=');
  return { ok: true, serial: m[1], issuer: m[2], lenient };
}

export type KeyIdCheck = { ok: true; lenient: string[] } | { ok: false; message: string };

/** Checks that keyId names this certificate. */
export function checkKeyId(keyId: string, cert: X509Certificate): KeyIdCheck {
  const parsed = parseKeyId(keyId);
  if (!parsed.ok) return parsed;
  const lenient = [...parsed.lenient];
  const want = cert.serialNumber.toUpperCase();
  const given = parsed.serial;
  if (given !== want) {
    const bare = given.replace(/:/g, '');
    if (/^[0-9A-Fa-f]+$/.test(bare) && BigInt('0x' + bare) === BigInt('0x' + want)) {
      if (bare !== given) lenient.push('serial written with ":" separators');
      if (bare !== bare.toUpperCase()) lenient.push('serial in lower-case hex');
      if (bare.replace(/^0+/, '') !== want.replace(/^0+/, '') || bare.length !== want.length)
        lenient.push('serial with leading zeros stripped or added');
    } else if (/^\d+$/.test(given) && BigInt(given) === BigInt('0x' + want)) {
      return {
        ok: false,
        message: `keyId serial SN=${given} is the certificate serial in decimal; the spec wants upper-case hexadecimal SN=${want}`,
      };
    } else {
      return { ok: false, message: `keyId serial SN=${given} is not the certificate serial ${want}` };
    }
  }
  const dn = compareDn(parsed.issuer, rfc2253(cert, 'issuer'));
  if (!dn.equal) return { ok: false, message: dn.message };
  return { ok: true, lenient: [...lenient, ...dn.lenient] };
}
