// A mutation worker process: claims jobs from the shared list one at a time (an exclusive claim
// file per job, so every worker takes the next unclaimed job when it is free), runs each in-process
// and writes the results.
// Usage (by src/mutants/run.ts): node --import tsx src/mutants/worker.ts <jobs.json> <results.json> <claim dir>
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runJob, type Job, type JobResult } from './job.ts';

const [jobsFile, outFile, claimDir] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8')) as Job[];
const out: Array<JobResult & { index: number }> = [];

function claim(i: number): boolean {
  try {
    closeSync(openSync(join(claimDir, `job-${i}`), 'wx'));
    return true;
  } catch {
    return false;
  }
}

for (let i = 0; i < jobs.length; i++) {
  if (!claim(i)) continue;
  const r = await runJob(jobs[i]);
  out.push({ ...r, index: i });
  // Progress for the parent: one line per finished job.
  process.stdout.write(
    `${JSON.stringify({ done: jobs[i].fault ?? '(baseline)', ms: r.ms, failed: r.failed.length })}\n`,
  );
  writeFileSync(outFile, JSON.stringify(out));
}
writeFileSync(outFile, JSON.stringify(out));
process.exit(0);
