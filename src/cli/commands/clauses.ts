// `clauses`: the browsable page of every clause (id, level, the spec's sentence, its scenarios and
// the faults that prove them), one anchor per clause; the run copies it into the report folder.
import { type Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { clausePagesHtml } from '../../report/clause-pages.ts';
import { CLAUSE_PAGE } from '../../suite/outcomes.ts';
import { computeCoverage } from '../../report/coverage.ts';
import { ROOT } from '../../run/run.ts';

export function register(program: Command): void {
  program
    .command('clauses')
    .description(
      `write the clause pages: every clause with its level, the spec's sentence, its scenarios and the faults that prove them (default reports/${CLAUSE_PAGE})`,
    )
    .option('--out <FILE>', 'where the page goes', join('reports', CLAUSE_PAGE))
    .option('--mutation <FILE>', 'the mutation run for the fault column', join('reports', 'mutation.json'))
    .action((o: { out: string; mutation: string }) => {
      const out = resolve(o.out);
      const cov = computeCoverage(ROOT, resolve(o.mutation));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, clausePagesHtml(cov));
      process.stdout.write(`written: ${out} (${cov.rows.length} clauses)\n`);
    });
}
