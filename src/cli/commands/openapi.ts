// `openapi`: the interface as src/spec holds it, as an OpenAPI 3.1 document (src/spec/openapi.ts).
// Where the spec leaves a method or path open, the routes come from the suite's defaults (the
// reference bank's default dialect), overlaid with the `operations` key of a dialect's shipped
// profile (--dialect) or of a bank's profile (--profile): the dialect mapping lives here, so src/spec
// imports nothing above it.
import { type Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi, documentOperations, type OpenApiDocument, type RouteOverride } from '../../spec/openapi.ts';
import { DIALECTS, dialectProfile, isDialect, type Dialect } from '../../session/dialects.ts';
import { ProfileError } from '../../session/errors.ts';
import { loadProfile, yaml } from '../../session/profile.ts';
import { DEFAULT_OPERATIONS } from '../../session/shapes.ts';
import { UsageError } from '../errors.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface OpenApiCommandOptions {
  dialect?: string;
  profile?: string;
}

/** The document for a dialect or a profile: the suite's default routes, overlaid with the profile's `operations`. */
export function openApiFor(o: OpenApiCommandOptions): OpenApiDocument {
  const dialect = o.dialect ?? 'default';
  if (!isDialect(dialect)) throw new UsageError(`unknown dialect "${dialect}": use ${DIALECTS.join(' or ')}`);
  if (o.profile && dialect !== 'default')
    throw new UsageError('--profile and --dialect are exclusive: a dialect brings its own profile');
  const file = o.profile ? resolve(o.profile) : dialectProfile(dialect as Dialect);
  let routes: Record<string, RouteOverride> = { ...DEFAULT_OPERATIONS };
  if (file) {
    try {
      routes = { ...routes, ...(loadProfile(file).operations ?? {}) };
    } catch (e) {
      if (e instanceof ProfileError) throw new UsageError(e.message);
      throw e;
    }
  }
  const source = file ? relative(ROOT, file) || file : 'src/session/shapes.ts DEFAULT_OPERATIONS';
  return buildOpenApi({ routes, routesSource: source, dialect: o.profile ? `profile ${source}` : dialect });
}

export function register(program: Command): void {
  program
    .command('openapi')
    .description(
      'write the interface as src/spec holds it as an OpenAPI 3.1 document: operations, headers, schemas, error pairs, signature headers, x-clause on each item',
    )
    .option('--out <FILE>', 'where the document goes (YAML for .yaml/.yml, else JSON); default: standard output')
    .option(
      '--dialect <name>',
      `the reference bank dialect whose routes fill what the spec leaves open: ${DIALECTS.join(' or ')}`,
      'default',
    )
    .option('--profile <FILE>', "take the routes the spec leaves open from this profile's operations key instead")
    .option('--format <json|yaml>', 'format on standard output, or instead of the --out extension')
    .action((o: { out?: string; dialect: string; profile?: string; format?: string }) => {
      if (o.format !== undefined && o.format !== 'json' && o.format !== 'yaml')
        throw new UsageError(`unknown format "${o.format}": use json or yaml`);
      const doc = openApiFor(o);
      const asYaml = o.format ? o.format === 'yaml' : !!o.out && /\.ya?ml$/i.test(o.out);
      const text = asYaml
        ? yaml().stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 })
        : `${JSON.stringify(doc, null, 2)}\n`;
      if (!o.out) {
        process.stdout.write(text);
        return;
      }
      const out = resolve(o.out);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
      const n = documentOperations(doc).length;
      const schemas = Object.keys(doc.components.schemas).length;
      process.stdout.write(`written: ${out} (OpenAPI ${String(doc.openapi)}, ${n} operations, ${schemas} schemas)\n`);
    });
}
