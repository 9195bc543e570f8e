// `doctor`: the last run's inconclusive and not-applicable scenarios, grouped by the profile key that would change
// them.
import { type Command } from 'commander';
import { join, resolve } from 'node:path';
import { doctor } from '../../report/doctor.ts';
import type { ScenarioResult } from '../../report/verdict.ts';
import { UsageError } from '../errors.ts';
import { readText } from '../io.ts';

export function register(program: Command): void {
  program
    .command('doctor')
    .description(
      "read the last run's results.json and list its inconclusive and not-applicable scenarios, grouped by the profile key that would change them",
    )
    .option('--report-dir <DIR>', 'where the run wrote its reports', 'reports')
    .action((o: { reportDir: string }) => {
      const file = join(resolve(o.reportDir), 'results.json');
      let results: ScenarioResult[];
      try {
        results = (JSON.parse(readText(file, "the last run's results")) as { results: ScenarioResult[] }).results;
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`${file} is not a run's results.json: ${(e as Error).message}`);
      }
      if (!Array.isArray(results)) throw new UsageError(`${file} holds no results`);
      process.stdout.write(doctor(results));
    });
}
