// The reference bank's error classes, each with a stable code (`BANK_ERR_…`, unique across the
// project: test/spec/error-codes.spec.ts) and its own name. What the bank answers is not that code:
// a BankError carries the spec's wire code (`wireCode`) its error body names.
import type { TppMessageCode } from '../spec/codes.ts';
import { wireStatus, type WireCode } from '../spec/wire-codes.ts';

/** A code of tppMessages: the spec's list, or a wire code of the table (server.ts errorReply). */
export type TppCode = TppMessageCode | WireCode;

/**
 * An error answered with the spec's error body (§ Resources > Error body). Raised by wire code alone:
 * the status comes from the one table of wire codes (spec/wire-codes.ts).
 */
export class BankError extends Error {
  override name = 'BankError';
  readonly code = 'BANK_ERR_ERROR_BODY';
  readonly status: number;
  constructor(
    readonly wireCode: WireCode,
    message: string,
    readonly extra: { tppCode?: TppCode; path?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = wireStatus(wireCode);
  }
}

/** 401 with `_links.scaRedirect` (§ Errors, 401 row). */
export class ScaNeeded extends Error {
  override name = 'ScaNeeded';
  readonly code = 'BANK_ERR_SCA_NEEDED';
  constructor(readonly href: string) {
    super('SCA required');
  }
}
