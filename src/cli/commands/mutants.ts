// `mutants`: the mutation run. Prints the kill matrix, the survivors and the score;
// writes reports/mutation.json (read by `coverage`). Exit 1 when the score is below --min-score.
// `mutants --shard i/n` runs part i of n of the faults on one CI runner; `mutants merge DIR…` joins
// the parts into the report, score and exit code of the whole run.
import { type Command } from 'commander';
import { resolve } from 'node:path';
import { formatMutationReport, mutationExitCode, runMutants, writeMutationReport } from '../../mutants/run.ts';
import { MutationMergeError } from '../../mutants/errors.ts';
import { mergeMutationReports, readMutationParts } from '../../mutants/shard.ts';
import { UsageError } from '../errors.ts';
import { faultCatalogue } from '../../bank/index.ts';
import { DIALECTS, isDialect, type Dialect } from '../../session/dialects.ts';
import { parseShard } from '../../run/shard.ts';

function minScore(text: string): number {
  if (!/^\d+(\.\d+)?$/.test(text) || +text > 100) throw new UsageError(`--min-score "${text}" is not a percentage`);
  return +text;
}

/**
 * merge's options. The program parses options anywhere on the line (not positionally), so `mutants`
 * takes the --report-dir and --min-score written after `merge` for itself: read them from there;
 * any other `mutants` option given with merge is an error.
 */
function mergeOptions(
  own: { reportDir: string; minScore: string },
  parent: Command,
): { reportDir: string; minScore: string } {
  const given = (name: string) => parent.getOptionValueSource(name) === 'cli';
  const stray = parent.options.filter(
    (opt) => !['reportDir', 'minScore'].includes(opt.attributeName()) && given(opt.attributeName()),
  );
  if (stray.length)
    throw new UsageError(
      `mutants merge takes --report-dir and --min-score only, not ${stray.map((opt) => opt.long).join(', ')}`,
    );
  const p = parent.opts<{ reportDir: string; minScore: string }>();
  return {
    reportDir: given('reportDir') ? p.reportDir : own.reportDir,
    minScore: given('minScore') ? p.minScore : own.minScore,
  };
}

export function register(program: Command): void {
  const mutants = program
    .command('mutants')
    .description(
      'run the suite against the reference bank once per fault; print the kill matrix, survivors and score; write reports/mutation.json',
    )
    .option('--faults <a,b>', 'only these faults (default: every registered fault; listed below)')
    .option('--parallel <N>', 'worker processes (0: this process)', '2')
    .option('--all', "replay the whole suite for every fault (default: the scenarios of the fault's area and clauses)")
    .option('--timeout <ms>', 'per-request timeout for faults that set none (chaos faults use a short one)', '10000')
    .option('--min-score <percent>', 'exit 1 below this mutation score', '100')
    .option('--report-dir <DIR>', 'where mutation.json goes', 'reports')
    .option(
      '--dialect <default|variant>',
      'run every fault on this dialect of the reference bank (variant: with its shipped profile)',
    )
    .option(
      '--shard <i/n>',
      'run part i of n of the faults: a deterministic split keyed by fault id, balanced by estimated cost (`mutants merge` joins the parts)',
    )
    .addHelpText('after', () => `\nFaults (id, area, what it breaks):\n${faultCatalogue()}\n`)
    .action(
      async (o: {
        faults?: string;
        parallel: string;
        all?: boolean;
        timeout: string;
        minScore: string;
        reportDir: string;
        dialect?: string;
        shard?: string;
      }) => {
        if (o.dialect !== undefined && !isDialect(o.dialect))
          throw new UsageError(`--dialect "${o.dialect}" is not one of ${DIALECTS.join(', ')}`);
        if (!/^\d+$/.test(o.parallel) || +o.parallel > 16)
          throw new UsageError(`--parallel "${o.parallel}" is not a number of workers from 0 to 16`);
        if (!/^\d+$/.test(o.timeout)) throw new UsageError(`--timeout "${o.timeout}" is not a number of milliseconds`);
        const floor = minScore(o.minScore);
        const shard = o.shard === undefined ? undefined : parseShard(o.shard);
        if (o.shard !== undefined && !shard) throw new UsageError(`--shard "${o.shard}" is not i/n with 1 ≤ i ≤ n`);
        const faults = o.faults
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        let report;
        try {
          report = await runMutants({
            faults,
            parallel: +o.parallel,
            all: !!o.all,
            timeoutMs: +o.timeout,
            dialect: o.dialect as Dialect | undefined,
            shard,
          });
        } catch (e) {
          if (/^unknown fault/.test((e as Error).message)) throw new UsageError((e as Error).message);
          throw e;
        }
        process.stdout.write(formatMutationReport(report));
        process.stdout.write(`written: ${writeMutationReport(report, resolve(o.reportDir))}\n`);
        process.exitCode = mutationExitCode(report, floor);
      },
    );

  mutants
    .command('merge <DIR...>')
    .description(
      "join the report folders of `mutants --shard i/n` parts into one mutation.json, with the whole run's score and exit code",
    )
    .option('--report-dir <DIR>', 'where the merged mutation.json goes', 'reports')
    .option('--min-score <percent>', 'exit 1 below this mutation score', '100')
    .exitOverride()
    .configureOutput({ writeErr: () => {} })
    .action((dirs: string[], own: { reportDir: string; minScore: string }, cmd: Command) => {
      const o = mergeOptions(own, cmd.parent!);
      const floor = minScore(o.minScore);
      let report;
      try {
        report = mergeMutationReports(readMutationParts(dirs.map((d) => resolve(d))));
      } catch (e) {
        if (e instanceof MutationMergeError) throw new UsageError(e.message);
        throw e;
      }
      process.stdout.write(formatMutationReport(report));
      process.stdout.write(
        `merged ${dirs.length} parts; written: ${writeMutationReport(report, resolve(o.reportDir))}\n`,
      );
      process.exitCode = mutationExitCode(report, floor);
    });
}
