/**
 * The one table of wire codes: every `code` the reference bank sends in an error body or in the
 * SCA pages' error redirect, with its status, its level and its source (spec § Errors).
 *
 * Codes that § Errors pairs with a status take the status from ERROR_PAIRS (errors.ts); it is not
 * restated here. Codes the spec lists only in tppMessages, and Berlin Group codes for situations
 * the spec names without a code, are SHOULD rows that name their source.
 *
 * A code has exactly one status. The bank raises by code (`bankError` in src/bank/http.ts); faults
 * that break a status/code pair on purpose go through their own escape hatch (`wrongWire`).
 */
import { errorPair } from './errors.ts';
import type { Level } from './level.ts';

export type WireCodeSource = 'spec § Errors' | 'spec § Errors tppMessages list' | 'Berlin Group NextGenPSD2 1.3';

export interface WireCodeRow {
  readonly status: number;
  readonly level: Level;
  readonly source: WireCodeSource;
  /** Why this status, where the source of the code gives none (the pair row it follows). */
  readonly note?: string;
}

const pair = (id: string): WireCodeRow => ({ status: errorPair(id).status, level: 'must', source: 'spec § Errors' });
const should = (status: number, source: WireCodeSource, note?: string): WireCodeRow => ({
  status,
  level: 'should',
  source,
  ...(note ? { note } : {}),
});

export const WIRE_CODES = {
  // § Errors pairs: code and status both stated.
  FORMAT_ERROR: pair('FORMAT_ERROR'),
  QUERY_PARAMETER_REQUIRED: pair('QUERY_PARAMETER_REQUIRED'),
  PERIOD_INVALID: pair('PERIOD_INVALID'),
  REFERENCE_MIX_INVALID: pair('REFERENCE_MIX_INVALID'),
  RESOURCE_UNKNOWN: pair('RESOURCE_UNKNOWN'),
  ACCESS_EXCEEDED: pair('ACCESS_EXCEEDED'),
  SYSTEM_ERROR: pair('SYSTEM_ERROR'),
  // "KID errors return status 400", codes from the tppMessages list.
  KID_MISSING: pair('kid-error'),
  KID_INVALID: pair('kid-error'),
  // tppMessages list codes; the spec shows no status for them ("listed with a status: not shown").
  CONFLICT: should(409, 'spec § Errors tppMessages list'),
  FORBIDDEN: should(403, 'spec § Errors tppMessages list', 'wrong PSD2 role; 401 is the SCA answer in this spec'),
  EXECUTION_DATE_INVALID: should(400, 'spec § Errors tppMessages list'),
  PAYMENT_FAILED: should(400, 'spec § Errors tppMessages list', 'SCA redirect error'),
  SCA_EXPIRED: should(401, 'spec § Errors tppMessages list', 'SCA redirect error'),
  SCA_INVALID: should(401, 'spec § Errors tppMessages list', 'SCA redirect error'),
  PSU_CREDENTIALS_INVALID: should(401, 'spec § Errors tppMessages list', 'SCA redirect error'),
  // Berlin Group codes for situations § Errors names without a code; the status follows its pair row.
  SIGNATURE_MISSING: should(
    errorPair('signature-missing').status,
    'Berlin Group NextGenPSD2 1.3',
    'status of the § Errors signature-missing row',
  ),
  SIGNATURE_INVALID: should(
    errorPair('signature-invalid').status,
    'Berlin Group NextGenPSD2 1.3',
    'status of the § Errors signature-invalid row',
  ),
  CERTIFICATE_INVALID: should(400, 'Berlin Group NextGenPSD2 1.3'),
  CERTIFICATE_EXPIRED: should(400, 'Berlin Group NextGenPSD2 1.3'),
  SERVICE_INVALID: should(405, 'Berlin Group NextGenPSD2 1.3', 'method not allowed on a known path'),
} as const satisfies Record<string, WireCodeRow>;

export type WireCode = keyof typeof WIRE_CODES;

export const WIRE_CODE_NAMES: readonly WireCode[] = Object.keys(WIRE_CODES) as WireCode[];

export function isWireCode(code: unknown): code is WireCode {
  return typeof code === 'string' && Object.hasOwn(WIRE_CODES, code);
}

/** The status the table gives a code. */
export function wireStatus(code: WireCode): number {
  return WIRE_CODES[code].status;
}
