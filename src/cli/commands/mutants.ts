// `mutants`: the mutation run (issue 6). Prints the kill matrix, the survivors and the score;
// writes reports/mutation.json (read by `coverage`). Exit 1 when the score is below --min-score.
import { type Command } from 'commander';
import { resolve } from 'node:path';
import { formatMutationReport, runMutants, writeMutationReport } from '../../mutants/run.ts';
import { UsageError } from '../io.ts';
import { DIALECTS, isDialect, type Dialect } from '../../suite/dialects.ts';

export function register(program: Command): void {
  program
    .command('mutants')
    .description('run the suite against the reference bank once per fault; print the kill matrix, survivors and score; write reports/mutation.json')
    .option('--faults <a,b>', 'only these faults (default: every registered fault)')
    .option('--parallel <N>', 'worker processes (0: this process)', '2')
    .option('--all', 'replay the whole suite for every fault (default: the scenarios of the fault\'s area and clauses)')
    .option('--timeout <ms>', 'per-request timeout for faults that set none (chaos faults use a short one)', '10000')
    .option('--min-score <percent>', 'exit 1 below this mutation score', '100')
    .option('--report-dir <DIR>', 'where mutation.json goes', 'reports')
    .option('--dialect <default|variant>', 'run every fault on this dialect of the reference bank (variant: with its shipped profile)')
    .action(async (o: { faults?: string; parallel: string; all?: boolean; timeout: string; minScore: string; reportDir: string; dialect?: string }) => {
      if (o.dialect !== undefined && !isDialect(o.dialect)) throw new UsageError(`--dialect "${o.dialect}" is not one of ${DIALECTS.join(', ')}`);
      if (!/^\d+$/.test(o.parallel) || +o.parallel > 16) throw new UsageError(`--parallel "${o.parallel}" is not a number of workers from 0 to 16`);
      if (!/^\d+$/.test(o.timeout)) throw new UsageError(`--timeout "${o.timeout}" is not a number of milliseconds`);
      if (!/^\d+(\.\d+)?$/.test(o.minScore) || +o.minScore > 100) throw new UsageError(`--min-score "${o.minScore}" is not a percentage`);
      const faults = o.faults?.split(',').map((s) => s.trim()).filter(Boolean);
      let report;
      try {
        report = await runMutants({ faults, parallel: +o.parallel, all: !!o.all, timeoutMs: +o.timeout, dialect: o.dialect as Dialect | undefined });
      } catch (e) {
        if (/^unknown fault/.test((e as Error).message)) throw new UsageError((e as Error).message);
        throw e;
      }
      process.stdout.write(formatMutationReport(report));
      process.stdout.write(`written: ${writeMutationReport(report, resolve(o.reportDir))}\n`);
      process.exitCode = report.score < +o.minScore || report.errors.length || report.baseline.falsePositives.length ? 1 : 0;
    });
}
