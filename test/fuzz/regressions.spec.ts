// Replays every saved fuzz finding (fixtures/fuzz-regressions/*.json) against the reference bank
// without faults: the operator, seed and path of the finding, re-signed with a fresh Date, must now
// get the verdict the spec expects.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFinding, replayFinding } from '../../src/fuzz/runner.ts';
import { openTarget, REGRESSIONS_DIR, type Target } from '../../src/fuzz/target.ts';

const files = readdirSync(REGRESSIONS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
let target: Target;
beforeAll(async () => {
  target = await openTarget({ env: false });
});
afterAll(async () => {
  await target?.close();
});

describe('fuzz regressions', () => {
  it('there are saved findings to replay', () => expect(files.length).toBeGreaterThan(0));
  it.each(files)("%s gets the spec's verdict from the reference bank", async (file) => {
    const r = await replayFinding(target, loadFinding(`${REGRESSIONS_DIR}${file}`));
    expect(
      r.reproduced,
      `${file}: ${r.finding.operator} value ${r.value} got ${r.response?.status ?? r.response?.error}`,
    ).toBe(false);
  });
});
