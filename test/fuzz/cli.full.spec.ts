// The fuzz command end to end (child process, embedded bank): table, findings with seed and path,
// saving and replaying, exit codes 0, 1, 2 and 3.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync } from '../helpers/cli.ts';

describe('xs2a-conformance fuzz', () => {
  it('runs every operator against the reference bank with no unexpected verdict (exit 0)', async () => {
    const r = await cliAsync(['fuzz', '--cases', '300', '--seed', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/operator\s+expect\s+level\s+cases\s+accepted\s+rejected\s+unexpected\s+cases\/s/);
    expect(r.stdout).toMatch(/signature\.bit-flip\s+reject\s+must/);
    expect(r.stdout).toMatch(/0 MUST-level and 0 SHOULD-level unexpected/);
  });

  it('shrinks, prints and saves a wrong verdict, which then replays (exit 1, then 0 on a good bank)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
    const r = await cliAsync([
      'fuzz',
      '--faults',
      'key-id-unchecked',
      '--operators',
      'key-id.decimal-serial',
      '--cases',
      '10',
      '--seed',
      '9',
      '--save-dir',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/UNEXPECTED key-id\.decimal-serial \[must\]: expected rejection with 400, got 401/);
    expect(r.stdout).toMatch(/replay: \{ seed: -?\d+, path: "[\d:]+", endOnFailure: true \}/);
    expect(r.stdout).toMatch(/Signature: keyId="SN=\d+,CA=/);
    const saved = readdirSync(dir);
    expect(saved).toHaveLength(1);
    const again = await cliAsync(['fuzz', '--faults', 'key-id-unchecked', '--replay', join(dir, saved[0])]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/still wrong/);
    const fixed = await cliAsync(['fuzz', '--replay', join(dir, saved[0])]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/fixed/);
  });

  it('refuses unusable input with one line and exit 2', async () => {
    for (const args of [
      ['fuzz', '--cases', 'x'],
      ['fuzz', '--operators', 'no.such'],
      ['fuzz', '--seconds', '1', '--cases', '1'],
      ['fuzz', '--replay', '/nonexistent.json'],
    ]) {
      const r = await cliAsync(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('exits 3 when the target cannot be reached', async () => {
    const r = await cliAsync(['fuzz', '--target', 'http://127.0.0.1:1', '--cases', '5']);
    expect(r.code).toBe(3);
  });
});
