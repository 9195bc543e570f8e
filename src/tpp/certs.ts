// Test PKI for TPPs: a CA, a QSealC carrying the ETSI TS 119 495 PSD2 QCStatement, and a QWAC-style
// TLS client certificate. Keys come from node:crypto (fast); node-forge only builds and parses X.509.
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;

/** ETSI TS 119 495 §5.1 role OIDs (arc 0.4.0.19495.1). */
export const PSD2_ROLES = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
} as const;
export type Psd2Role = keyof typeof PSD2_ROLES;

export const OID = {
  qcStatements: '1.3.6.1.5.5.7.1.3',
  psd2QcStatement: '0.4.0.19495.2',
  qcCompliance: '0.4.0.1862.1.1',
  qcType: '0.4.0.1862.1.6',
  qcTypeEseal: '0.4.0.1862.1.6.2',
  qcTypeWeb: '0.4.0.1862.1.6.3',
  organizationIdentifier: '2.5.4.97',
} as const;

export interface Psd2Attributes {
  roles: Psd2Role[];
  ncaName: string;
  ncaId: string;
}

export interface IssuedCert {
  certPem: string;
  keyPem: string;
  /** Serial as Node prints it: upper-case hex, whole bytes. */
  serialHex: string;
}

export interface TestPki {
  ca: IssuedCert;
  qsealc: IssuedCert;
  qwac: IssuedCert;
}

export interface TestPkiOptions {
  /** PSP roles put in both certificates; default AI and PI. */
  roles?: Psd2Role[];
  /** `organizationIdentifier` of the TPP, `PSD<CC>-<NCA>-<id>` (TS 119 495 §5.2.1). */
  organizationIdentifier?: string;
  organizationName?: string;
  ncaName?: string;
  ncaId?: string;
  /** Common name of the TPP's TLS certificate, also its DNS SAN. */
  tlsCommonName?: string;
  validDays?: number;
  /** Fixed serials (hex) for reproducible fixtures. */
  serials?: { ca?: string; qsealc?: string; qwac?: string };
}

type Attr = { name?: string; type?: string; shortName?: string; value: string; valueTagClass?: number };

// The test CA's O contains a comma on purpose: every keyId built from it exercises RFC 2253 escaping.
export const TEST_CA_SUBJECT: Attr[] = [
  { name: 'countryName', value: 'NO' },
  { name: 'organizationName', value: 'XS2A Conformance, Test Only' },
  { name: 'commonName', value: 'XS2A Conformance Test CA' },
];

function newKeyPair(): { forgePriv: forge.pki.rsa.PrivateKey; forgePub: forge.pki.rsa.PublicKey; keyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pubPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    forgePriv: pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey,
    forgePub: pki.publicKeyFromPem(pubPem) as forge.pki.rsa.PublicKey,
    keyPem,
  };
}

/** A positive DER INTEGER serial: forge writes the hex as given, so a high first nibble needs a 00 byte. */
function serialFor(hex?: string): string {
  let s = (hex ?? randomBytes(8).toString('hex')).toLowerCase();
  if (s.length % 2) s = '0' + s;
  if (/^[89a-f]/.test(s)) s = '00' + s;
  return s;
}

function utf8(attrs: Attr[]): Attr[] {
  // forge defaults to PrintableString; UTF8String is always allowed for DirectoryString.
  return attrs.map((a) => ({ ...a, valueTagClass: a.valueTagClass ?? (asn1.Type.UTF8 as number) }));
}

/** DER of the QCStatements extension value: QcCompliance, QcType and the PSD2 statement (TS 119 495 Annex A). */
export function qcStatementsAsn1(kind: 'eseal' | 'web', psd2: Psd2Attributes): forge.asn1.Asn1 {
  const { Class, Type } = asn1;
  const seq = (v: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, v);
  const oid = (o: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(o).getBytes());
  const utf8s = (s: string) => asn1.create(Class.UNIVERSAL, Type.UTF8, false, forge.util.encodeUtf8(s));
  const roles = seq(psd2.roles.map((r) => seq([oid(PSD2_ROLES[r]), utf8s(r)])));
  return seq([
    seq([oid(OID.qcCompliance)]),
    seq([oid(OID.qcType), seq([oid(kind === 'eseal' ? OID.qcTypeEseal : OID.qcTypeWeb)])]),
    seq([oid(OID.psd2QcStatement), seq([roles, utf8s(psd2.ncaName), utf8s(psd2.ncaId)])]),
  ]);
}

function issue(opts: {
  subject: Attr[];
  issuer: Attr[];
  serial: string;
  pub: forge.pki.rsa.PublicKey;
  signer: forge.pki.rsa.PrivateKey;
  days: number;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = pki.createCertificate();
  cert.publicKey = opts.pub;
  cert.serialNumber = opts.serial;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3600e3);
  cert.validity.notAfter = new Date(now + opts.days * 24 * 3600e3);
  cert.setSubject(utf8(opts.subject));
  cert.setIssuer(utf8(opts.issuer));
  cert.setExtensions(opts.extensions);
  cert.sign(opts.signer, forge.md.sha256.create());
  return cert;
}

function issued(cert: forge.pki.Certificate, keyPem: string): IssuedCert {
  const certPem = pki.certificateToPem(cert);
  return { certPem, keyPem, serialHex: new X509Certificate(certPem).serialNumber.toUpperCase() };
}

/** Builds a fresh test CA, QSealC and QWAC. Test material only: never use these keys for anything real. */
export function generateTestPki(options: TestPkiOptions = {}): TestPki {
  const roles = options.roles ?? ['PSP_AI', 'PSP_PI'];
  const orgId = options.organizationIdentifier ?? 'PSDNO-FSA-999999999';
  const orgName = options.organizationName ?? 'Conformance Test TPP AS';
  const psd2: Psd2Attributes = {
    roles,
    ncaName: options.ncaName ?? 'Finanstilsynet',
    ncaId: options.ncaId ?? 'NO-FSA',
  };
  const days = options.validDays ?? 3650;
  const tlsCn = options.tlsCommonName ?? 'tpp.localhost';

  const caKeys = newKeyPair();
  const ca = issue({
    subject: TEST_CA_SUBJECT,
    issuer: TEST_CA_SUBJECT,
    serial: serialFor(options.serials?.ca),
    pub: caKeys.forgePub,
    signer: caKeys.forgePriv,
    days,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
  });

  const tppSubject = (cn: string): Attr[] => [
    { name: 'countryName', value: 'NO' },
    { name: 'organizationName', value: orgName },
    { type: OID.organizationIdentifier, value: orgId },
    { name: 'commonName', value: cn },
  ];

  const sealKeys = newKeyPair();
  const qsealc = issue({
    subject: tppSubject(orgName),
    issuer: TEST_CA_SUBJECT,
    serial: serialFor(options.serials?.qsealc),
    pub: sealKeys.forgePub,
    signer: caKeys.forgePriv,
    days,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      { id: OID.qcStatements, value: qcStatementsAsn1('eseal', psd2) },
    ],
  });

  const tlsKeys = newKeyPair();
  const qwac = issue({
    subject: tppSubject(tlsCn),
    issuer: TEST_CA_SUBJECT,
    serial: serialFor(options.serials?.qwac),
    pub: tlsKeys.forgePub,
    signer: caKeys.forgePriv,
    days,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true, serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: tlsCn },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
      { id: OID.qcStatements, value: qcStatementsAsn1('web', psd2) },
    ],
  });

  return { ca: issued(ca, caKeys.keyPem), qsealc: issued(qsealc, sealKeys.keyPem), qwac: issued(qwac, tlsKeys.keyPem) };
}

export interface Psd2CertInfo {
  roles: Psd2Role[];
  ncaName?: string;
  ncaId?: string;
  qcType?: 'eseal' | 'web';
  organizationIdentifier?: string;
}

const ROLE_BY_OID = Object.fromEntries(Object.entries(PSD2_ROLES).map(([k, v]) => [v, k as Psd2Role]));

/** Reads the PSD2 QCStatement of a certificate; returns null when it has none (not a PSD2 certificate). */
export function readPsd2Info(certPem: string): Psd2CertInfo | null {
  let cert: forge.pki.Certificate;
  try {
    cert = pki.certificateFromPem(certPem);
  } catch {
    return null;
  }
  const orgAttr = cert.subject.attributes.find((a) => a.type === OID.organizationIdentifier);
  const ext = (cert.extensions as Array<{ id: string; value: string }>).find((e) => e.id === OID.qcStatements);
  if (!ext) return null;
  const info: Psd2CertInfo = {
    roles: [],
    organizationIdentifier: orgAttr ? forge.util.decodeUtf8(String(orgAttr.value)) : undefined,
  };
  let psd2Found = false;
  try {
    const statements = asn1.fromDer(ext.value).value as forge.asn1.Asn1[];
    for (const st of statements) {
      const parts = st.value as forge.asn1.Asn1[];
      const id = asn1.derToOid(parts[0].value as string);
      if (id === OID.qcType && parts[1]) {
        const t = asn1.derToOid((parts[1].value as forge.asn1.Asn1[])[0].value as string);
        info.qcType = t === OID.qcTypeEseal ? 'eseal' : t === OID.qcTypeWeb ? 'web' : undefined;
      }
      if (id === OID.psd2QcStatement && parts[1]) {
        psd2Found = true;
        const [rolesSeq, ncaName, ncaId] = parts[1].value as forge.asn1.Asn1[];
        for (const role of rolesSeq.value as forge.asn1.Asn1[]) {
          const roleOid = asn1.derToOid((role.value as forge.asn1.Asn1[])[0].value as string);
          if (ROLE_BY_OID[roleOid]) info.roles.push(ROLE_BY_OID[roleOid]);
        }
        info.ncaName = forge.util.decodeUtf8(ncaName.value as string);
        info.ncaId = forge.util.decodeUtf8(ncaId.value as string);
      }
    }
  } catch {
    return null;
  }
  return psd2Found ? info : null;
}
