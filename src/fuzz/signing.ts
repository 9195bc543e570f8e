// The valid signed request every operator starts from, and the keys operators may sign with.
// One base request is signed and reused for every case that needs no new signature; it is
// re-signed before its Date gets old (every 20 s), so long runs stay inside the 60 s window.
import type { TppClient, TppIdentity } from '../tpp/client.ts';
import { formatHttpDate } from '../tpp/http-date.ts';
import type { HttpRequest } from '../tpp/http-message.ts';
import { signRequest, type SignedRequest, type SignOptions } from '../tpp/sign.ts';
import { signingIdentity, type SigningIdentity } from '../tpp/signing-identity.ts';
import { testCredentials } from '../tpp/fixtures.ts';
import { DEFAULT_FUZZ_BASE, type FuzzBaseRequest } from '../session/profile.ts';
import type { Target } from './target.ts';

/** The request the fuzzer mutates: the profile's `fuzz.baseRequest` (default GET /v1/accounts). */
export type BaseRequestSpec = FuzzBaseRequest;

export const DEFAULT_BASE: BaseRequestSpec = DEFAULT_FUZZ_BASE;

const REFRESH_MS = 20_000;

/** The case factory of a target: its TPP identity, clock and the profile's base request. */
export function caseFactoryFor(target: Target): CaseFactory {
  return new CaseFactory(target.client(), target.identity, target.now, target.profile.fuzz.baseRequest);
}

export class CaseFactory {
  readonly key: SigningIdentity;
  /** Another TPP's key and certificate (TEST-ONLY fixtures, another CA). */
  readonly other: SigningIdentity;
  /** The base request before signing: no Date, Digest or Signature. */
  readonly unsigned: HttpRequest;
  private current?: { at: number; signed: SignedRequest };

  constructor(
    client: TppClient,
    identity: TppIdentity,
    readonly now: () => number,
    spec: BaseRequestSpec = DEFAULT_BASE,
  ) {
    this.key = signingIdentity(identity.certPem, identity.keyPem, identity.keyId);
    const other = testCredentials('ai-only-').qsealc;
    this.other = signingIdentity(other.certPem, other.keyPem);
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
  sign(
    req: HttpRequest,
    opts: SignOptions = {},
    key: Pick<SigningIdentity, 'keyId' | 'signer'> = this.key,
  ): SignedRequest {
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
