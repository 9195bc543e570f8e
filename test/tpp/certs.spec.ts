// The test PKI: chain, PSD2 QCStatement (ETSI TS 119 495), organizationIdentifier, keyId.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTestPki, readPsd2Info } from '../../src/tpp/certs.ts';
import { keyIdFor } from '../../src/tpp/key-id.ts';
import { testCredentials } from '../../src/tpp/fixtures.ts';

describe('generateTestPki', () => {
  const pki = generateTestPki({
    roles: ['PSP_PI'],
    organizationIdentifier: 'PSDNO-FSA-123456789',
    serials: { qsealc: 'F00D' },
  });
  const ca = new X509Certificate(pki.ca.certPem);
  const seal = new X509Certificate(pki.qsealc.certPem);
  const qwac = new X509Certificate(pki.qwac.certPem);

  it('the CA issues both TPP certificates', () => {
    expect(ca.ca).toBe(true);
    expect(seal.verify(ca.publicKey)).toBe(true);
    expect(qwac.verify(ca.publicKey)).toBe(true);
    expect(seal.checkIssued(ca)).toBe(true);
  });
  it('a serial with a high first nibble stays positive (00 prefix)', () => {
    // DER needs 00F00D; Node and openssl print the value without the sign byte.
    expect(seal.serialNumber).toBe('F00D');
    expect(keyIdFor(seal)).toMatch(/^SN=F00D,CA=CN=XS2A Conformance Test CA,/);
  });
  it('the QSealC carries the PSD2 QCStatement with its roles, NCA name and id', () => {
    expect(readPsd2Info(pki.qsealc.certPem)).toEqual({
      roles: ['PSP_PI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      qcType: 'eseal',
      organizationIdentifier: 'PSDNO-FSA-123456789',
    });
    expect(readPsd2Info(pki.qwac.certPem)?.qcType).toBe('web');
  });
  it('the QWAC is a TLS client certificate for tpp.localhost and 127.0.0.1', () => {
    expect(qwac.checkHost('tpp.localhost')).toBe('tpp.localhost');
    expect(qwac.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(qwac.keyUsage).toContain('1.3.6.1.5.5.7.3.2');
  });
  it('a certificate with no QCStatement is not a PSD2 certificate', () => {
    expect(readPsd2Info(pki.ca.certPem)).toBeNull();
    expect(readPsd2Info('not a pem')).toBeNull();
  });
});

describe('committed TEST-ONLY fixtures', () => {
  it.each([
    ['', ['PSP_AI', 'PSP_PI']],
    ['ai-only-', ['PSP_AI']],
    ['pi-only-', ['PSP_PI']],
  ] as const)('%s roles', (which, roles) => {
    const c = testCredentials(which);
    expect(readPsd2Info(c.qsealc.certPem)?.roles).toEqual(roles);
    expect(new X509Certificate(c.qsealc.certPem).verify(new X509Certificate(c.caPem).publicKey)).toBe(true);
  });
  it('the default QSealC keyId', () => {
    expect(keyIdFor(testCredentials().qsealc.certPem)).toBe(
      'SN=0A1B2C3D4E5F6071,CA=CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=NO',
    );
  });
});
