// A parallel run forks its first worker process before it reads the profile (run.ts runSuite): the
// process loads its packages while the profile is read, the target probed and the plan made. A run
// that stops before it needs the process ends it. Trips on: a run that returns without ending the
// worker process it started (one is left running, a child of this process, after the run has ended).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runSuite } from '../../src/run/run.ts';

/** The worker processes (a host bundle or worker-host.ts) whose parent is this process. */
function workerChildren(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (ppid === process.pid && /host-[0-9a-f]+\.mjs|worker-host\.ts/.test(cmd)) out.push(pid);
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

it('ends the worker process it forked when the profile is refused', async () => {
  const profile = join(tmpdir(), `xs2a-bad-profile-${process.pid}.yaml`);
  writeFileSync(profile, 'environment: nonsense\n');
  const r = await runSuite({ quiet: true, report: false, parallel: 2, profile, reportDir: join(tmpdir(), 'x') });
  expect(r.exitCode).toBe(2);
  expect(r.message).toMatch(/environment must be one of sandbox, production/);
  expect(workerChildren()).toEqual([]);
}, 60_000);
