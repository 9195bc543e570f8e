// `coverage`: clause → checks → faults, written to reports/coverage.md and coverage.json.
import { type Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { computeCoverage, coverageMarkdown } from '../../report/coverage.ts';
import { ROOT } from '../../run/run.ts';

export function register(program: Command): void {
  program
    .command('coverage')
    .description('print the clause → scenarios/properties → faults table; write reports/coverage.md and coverage.json')
    .option('--report-dir <DIR>', 'where reports go', 'reports')
    .action((o: { reportDir: string }) => {
      const dir = resolve(o.reportDir);
      const cov = computeCoverage(ROOT, join(dir, 'mutation.json'));
      mkdirSync(dir, { recursive: true });
      const md = coverageMarkdown(cov);
      writeFileSync(join(dir, 'coverage.md'), md);
      writeFileSync(join(dir, 'coverage.json'), JSON.stringify(cov, null, 2));
      const w = Math.max(...cov.rows.map((r) => r.clause.length));
      for (const r of cov.rows) {
        const checks = r.checks.length ? String(r.checks.length) : r.uncheckable ? 'n/a' : 'NONE';
        process.stdout.write(
          `${r.clause.padEnd(w)}  ${r.level.padEnd(6)}  ${checks.padStart(4)}  ${r.faults.join(',')}\n`,
        );
      }
      process.stdout.write(
        `\n${cov.rows.length} clauses, ${cov.uncovered.length} without a check, ${cov.rows.filter((r) => r.uncheckable).length} not checkable from outside; coverage ${cov.percent} %\n`,
      );
      if (cov.uncovered.length)
        process.stdout.write(`without a check: ${cov.uncovered.map((r) => r.clause).join(' ')}\n`);
      for (const u of cov.unknownClauseTags) process.stdout.write(`unknown clause tag ${u.tag} at ${u.where}\n`);
      if (cov.mutation) {
        process.stdout.write(
          `mutation score ${cov.mutation.score} % (${cov.mutation.killed} of ${cov.mutation.faults} faults); ${cov.unprovenChecks.length} checks no fault has made fail${cov.unprovenChecks.length ? ':' : ''}\n`,
        );
        for (const w of cov.unprovenChecks) process.stdout.write(`  ${w}\n`);
      } else process.stdout.write('no mutation report: run `npm run mutants` for the fault column\n');
      process.stdout.write(`written: ${join(dir, 'coverage.md')}, ${join(dir, 'coverage.json')}\n`);
    });
}
