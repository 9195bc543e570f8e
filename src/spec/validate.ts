/**
 * Validation of bodies against the spec's schemas. One Ajv instance holds every schema and compiles
 * each once, on its first use (compiling all of them at load cost every suite worker about 0.25 s of
 * CPU before its first scenario); `validate` then only runs the compiled function and maps its errors
 * to JSON pointers, clause ids and levels.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { checkAmount, type AmountOptions } from './amount.ts';
import type { Level } from './level.ts';
import { AMOUNT_KEYWORD, SHOULD_KEYWORD, type ShouldAnnotation } from './schemas/common.ts';
import { SCHEMA_NAMES, SCHEMAS, type SchemaEntry, type SchemaName } from './schemas/index.ts';

export { SCHEMA_NAMES, type SchemaName };

export interface ValidationIssue {
  /** JSON pointer to the offending value; for a missing property, to where it should be. */
  readonly path: string;
  readonly message: string;
  /** The failing JSON Schema keyword (`xs2aAmount` for amount rules). */
  readonly keyword: string;
  /** Clause id (clauses.ts) the failure breaks. */
  readonly clause: string;
  readonly level: Level;
}

export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly errors: ValidationIssue[] };

type KeywordFunction = ((options: AmountOptions, data: Record<string, unknown>) => boolean) & {
  errors?: Partial<ErrorObject>[];
};
const amountKeyword: KeywordFunction = (options, data) => {
  // Type and currency errors are reported by the `type` and `enum` keywords of the amount schema.
  if (typeof data.amount !== 'string' || typeof data.currency !== 'string') return true;
  const result = checkAmount(data.amount, data.currency, options);
  if (result.ok || result.reason === 'currency') return true;
  amountKeyword.errors = [
    {
      keyword: AMOUNT_KEYWORD,
      message: result.message,
      params: { reason: result.reason, level: result.level, clause: result.clause },
    },
  ];
  return false;
};
/**
 * The one Ajv instance with every schema of the spec, made at the first validation: the command
 * line's commands that validate nothing (sign, verify) start without Ajv. Each schema compiles on its
 * first use.
 */
let instance: Ajv2020 | undefined;
function theAjv(): Ajv2020 {
  if (instance) return instance;
  const load = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // ajv-formats is CommonJS: its plugin is the module itself, or its `default`.
  const formats = load('ajv-formats') as { default?: FormatsPlugin } & FormatsPlugin;
  const addFormats = formats.default ?? formats;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false });
  addFormats(ajv, ['date']);
  // ISO 13616 structure and checksum, electronic format (no spaces).
  ajv.addFormat('iban', { type: 'string', validate: (value: string) => isValidIBAN(value) });
  // ISO 9362: ibantools also accepts lower case, which the standard does not.
  ajv.addFormat('bic', {
    type: 'string',
    validate: (value: string) => isValidBIC(value) && value === value.toUpperCase(),
  });
  ajv.addKeyword({ keyword: SHOULD_KEYWORD, schemaType: 'object' });
  ajv.addKeyword({
    keyword: AMOUNT_KEYWORD,
    type: 'object',
    schemaType: 'object',
    errors: true,
    validate: amountKeyword,
  });
  for (const { schema } of SCHEMAS.values()) ajv.addSchema(schema);
  return (instance = ajv);
}
type FormatsPlugin = (ajv: Ajv2020, formats: string[]) => unknown;

const COMPILED = new Map<SchemaName, ValidateFunction>();
const VALIDATORS = {
  get(name: SchemaName): ValidateFunction | undefined {
    let v = COMPILED.get(name);
    if (!v && SCHEMAS.has(name)) {
      v = theAjv().getSchema(name) as ValidateFunction;
      COMPILED.set(name, v);
    }
    return v;
  },
};

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Described top-level properties per resource: the fields that have a clause of their own. */
const FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...SCHEMAS.values()].map((entry) => {
    const properties = (entry.schema.properties ?? {}) as Record<string, { description?: string }>;
    return [String(entry.schema.$id), new Set(Object.keys(properties).filter((name) => properties[name].description))];
  }),
);

/** `fields.<resource>.<field>` for the field the path lands in, or `fields.<resource>` at its root. */
function fieldClause(entry: SchemaEntry, path: string): string {
  const segments = path.split('/').slice(1).map(unescape);
  const prefixMatches = entry.at.every(
    (want, i) => segments[i] !== undefined && (want === '*' || want === segments[i]),
  );
  const field = prefixMatches ? segments[entry.at.length] : undefined;
  return field !== undefined && FIELDS.get(entry.resource)?.has(field)
    ? `fields.${entry.resource}.${field}`
    : `fields.${entry.resource}`;
}

function toIssue(entry: SchemaEntry, error: ErrorObject): ValidationIssue {
  let path = error.instancePath;
  if (error.keyword === 'required') path += `/${escape(String(error.params.missingProperty))}`;
  if (error.keyword === AMOUNT_KEYWORD) path += '/amount';
  const annotation = (error.parentSchema as Record<string, unknown> | undefined)?.[SHOULD_KEYWORD] as
    ShouldAnnotation | undefined;
  const clause = (error.params.clause as string | undefined) ?? annotation?.clause ?? fieldClause(entry, path);
  const level = (error.params.level as Level | undefined) ?? (annotation ? 'should' : 'must');
  return { path, message: error.message ?? error.keyword, keyword: error.keyword, clause, level };
}

const OK: ValidationResult = Object.freeze({ ok: true });

/** Validates `data` against a named schema; throws on an unknown schema name. */
export function validate(schemaName: SchemaName, data: unknown): ValidationResult {
  const run = VALIDATORS.get(schemaName);
  const entry = SCHEMAS.get(schemaName);
  if (!run || !entry)
    throw new Error(`unknown schema ${JSON.stringify(schemaName)}; known: ${SCHEMA_NAMES.join(', ')}`);
  if (run(data)) return OK;
  // `if` only repeats the failure its `then` already reports.
  const errors = (run.errors ?? []).filter((error) => error.keyword !== 'if').map((error) => toIssue(entry, error));
  return { ok: false, errors };
}

/** An error answer's body held to § Resources > Error body (see checkErrorBody). */
export interface ErrorBodyCheck {
  /** The body against the spec's `error-body` schema. */
  readonly schema: ValidationResult;
  /** The body's `status` (undefined when it has none). */
  readonly status: unknown;
  /** Whether the body's `status` equals the HTTP status of the answer (fields.error-body.status). */
  readonly statusMatches: boolean;
}

/** Holds an error answer's body to the spec's error body: its schema, and `status` equal to the HTTP status. */
export function checkErrorBody(body: unknown, httpStatus: number): ErrorBodyCheck {
  const status = (body as { status?: unknown } | null | undefined)?.status;
  return { schema: validate('error-body', body), status, statusMatches: status === httpStatus };
}
