// A schema's validator kept as Ajv's standalone code (kept-validator.ts): the profile's schema is not
// compiled again as each run starts.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { keptValidator } from '../../src/session/kept-validator.ts';
import { completeProfile, PROFILE_SCHEMA } from '../../src/session/profile.ts';

const OPTIONS = { allErrors: true, strict: false };
const schema = (required: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: { x: { type: 'integer' }, y: { type: 'integer' } },
  required: [required],
});

// Faults that trip it: the code not kept (no file under its name), the kept code not taken (compiled
// again), or kept code that judges otherwise than the compiled schema (other errors for the same value).
it('keeps the compiled code, and that code judges as the compiled schema does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-kept-'));
  const compiled = keptValidator(PROFILE_SCHEMA, OPTIONS, dir);
  expect(readdirSync(dir)).toEqual([expect.stringMatching(/^schema-[0-9a-f]{16}\.cjs$/)]);
  // The kept file loads in a process that has not compiled anything (here: as a module of its own).
  const again = keptValidator(PROFILE_SCHEMA, OPTIONS, dir);
  const bad = { environment: 'nonsense', concurrency: 99, foo: 1 };
  expect(compiled(bad)).toBe(false);
  const errors = compiled.errors;
  expect(again(bad)).toBe(false);
  expect(again.errors).toEqual(errors);
  expect(errors!.length).toBeGreaterThan(1);
  expect(again({ environment: 'sandbox' })).toBe(true);
  // The next process takes the kept code, not a compilation of its own (here: code that says so).
  const other = mkdtempSync(join(tmpdir(), 'xs2a-kept-'));
  keptValidator(schema('x'), OPTIONS, other);
  writeFileSync(join(other, readdirSync(other)[0]), 'module.exports = () => "kept";');
  expect(keptValidator(schema('x'), OPTIONS, other)({})).toBe('kept');
  // The profile reader takes it: an unknown key is still named.
  expect(() => completeProfile({ foo: 1 }, tmpdir())).toThrow(/key foo is not a known key/);
});

// Fault that trips it: a key that leaves the schema out (the second schema judged by the first's code:
// { x: 1 } accepted where y is required).
it('compiles a changed schema again instead of taking the code of the old one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-kept-'));
  expect(keptValidator(schema('x'), OPTIONS, dir)({ x: 1 })).toBe(true);
  expect(keptValidator(schema('y'), OPTIONS, dir)({ x: 1 })).toBe(false);
  expect(readdirSync(dir)).toHaveLength(2);
});

// Faults that trip it: a kept file that does not load (cut short, garbage) thrown out of the validator
// (every run would then fail to read its profile), and a folder that cannot be written likewise.
it('compiles the schema when the kept code does not load or cannot be written', () => {
  const made = mkdtempSync(join(tmpdir(), 'xs2a-kept-'));
  keptValidator(schema('x'), OPTIONS, made);
  const [name] = readdirSync(made);
  const broken = mkdtempSync(join(tmpdir(), 'xs2a-kept-'));
  writeFileSync(join(broken, name), 'module.exports = (');
  const v = keptValidator(schema('x'), OPTIONS, broken);
  expect(v({ y: 1 })).toBe(false);
  expect(v({ x: 1 })).toBe(true);
  const file = join(made, name);
  const unwritable = keptValidator(schema('y'), OPTIONS, join(file, 'below-a-file'));
  expect(unwritable({ y: 2 })).toBe(true);
});
