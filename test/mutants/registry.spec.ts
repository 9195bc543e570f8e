// The fault registry is data: unique ids, known clauses, every area of the spec, and no fault id
// in the bank's correct code path (faults switch checks and rules, the bank never tests their ids).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_FAULTS, FAULT_AREAS, allFaults, faultFeatures, findFault } from '../../src/bank/fault-registry.ts';
import { startBank } from '../../src/bank/index.ts';
import { CLAUSES } from '../../src/spec/clauses.ts';
import { loadScenarios, planFault } from '../../src/mutants/plan.ts';

const ROOT = join(import.meta.dirname, '../..');
const known = new Set(CLAUSES.map((c) => c.id));

describe('fault registry', () => {
  it('holds at least 40 per-area faults, in every area, each with a description and known clauses', () => {
    expect(AREA_FAULTS.length).toBeGreaterThanOrEqual(40);
    for (const area of FAULT_AREAS) expect(AREA_FAULTS.filter((f) => f.area === area).length, area).toBeGreaterThan(0);
    for (const f of allFaults()) {
      expect(f.description.length, f.id).toBeGreaterThan(10);
      expect(f.clauses.length, f.id).toBeGreaterThan(0);
      for (const c of f.clauses) expect(known.has(c), `${f.id}: clause ${c}`).toBe(true);
      expect(f.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
  });

  it('has unique ids and replays every fault against some feature file that exists', () => {
    const ids = allFaults().map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const files = new Set(readdirSync(join(ROOT, 'features')).map((f) => f.replace(/\.feature$/, '')));
    for (const f of allFaults())
      for (const feat of faultFeatures(f)) expect(files.has(feat), `${f.id}: features/${feat}.feature`).toBe(true);
  });

  it('replays every fault against at least one scenario (the narrow clause-only faults included)', () => {
    const all = loadScenarios(ROOT);
    for (const f of allFaults()) expect(planFault(f, all).scenarios.length, f.id).toBeGreaterThan(0);
  });

  it('resolves every id for startBank, and names the known ids for an unknown one', async () => {
    for (const f of allFaults()) expect(findFault(f.id)).toBeDefined();
    await expect(startBank({ faults: ['no-such-fault'] })).rejects.toThrow(
      /unknown fault "no-such-fault"; known: .*date-optional/,
    );
    const running = await startBank({ faults: allFaults().map((f) => f.id) });
    await running.close();
  });

  it('keeps fault ids out of the correct code path (faults as data)', () => {
    const dir = join(ROOT, 'src/bank');
    const files = [
      ...readdirSync(dir).map((f) => join(dir, f)),
      ...readdirSync(join(dir, 'handlers')).map((f) => join(dir, 'handlers', f)),
    ].filter((f) => f.endsWith('.ts') && !/fault-registry\.ts$/.test(f));
    const ids = allFaults().map((f) => f.id);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const id of ids) expect(text.includes(`'${id}'`), `${file} names fault ${id}`).toBe(false);
    }
  });
});
