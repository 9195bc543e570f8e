/** The spec's vocabulary, held once as data: the public API of src/spec. */
export * from './amount.ts';
export * from './authentication.ts';
export * from './clauses.ts';
export * from './codes.ts';
export * from './countries.ts';
export * from './currencies.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './headers.ts';
export * from './kid.ts';
export * from './limits.ts';
export * from './operations.ts';
export { RESOURCE_SCHEMAS, SCHEMAS, isSchemaName, type SchemaEntry } from './schemas/index.ts';
export type { JsonSchema } from './schemas/common.ts';
export * from './states.ts';
export * from './versioning.ts';
export * from './validate.ts';
export { buildOpenApi, documentOperations, NOT_SHOWN, type OpenApiDocument, type OpenApiOptions } from './openapi.ts';
