// The names of the checks a fault may switch off (the fault seam, seam.ts, re-exports them). A file of
// its own because Bank.checkOn names them and seam.ts names Bank: kept here, neither imports the other's
// dependants and src/bank has no import cycle. Imports nothing from src/bank.
import type { CheckId, FailureCode } from '../tpp/verify.ts';

/** Checks a fault may switch off: the verifier's check ids and the bank's own. */
export type CheckName =
  | CheckId
  | 'required-headers'
  | 'header-formats'
  | 'accept-fix'
  | 'body-schema'
  | 'characters'
  | 'psu-allowance'
  | 'history-window'
  | 'sca-session'
  | 'sca-renewal'
  | 'consent-age'
  | 'corporate-id'
  | 'production-chain'
  | 'production-role'
  | 'basket-mix'
  | 'monthly-variable'
  /** One verifier failure code (DATE_MISSING, SIGNATURE_MISSING, …) instead of a whole check. */
  | FailureCode
  /**
   * One required header: `required-header:<operation id>:<lower-case name>`, or `required-header:*:<name>` for every
   * operation.
   */
  | `required-header:${string}:${string}`
  /** The TPP-Session-ID comparison of the SCA session (the expiry stays). */
  | 'sca-session-id'
  /** One header's format check: `header-format:<lower-case name>`. */
  | `header-format:${string}`
  /** The value x-accept-fix must carry on an operation (its presence stays required). */
  | 'accept-fix-value'
  /** X-PSU-IDENTITY as an alternative to PSU-ID. */
  | 'x-psu-identity'
  /**
   * The exemptions of a call with PSU-IP-Address (PSU present) from the call allowance and from the 90-day history
   * window.
   */
  | 'allowance-psu-present'
  | 'history-psu-present'
  /** The field lengths of sandbox account transactions. */
  | 'sandbox-field-lengths';
