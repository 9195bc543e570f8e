// RFC 2253 distinguished names: printing from certificates, parsing (RFC 2253 §5 examples), and the
// lenient comparison the verifier uses.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareDn, parseDn, rfc2253 } from '../../src/tpp/dn.ts';
import { generateTestPki } from '../../src/tpp/certs.ts';
import { testCredentials } from '../../src/tpp/fixtures.ts';

const values = (dn: string) => {
  const p = parseDn(dn);
  if (!p.ok) throw new Error(p.message);
  return p.rdns.map((r) => r.map((a) => `${a.type}=${a.value}`).join('+'));
};

describe('RFC 2253 printing', () => {
  it('most specific RDN first, specials escaped (the test CA has a comma in O)', () => {
    const cert = new X509Certificate(testCredentials().qsealc.certPem);
    expect(rfc2253(cert, 'issuer')).toBe('CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=NO');
    expect(rfc2253(cert, 'subject')).toBe(
      'CN=Conformance Test TPP AS,organizationIdentifier=PSDNO-FSA-999999999,O=Conformance Test TPP AS,C=NO',
    );
  });
  it('non-ASCII names stay UTF-8 and round trip through parsing', () => {
    const pki = generateTestPki({ organizationName: 'Bjørnø Betaling AS' });
    const subject = rfc2253(new X509Certificate(pki.qsealc.certPem), 'subject');
    expect(subject).toContain('Bjørnø Betaling AS');
    expect(compareDn(subject, subject)).toEqual({ equal: true, lenient: [] });
  });
});

describe('RFC 2253 §5 examples parse', () => {
  it.each([
    ['CN=Steve Kille,O=Isode Limited,C=GB', ['2.5.4.3=Steve Kille', '2.5.4.10=Isode Limited', '2.5.4.6=GB']],
    [
      'OU=Sales+CN=J. Smith,O=Widget Inc.,C=US',
      ['2.5.4.11=Sales+2.5.4.3=J. Smith', '2.5.4.10=Widget Inc.', '2.5.4.6=US'],
    ],
    [
      'CN=L. Eagle,O=Sue\\, Grabbit and Runn,C=GB',
      ['2.5.4.3=L. Eagle', '2.5.4.10=Sue, Grabbit and Runn', '2.5.4.6=GB'],
    ],
    ['CN=Before\\0DAfter,O=Test,C=GB', ['2.5.4.3=Before\rAfter', '2.5.4.10=Test', '2.5.4.6=GB']],
    ['1.3.6.1.4.1.1466.0=#04024869,O=Test,C=GB', ['1.3.6.1.4.1.1466.0=Hi', '2.5.4.10=Test', '2.5.4.6=GB']],
    ['SN=Lu\\C4\\8Di\\C4\\87', ['2.5.4.4=Lučić']],
    ['CN=a\\+b\\=c\\<d\\>e\\;f\\"g\\\\h', ['2.5.4.3=a+b=c<d>e;f"g\\h']],
  ])('%s', (dn, expected) => {
    expect(values(dn)).toEqual(expected);
  });
  it.each(['', 'CN', 'CN=a,=b', 'CN="open', 'CN=a\\'])('refuses %j', (dn) => {
    expect(parseDn(dn).ok).toBe(false);
  });
});

describe('compareDn', () => {
  const want = 'CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=NO';
  it.each([
    ['CN=XS2A Conformance Test CA, O=XS2A Conformance\\, Test Only, C=NO', /spaces/],
    ['CN=XS2A Conformance Test CA,O="XS2A Conformance, Test Only",C=NO', /quoted/],
    [
      'commonName=XS2A Conformance Test CA,organizationName=XS2A Conformance\\, Test Only,countryName=NO',
      /attribute types/,
    ],
    ['CN=XS2A Conformance Test CA;O=XS2A Conformance\\, Test Only;C=NO', /";"/],
    ['CN=xs2a conformance test ca,O=XS2A Conformance\\, Test Only,C=no', /case/],
    ['CN=XS2A%20Conformance%20Test%20CA,O=XS2A%20Conformance\\,%20Test%20Only,C=NO', /percent/],
    ['CN=XS2A Conformance Test CA,O=XS2A Conformance\\2C Test Only,C=NO', /escaping/],
    ['CN=XS2A Conformance Test CA,O=#0c1b5853324120436f6e666f726d616e63652c2054657374204f6e6c79,C=NO', /#hex/],
  ])('accepts %s leniently', (given, why) => {
    const r = compareDn(given, want);
    expect(r.equal).toBe(true);
    expect(r.equal && r.lenient.join(' ')).toMatch(why);
  });
  it.each([
    ['C=NO,O=XS2A Conformance\\, Test Only,CN=XS2A Conformance Test CA', /reverse/],
    ['O=XS2A Conformance\\, Test Only,CN=XS2A Conformance Test CA,C=NO', /another order/],
    ['CN=XS2A Conformance Test CA,O=XS2A Conformance,C=NO', /not the certificate's issuer/],
    [
      'CN=XS2A Conformance Test CA,O=XS2A Conformance, Test Only,C=NO',
      /not a distinguished name|not the certificate's issuer/,
    ],
  ])('refuses %s', (given, why) => {
    const r = compareDn(given, want);
    expect(r.equal).toBe(false);
    expect(!r.equal && r.message).toMatch(why);
  });
});
