// Where the spec is silent, the suite asks the profile. Two kinds of silence live here:
//
// - operations the spec names without a method or path (§ Endpoints > Other operations: "an
//   initialisation operation", "balance-update operations", "TPP dialogue operations"; and ones it does
//   not name at all, such as creating sandbox customers): `operations.<id>` gives method and path, or
//   `null` when the bank does not offer it (its scenarios are then not applicable);
// - where an answer keeps a value the spec shows no field for (the id of a created sandbox account,
//   its IBAN, the container of a list): `responses.<key>` gives JSON pointers, tried in order.
//   The defaults try the common names first; a miss names the key to set.
//
// The bank's answer is the truth: ids and values are read from what it returned, never from what the
// suite sent.
import { ShapeMiss } from './errors.ts';

/**
 * The part of the profile the shapes read (profile.ts's Profile has it; named here so that profile.ts and this file do
 * not import each other).
 */
interface ShapedProfile {
  operations?: Record<string, { method: string; path: string } | null>;
  responses?: Record<string, string | string[]>;
  /** The sandbox customer `type` values of a private and a corporate customer (the spec shows none). */
  customerTypes?: { private: string; corporate: string };
}

/** The sandbox customer type values the platform uses (facts §1.3), where the profile names none. */
export const DEFAULT_CUSTOMER_TYPES = { private: 'private', corporate: 'corporate' } as const;

/** The profile's sandbox customer `type` value for a private or a corporate customer. */
export const customerTypeOf = (profile: ShapedProfile, type: 'private' | 'corporate'): string =>
  (profile.customerTypes ?? DEFAULT_CUSTOMER_TYPES)[type];

export interface OperationRef {
  method: string;
  /** Path relative to the target; `{name}` parameters are filled and URL-encoded. */
  path: string;
}

/** Operations whose method or path the spec does not show: the platform's (facts §1.3), which the
 * reference bank's default dialect serves. Each one's clause of silence is in OPERATION_SILENCE. */
export const DEFAULT_OPERATIONS: Record<string, OperationRef | null> = {
  'create-sandbox-customer': { method: 'POST', path: '/v1/sandbox/customers' },
  'get-sandbox-account': { method: 'GET', path: '/v1/sandbox/accounts/{id}' },
  'get-sandbox-card-account': { method: 'GET', path: '/v1/sandbox/card-accounts/{id}' },
  'update-sandbox-account-balance': { method: 'PUT', path: '/v1/sandbox/accounts/{id}/balances' },
  'update-sandbox-card-account-balance': { method: 'PUT', path: '/v1/sandbox/card-accounts/{id}/balances' },
  'initialise-sandbox': { method: 'POST', path: '/v1/sandbox/initialise' },
  'create-sandbox-agreement': { method: 'POST', path: '/v1/sandbox/agreements' },
  'register-tpp-contact': { method: 'POST', path: '/v1/tpp-dialogue/contact' },
  // {paymentPath}: the payment's own path (its self link), not encoded.
  'list-payment-authorisations': { method: 'GET', path: '{paymentPath}/authorisations' },
};

/** Why each operation is a profile key: the spec's words that leave it open. */
export const OPERATION_SILENCE: Record<string, string> = {
  'create-sandbox-customer': 'The spec names no operation that creates sandbox customers.',
  'get-sandbox-account':
    '"extra mock-data operations for creating and reading accounts, card accounts and transactions": method and path not shown.',
  'get-sandbox-card-account':
    '"extra mock-data operations for creating and reading accounts, card accounts and transactions": method and path not shown.',
  'update-sandbox-account-balance':
    '"balance-update operations for accounts and card accounts" … "Details of the operations in this list: not shown."',
  'update-sandbox-card-account-balance':
    '"balance-update operations for accounts and card accounts" … "Details of the operations in this list: not shown."',
  'initialise-sandbox':
    '"an initialisation operation that resets the sandbox to a known state" … "Details of the operations in this list: not shown."',
  'create-sandbox-agreement': 'The spec names no operation that creates corporate agreements.',
  'register-tpp-contact':
    '"TPP dialogue operations for registering a non-personal contact e-mail" … "Certificate registration steps and the TPP dialogue operations: not shown."',
  'list-payment-authorisations':
    'The spec names the startAuthorisation link of a payment, not a list of its authorisations (Berlin Group: GET …/authorisations).',
};

/** The spec-named sandbox paths (§ Endpoints 4, 5 and Other operations): not profile keys. */
export const SANDBOX_PATHS = {
  customers: '/v1/sandbox/customers',
  accounts: '/v1/sandbox/accounts',
  accountTransactions: (id: string) => `/v1/sandbox/accounts/${encodeURIComponent(id)}/transactions`,
  cardAccounts: '/v1/sandbox/card-accounts',
  cardTransactions: (id: string) => `/v1/sandbox/card-accounts/${encodeURIComponent(id)}/transactions`,
} as const;

/** An operation as the profile declares it, its path filled; undefined when the bank does not offer it. */
export function operation(
  profile: ShapedProfile,
  id: string,
  params: Record<string, string> = {},
): OperationRef | undefined {
  const declared = profile.operations?.[id];
  const op = declared === undefined ? DEFAULT_OPERATIONS[id] : declared;
  if (op === undefined) throw new Error(`no operation "${id}" (src/session/shapes.ts DEFAULT_OPERATIONS)`);
  if (op === null) return undefined;
  // A parameter named …Path is a path of the target's own (a resource's self link): put in as it is.
  return {
    method: op.method,
    path: op.path.replace(/\{(\w+)\}/g, (_m, k: string) =>
      k.endsWith('Path') ? (params[k] ?? '') : encodeURIComponent(params[k] ?? ''),
    ),
  };
}

/**
 * JSON pointers (RFC 6901) tried in order, per value the suite reads from an answer whose shape the spec does not show.
 * '' is the whole document.
 */
export const DEFAULT_RESPONSES: Record<string, string[]> = {
  /** POST /v1/sandbox/accounts (and the account read): the id used in the sandbox paths. */
  'sandbox-account.id': ['/id', '/resourceId', '/mockAccountId', '/accountId'],
  'sandbox-account.iban': ['/iban', '/account/iban'],
  'sandbox-account.bban': ['/bban', '/account/bban'],
  'sandbox-account.name': ['/accountName', '/name', '/displayName'],
  'sandbox-account.currency': ['/currency', '/account/currency'],
  /** POST /v1/sandbox/card-accounts. */
  'sandbox-card-account.id': ['/resourceId', '/id', '/mockCardAccountId', '/cardAccountId'],
  'sandbox-card-account.maskedPan': ['/maskedPan'],
  'sandbox-card-account.name': ['/name', '/displayName', '/accountName'],
  /** GET /v1/sandbox/customers: the list, and in each item the national identity number and type. */
  'sandbox-customers.list': ['', '/customers'],
  'sandbox-customer.nationalId': ['/customerNumber', '/nationalIdentityNumber', '/nationalId', '/ssn'],
  'sandbox-customer.type': ['/type', '/customerType'],
  /** POST /v1/sandbox/accounts/{id}/transactions: the created items. */
  'sandbox-transactions.list': ['', '/transactions'],
};

/** Why each response key is a profile key. */
export const RESPONSE_SILENCE =
  'Fields of account, balance, consent, agreement, user and payment-status resources, and of payment products other than cross-border: not shown; sandbox account and card account creation, customers and the TPP dialogue: "Details of the operations in this list: not shown."';

/** Reads one RFC 6901 pointer; undefined when a step is missing. */
export function atPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let cur: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The pointers for a key: the profile's (a string or a list), else the defaults. */
export function pointers(profile: ShapedProfile, key: string): string[] {
  const p = profile.responses?.[key];
  if (p !== undefined) return Array.isArray(p) ? p : [p];
  const d = DEFAULT_RESPONSES[key];
  if (!d) throw new Error(`no response key "${key}" (src/session/shapes.ts DEFAULT_RESPONSES)`);
  return d;
}

/** The first value of the answer at one of the key's pointers that passes `ok`. */
export function readValue<T>(
  profile: ShapedProfile,
  key: string,
  doc: unknown,
  ok: (v: unknown) => v is T,
): T | undefined {
  for (const p of pointers(profile, key)) {
    const v = atPointer(doc, p);
    if (ok(v)) return v;
  }
  return undefined;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** A string the answer must hold; throws ShapeMiss naming the profile key. */
export function readString(profile: ShapedProfile, key: string, doc: unknown, what: string): string {
  const v = readValue(profile, key, doc, (x): x is string | number => isText(x) || typeof x === 'number');
  if (v === undefined)
    throw new ShapeMiss(
      `${what}: no value at ${pointers(profile, key)
        .map((p) => p || '(the body)')
        .join(
          ', ',
        )} of ${JSON.stringify(doc)?.slice(0, 200)}; set responses.${key} in the profile to the JSON pointer where this bank answers it`,
    );
  return String(v);
}

/** An optional string (undefined when none of the pointers holds one). */
export function readOptionalString(profile: ShapedProfile, key: string, doc: unknown): string | undefined {
  const v = readValue(profile, key, doc, (x): x is string | number => isText(x) || typeof x === 'number');
  return v === undefined ? undefined : String(v);
}

/** A list the answer must hold; throws ShapeMiss naming the profile key. */
export function readList(profile: ShapedProfile, key: string, doc: unknown, what: string): unknown[] {
  const v = readValue(profile, key, doc, isList);
  if (v === undefined)
    throw new ShapeMiss(
      `${what}: no list at ${pointers(profile, key)
        .map((p) => p || '(the body)')
        .join(', ')} of ${JSON.stringify(doc)?.slice(0, 200)}; set responses.${key} in the profile`,
    );
  return v;
}

/**
 * The national identity numbers of the customers of one type in a GET /v1/sandbox/customers answer, through the
 * profile's pointers.
 */
export function customersOfType(profile: ShapedProfile, doc: unknown, type: 'private' | 'corporate'): string[] {
  return (readValue(profile, 'sandbox-customers.list', doc, isList) ?? [])
    .filter(
      (x) =>
        String(readOptionalString(profile, 'sandbox-customer.type', x)).toLowerCase() ===
        customerTypeOf(profile, type).toLowerCase(),
    )
    .map((x) => readOptionalString(profile, 'sandbox-customer.nationalId', x))
    .filter((x): x is string => !!x);
}
