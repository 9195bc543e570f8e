// `merge`: joins the report folders of a sharded run into one verdict and one exit code.
import { type Command } from 'commander';
import { profileFileOf } from '../../session/run-context.ts';
import { resolve } from 'node:path';
import { MergeInputError } from '../../run/errors.ts';
import { mergeRuns } from '../../run/merge.ts';
import { ProfileError } from '../../session/errors.ts';
import { loadProfile } from '../../session/profile.ts';
import { generateAllureReport } from '../../report/report.ts';
import { UsageError } from '../errors.ts';

export function register(program: Command): void {
  program
    .command('merge <DIR...>')
    .description(
      'join the report folders of `run --shard i/n` parts into one results.json, junit.xml, summary.txt and Allure report, with one exit code',
    )
    .option('--report-dir <DIR>', 'where the merged reports go', 'reports')
    .option('--profile <FILE>', 'the profile, to judge its waivers on the whole run (default: $XS2A_PROFILE)')
    .option('--no-report', 'do not build the Allure HTML report')
    .action((dirs: string[], o: { reportDir: string; profile?: string; report: boolean }) => {
      let waivers;
      try {
        const p = profileFileOf(o.profile);
        waivers = p ? loadProfile(p).waivers : [];
      } catch (e) {
        if (e instanceof ProfileError) throw new UsageError(e.message);
        throw e;
      }
      let v;
      const out = resolve(o.reportDir);
      try {
        v = mergeRuns(
          dirs.map((d) => resolve(d)),
          out,
          waivers,
        );
      } catch (e) {
        if (e instanceof MergeInputError) throw new UsageError(e.message);
        throw e;
      }
      const c = v.counts;
      process.stdout.write(
        `${v.results.length} scenarios from ${dirs.length} parts: ${c.passed} passed, ${c.failed + c.undefined} failed, ${c.inconclusive} inconclusive, ${c['not-applicable']} not applicable, ${c['not-run']} not run\n`,
      );
      if (o.report) process.stdout.write(generateAllureReport(out).message + '\n');
      process.exitCode = v.exitCode;
    });
}
