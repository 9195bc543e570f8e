// A mutation worker process: runs its jobs one after the other in-process and writes the results.
// Usage (by src/mutants/run.ts): node --import tsx src/mutants/worker.ts <jobs.json> <results.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { runJob, type Job, type JobResult } from './job.ts';

const [jobsFile, outFile] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8')) as Job[];
const out: JobResult[] = [];
for (const job of jobs) {
  out.push(await runJob(job));
  // Progress for the parent: one line per finished job.
  process.stdout.write(`${JSON.stringify({ done: job.fault ?? '(baseline)', ms: out[out.length - 1].ms, failed: out[out.length - 1].failed.length })}\n`);
  writeFileSync(outFile, JSON.stringify(out));
}
writeFileSync(outFile, JSON.stringify(out));
process.exit(0);
