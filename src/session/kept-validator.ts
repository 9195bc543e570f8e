// A JSON Schema's validation function, compiled by Ajv once per schema and kept as Ajv's standalone code
// beside the command's bundles (node_modules/.cache/xs2a-conformance/schema-<key>.cjs). Compiling the
// profile's schema took about 0.15 s of the run's thread as it started (Ajv loaded and the schema
// compiled, while the first worker process loads on the other core); the kept code loads in a few
// milliseconds. The key is the schema, the options and Ajv's version, so a changed schema is compiled
// again, never validated by the code of the old one. Where the folder cannot be written (a read-only
// install) the schema is compiled each time, as before.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ErrorObject, Options } from 'ajv';

export type KeptValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const load = createRequire(import.meta.url);
/** Ajv's package.json: its version is part of the key, its installation's node_modules holds the cache folder. */
const ajvPackage = () => load.resolve('ajv/package.json');

/** node_modules/.cache/xs2a-conformance of the installation that holds Ajv (where the bundles are kept too). */
function defaultDir(): string {
  return join(dirname(dirname(ajvPackage())), '.cache', 'xs2a-conformance');
}

/** The validation function of `schema` (Ajv with `options`), from its kept code in `dir` when it is there. */
export function keptValidator(schema: object, options: Options, dir = defaultDir()): KeptValidator {
  const ajvVersion = (JSON.parse(readFileSync(ajvPackage(), 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify([schema, options, ajvVersion]))
    .digest('hex')
    .slice(0, 16);
  const file = join(dir, `schema-${key}.cjs`);
  try {
    return createRequire(file)(file) as KeptValidator;
  } catch {
    /* not made yet, or unreadable: compiled below */
  }
  const { Ajv } = load('ajv') as typeof import('ajv');
  const ajv = new Ajv({ ...options, code: { ...options.code, source: true } });
  const validate = ajv.compile(schema);
  // Written whole, then renamed: a process that reads it meanwhile finds no file or all of it.
  const tmp = `${file}.${randomUUID()}.tmp`;
  let written = false;
  try {
    const standalone = load('ajv/dist/standalone') as { default: (a: typeof ajv, v: typeof validate) => string };
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, standalone.default(ajv, validate));
    written = true;
    renameSync(tmp, file);
  } catch {
    // A read-only installation: compiled again next time (a temporary file written is not left behind).
    if (written) rmSync(tmp, { force: true });
  }
  return validate as KeptValidator;
}
