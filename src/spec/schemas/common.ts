/**
 * Schema building blocks and the small resources others refer to (JSON Schema 2020-12). Every
 * top-level property carries the spec's rule as its `description`: clauses.ts turns each into a
 * field clause, so the text here is the spec's wording.
 *
 * Unknown extra properties are allowed everywhere: the spec shows only some fields, and Berlin Group
 * adds many optional ones.
 */
import type { AmountOptions } from '../amount.ts';
import { LINK_VERBS, TPP_MESSAGE_CATEGORIES, TPP_MESSAGE_CODES } from '../codes.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { CURRENCY_CODES } from '../currencies.ts';
import { ERROR_CODES } from '../errors.ts';
import { limitValue } from '../limits.ts';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** Keyword checking an `{ amount, currency }` object with checkAmount (validate.ts registers it). */
export const AMOUNT_KEYWORD = 'xs2aAmount';

/**
 * Annotation marking a SHOULD-level constraint (a Berlin Group default or a choice where the spec is
 * silent). A failure inside such a subschema is reported at SHOULD level under this clause.
 */
export const SHOULD_KEYWORD = 'x-should';
export interface ShouldAnnotation {
  readonly clause: string;
  readonly text: string;
  readonly source: string;
}
export const should = (annotation: ShouldAnnotation, constraint: JsonSchema): JsonSchema => ({
  ...constraint,
  [SHOULD_KEYWORD]: annotation,
});

export const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});
export const maxStr = (maxLength: number, description: string): JsonSchema => str(description, { maxLength });
export const date = (description: string): JsonSchema => str(description, { format: 'date' });
export const currencyCode = (description: string): JsonSchema => str(description, { enum: CURRENCY_CODES });
export const countryCode = (description: string): JsonSchema => str(description, { enum: COUNTRY_CODES });
export const ref = (name: string, description: string): JsonSchema => ({ $ref: name, description });
export const arrayOf = (items: JsonSchema, description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'array',
  items,
  description,
  ...extra,
});
export const object = (
  description: string,
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
  extra: JsonSchema = {},
): JsonSchema => ({
  type: 'object',
  description,
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
/** int32 as in the sandbox tables. */
export const int32 = (description: string): JsonSchema => ({
  type: 'integer',
  minimum: -(2 ** 31),
  maximum: 2 ** 31 - 1,
  description,
});

/** Amount object of the spec: `amount` string and `currency` code, both required, checked together. */
export const amount = (description: string, options: AmountOptions): JsonSchema =>
  object(
    description,
    { amount: str('amount as a string'), currency: currencyCode('currency code') },
    ['amount', 'currency'],
    { [AMOUNT_KEYWORD]: options },
  );

/** Postal address shared by creditorAddress and cardAcceptorAddress. */
export const address = (description: string): JsonSchema =>
  object(
    description,
    {
      street: maxStr(70, 'at most 70 characters'),
      buildingNumber: str('string'),
      postalCode: str('string'),
      city: str('string'),
      country: countryCode('country code, required within the object'),
    },
    ['country'],
  );

/** § Resources > Link and links map. */
export const link = object(
  '`_links` is an object. Each property name maps to a Link.',
  {
    href: str('target address'),
    verbs: arrayOf(
      { type: 'string', enum: LINK_VERBS },
      'each one of `GET`, `PUT`, `POST`, `DELETE`; required in payment and basket responses',
    ),
  },
  ['href'],
  { $id: 'link' },
);
/** A Link as payment and basket responses carry it: verbs required. */
export const linkWithVerbs: JsonSchema = {
  $id: 'link-with-verbs',
  $ref: 'link',
  type: 'object',
  required: ['href', 'verbs'],
};
export const links: JsonSchema = { $id: 'links', type: 'object', additionalProperties: { $ref: 'link' } };
export const linksWithVerbs: JsonSchema = {
  $id: 'links-with-verbs',
  type: 'object',
  additionalProperties: { $ref: 'link-with-verbs' },
};

/** § Resources > Account reference. */
export const accountReference = object(
  'One of bban or iban identifies the account.',
  {
    bban: maxStr(limitValue('bban-length'), 'at most 30 characters'),
    iban: str('at most 34 characters, ISO 13616-1:2007 structure', {
      maxLength: limitValue('iban-length'),
      format: 'iban',
    }),
    currency: currencyCode('a currency code'),
  },
  ['currency'],
  { $id: 'account-reference', anyOf: [{ required: ['bban'] }, { required: ['iban'] }] },
);

/**
 * § Resources > tppMessage. "one of the message codes listed under Errors": the tppMessages list and the status/code
 * pairs.
 */
export const tppMessage = object(
  'Operational message to the TPP.',
  {
    category: str('`ERROR` or `WARNING`', { enum: TPP_MESSAGE_CATEGORIES }),
    code: str('one of the message codes listed under Errors', {
      enum: [...new Set([...TPP_MESSAGE_CODES, ...ERROR_CODES])],
    }),
    path: str('string'),
    text: maxStr(limitValue('tpp-message-text-length'), 'at most 512 characters'),
  },
  ['category', 'code'],
  { $id: 'tpp-message' },
);

/** § Resources > Error body. "message" is the one field called optional. */
export const errorBody = object(
  'Body of error responses (§ Errors).',
  {
    id: str('identifier of the error occurrence'),
    system: str('name of the internal system that produced the error'),
    status: { type: 'integer', minimum: 100, maximum: 599, description: 'HTTP status code' },
    code: str('error code'),
    message: str('optional text'),
  },
  ['id', 'system', 'status', 'code'],
  { $id: 'error-body' },
);
