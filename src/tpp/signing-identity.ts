// A TPP's signing identity, built from its certificate and private key in one place: the keyId
// (SN=<hex serial>,CA=<issuer>, key-id.ts) unless one is given, the RSA-SHA256 signer (the key
// stays inside its closure) and the certificate as TPP-Signature-Certificate carries it.
import { X509Certificate, type KeyObject } from 'node:crypto';
import { keyIdFor } from './key-id.ts';
import { rsaSha256Signer } from './sign.ts';
import type { TppKey } from './tampering/types.ts';
import { certificateHeaderValue } from './verify.ts';

export interface SigningIdentity extends TppKey {
  /** The parsed certificate. */
  cert: X509Certificate;
}

/**
 * keyId (default: derived from the certificate), signer, certificate header and certificate of a certificate and key.
 */
export function signingIdentity(certPem: string, key: string | KeyObject, keyId?: string): SigningIdentity {
  const cert = new X509Certificate(certPem);
  return {
    keyId: keyId ?? keyIdFor(cert),
    signer: rsaSha256Signer(key),
    certHeader: certificateHeaderValue(certPem),
    cert,
  };
}
