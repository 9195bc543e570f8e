// The signed evidence bundle: `run --bundle` writes it, `verify-bundle` checks it.
// Done when: exit 0 on the written bundle, exit 1 after any single byte of any member is changed or a
// member is removed or added; no private key and no unmasked national identity number inside.
// Faults that trip it: a verifier that skips the hashes (changed member passes), one that skips the
// signature (changed manifest passes), a writer that leaves the customers list unredacted (the scan).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank } from '../../src/bank/index.ts';
import { verifyBundleBytes } from '../../src/bundle/verify.ts';
import { maskNationalId } from '../../src/tpp/redact.ts';
import { testCredentials } from '../../src/tpp/fixtures.ts';
import { cliAsync } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-bundle-'));
const zipFile = join(dir, 'evidence.zip');
let bank: Awaited<ReturnType<typeof startBank>>;
let nationalIds: string[] = [];
let run: { code: number; stdout: string };

beforeAll(async () => {
  bank = await startBank({ host: '127.0.0.1', port: 0, mode: 'test' });
  nationalIds = [...bank.bank.state.customers.values()]
    .filter((c) => c.type === 'private')
    .map((c) => c.customerNumber);
  const creds = testCredentials();
  writeFileSync(join(dir, 'key.pem'), creds.qsealc.keyPem);
  writeFileSync(join(dir, 'chain.pem'), creds.qsealc.certPem + creds.caPem);
  run = await cliAsync(
    [
      'run',
      '--target',
      bank.url,
      '--tags',
      '@area:accounts',
      '--parallel',
      '0',
      '--no-report',
      '--report-dir',
      join(dir, 'r'),
      '--bundle',
      zipFile,
      '--bundle-key',
      join(dir, 'key.pem'),
      '--bundle-cert',
      join(dir, 'chain.pem'),
    ],
    120_000,
  );
}, 150_000);
afterAll(async () => bank?.close());

const rezip = (entries: Record<string, Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, [v, { mtime: new Date('2026-01-01') }]])));

describe('run --bundle and verify-bundle', () => {
  it('writes a bundle that verifies: signature, a chain of two, every hash; the CLI says INTACT, exit 0', async () => {
    expect(run.code, run.stdout.slice(-800)).toBe(0);
    const r = await verifyBundleBytes(readFileSync(zipFile));
    expect(r.problems).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.signer?.chainLength).toBe(2);
    const m = r.manifest!;
    expect(m.scenarios.length).toBeGreaterThan(5);
    expect(m.scenarios.every((s) => s.outcome && s.level && Array.isArray(s.clauses))).toBe(true);
    expect(m.scenarios.some((s) => s.exchanges.length > 0)).toBe(true);
    expect(Object.keys(m.files)).toEqual(
      expect.arrayContaining(['junit.xml', 'summary.txt', 'results.json', 'coverage.json', 'clauses.html']),
    );
    expect(Object.keys(m.files).some((f) => f.startsWith('allure-results/'))).toBe(true);
    expect(m.profileDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const c = await cliAsync(['verify-bundle', zipFile]);
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/INTACT/);
    expect(c.stdout).toMatch(/claims: exit 0; passed \d+/);
  });

  it('any single byte of any member changed: exit 1, naming the member', async () => {
    const entries = unzipSync(readFileSync(zipFile));
    const names = Object.keys(entries);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const copy = { ...entries, [name]: Uint8Array.from(entries[name]) };
      const at = Math.floor(copy[name].length / 2);
      copy[name][at] ^= 0x01;
      const r = await verifyBundleBytes(rezip(copy));
      expect(r.exitCode, `${name} changed at byte ${at}`).toBe(1);
      if (name !== 'manifest.json' && name !== 'manifest.jws') expect(r.problems.join('\n')).toContain(name);
    }
  }, 120_000);

  it('a member removed or added: exit 1', async () => {
    const entries = unzipSync(readFileSync(zipFile));
    const victim = Object.keys(entries).find((n) => n.startsWith('exchanges/'))!;
    const { [victim]: _gone, ...rest } = entries;
    const removed = await verifyBundleBytes(rezip(rest));
    expect(removed.exitCode).toBe(1);
    expect(removed.problems.join('\n')).toMatch(/removed/);
    const added = await verifyBundleBytes(rezip({ ...entries, 'exchanges/extra.json': strToU8('{}') }));
    expect(added.exitCode).toBe(1);
    expect(added.problems.join('\n')).toMatch(/exchanges\/extra\.json is in the zip but not in the manifest/);
  });

  it('unusable input: exit 2', async () => {
    expect((await verifyBundleBytes(strToU8('not a zip'))).exitCode).toBe(2);
    expect((await verifyBundleBytes(rezip({ 'a.txt': strToU8('x') }))).exitCode).toBe(2);
    const c = await cliAsync(['verify-bundle', join(dir, 'no-such.zip')]);
    expect(c.code).toBe(2);
  });

  it('holds no private key and no unmasked national identity number (the run read the customers list)', () => {
    const entries = unzipSync(readFileSync(zipFile));
    const all = Object.values(entries)
      .map((b) => Buffer.from(b).toString('latin1'))
      .join('\n');
    expect(nationalIds.length).toBeGreaterThan(0);
    expect(all).not.toMatch(/PRIVATE KEY/);
    for (const id of nationalIds) expect(all.includes(id), `national id ending ${id.slice(-2)} unmasked`).toBe(false);
    // The scan means something: the bundle carries them, masked.
    expect(nationalIds.some((id) => all.includes(maskNationalId(id)))).toBe(true);
  });
});
