/**
 * Spec § Events: the only callbacks are browser redirects to the TPP-Redirect-URI after SCA, carrying
 * these query parameters. A parameter the spec qualifies ("optional", "for server errors") is
 * optional or conditional; an unqualified one is expected on every such redirect.
 */
import { PSU_CONTEXTS } from './codes.ts';

export interface RedirectParam {
  readonly name: string;
  readonly type: 'uuid' | 'string' | 'number';
  readonly presence: 'required' | 'optional' | 'conditional';
  readonly rule: string;
  readonly values?: readonly string[];
}

export const REDIRECT_SUCCESS_PARAMS: readonly RedirectParam[] = [
  {
    name: 'psu-id',
    type: 'uuid',
    presence: 'required',
    rule: 'PSU identifier (RFC 4122 UUID) for later `PSU-ID` headers',
  },
  {
    name: 'psu-corporate-id',
    type: 'uuid',
    presence: 'optional',
    rule: 'present when a corporate agreement was chosen',
  },
  {
    name: 'tpp-session-id',
    type: 'string',
    presence: 'required',
    rule: 'the TPP-Session-ID of the request that started SCA',
  },
  { name: 'context', type: 'string', presence: 'required', rule: '`PRIVATE` or `CORPORATE`', values: PSU_CONTEXTS },
];

export const REDIRECT_FAILURE_PARAMS: readonly RedirectParam[] = [
  {
    name: 'system',
    type: 'string',
    presence: 'conditional',
    rule: 'name of the internal system producing the error, for server errors',
  },
  { name: 'status', type: 'number', presence: 'required', rule: 'HTTP status code' },
  { name: 'code', type: 'string', presence: 'required', rule: 'error code, for example `PAYMENT_FAILED`' },
  { name: 'message', type: 'string', presence: 'required', rule: 'URL-encoded error text' },
];

/** RFC 4122 UUID, any version, as text. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
