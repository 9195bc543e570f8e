// The committed TEST-ONLY certificates (fixtures/certs): the default TPP identity of the suite.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TppIdentity } from './client.ts';
import type { TlsConfig } from '../transport/index.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const read = (name: string) => readFileSync(`${FIXTURES_DIR}certs/${name}`, 'utf8');

/** The TEST-ONLY TPPs: the full-role one, a second full-role one, an AI-only and a PI-only one. */
export type TestTpp = '' | 'second-' | 'ai-only-' | 'pi-only-';

export interface TestCredentials {
  qsealc: TppIdentity;
  qwac: TppIdentity;
  caPem: string;
}

/** The test TPP's QSealC (signing), QWAC (TLS) and CA. */
export function testCredentials(which: TestTpp = ''): TestCredentials {
  return {
    qsealc: { certPem: read(`${which}qsealc.cert.pem`), keyPem: read(`${which}qsealc.key.pem`) },
    qwac: { certPem: read(`${which}qwac.cert.pem`), keyPem: read(`${which}qwac.key.pem`) },
    caPem: read(`${which}ca.cert.pem`),
  };
}

/** The TLS a TPP uses against the embedded reference bank served with `tls.clientCert`: the TEST-ONLY
 * QWAC as client certificate, and the bank's own TEST-ONLY server CA as the only CA trusted. */
export function embeddedBankTls(): TlsConfig {
  const q = testCredentials().qwac;
  return { cert: q.certPem, key: q.keyPem, ca: read('server-ca.cert.pem'), systemCa: false };
}
