// The tampering catalogue's vocabulary: an operator takes the valid signed request and spoils (or
// varies) it in one named way, with the verdict the spec expects and the clauses it tests. Where
// the spec leaves leniency to the bank (hex case, DN spacing, RFC 2047 case, parameter order) the
// level is `should`. `arb` is the operator's generated choice: fast-check shrinks it to the simplest
// form that still shows a wrong verdict. `faults` name the reference-bank faults under which the
// operator is seen to fail (test/fuzz/faults.spec.ts). `gherkin` names the rows of features/ that
// send the request spoiled by this operator, each with its fixed choice (src/suite/tamper.ts).
import type fc from 'fast-check';
import type { Level } from '../../spec/level.ts';
import type { HttpRequest } from '../http-message.ts';
import type { SignedRequest, SignOptions, Signer } from '../sign.ts';

export type Verdict = 'accept' | 'reject';
export type Family =
  | 'params'
  | 'headers'
  | 'values'
  | 'signature'
  | 'algorithm'
  | 'key-id'
  | 'certificate'
  | 'rfc2047'
  | 'date'
  | 'digest';

/** A TPP's signing identity as operators use it: keyId, the signer, the certificate as the header carries it. */
export interface TppKey {
  keyId: string;
  signer: Signer;
  certHeader: string;
}

export interface OperatorContext<P> {
  /** The operator's generated (or a Gherkin row's fixed) choice. */
  value: P;
  /** Target clock now (ms). */
  now: number;
  /**
   * How long (ms) the request may take from its signing until the target reads its Date: an operator whose Date must
   * arrive beyond (or within) the target's window moves its Date that much further (a slow target, a retry).
   * 0 unless a verdict was seen too late to count (src/suite/tamper.ts).
   */
  transitMs: number;
  /** The base request before signing (no Date, Digest, Signature). */
  unsigned: HttpRequest;
  /** Signs with the TPP's key (or another); Date = target now unless opts say otherwise. */
  sign(req: HttpRequest, opts?: SignOptions, key?: TppKey): SignedRequest;
  key: TppKey;
  /** Another TPP's key and certificate. */
  other: TppKey;
}

/** A Gherkin row that names this operator: its display name in features/ and the operator's choice for it. */
export type GherkinRow<P> =
  | { name: string; value: P }
  /**
   * The choice computed from the valid signed request (a bit in the middle of the signature, the reverse of headers=).
   */
  | { name: string; valueFor: (signed: SignedRequest) => P };

export interface MutationOperator<P = any> {
  id: string;
  family: Family;
  description: string;
  clauses: string[];
  level: Level;
  expect: Verdict;
  /** True when the operator signs anew (the others reuse the one valid signature). */
  resigns?: boolean;
  arb: fc.Arbitrary<P>;
  /** Faults of src/bank/faults.ts (all switched on together) under which the verdict is wrong. */
  faults: string[];
  /**
   * false: not in the fuzz campaign's default set (an operator added for a Gherkin row; the
   * campaign runs the operators and ids it always ran). `--operators` still selects it.
   */
  campaign?: false;
  /** Rows of features/ that send the request spoiled by this operator. */
  gherkin?: ReadonlyArray<GherkinRow<P>>;
  /**
   * How long (ms) the request may take from its signing to its answer with a verdict other than `expect` still
   * certain, given the choice and the transit the Date allowed for (`OperatorContext.transitMs`): a Date near the edge
   * of the target's window may be read after it has crossed it. None: any time.
   */
  slackMs?(value: P, transitMs: number): number;
  apply(signed: SignedRequest, ctx: OperatorContext<P>): HttpRequest;
}

/**
 * What a TPP client hands a tampering when it signs a request (RequestSpec.tamper): the request as
 * signed, the same request unsigned, its key, and its own signing (its options, Date its clock's now).
 */
export interface SigningAtHand {
  /** The signing clock's now (ms): the time the request's Date was written for. */
  now: number;
  signed: SignedRequest;
  unsigned: HttpRequest;
  key: TppKey;
  sign(req: HttpRequest, opts?: SignOptions, key?: TppKey): SignedRequest;
}
