// vitest's global set-up: every temporary folder the tests, the runs and the processes they start
// make (os.tmpdir(): TMPDIR) goes in one folder of this test run, removed when it ends. Without it the
// forty-odd test files that make folders left thousands in /tmp over a few runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
