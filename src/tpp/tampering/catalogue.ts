// The catalogue's operators, family by family, and the lookup by id.
import { ALGORITHM } from './algorithm.ts';
import { CERTIFICATE } from './certificate.ts';
import { DATE } from './date.ts';
import { DIGEST } from './digest.ts';
import { HEADERS } from './headers.ts';
import { KEY_ID } from './key-id.ts';
import { PARAMS } from './params.ts';
import { RFC2047 } from './rfc2047.ts';
import { SIGNATURE } from './signature.ts';
import type { MutationOperator } from './types.ts';
import { VALUES } from './values.ts';

/** Every operator of the catalogue, family by family. */
export const CATALOGUE: readonly MutationOperator[] = [
  ...PARAMS,
  ...HEADERS,
  ...VALUES,
  ...SIGNATURE,
  ...ALGORITHM,
  ...KEY_ID,
  ...CERTIFICATE,
  ...RFC2047,
  ...DATE,
  ...DIGEST,
];

/** The fuzz campaign's default set: the catalogue less the operators marked `campaign: false`, in catalogue order. */
export const CAMPAIGN: readonly MutationOperator[] = CATALOGUE.filter((o) => o.campaign !== false);

const BY_ID = new Map(CATALOGUE.map((o) => [o.id, o]));
if (BY_ID.size !== CATALOGUE.length) throw new Error('mutation operator ids must be unique');

/** Operator by id; throws naming the known ids. */
export function operatorById(id: string): MutationOperator {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`unknown mutation operator "${id}"; known: ${CATALOGUE.map((o) => o.id).join(', ')}`);
  return op;
}
