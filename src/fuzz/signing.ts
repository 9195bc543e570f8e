// The valid signed request every operator starts from, and the keys operators may sign with.
// One base request is signed and reused for every case that needs no new signature; it is
// re-signed before its Date gets old (every 20 s), so long runs stay inside the 60 s window.
import { X509Certificate } from 'node:crypto';
import type { TppClient, TppIdentity } from '../tpp/client.ts';
import { formatHttpDate } from '../tpp/http-date.ts';
import type { HttpRequest } from '../tpp/http-message.ts';
import { keyIdFor } from '../tpp/key-id.ts';
import { rsaSha256Signer, signRequest, type SignedRequest, type SignOptions, type Signer } from '../tpp/sign.ts';
import { certificateHeaderValue } from '../tpp/verify.ts';
import { testCredentials } from '../tpp/fixtures.ts';
import { DEFAULT_FUZZ_BASE, type FuzzBaseRequest } from '../session/profile.ts';
import type { Target } from './target.ts';

/** A TPP signing identity: keyId, the signer (node:crypto), and the certificate as the header carries it. */
export interface SigningKey {
  keyId: string;
  signer: Signer;
  certHeader: string;
  cert: X509Certificate;
}

export function signingKey(identity: TppIdentity): SigningKey {
  return {
    keyId: identity.keyId ?? keyIdFor(identity.certPem),
    signer: rsaSha256Signer(identity.keyPem),
    certHeader: certificateHeaderValue(identity.certPem),
    cert: new X509Certificate(identity.certPem),
  };
}

/** The request the fuzzer mutates: the profile's `fuzz.baseRequest` (default GET /v1/accounts). */
export type BaseRequestSpec = FuzzBaseRequest;

export const DEFAULT_BASE: BaseRequestSpec = DEFAULT_FUZZ_BASE;

const REFRESH_MS = 20_000;

/** The case factory of a target: its TPP identity, clock and the profile's base request. */
export function caseFactoryFor(target: Target): CaseFactory {
  return new CaseFactory(target.client(), target.identity, target.now, target.profile.fuzz.baseRequest);
}

export class CaseFactory {
  readonly key: SigningKey;
  /** Another TPP's key and certificate (TEST-ONLY fixtures, another CA). */
  readonly other: SigningKey;
  /** The base request before signing: no Date, Digest or Signature. */
  readonly unsigned: HttpRequest;
  private current?: { at: number; signed: SignedRequest };

  constructor(
    client: TppClient,
    identity: TppIdentity,
    readonly now: () => number,
    spec: BaseRequestSpec = DEFAULT_BASE,
  ) {
    this.key = signingKey(identity);
    this.other = signingKey(testCredentials('ai-only-').qsealc);
    this.unsigned = client.build({
      method: spec.method,
      path: spec.path,
      query: spec.query,
      body: spec.body,
      headers: spec.headers,
      sign: false,
    }).request;
  }

  /** Signs a request with a key (default: the TPP's own), Date = target now unless opts say otherwise. */
  sign(req: HttpRequest, opts: SignOptions = {}, key: Pick<SigningKey, 'keyId' | 'signer'> = this.key): SignedRequest {
    return signRequest(
      req,
      { keyId: key.keyId, signer: key.signer },
      { date: { value: formatHttpDate(this.now()) }, ...opts },
    );
  }

  /** The valid signed base request (reused; re-signed every 20 s). */
  base(): SignedRequest {
    const t = Date.now();
    if (!this.current || t - this.current.at > REFRESH_MS) this.current = { at: t, signed: this.sign(this.unsigned) };
    return this.current.signed;
  }
}
