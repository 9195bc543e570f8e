// `report`: the Allure HTML report from reports/allure-results (needs Java).
import { type Command } from 'commander';
import { resolve } from 'node:path';
import { generateAllureReport } from '../../report/report.ts';

export function register(program: Command): void {
  program
    .command('report')
    .description("build the Allure HTML report from the last run's results (needs Java)")
    .option('--report-dir <DIR>', 'where reports go', 'reports')
    .action((o: { reportDir: string }) => {
      const r = generateAllureReport(resolve(o.reportDir));
      (r.ok ? process.stdout : process.stderr).write(r.message + '\n');
      process.exitCode = r.ok ? 0 : 1;
    });
}
